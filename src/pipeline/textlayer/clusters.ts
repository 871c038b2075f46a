import type { Fragment, RawChar } from './chars.ts';
import { groupRows, type Row } from './rows.ts';
import type { Separators } from './separators.ts';

/**
 * Lines as runs of glyphs: each row is cut where the gap between neighbouring glyphs is a column gutter, a table
 * cell border or simply too wide, wherever mupdf had put the text. A gutter is told from a wide word space by
 * the rows around it: a gutter leaves the same stretch empty in the row above or below, with text on both sides.
 */
export interface Cluster {
  /** Ink characters (no spaces), in visual order along the direction. */
  chars: RawChar[];
  /** Centres of the row's space characters that fall inside the cluster, sorted. */
  spaces: number[];
  fragments: Map<number, Fragment>;
  rotation: number;
  /** The row's most common text size, px. */
  size: number;
}

/** Where a row breaks into lines (see splitPoints) and which rows are neighbours. em = the row's common size, px. */
const CUT = {
  /** Gaps above this are word gaps, for the row's typical word gap, in em. */
  wordGap: 0.15,
  /** Typical word gap assumed when a row has none, in em. */
  defaultWordGap: 0.3,
  /** Gaps up to this never cut (letter spacing), in em. */
  noCut: 0.1,
  /** Least gap for a column gutter shared with neighbouring rows, in em. */
  gutterGap: 0.6,
  /** Least text before a gutter (keeps list markers and section numbers with their text), in em. */
  gutterMinRun: 3,
  /** How far a neighbouring row's text may reach into the gutter and still share it, in em. */
  gutterSlack: 0.15,
  /** Gap that cuts inside one mupdf line, in em ... */
  sameLineGap: 1.2,
  /** ... when it is also this many typical word gaps. */
  sameLineTypicalGaps: 3,
  /** Gap that cuts between mupdf lines of one block, in em. */
  sameBlockGap: 1.5,
  /** Gap that cuts between mupdf blocks, in em. */
  otherBlockGap: 0.6,
  /** Baselines this close are level, in em. */
  levelBaseline: 0.2,
  /** Glyphs smaller than this share of the row's size are level with anything (marks, superscripts). */
  levelSmallShare: 0.8,
  /** How far above the glyph origins a drawn separator is tested, in em. */
  separatorRise: 0.3,
  /** Gap that always cuts, in em. */
  alwaysCut: 3,
  /** Gap that cuts between glyphs whose baselines are not level, in em. */
  unlevelGap: 0.25,
  /** Neighbouring rows lie within this distance of the row's baseline, in em (the larger of the two sizes). */
  neighbourDistance: 3,
  /** Neighbouring rows differ in size by at most this share of the row's size. */
  neighbourSizeShare: 0.2,
  /**
   * A space wider than this says nothing about where a word breaks, in em of the row's size: mupdf spans a space it
   * inserts from the glyph before to the glyph after in drawing order, which for a line drawn out of order covers
   * whole words. A real gap that wide breaks words by its width alone.
   */
  widestSpace: 1,
} as const;

/** A row with its ink in visual order, ready to be cut. */
interface Sorted {
  row: Row;
  chars: RawChar[];
  spaces: number[];
  /** The row's most common text size (px): gaps are measured in it, not in a drop cap's size. */
  size: number;
}

function commonSize(chars: RawChar[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (const c of chars) {
    const key = Math.round(c.size * 2);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestCount) {
      best = c.size;
      bestCount = n;
    }
  }
  return best;
}

function sortRow(row: Row): Sorted {
  const chars: RawChar[] = [];
  const spaceChars: RawChar[] = [];
  for (const f of row.fragments) for (const c of f.chars) (c.space ? spaceChars : chars).push(c);
  chars.sort((a, b) => a.lo + a.hi - (b.lo + b.hi) || a.seq - b.seq);
  const size = commonSize(chars);
  const spaces = spaceChars.filter((c) => c.hi - c.lo <= CUT.widestSpace * size).map((c) => (c.lo + c.hi) / 2);
  spaces.sort((a, b) => a - b);
  return { row, chars, spaces, size };
}

/**
 * True when `row` has the same gutter: nothing between `from` and `to`, text on both sides, and the text after it
 * starting where ours does (left-to-right columns are left-aligned), or for right-to-left rows the text before it
 * ending where ours does. Rivers in justified text and repeated words line up far less exactly.
 */
function sharesGutter(row: Sorted, from: number, to: number, slack: number, rtl: boolean): boolean {
  let left = false;
  let right = false;
  let aligned = false;
  for (const c of row.chars) {
    if (c.hi <= from + slack) {
      left = true;
      if (rtl && Math.abs(c.hi - from) <= slack) aligned = true;
    } else if (c.lo >= to - slack) {
      if (!right && !rtl && Math.abs(c.lo - to) <= slack) aligned = true;
      right = true;
    } else return false;
  }
  return left && right && aligned;
}

/** The lower median: of a word gap and a cell gap, the word gap. */
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/**
 * Where a row breaks into lines, between neighbouring glyphs a → b with gap g (em = the row's size):
 * - g > 3 em; or a vertical rule or box edge drawn in the gap (table cells, text boxes);
 * - mupdf put a and b in different blocks: g > 0.6 em (two spaces);
 * - g > 0.6 em after at least 3 em of text, where two neighbouring rows (or the only one) have the same gutter
 *   (see sharesGutter; the 3 em keep list markers and section numbers with their text);
 * - different mupdf lines of one block: g > 1.5 em ("5.1   Heading", "Table 1.  Caption" stay one line);
 * - one mupdf line: g > 1.2 em that is also 3× the typical word gap (justified text has wide but even gaps);
 * - a baseline jump between same-size text across a real gap (two columns whose lines are not level).
 */
function splitPoints(sorted: Sorted, neighbours: Sorted[], separators: Separators | null): Set<number> {
  const { row, chars, size } = sorted;
  const gaps: number[] = [0];
  const reaches: number[] = [-Infinity];
  let reach = chars.length ? chars[0].hi : 0;
  for (let i = 1; i < chars.length; i++) {
    reaches.push(reach);
    gaps.push(chars[i].lo - reach);
    reach = Math.max(reach, chars[i].hi);
  }
  // The row's typical word gap, wide-set justified gaps included (a gutter or two do not move the median).
  const wordGaps = gaps.filter((g) => g > CUT.wordGap * size);
  const typical = wordGaps.length ? median(wordGaps) : CUT.defaultWordGap * size;
  const needed = Math.min(2, neighbours.length);
  const ruled = separators !== null && separators.size > 0 && row.rotation === 0;
  const blockOf = new Map(row.fragments.map((f) => [f.index, f.block]));
  const rtl = chars.filter((c) => c.rtl).length > chars.filter((c) => c.ltr).length;
  const cuts = new Set<number>();
  let start = 0;
  for (let i = 1; i < chars.length; i++) {
    const g = gaps[i];
    if (g <= CUT.noCut * size) continue;
    const a = chars[i - 1];
    const b = chars[i];
    const sameFragment = a.frag === b.frag;
    const sameBlock = blockOf.get(a.frag) === blockOf.get(b.frag);
    const gutter =
      g > CUT.gutterGap * size &&
      needed > 0 &&
      reaches[i] - chars[start].lo >= CUT.gutterMinRun * size &&
      neighbours.filter((n) => sharesGutter(n, reaches[i], b.lo, CUT.gutterSlack * size, rtl)).length >= needed;
    const wide = sameFragment
      ? g > CUT.sameLineGap * size && g > CUT.sameLineTypicalGaps * typical
      : sameBlock
        ? g > CUT.sameBlockGap * size
        : g > CUT.otherBlockGap * size;
    const level = Math.abs(a.base - b.base) <= CUT.levelBaseline * size || Math.min(a.size, b.size) < CUT.levelSmallShare * size;
    const fenced = ruled && (separators as Separators).crosses(reaches[i], b.lo, (a.oy + b.oy) / 2 - CUT.separatorRise * size);
    if (g > CUT.alwaysCut * size || wide || gutter || fenced || (!level && g > CUT.unlevelGap * size)) {
      cuts.add(i);
      start = i;
    }
  }
  return cuts;
}

function cut(sorted: Sorted, cuts: Set<number>): Cluster[] {
  const { row, chars, spaces } = sorted;
  const byIndex = new Map(row.fragments.map((f) => [f.index, f]));
  const clusters: Cluster[] = [];
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && !cuts.has(i)) continue;
    const part = chars.slice(start, i);
    let from = Infinity;
    let to = -Infinity;
    const fragments = new Map<number, Fragment>();
    for (const c of part) {
      from = Math.min(from, c.lo);
      to = Math.max(to, c.hi);
      fragments.set(c.frag, byIndex.get(c.frag) as Fragment);
    }
    clusters.push({ chars: part, spaces: spaces.filter((s) => s > from && s < to), fragments, rotation: row.rotation, size: sorted.size });
    start = i;
  }
  return clusters;
}

/** Up to two rows above and below with the same direction and a similar size, within 3 em. */
function neighboursOf(rows: Sorted[], i: number): Sorted[] {
  const { row, size } = rows[i];
  const out: Sorted[] = [];
  for (const step of [-1, 1]) {
    let found = 0;
    for (let j = i + step; j >= 0 && j < rows.length && found < 2; j += step) {
      const other = rows[j].row;
      if (other.rotation !== row.rotation || Math.abs(other.base - row.base) > CUT.neighbourDistance * Math.max(size, row.size)) break;
      if (Math.abs(rows[j].size - size) > CUT.neighbourSizeShare * size) continue;
      out.push(rows[j]);
      found++;
    }
  }
  return out;
}

export function clustersOf(fragments: Fragment[], separators: Separators | null = null): Cluster[] {
  const rows = groupRows(fragments)
    .map(sortRow)
    .filter((r) => r.chars.length > 0)
    .sort((a, b) => a.row.rotation - b.row.rotation || a.row.base - b.row.base);
  return rows.flatMap((sorted, i) => cut(sorted, splitPoints(sorted, neighboursOf(rows, i), separators)));
}

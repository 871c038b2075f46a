import type { Line, Word } from '../model/types.ts';
import { composeAccents, composeQuotes } from './accents.ts';
import type { Fragment, RawChar } from './chars.ts';
import { clustersOf, type Cluster } from './clusters.ts';
import type { Separators } from './separators.ts';
import { boxOf, centre, dominantFont, medianOf, splitWords, toWord } from './words.ts';

/**
 * Lines from the page's character fragments (clusters.ts finds which glyphs make a line). Text is in logical
 * (reading) order, also for right-to-left lines; words.ts splits it into words. A line that ends in a hyphen
 * after a letter keeps it and is marked `hyphenated` for the joiner.
 */
const ALEF = new Set(['\u0627', '\u0623', '\u0625', '\u0622']);
const LAM = '\u0644';
const HYPHEN_END = /\p{L}[-\u2010]$/u;

const LINE = {
  /** A gap wider than this between consecutive characters of a fragment starts a new visual run, in em (larger size). */
  runGap: 0.6,
  /**
   * Right-to-left text in reading order steps leftward; a right-to-left letter that starts at least this far right
   * of where the character before it ended (in em) opens a new run: mupdf puts each drawn piece (a word) in
   * reading order, but pieces a producer drew left to right stay in drawing order.
   */
  rightwardStep: 0.05,
  /** An alef narrower than this is a zero-width alef of a lam-alef ligature, in em. */
  zeroWidth: 0.05,
  /** Characters within this share of the dominant size are the line's main text (for its baseline). */
  mainSizeShare: 0.1,
} as const;

interface Unit {
  key: number;
  chars: RawChar[];
}

const DIGIT = /\p{Nd}/u;

/**
 * After a right-to-left letter or a neutral mark (punctuation, a symbol), the next right-to-left letter stands to
 * its left in reading order. After a digit or a Latin letter it need not: numbers and Latin words inside
 * right-to-left text run left to right.
 */
const stepsRightward = (c: RawChar) => c.rtl || (!c.ltr && !DIGIT.test(c.text));

/**
 * Splits a fragment's characters (content order) where the next one is not beside the previous one, or where a
 * right-to-left letter follows a letter or mark to its right (the next piece of a line drawn left to right).
 */
function visualRuns(chars: RawChar[]): RawChar[][] {
  const runs: RawChar[][] = [];
  let run: RawChar[] = [];
  for (const c of chars) {
    const prev = run[run.length - 1];
    const size = prev ? Math.max(c.size, prev.size) : 0;
    const apart = prev && Math.max(c.lo - prev.hi, prev.lo - c.hi) > LINE.runGap * size;
    const rightward = prev && c.rtl && stepsRightward(prev) && c.lo >= prev.hi - LINE.rightwardStep * size;
    if (apart || rightward) {
      runs.push(run);
      run = [];
    }
    run.push(c);
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Reading order inside a cluster. Left-to-right text is read by position, glyph by glyph. Right-to-left runs
 * keep mupdf's order (it already reorders bidi runs logically, numbers inside Arabic included) and are placed
 * as units; in a right-to-left line all units are placed right to left.
 */
function logicalOrder(cluster: Cluster, rtl: boolean, anyRtl: boolean): RawChar[] {
  // Plain left-to-right text: the cluster is already in visual order.
  if (!rtl && !anyRtl) return cluster.chars;
  const byFragment = new Map<number, RawChar[]>();
  for (const c of cluster.chars) {
    const list = byFragment.get(c.frag);
    if (list) list.push(c);
    else byFragment.set(c.frag, [c]);
  }
  const units: Unit[] = [];
  for (const chars of byFragment.values()) {
    const fragmentRtl = chars.filter((c) => c.rtl).length > chars.filter((c) => c.ltr).length;
    if (!rtl && !fragmentRtl) {
      for (const c of chars) units.push({ key: centre(c), chars: [c] });
      continue;
    }
    const inOrder = [...chars].sort((a, b) => a.seq - b.seq);
    for (const run of visualRuns(inOrder)) {
      const lo = Math.min(...run.map((c) => c.lo));
      const hi = Math.max(...run.map((c) => c.hi));
      units.push({ key: (lo + hi) / 2, chars: run });
    }
  }
  units.sort((a, b) => (rtl ? b.key - a.key : a.key - b.key) || a.chars[0].seq - b.chars[0].seq);
  const ordered = units.flatMap((u) => u.chars);
  if (rtl) fixLamAlef(ordered);
  return ordered;
}

/**
 * The lam-alef ligature is often mapped (ToUnicode) to its letters in visual order, alef first, and mupdf gives
 * the alef no width: "ال إ" comes out "ا إل". A zero-width alef right before a lam is put back after it.
 */
function fixLamAlef(chars: RawChar[]): void {
  for (let i = 0; i + 1 < chars.length; i++) {
    const c = chars[i];
    const lam = chars[i + 1];
    if (ALEF.has(c.text) && c.hi - c.lo < LINE.zeroWidth * c.size && lam.text === LAM) {
      // Both letters are the one ligature glyph: the alef takes the lam's place so no gap opens after it.
      chars[i] = lam;
      chars[i + 1] = { ...c, lo: lam.lo, hi: lam.hi, box: lam.box };
      i++;
    }
  }
}

const UNMAPPED = '\uFFFD';

/**
 * A glyph without a Unicode mapping standing alone at the start of a line, in a font of its own (a symbol or
 * dingbat font without a ToUnicode map), is the line's bullet: it reads as "•" so that lists and markdown show a
 * bullet instead of U+FFFD. Inside running text, or in the text's own font, it stays what it is.
 */
function markUnmappedBullet(words: Word[]): void {
  const [lead, next] = words;
  if (!lead || lead.text !== UNMAPPED) return;
  if (next && next.font.name === lead.font.name) return;
  lead.text = '•';
}

function buildLine(cluster: Cluster): Omit<Line, 'id'> & { order: number } {
  let rtlCount = 0;
  let ltrCount = 0;
  let order = Infinity;
  for (const c of cluster.chars) {
    if (c.rtl) rtlCount++;
    else if (c.ltr) ltrCount++;
    if (c.seq < order) order = c.seq;
  }
  const rtl = rtlCount > ltrCount;
  const chars = composeQuotes(composeAccents(logicalOrder(cluster, rtl, rtlCount > 0)));
  const font = dominantFont(chars);
  const mainChars = chars.filter((c) => Math.abs(c.size - font.size) <= LINE.mainSizeShare * font.size);
  const base = medianOf((mainChars.length ? mainChars : chars).map((c) => c.base));
  const drafts = splitWords(chars, cluster, base, font.size);
  const words = drafts.map(toWord);
  markUnmappedBullet(words);
  const text = drafts.map((d, i) => (i > 0 && d.spaced ? ' ' : '') + words[i].text).join('');
  const line: Omit<Line, 'id'> & { order: number } = {
    text,
    bbox: boxOf(chars),
    words,
    font,
    dir: rtl ? 'rtl' : 'ltr',
    rotation: cluster.rotation,
    source: 'text_layer',
    order,
  };
  if (!rtl && HYPHEN_END.test(text)) line.hyphenated = true;
  return line;
}

/** Lines of a page, numbered `p<page>_l<n>` in mupdf's extraction order (content order). */
export function buildLines(fragments: Fragment[], pageIndex: number, separators: Separators | null = null): Line[] {
  const drafts = clustersOf(fragments, separators)
    .filter((c) => c.chars.length > 0)
    .map(buildLine);
  drafts.sort((a, b) => a.order - b.order);
  return drafts.map(({ order: _order, ...line }, n) => ({ id: `p${pageIndex}_l${n}`, ...line }));
}

import { centerX, union } from '../model/geometry.ts';
import { median, type TextRow, type WordItem } from './grid.ts';
import { numeric } from './headers.ts';
import { readsRightToLeft } from './rtl.ts';
import type { UnruledCandidate } from './unruled.ts';

/**
 * Two unruled tables set side by side share the page's text rows, so the row finder reads them as one run. They
 * part at a gutter much wider than any gutter inside either table, with a column of labels opening the right one
 * as it opens the left one (or closing both, right to left); each part then stands as a table of its own.
 */

const SIDE = {
  /** Narrowest gutter between two side-by-side tables, in em. */
  minGutterEm: 1.5,
  /** How many times wider than every other column gutter of the run the gutter between the tables is. */
  gutterRatio: 1.8,
  /** Share of a label column's filled cells (header row left out) that are text, not figures. */
  labelShare: 0.7,
  /** Fewest filled cells in each label column. */
  minLabels: 3,
  /** Fewest columns each part keeps. */
  minColumns: 2,
} as const;

const centre = (w: WordItem) => centerX(w.bbox);

/** The clear width between the words left of `x` and those right of it, over the whole run. */
function gutterAt(words: readonly WordItem[], x: number, lo: number, hi: number): number {
  const left = words.filter((w) => centre(w) < x && centre(w) >= lo);
  const right = words.filter((w) => centre(w) >= x && centre(w) < hi);
  if (left.length === 0 || right.length === 0) return 0;
  return Math.min(...right.map((w) => w.bbox[0])) - Math.max(...left.map((w) => w.bbox[2]));
}

/** The band [lo, hi) holds a column of labels: most of its cells below the first row are text. */
function labelColumn(rows: readonly TextRow[], lo: number, hi: number): boolean {
  const cells = rows
    .map((r) =>
      r.words
        .filter((w) => centre(w) >= lo && centre(w) < hi)
        .map((w) => w.text)
        .join(' '),
    )
    .filter((t) => t);
  const body = cells.slice(1);
  return body.length >= SIDE.minLabels && body.filter((t) => !numeric(t)).length >= body.length * SIDE.labelShare;
}

function part(u: UnruledCandidate, lo: number, hi: number, separators: number[]): UnruledCandidate | null {
  const rows = u.rows
    .map((r) => ({ ...r, words: r.words.filter((w) => centre(w) >= lo && centre(w) < hi) }))
    .filter((r) => r.words.length > 0)
    .map((r) => ({ ...r, bbox: union(r.words.map((w) => w.bbox)) }));
  if (rows.length === 0) return null;
  return { bbox: union(rows.map((r) => r.bbox)), rows, score: u.score, separators };
}

/**
 * Both parts open with a column of labels: on their left, or on their right where the tables are set right to
 * left (Hebrew, Arabic). `edges` are the run's column edges, the parts meet at edge `widest + 1`.
 */
function labelsOnOneSide(rows: readonly TextRow[], edges: readonly number[], widest: number): boolean {
  // Column c lies between edges[c] and edges[c + 1]; the right part's first column is `meet`.
  const [meet, lastColumn] = [widest + 1, edges.length - 2];
  const labels = (c: number) => labelColumn(rows, edges[c], edges[c + 1]);
  if (labels(0) && labels(meet)) return true;
  return readsRightToLeft(rows.flatMap((r) => r.words.map((w) => w.text))) && labels(meet - 1) && labels(lastColumn);
}

/** The run as found, or its two side-by-side tables. */
export function splitSideBySide(u: UnruledCandidate): UnruledCandidate[] {
  const seps = u.separators;
  if (seps.length < SIDE.minColumns * 2 - 1) return [u];
  const words = u.rows.flatMap((r) => r.words);
  const em = median(words.map((w) => w.size));
  const edges = [-Infinity, ...seps, Infinity];
  const gutters = seps.map((x, i) => gutterAt(words, x, edges[i], edges[i + 2]));
  const widest = gutters.indexOf(Math.max(...gutters));
  const others = gutters.filter((_, i) => i !== widest);
  const columnsLeft = widest + 1;
  const columnsRight = seps.length - widest;
  if (
    columnsLeft < SIDE.minColumns ||
    columnsRight < SIDE.minColumns ||
    gutters[widest] < em * SIDE.minGutterEm ||
    others.some((g) => gutters[widest] < g * SIDE.gutterRatio) ||
    !labelsOnOneSide(u.rows, edges, widest)
  )
    return [u];
  const at = seps[widest];
  return [part(u, -Infinity, at, seps.slice(0, widest)), part(u, at, Infinity, seps.slice(widest + 1))].filter(
    (p): p is UnruledCandidate => p !== null,
  );
}

import { centerX, centerY } from '../model/geometry.ts';
import { centerIn, median, type TextRow, textRows, type WordItem } from './grid.ts';
import { mergeIntervals } from './run-parts.ts';
import type { UnruledCandidate } from './unruled.ts';

/**
 * Two unruled tables side by side whose rows are set at different pitches (another type size or leading) share
 * no baselines. The page-wide text rows interleave their lines, so the run reads as one table whose rows
 * alternate between the two, and its columns cannot be found. The cells of one table's row sit level with each
 * other; so where a vertical gutter no word crosses parts the run, and most lines on each side of it have no line
 * level with them on the other side, the two sides are two tables' words, each to be searched on its own.
 */

const INTERLEAVED = {
  /** Narrowest gutter between the two sides, in em. */
  minGutterEm: 1.5,
  /** Two lines are level when their centres lie within this share of the median line height. */
  levelTolRows: 0.15,
  /** Most share of either side's lines level with a line of the other side. */
  maxLevelShare: 0.5,
  /** Fewest lines on each side. */
  minLines: 3,
} as const;

/** Gutters no word crosses, widest first: [middle, width]. */
function gutters(words: readonly WordItem[]): [number, number][] {
  const spans = mergeIntervals(words.map((w) => ({ x0: w.bbox[0], x1: w.bbox[2] })));
  const out = spans.slice(1).map((s, i): [number, number] => [(spans[i].x1 + s.x0) / 2, s.x0 - spans[i].x1]);
  return out.sort((a, b) => b[1] - a[1]);
}

/**
 * The words less those of lines that run across the cut at `at` (their words part there by less than half the
 * gutter): above or below the run, a paragraph (a table's notes) may be set wider than its table.
 */
function withoutLinesAcross(words: readonly WordItem[], at: number, gutter: number): WordItem[] {
  return textRows(words).flatMap((row) => {
    const left = row.words.filter((w) => centerX(w.bbox) < at);
    const right = row.words.filter((w) => centerX(w.bbox) >= at);
    if (left.length === 0 || right.length === 0) return row.words;
    const gap = Math.min(...right.map((w) => w.bbox[0])) - Math.max(...left.map((w) => w.bbox[2]));
    return gap < gutter / 2 ? [] : row.words;
  });
}

/** Share of `lines` with a line of `others` level with them. */
function levelShare(lines: readonly TextRow[], others: readonly TextRow[], tol: number): number {
  const level = lines.filter((l) => others.some((o) => Math.abs(centerY(l.bbox) - centerY(o.bbox)) <= tol));
  return level.length / lines.length;
}

/**
 * The words on each side of a gutter in the run's box where the two sides' lines are not level, or null
 * (`pageWords`: the words the run was found among). Each side reaches above and below the box by the box's
 * height: the run ends where the shorter table does, the longer one goes on past it.
 */
export function interleavedSides(u: UnruledCandidate, pageWords: readonly WordItem[]): [WordItem[], WordItem[]] | null {
  const words = pageWords.filter((w) => centerIn(w.bbox, u.bbox));
  if (words.length === 0) return null;
  const em = median(words.map((w) => w.size));
  for (const [at, width] of gutters(words)) {
    if (width < em * INTERLEAVED.minGutterEm) break;
    const left = words.filter((w) => centerX(w.bbox) < at);
    const right = words.filter((w) => centerX(w.bbox) >= at);
    const [l, r] = [textRows(left), textRows(right)];
    if (l.length < INTERLEAVED.minLines || r.length < INTERLEAVED.minLines) continue;
    const tol = median([...l, ...r].map((row) => row.bbox[3] - row.bbox[1])) * INTERLEAVED.levelTolRows;
    if (levelShare(l, r, tol) > INTERLEAVED.maxLevelShare || levelShare(r, l, tol) > INTERLEAVED.maxLevelShare) continue;
    const reach = u.bbox[3] - u.bbox[1];
    const near = pageWords.filter((w) => centerIn(w.bbox, [u.bbox[0], u.bbox[1] - reach, u.bbox[2], u.bbox[3] + reach]));
    const apart = withoutLinesAcross(near, at, width);
    return [apart.filter((w) => centerX(w.bbox) < at), apart.filter((w) => centerX(w.bbox) >= at)];
  }
  return null;
}

import { centerY, height, union } from '../model/geometry.ts';
import type { Line, Word } from '../model/types.ts';

/**
 * The text detector sometimes joins the lines of two text columns across a narrow gutter into one line. Layout
 * then reads straight across the columns, or takes the rows for a table. A line is cut where a wide gap between
 * its words lies over a gutter: a vertical strip that no word of the neighbouring lines covers while those lines
 * run up to it from both sides. Text layers of PDFs never join lines that way, so this is for OCR lines only.
 */

/** A gap between words this many line heights wide may be a gutter (word spaces are about a third of one). */
const GUTTER_MIN_GAP = 1.0;
/** Neighbouring lines looked at, above and below, in line heights. */
const NEIGHBOURHOOD = 8;
/** Neighbouring lines that a gutter needs on each side, with text running up to it (a column's edge). */
const MIN_FLANKING_LINES = 3;
/** How close to the strip, in line heights, a flanking line's text must come. */
const NEAR_EDGE = 3;
/** Share of the neighbours whose words in the gap may be ignored as strays (a wide word, a heading). */
const MAX_CROSSING_SHARE = 0.1;
/** Width of the empty strip a gutter keeps between the columns, in line heights. */
const MIN_GUTTER_WIDTH = 0.5;
/** Words a piece needs on each side of the cut: one-word cells and figures stay with their row. */
const MIN_PIECE_WORDS = 2;
/** Share of a piece's characters that must be letters for it to read as prose. */
const MIN_LETTER_SHARE = 0.5;

const lineHeight = (l: Line) => height(l.bbox);

function isProse(words: readonly Word[]): boolean {
  const text = words.map((w) => w.text).join('');
  return words.length >= MIN_PIECE_WORDS && (text.match(/\p{L}/gu) ?? []).length >= text.length * MIN_LETTER_SHARE;
}

/** The widest stretch of [x0, x1] that none of the boxes covers, as [start, end] (null when all is covered). */
function widestFree(x0: number, x1: number, covered: readonly [number, number][]): [number, number] | null {
  let best: [number, number] | null = null;
  let cursor = x0;
  for (const [a, b] of [...covered].sort((p, q) => p[0] - q[0])) {
    if (a > cursor && (!best || a - cursor > best[1] - best[0])) best = [cursor, Math.min(a, x1)];
    cursor = Math.max(cursor, b);
    if (cursor >= x1) break;
  }
  if (cursor < x1 && (!best || x1 - cursor > best[1] - best[0])) best = [cursor, x1];
  return best;
}

/**
 * Whether the gap [x0, x1] of `line` lies over a gutter: the neighbouring lines leave a strip of it empty (a few
 * stray words aside) while enough of them run up to that strip from the left and from the right.
 */
function isGutter(line: Line, x0: number, x1: number, lines: readonly Line[]): boolean {
  const y = centerY(line.bbox);
  const reach = lineHeight(line) * NEIGHBOURHOOD;
  const neighbours = lines.filter((o) => o !== line && Math.abs(centerY(o.bbox) - y) <= reach);
  const covered: [number, number][] = [];
  for (const o of neighbours) for (const w of o.words) if (w.bbox[0] < x1 && w.bbox[2] > x0) covered.push([w.bbox[0], w.bbox[2]]);
  const free = widestFree(x0, x1, covered.length <= neighbours.length * MAX_CROSSING_SHARE ? [] : covered);
  if (!free || free[1] - free[0] < lineHeight(line) * MIN_GUTTER_WIDTH) return false;
  const leftOf = neighbours.filter((o) =>
    o.words.some((w) => w.bbox[2] <= free[0] && w.bbox[2] >= x0 - lineHeight(line) * NEAR_EDGE),
  ).length;
  const rightOf = neighbours.filter((o) =>
    o.words.some((w) => w.bbox[0] >= free[1] && w.bbox[0] <= x1 + lineHeight(line) * NEAR_EDGE),
  ).length;
  return leftOf >= MIN_FLANKING_LINES && rightOf >= MIN_FLANKING_LINES;
}

function pieceOf(line: Line, words: Word[], suffix: string): Line {
  const bbox = union(words.map((w) => w.bbox));
  const piece: Line = { ...line, id: line.id + suffix, text: words.map((w) => w.text).join(' '), words, bbox };
  if (line.polygon) piece.polygon = [bbox[0], bbox[1], bbox[2], bbox[1], bbox[2], bbox[3], bbox[0], bbox[3]];
  return piece;
}

/** The line cut at every gutter it crosses (ids are renumbered by the caller). */
function cutAtGutters(line: Line, lines: readonly Line[]): Line[] {
  const words = [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const minGap = lineHeight(line) * GUTTER_MIN_GAP;
  const pieces: Word[][] = [[]];
  for (const [i, w] of words.entries()) {
    const prev = words[i - 1];
    const current = pieces[pieces.length - 1];
    if (
      prev &&
      w.bbox[0] - prev.bbox[2] >= minGap &&
      isProse(current) &&
      isProse(words.slice(i)) &&
      isGutter(line, prev.bbox[2], w.bbox[0], lines)
    )
      pieces.push([]);
    pieces[pieces.length - 1].push(w);
  }
  return pieces.length === 1 ? [line] : pieces.map((p, k) => pieceOf(line, p, `_${k}`));
}

/** OCR lines with the ones that run across a column gutter cut there; ids are `p<page>_l<n>` again afterwards. */
export function splitAtGutters(lines: readonly Line[], pageIndex: number): Line[] {
  const out = lines.flatMap((l) => (l.words.length >= 2 * MIN_PIECE_WORDS ? cutAtGutters(l, lines) : [l]));
  return out.length === lines.length ? [...lines] : out.map((l, n) => ({ ...l, id: `p${pageIndex}_l${n}` }));
}

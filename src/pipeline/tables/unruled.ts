import type { BBox } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { median, piecesOf, textRows, type Piece, type TextRow, type WordItem } from './grid.ts';

/**
 * Tables without rules: columns from the alignment of cell pieces (runs of words split at wide gaps), and the
 * page-level finder that looks for runs of consecutive rows whose pieces line up in two or more columns.
 */

interface Interval {
  x0: number;
  x1: number;
}

/** The number of pieces most rows have (among rows with two or more; ties go to the larger count). */
function modalCount(rows: readonly Piece[][]): number {
  const freq = new Map<number, number>();
  for (const r of rows) if (r.length >= 2) freq.set(r.length, (freq.get(r.length) ?? 0) + 1);
  let best = 0;
  let bestN = 0;
  for (const [k, n] of freq) if (n > bestN || (n === bestN && k > best)) [best, bestN] = [k, n];
  return best;
}

function mergeIntervals(list: Interval[]): Interval[] {
  list.sort((a, b) => a.x0 - b.x0);
  const out: Interval[] = [];
  for (const i of list) {
    const last = out[out.length - 1];
    if (last && i.x0 <= last.x1) last.x1 = Math.max(last.x1, i.x1);
    else out.push({ ...i });
  }
  return out;
}

/**
 * Column separators (x positions between columns) from rows of pieces. The rows with the modal piece count
 * define the columns (a spanning header piece would bridge two of them); pieces of other rows that fall in no
 * column yet open a column of their own.
 */
export function columnSeparators(rows: readonly Piece[][], minShare = 0): number[] {
  const k = modalCount(rows);
  if (k < 2) return [];
  const withText = rows.filter((r) => r.length > 0).length;
  if (rows.filter((r) => r.length === k).length < Math.max(2, withText * minShare)) return [];
  let cols = mergeIntervals(rows.filter((r) => r.length === k).flatMap((r) => r.map((p) => ({ x0: p.bbox[0], x1: p.bbox[2] }))));
  const extra = rows
    .filter((r) => r.length !== k)
    .flatMap((r) => r)
    .filter((p) => !cols.some((c) => p.bbox[0] < c.x1 && p.bbox[2] > c.x0));
  // A column of its own needs pieces in two rows at least (a justified header word is not a column).
  const opened = mergeIntervals(extra.map((p) => ({ x0: p.bbox[0], x1: p.bbox[2] }))).filter((c) => extra.filter((p) => p.bbox[0] < c.x1 && p.bbox[2] > c.x0).length >= 2);
  if (opened.length) cols = mergeIntervals([...cols, ...opened]);
  const out: number[] = [];
  for (let i = 1; i < cols.length; i++) out.push((cols[i - 1].x1 + cols[i].x0) / 2);
  return out;
}

export interface UnruledCandidate {
  bbox: BBox;
  rows: TextRow[];
  score: number;
  columns: number;
}

/** Left, right or centre of most multi-piece cells line up with those of other rows. */
function alignmentShare(rows: readonly Piece[][], tol: number): number {
  const pieces = rows.filter((r) => r.length >= 2).flat();
  if (pieces.length === 0) return 0;
  const keys = (p: Piece) => [p.bbox[0], p.bbox[2], (p.bbox[0] + p.bbox[2]) / 2];
  let aligned = 0;
  for (const p of pieces) {
    const mine = keys(p);
    const hit = pieces.some((q) => q !== p && Math.abs(q.bbox[1] - p.bbox[1]) > tol && keys(q).some((v, i) => Math.abs(v - mine[i]) <= tol));
    if (hit) aligned++;
  }
  return aligned / pieces.length;
}

/**
 * Up to two single-piece rows right above a run join it when they look like a group header: short, inside the
 * run's width and not over its first column (a title or a paragraph line is wider or starts at the left).
 */
function headerAbove(rows: readonly TextRow[], pieces: readonly Piece[][], i: number, j: number, rowH: number): number {
  const body = union(rows.slice(i, j + 1).map((r) => r.bbox));
  const firstColRight = Math.max(...pieces.slice(i, j + 1).filter((r) => r.length >= 2).map((r) => r[0].bbox[2]));
  let start = i;
  for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
    const p = pieces[k];
    const fits = p.length >= 1 && p.length <= 2 && p.every((q) => q.words.length <= 5 && q.bbox[0] > firstColRight && q.bbox[2] <= body[2] + rowH);
    if (!fits || rows[start].bbox[1] - rows[k].bbox[3] > rowH * 1.6) break;
    start = k;
  }
  return start;
}

/**
 * Runs of consecutive text rows laid out as cells. A run may hold single-piece rows (wrapped cells, section
 * labels) between multi-piece ones; it ends at a wide vertical gap or two single-piece rows in a row.
 */
export function findUnruledTables(words: readonly WordItem[], minRows: number): UnruledCandidate[] {
  const rows = textRows(words);
  const pieces = rows.map((r) => piecesOf(r));
  const rowH = median(rows.map((r) => r.bbox[3] - r.bbox[1])) || 20;
  const out: UnruledCandidate[] = [];
  let i = 0;
  while (i < rows.length) {
    if (pieces[i].length < 2) {
      i++;
      continue;
    }
    let j = i;
    let singles = 0;
    while (j + 1 < rows.length && rows[j + 1].bbox[1] - rows[j].bbox[3] <= rowH * 1.6) {
      if (pieces[j + 1].length >= 2) singles = 0;
      else if (++singles > 1) break;
      j++;
    }
    while (j > i && pieces[j].length < 2) j--;
    i = headerAbove(rows, pieces, i, j, rowH);
    const run = pieces.slice(i, j + 1);
    const multi = run.filter((r) => r.length >= 2);
    const wordsPerPiece = median(multi.flat().map((p) => p.words.length));
    const seps = columnSeparators(run);
    if (multi.length >= minRows && wordsPerPiece <= 5 && seps.length >= 1) {
      const share = alignmentShare(run, rowH * 0.4);
      const score = Math.min(0.85, 0.3 + 0.4 * share + 0.03 * Math.min(5, multi.length) + 0.02 * Math.min(4, seps.length));
      if (share >= 0.5) out.push({ bbox: union(rows.slice(i, j + 1).map((r) => r.bbox)), rows: rows.slice(i, j + 1), score, columns: seps.length + 1 });
    }
    i = j + 1;
  }
  return out;
}

import { readFileSync } from 'node:fs';
import { multisetOverlap, prf, type PRF } from './icdar-metrics.ts';
import type { Box, ExtractedCell, ExtractedTable } from './types.ts';

/**
 * tables-real (../shared/eval/tables-real/manifest.json): expected grids from tabula-java's and camelot's own
 * tests. A predicted table on the expected table's page is compared by cell content (a multiset of normalized
 * non-empty cell strings, so row/column numbering and the tools' split/merge conventions of empty cells do not
 * matter) and by grid shape after dropping rows and columns that hold no text.
 */

/** Rectangle in PDF points, origin top-left. */
export interface RealArea {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface RealEntry {
  pdf: string;
  /** 1-based. */
  page: number;
  source: string;
  method: 'lattice' | 'stream';
  flavor?: string;
  expected: string[][];
  area?: RealArea;
  /** Hints the test gave its extractor; `copy_text` ("v", "h") also changes how the expected grid is written. */
  params?: { copy_text?: string | string[] } & Record<string, unknown>;
  note?: string;
}

export function readRealManifest(file: string): RealEntry[] {
  return JSON.parse(readFileSync(file, 'utf8')) as RealEntry[];
}

/** Whitespace collapsed; camelot's superscript marks `<s></s>` dropped (the manifest says to compare plain text). */
export function normalizeRealCell(text: string): string {
  return text
    .replace(/<\/?s>/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Which spans the expected grid repeats a spanning cell's text along (camelot's copy_text: "v" rows, "h" columns). */
export interface CopyText {
  rows: boolean;
  cols: boolean;
}

export function copyTextOf(entry: RealEntry): CopyText {
  const given = [entry.params?.copy_text ?? []].flat().join('');
  return { rows: given.includes('v'), cols: given.includes('h') };
}

/**
 * A tool's cells as rows of strings; a spanning cell's text sits in its top-left slot, as in the manifest, or is
 * repeated along its span where the expected grid was written that way (`copy`).
 */
export function cellsToGrid(cells: ExtractedCell[], copy: CopyText = { rows: false, cols: false }): string[][] {
  if (cells.length === 0) return [];
  const minRow = Math.min(...cells.map((c) => c.row));
  const minCol = Math.min(...cells.map((c) => c.col));
  const rows = Math.max(...cells.map((c) => c.row + Math.max(1, c.rowspan))) - minRow;
  const cols = Math.max(...cells.map((c) => c.col + Math.max(1, c.colspan))) - minCol;
  const grid = Array.from({ length: rows }, () => Array<string>(cols).fill(''));
  for (const c of cells) {
    const [height, width] = [copy.rows ? Math.max(1, c.rowspan) : 1, copy.cols ? Math.max(1, c.colspan) : 1];
    for (let r = 0; r < height; r++) for (let k = 0; k < width; k++) grid[c.row - minRow + r][c.col - minCol + k] = c.text;
  }
  return grid;
}

/** Rows, then columns, with no text after normalization are left out: they carry no content either tool must match. */
export function dropEmptyLines(grid: string[][]): string[][] {
  const rows = grid.map((r) => r.map(normalizeRealCell)).filter((r) => r.some((t) => t !== ''));
  const width = Math.max(0, ...rows.map((r) => r.length));
  const keep = Array.from({ length: width }, (_, c) => rows.some((r) => (r[c] ?? '') !== ''));
  return rows.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? '').filter((_, c) => keep[c]));
}

export function shapeOf(grid: string[][]): string {
  const clean = dropEmptyLines(grid);
  return `${clean.length}x${clean[0]?.length ?? 0}`;
}

export function gridContentF1(expected: string[][], predicted: string[][]): PRF {
  const strings = (grid: string[][]) =>
    grid
      .flat()
      .map(normalizeRealCell)
      .filter((t) => t !== '');
  const [want, got] = [strings(expected), strings(predicted)];
  return prf(multisetOverlap(want, got), got.length, want.length);
}

export function overlapsArea(box: Box, area: RealArea): boolean {
  return Math.min(box[2], area.right) > Math.max(box[0], area.left) && Math.min(box[3], area.bottom) > Math.max(box[1], area.top);
}

/** An expected table counts as detected when its partner reaches this cell-content F1. */
export const DETECTED_MIN_F1 = 0.5;

export interface RealScore {
  f1: number;
  detected: boolean;
  shapeExact: boolean;
  /** Shape of the partner ("–" when none). */
  predictedShape: string;
}

/** Predicted tables that may stand for an entry: on its page and, when the entry has an area, overlapping it. */
export function candidatesFor(entry: RealEntry, predicted: ExtractedTable[]): number[] {
  return predicted.flatMap((t, i) => (t.pageIndex === entry.page - 1 && (!entry.area || overlapsArea(t.bbox, entry.area)) ? [i] : []));
}

/**
 * Scores the expected tables of one PDF against one tool's tables: pairs (entry, candidate) by cell-content F1,
 * best first, one-to-one, so one merged table cannot stand in for two expected tables.
 */
export function scoreRealPdf(entries: RealEntry[], predicted: ExtractedTable[]): RealScore[] {
  const gridFor = (e: number, p: number) => cellsToGrid(predicted[p].cells, copyTextOf(entries[e]));
  const pairs = entries.flatMap((entry, e) =>
    candidatesFor(entry, predicted).map((p) => ({ e, p, f1: gridContentF1(entry.expected, gridFor(e, p)).f1 })),
  );
  pairs.sort((a, b) => b.f1 - a.f1 || a.e - b.e || a.p - b.p);
  const partner = entries.map(() => -1);
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (partner[pair.e] !== -1 || taken.has(pair.p) || pair.f1 === 0) continue;
    partner[pair.e] = pair.p;
    taken.add(pair.p);
  }
  return entries.map((entry, e) => {
    if (partner[e] === -1) return { f1: 0, detected: false, shapeExact: false, predictedShape: '–' };
    const grid = gridFor(e, partner[e]);
    const f1 = gridContentF1(entry.expected, grid).f1;
    return { f1, detected: f1 >= DETECTED_MIN_F1, shapeExact: shapeOf(grid) === shapeOf(entry.expected), predictedShape: shapeOf(grid) };
  });
}

export interface RealSummary {
  tables: number;
  meanF1: number;
  detectionRecall: number;
  shapeExactRate: number;
}

export function summarizeReal(scores: RealScore[]): RealSummary {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    tables: scores.length,
    meanF1: mean(scores.map((s) => s.f1)),
    detectionRecall: mean(scores.map((s) => (s.detected ? 1 : 0))),
    shapeExactRate: mean(scores.map((s) => (s.shapeExact ? 1 : 0))),
  };
}

import type { TableCellModel, TableModel } from '../tables/mod.ts';
import type { SchemaField } from './types.ts';
import { plainWords } from '../lexicon/mod.ts';
import { fieldRole, isNumericCell, roleOf } from './columns.ts';

/**
 * Binding a detected table to a schema table's fields: the grid lookup, the header row (the row whose cells
 * name most of the fields), and which column holds which field. Line-item extraction and auto schemas use it.
 * (views/fallback-grid.ts is unrelated: the word-alignment grid parse shows for unrecognised table blocks.)
 */

/** Thresholds of binding schema fields to table columns. */
const BINDING = {
  /** Header match by shared words: this weight times the shared share of the longer word list (0..1). */
  sharedWordWeight: 0.6,
  /** A numeric field's column has at least this share of numeric cells among its filled ones. */
  numericColumnShare: 0.5,
  /** A header cell splits into two columns when both halves read as different roles scoring at least this. */
  splitRoleScore: 0.75,
} as const;

export interface Grid {
  table: TableModel;
  rows: number;
  cols: number;
  /** The cell covering grid position (row, col); spanning cells cover several. */
  at(row: number, col: number): TableCellModel | undefined;
}

export function gridOf(table: TableModel): Grid {
  const rows = table.rowEdges.length - 1;
  const cols = table.colEdges.length - 1;
  const cover: (TableCellModel | undefined)[] = new Array(rows * cols);
  for (const cell of table.cells) {
    for (let r = cell.row; r < Math.min(rows, cell.row + cell.rowspan); r++) {
      for (let c = cell.col; c < Math.min(cols, cell.col + cell.colspan); c++) cover[r * cols + c] = cell;
    }
  }
  return { table, rows, cols, at: (r, c) => (r >= 0 && r < rows && c >= 0 && c < cols ? cover[r * cols + c] : undefined) };
}

/** One schema field read from one column; `x` is the header cell's horizontal extent, for continuation tables. */
export interface ColumnBinding {
  field: SchemaField;
  col: number;
  x: [number, number];
  score: number;
}

/** A table (or the part of it below its header) bound to the schema fields. */
export interface Segment {
  grid: Grid;
  /** First body row. */
  bodyStart: number;
  bindings: ColumnBinding[];
  /** How the columns were bound: by a header row in this table, or by position under an earlier header. */
  via: 'header' | 'position';
  score: number;
}

/** How well a header text names a field: same role, or shared words with the field's key. */
export function headerMatch(header: string, field: SchemaField): number {
  const role = fieldRole(field);
  const found = roleOf(header);
  // A field with a known role matches headers of that role only; others match by the words of their key.
  if (role) return found?.role === role ? found.score : 0;
  const headerWords = new Set(
    plainWords(header)
      .split(' ')
      .filter((w) => w.length > 1),
  );
  const keyWords = plainWords(field.key)
    .split(' ')
    .filter((w) => w.length > 1);
  if (headerWords.size === 0 || keyWords.length === 0) return 0;
  const shared = keyWords.filter((w) => headerWords.has(w)).length;
  return shared === 0 ? 0 : (BINDING.sharedWordWeight * shared) / Math.max(keyWords.length, headerWords.size);
}

/** The header text of a column: the stacked header rows above and including `row`. */
function headerText(grid: Grid, row: number, col: number): { text: string; cell?: TableCellModel } {
  const first = row < grid.table.headerRowCount ? 0 : row;
  const seen = new Set<TableCellModel>();
  const parts: string[] = [];
  let cell: TableCellModel | undefined;
  for (let r = first; r <= row; r++) {
    const c = grid.at(r, col);
    if (!c || seen.has(c)) continue;
    seen.add(c);
    if (c.text) parts.push(c.text);
    cell = c;
  }
  return { text: parts.join(' '), cell };
}

/** Whether a numeric field's column holds numbers in (most of) the body rows; empty bodies pass. */
export function columnHoldsNumbers(grid: Grid, col: number, from: number, to = grid.rows): boolean {
  let filled = 0;
  let numeric = 0;
  for (let r = from; r < to; r++) {
    const cell = grid.at(r, col);
    if (!cell || !cell.text || cell.col !== col) continue;
    filled++;
    if (isNumericCell(cell.text)) numeric++;
  }
  return filled === 0 || numeric / filled >= BINDING.numericColumnShare;
}

export const isNumericField = (field: SchemaField): boolean => field.type === 'number' || field.type === 'integer';

interface ColumnLabel {
  col: number;
  span: number;
  text: string;
  x: [number, number];
}

/**
 * The header labels of a row, one per header cell. A cell naming two roles ("Pos. Menge") next to a column with
 * an empty header that holds values was merged by the structure stage: its words are split over both columns.
 */
function columnLabels(grid: Grid, row: number): ColumnLabel[] {
  const labels: ColumnLabel[] = [];
  for (let col = 0; col < grid.cols; col++) {
    const { text, cell } = headerText(grid, row, col);
    if (!text || !cell || cell.col !== col || isNumericCell(text)) continue;
    const span = Math.min(cell.colspan, grid.cols - col);
    const x: [number, number] = [cell.bbox[0], cell.bbox[2]];
    const next = col + span;
    const split =
      span === 1 && next < grid.cols && !headerText(grid, row, next).text && bodyHasValues(grid, next, row + 1) ? splitRoles(text) : null;
    if (split) {
      const mid = grid.table.colEdges[next];
      labels.push(
        { col, span: 1, text: split[0], x: [x[0], mid] },
        { col: next, span: 1, text: split[1], x: [mid, grid.table.colEdges[next + 1]] },
      );
      col = next;
    } else labels.push({ col, span, text, x });
  }
  return labels;
}

const bodyHasValues = (grid: Grid, col: number, from: number): boolean => {
  for (let r = from; r < grid.rows; r++) if (grid.at(r, col)?.text && grid.at(r, col)!.col === col) return true;
  return false;
};

/** "Pos. Menge" -> ["Pos.", "Menge"] when both halves name different roles; null otherwise. */
function splitRoles(text: string): [string, string] | null {
  const words = text.split(/\s+/);
  for (let i = 1; i < words.length; i++) {
    const left = words.slice(0, i).join(' ');
    const right = words.slice(i).join(' ');
    const a = roleOf(left);
    const b = roleOf(right);
    if (a && b && a.role !== b.role && a.score >= BINDING.splitRoleScore && b.score >= BINDING.splitRoleScore) return [left, right];
  }
  return null;
}

/** Bind fields to the columns of header row `row`: the strongest pairs first, one column per field. */
function bindHeaderRow(grid: Grid, row: number, fields: SchemaField[]): ColumnBinding[] {
  const pairs: { field: SchemaField; col: number; score: number; x: [number, number] }[] = [];
  for (const label of columnLabels(grid, row)) {
    for (const field of fields) {
      // A header spanning columns names its first column, or its last for totals (they close a row).
      const wanted = label.span > 1 && fieldRole(field) === 'amount' ? label.col + label.span - 1 : label.col;
      const score = headerMatch(label.text, field);
      if (score > 0) pairs.push({ field, col: wanted, score, x: label.x });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.col - b.col);
  const usedFields = new Set<string>();
  const usedCols = new Set<number>();
  const bindings: ColumnBinding[] = [];
  for (const p of pairs) {
    if (usedFields.has(p.field.key) || usedCols.has(p.col)) continue;
    if (isNumericField(p.field) && !columnHoldsNumbers(grid, p.col, row + 1)) continue;
    usedFields.add(p.field.key);
    usedCols.add(p.col);
    bindings.push(p);
  }
  return bindings.sort((a, b) => a.col - b.col);
}

/** The row that best reads as this schema table's header, with its bindings; null when no row names enough fields. */
export function findHeaderSegment(grid: Grid, fields: SchemaField[]): Segment | null {
  const needed = Math.min(2, fields.length);
  let best: Segment | null = null;
  for (let row = 0; row < grid.rows; row++) {
    const bindings = bindHeaderRow(grid, row, fields);
    if (bindings.length < needed) continue;
    const score = bindings.reduce((s, b) => s + b.score, 0);
    if (!best || score > best.score + 1e-9) best = { grid, bodyStart: row + 1, bindings, via: 'header', score };
  }
  return best;
}

/**
 * Bind a header-less table by position under an earlier header: column by column when both have as many columns,
 * else each field to the column its header overlaps most (strongest overlaps first, one column per field).
 */
export function bindByPosition(grid: Grid, earlier: ColumnBinding[], earlierCols: number): Segment | null {
  const edges = grid.table.colEdges;
  const pairs: { b: ColumnBinding; col: number; overlap: number }[] = [];
  for (const b of earlier) {
    if (earlierCols === grid.cols) {
      pairs.push({ b, col: b.col, overlap: 1 });
      continue;
    }
    for (let col = 0; col < grid.cols; col++) {
      const overlap = Math.min(b.x[1], edges[col + 1]) - Math.max(b.x[0], edges[col]);
      if (overlap > 0) pairs.push({ b, col, overlap: overlap / (b.x[1] - b.x[0] || 1) });
    }
  }
  pairs.sort((a, c) => c.overlap - a.overlap);
  const bound = new Map<string, ColumnBinding>();
  const used = new Set<number>();
  for (const { b, col } of pairs) {
    if (bound.has(b.field.key) || used.has(col)) continue;
    bound.set(b.field.key, { ...b, col });
    used.add(col);
  }
  if (bound.size < earlier.length) return null;
  const bindings = [...bound.values()].sort((a, c) => a.col - c.col);
  if (bindings.some((b) => isNumericField(b.field) && !columnHoldsNumbers(grid, b.col, 0))) return null;
  return { grid, bodyStart: 0, bindings, via: 'position', score: 0 };
}

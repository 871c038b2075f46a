import type { AssembledCell } from './grid.ts';
import { coverage, type Seg } from './ruled.ts';

/**
 * Header rows: leading rows set in bold, leading rows separated from the body by a full-width rule (when the
 * table's other rows are not all ruled apart), and rows above/holding a spanning header cell (stacked headers).
 */

/** What makes leading rows a header block. */
const HEADERS = {
  /** Most share of the table's rows (at least one) that can be header rows. */
  maxHeaderShare: 0.5,
  /** A full-width rule under one of this many first rows (or fewer) ends the header. */
  ruleMaxRows: 3,
  /** How far the rule under the header may lie from the row edge, in pt. */
  ruleTol: 4,
  /** Least share of the table's width the rule under the header covers. */
  ruleCoverage: 0.8,
  /** A spanning header cell in one of this many first rows makes a stacked header. */
  spanningMaxRows: 2,
  /** Share of a text's visible characters that are digits for it to be a figure. */
  figureDigitShare: 0.5,
  /** Share of a row's filled cells right of the key column that are figures for it to be a data row. */
  dataRowFigureShare: 0.5,
  /** Share of the rows from the first data row on that are data rows for a table of figures. */
  dataRowShare: 0.5,
  /** Share of the columns the first row's texts span for it to be a label row. */
  labelRowColumnShare: 0.5,
} as const;

function rowCells(cells: readonly AssembledCell[], r: number): AssembledCell[] {
  return cells.filter((c) => c.row <= r && c.row + c.rowspan > r);
}

function boldRow(cells: readonly AssembledCell[]): boolean {
  const words = cells.filter((c) => c.row >= 0).flatMap((c) => c.words);
  return words.length > 0 && words.every((w) => w.bold);
}

export interface HeaderInput {
  cells: AssembledCell[];
  rowEdges: number[];
  colEdges: number[];
  /** Horizontal rules inside the table, for the rule under the header. */
  h: Seg[];
  /** True when every row boundary is a rule (a full grid): a rule then says nothing about headers. */
  ruledRows: boolean;
}

export function headerRowCount({ cells, rowEdges, colEdges, h, ruledRows }: HeaderInput): number {
  const rows = rowEdges.length - 1;
  if (rows < 2) return 0;
  const maxHeader = Math.max(1, Math.floor(rows * HEADERS.maxHeaderShare));
  // Bold leading rows, as long as the body is not bold too.
  let bold = 0;
  while (bold < rows && boldRow(rowCells(cells, bold).filter((c) => c.row === bold || c.rowspan > 1))) bold++;
  if (bold > 0 && bold < rows && bold <= maxHeader) return extendOverRowspans(cells, bold);
  // A rule under the first rows when the rest of the body is not ruled row by row.
  if (!ruledRows) {
    const x0 = colEdges[0];
    const x1 = colEdges[colEdges.length - 1];
    for (let r = 1; r <= Math.min(HEADERS.ruleMaxRows, maxHeader); r++) {
      if (coverage(h, rowEdges[r], x0, x1, HEADERS.ruleTol) >= HEADERS.ruleCoverage) return extendOverRowspans(cells, r);
    }
  }
  // The rows above the first row of data (numbers beside the key column) are the header block.
  const data = firstDataRow(cells, rows);
  // Label rows right above the first data row (text in the key column only) open the body's first section.
  let top = data ?? 0;
  while (top > 1 && keyOnly(cells, top - 1)) top--;
  if (data !== undefined && top >= 1 && top <= maxHeader) return extendOverRowspans(cells, top);
  // A spanning cell in the first rows heads the columns under it: that row and the next are headers.
  let spanning = 0;
  for (let r = 0; r < Math.min(HEADERS.spanningMaxRows, rows - 1); r++) {
    const starts = cells.filter((c) => c.row === r);
    if (starts.some((c) => c.colspan > 1 && c.text) && starts.filter((c) => c.text).length < colEdges.length - 1) spanning = r + 2;
  }
  if (spanning > 0 && spanning <= maxHeader) return extendOverRowspans(cells, spanning);
  // No other sign: a first row of labels over most columns, above a body that is not all labels, heads them.
  return data === undefined && labelRow(cells, colEdges.length - 1) ? 1 : 0;
}

/** Figures as tables print them: digits with decimal marks, signs, percentages, ranges, p-value marks. */
export function numeric(text: string): boolean {
  const chars = text.replace(/\s+/g, '');
  if (!chars) return false;
  const digits = (chars.match(/\d/g) ?? []).length;
  // A figure with a note in brackets after it ("679 (54.5% of all samples)") is still a figure.
  if (/^[<>≤≥±~+\-–−]?\d[\d.,]*%?\s*[([].*[)\]]$/u.test(text.trim())) return true;
  return (
    digits > 0 &&
    (digits >= chars.length * HEADERS.figureDigitShare ||
      /^[\d.,·%±+\-–−()[\]<>=≤≥/:;×*†‡§#a-zA-Z]{0,3}[\d.,·%±+\-–−()[\]<>=≤≥/:;×*†‡§#\s]+$/.test(text))
  );
}

function keyOnly(cells: readonly AssembledCell[], r: number): boolean {
  const filled = cells.filter((c) => c.row === r && c.text);
  return filled.length === 1 && filled[0].col === 0;
}

/** A data row: most of its filled cells right of the key column hold figures. */
function dataRow(cells: readonly AssembledCell[], r: number): boolean {
  const filled = cells.filter((c) => c.row === r && c.col > 0 && c.text);
  return filled.length > 0 && filled.filter((c) => numeric(c.text)).length >= filled.length * HEADERS.dataRowFigureShare;
}

/** The first data row, when the rows from there on are mostly data rows (a table of figures); else undefined. */
function firstDataRow(cells: readonly AssembledCell[], rows: number): number | undefined {
  let first = -1;
  let data = 0;
  for (let r = 0; r < rows; r++) {
    if (!dataRow(cells, r)) continue;
    if (first < 0) first = r;
    data++;
  }
  return first >= 0 && data >= Math.max(1, (rows - first) * HEADERS.dataRowShare) ? first : undefined;
}

function labelRow(cells: readonly AssembledCell[], cols: number): boolean {
  const filled = cells.filter((c) => c.row === 0 && c.text);
  return (
    cols >= 2 && filled.reduce((n, c) => n + c.colspan, 0) >= cols * HEADERS.labelRowColumnShare && !filled.some((c) => numeric(c.text))
  );
}

/** A header cell that spans down into row n makes row n a header row too. */
function extendOverRowspans(cells: readonly AssembledCell[], n: number): number {
  let out = n;
  for (const c of cells) if (c.row < out && c.row + c.rowspan > out) out = c.row + c.rowspan;
  return out;
}

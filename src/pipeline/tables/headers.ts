import type { AssembledCell } from './grid.ts';
import { coverage, type Seg } from './ruled.ts';

/**
 * Header rows: leading rows set in bold, leading rows separated from the body by a full-width rule (when the
 * table's other rows are not all ruled apart), and rows above/holding a spanning header cell (stacked headers).
 */

const MAX_HEADER_SHARE = 0.5;

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
  const maxHeader = Math.max(1, Math.floor(rows * MAX_HEADER_SHARE));
  // Bold leading rows, as long as the body is not bold too.
  let bold = 0;
  while (bold < rows && boldRow(rowCells(cells, bold).filter((c) => c.row === bold || c.rowspan > 1))) bold++;
  if (bold > 0 && bold < rows && bold <= maxHeader) return extendOverRowspans(cells, bold);
  // A rule under the first rows when the rest of the body is not ruled row by row.
  if (!ruledRows) {
    const x0 = colEdges[0];
    const x1 = colEdges[colEdges.length - 1];
    for (let r = 1; r <= Math.min(3, maxHeader); r++) {
      if (coverage(h, rowEdges[r], x0, x1, 4) >= 0.8) return extendOverRowspans(cells, r);
    }
  }
  // A spanning cell in the first rows heads the columns under it: that row and the next are headers.
  let spanning = 0;
  for (let r = 0; r < Math.min(2, rows - 1); r++) {
    const starts = cells.filter((c) => c.row === r);
    if (starts.some((c) => c.colspan > 1 && c.text) && starts.filter((c) => c.text).length < colEdges.length - 1) spanning = r + 2;
  }
  return spanning > 0 && spanning <= maxHeader ? extendOverRowspans(cells, spanning) : 0;
}

/** A header cell that spans down into row n makes row n a header row too. */
function extendOverRowspans(cells: readonly AssembledCell[], n: number): number {
  let out = n;
  for (const c of cells) if (c.row < out && c.row + c.rowspan > out) out = c.row + c.rowspan;
  return out;
}

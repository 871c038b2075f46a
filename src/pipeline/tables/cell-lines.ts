import type { Piece } from './grid.ts';
import { figuresPiece } from './row-cells.ts';

/**
 * One-piece lines under a row of cells that still belong to the table's rows: a cell's text wrapping onto
 * further lines, or a figure alone on a row whose other cells are empty or spanned from above.
 */

/** How far a line's edge may sit from its cell's edge, in font sizes. */
const ALIGN_TOL = 0.5;
/** Font size when a line's words carry none. */
const DEFAULT_SIZE = 10;

const tolOf = (line: Piece) => (line.words[0]?.size ?? DEFAULT_SIZE) * ALIGN_TOL;

/**
 * A figure that ends where a cell other than the first ends and starts after the cell before it: right-aligned
 * in that cell's column, on a row whose label cell is empty or spanned from the row above.
 */
function figureUnderCell(line: Piece, cells: readonly Piece[]): boolean {
  const tol = tolOf(line);
  return (
    figuresPiece(line) && cells.some((c, k) => k > 0 && Math.abs(line.bbox[2] - c.bbox[2]) <= tol && line.bbox[0] > cells[k - 1].bbox[2])
  );
}

/**
 * A line that starts where one of the cells starts and stays inside that cell's column (before the next cell):
 * the cell's text wrapping onto further lines, not prose. Or a figure under a figure cell (figureUnderCell).
 */
export function continuesCell(line: Piece, cells: readonly Piece[]): boolean {
  const tol = tolOf(line);
  const wraps = cells.some(
    (c, k) => Math.abs(line.bbox[0] - c.bbox[0]) <= tol && (k === cells.length - 1 || line.bbox[2] < cells[k + 1].bbox[0]),
  );
  return wraps || figureUnderCell(line, cells);
}

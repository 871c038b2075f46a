import { bandOf, piecesOf, type Piece, type TextRow } from './grid.ts';
import { numeric } from './headers.ts';

/** What a text row holds against a table's column edges: its columns, its figures, whether it wraps the row above. */

/** A piece that reads as a figure (numbers, dates, shares), not words. */
export const figuresPiece = (p: Piece): boolean => numeric(p.words.map((w) => w.text).join(' '));

/** A text row with no piece of figures. */
export const noFigures = (row: TextRow): boolean => !piecesOf(row).some(figuresPiece);

/** The columns a text row has words in. */
export function columnsOf(row: TextRow, colEdges: readonly number[]): Set<number> {
  return new Set(row.words.map((w) => bandOf(colEdges, (w.bbox[0] + w.bbox[2]) / 2)));
}

/** `row` has text in fewer columns than `than`, and only in columns `than` has text in. */
export function inFewerOfItsColumns(row: TextRow, than: TextRow, colEdges: readonly number[]): boolean {
  const [mine, theirs] = [columnsOf(row, colEdges), columnsOf(than, colEdges)];
  return mine.size < theirs.size && [...mine].every((c) => theirs.has(c));
}

/**
 * A line that has text only in some of the columns the line above has text in, and no figures: the cells above
 * wrapping (the key's too), not a record.
 */
export function wrappedLine(above: TextRow, row: TextRow, colEdges: readonly number[]): boolean {
  return inFewerOfItsColumns(row, above, colEdges) && noFigures(row);
}

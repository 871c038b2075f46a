import { lineText, median, piecesOf, type Piece, textRows, type TextRow } from './grid.ts';
import { NOTES_START } from './captions.ts';
import { wordsOf } from './word-count.ts';

/**
 * A notes paragraph set beside other content: under one of two tables set side by side, the first table's notes
 * run level with the rows of the other where that one is longer. Its first line shares a text row with the other
 * table's cells, so a run of rows reads the paragraph's lines as cells of a wider table and the other table is
 * cut where the paragraph starts. The paragraph (a piece opening with a notes label and the lines under it set
 * flush with it, one of them level with another piece) is never a cell; its words are left out of the search
 * for unruled runs.
 */

/** Fewest words of the opening line of a notes paragraph. */
const MIN_OPENING_WORDS = 4;
/** How far a paragraph line's left (or, right to left, right) edge may sit from the first line's, in em. */
const FLUSH_TOL_EM = 0.5;
/** Widest gap between two lines of the paragraph, in row heights. */
const MAX_LINE_GAP_ROWS = 0.6;
/** A line shorter than this share of the first line's width is the paragraph's last. */
const LAST_LINE_SHARE = 0.7;

interface Block {
  x0: number;
  x1: number;
  /** The pieces of the paragraph, by row, and those rows. */
  pieces: Piece[];
  rows: number[];
}

/** `rows` without the notes paragraphs that open beside other pieces (the same rows where there are none). */
export function withoutSideNotes(rows: TextRow[]): TextRow[] {
  const pieces = rows.map((r) => piecesOf(r));
  const rowH = median(rows.map((r) => r.bbox[3] - r.bbox[1]));
  const dropped = new Set<Piece>();
  for (let i = 0; i < rows.length; i++) {
    for (const opening of pieces[i]) {
      if (dropped.has(opening) || wordsOf(opening.words) < MIN_OPENING_WORDS || !NOTES_START.test(lineText(opening.words))) continue;
      const block = paragraphFrom(rows, pieces, i, opening, rowH);
      // Only a paragraph with other text level with one of its lines; a table's own notes under it stay put.
      if (block.rows.some((k) => pieces[k].length > 1)) for (const p of block.pieces) dropped.add(p);
    }
  }
  if (dropped.size === 0) return rows;
  return textRows(pieces.flatMap((ps) => ps.filter((p) => !dropped.has(p)).flatMap((p) => p.words)));
}

/** The paragraph opened by `opening` in row i: the lines under it set flush with it, down to a short last line. */
function paragraphFrom(rows: readonly TextRow[], pieces: readonly Piece[][], i: number, opening: Piece, rowH: number): Block {
  const size = median(opening.words.map((w) => w.size));
  const block: Block = { x0: opening.bbox[0], x1: opening.bbox[2], pieces: [opening], rows: [i] };
  const width = block.x1 - block.x0;
  let last = opening;
  for (let k = i + 1; k < rows.length && last.bbox[2] - last.bbox[0] >= width * LAST_LINE_SHARE; k++) {
    if (rows[k].bbox[1] - last.bbox[3] > rowH * MAX_LINE_GAP_ROWS) break;
    // Flush with the first line's left edge (ragged right), or with its right edge (right to left).
    const line = pieces[k].find(
      (p) => Math.abs(p.bbox[0] - block.x0) <= size * FLUSH_TOL_EM || Math.abs(p.bbox[2] - block.x1) <= size * FLUSH_TOL_EM,
    );
    if (!line) break;
    block.pieces.push(line);
    block.rows.push(k);
    last = line;
  }
  return block;
}

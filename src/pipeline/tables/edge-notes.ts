import type { BBox } from '../model/types.ts';
import { lineText, piecesOf, type TextRow } from './grid.ts';
import { columnSeparators } from './unruled.ts';
import { CAPTION_START, FOOTNOTE_START, NOTES_START } from './captions.ts';
import { wordsOf } from './word-count.ts';

/**
 * Captions above or below a table and notes under it are not rows of the table: a line that starts like a
 * caption ("Table 3: …", "Figure 2.", "Exhibit IV –"), a line that starts like a note ("Source: …", "Note. …",
 * a footnote mark), or a full-width line of running text that crosses the column gutters of the rows below or
 * above it. Such lines (and the lines that wrap on from them) are peeled off the table's top and bottom edges.
 */

/** A full-width line of running text holds at least this many words. */
const PROSE_MIN_WORDS = 6;
/** Most rows peeled off one edge (a caption or notes block is a few lines; more would be the table itself). */
const MAX_EDGE_ROWS = 5;
/** A wrapped caption/note line follows the line before it within this many font sizes of vertical gap. */
const WRAP_GAP_EM = 0.6;

export interface EdgeTrim {
  /** Rows to drop at the top and at the bottom. */
  top: number;
  bottom: number;
}

/** A row's text in reading order (a right-to-left caption starts at its right). */
const rowText = (r: TextRow) => lineText(r.words);

/** A single-piece line that runs across at least two of the gutters between the other rows' columns. */
function crossesGutters(row: TextRow, seps: readonly number[]): boolean {
  const pieces = piecesOf(row);
  if (pieces.length !== 1 || wordsOf(row.words) < PROSE_MIN_WORDS) return false;
  const [x0, , x1] = pieces[0].bbox;
  return seps.filter((x) => x > x0 && x < x1).length >= Math.min(2, Math.max(1, seps.length));
}

function tight(a: TextRow, b: TextRow, size: number): boolean {
  return b.bbox[1] - a.bbox[3] <= size * WRAP_GAP_EM;
}

/** How many rows at the top and bottom of a table's text rows are captions or notes, not rows. */
export function edgeNotes(rows: readonly TextRow[], size: number): EdgeTrim {
  const none = { top: 0, bottom: 0 };
  if (rows.length < 4) return none;
  const edge = Math.min(MAX_EDGE_ROWS, rows.length - 3);
  const middle = rows.slice(edge, rows.length - edge).map((r) => piecesOf(r));
  const seps = columnSeparators(middle.length >= 2 ? middle : rows.map((r) => piecesOf(r)));
  const single = (r: TextRow) => piecesOf(r).length === 1;
  // Top: the last caption-like line among the first rows, with only single-piece lines above it.
  let top = 0;
  for (let k = 0; k < edge; k++) {
    const r = rows[k];
    if (CAPTION_START.test(rowText(r)) || crossesGutters(r, seps)) top = k + 1;
    else if (!single(r)) break;
  }
  if (top > 0)
    while (top < edge && single(rows[top]) && tight(rows[top - 1], rows[top], size) && !CAPTION_START.test(rowText(rows[top]))) top++;
  // Bottom: the highest notes-like line among the last rows, with only single-piece lines under it (wrapped
  // note lines); a single line under the last row with no note above it stays (a wrapped cell).
  let bottom = 0;
  for (let k = rows.length - 1; k >= Math.max(top + 2, rows.length - edge); k--) {
    const r = rows[k];
    const text = rowText(r);
    if (NOTES_START.test(text) || CAPTION_START.test(text) || (single(r) && FOOTNOTE_START.test(text)) || crossesGutters(r, seps))
      bottom = rows.length - k;
    else if (!single(r)) break;
  }
  return { top, bottom };
}

/** The table box without the peeled rows: cut at a rule between the kept and peeled rows, else midway. */
export function trimmedBox(
  box: BBox,
  rows: readonly TextRow[],
  trim: EdgeTrim,
  ruleBetween: (lo: number, hi: number) => number | undefined,
): BBox {
  const out: BBox = [...box] as BBox;
  if (trim.top > 0) {
    const lo = rows[trim.top - 1].bbox[3];
    const hi = rows[trim.top].bbox[1];
    out[1] = ruleBetween(lo, hi) ?? (lo + hi) / 2;
  }
  if (trim.bottom > 0) {
    const lo = rows[rows.length - trim.bottom - 1].bbox[3];
    const hi = rows[rows.length - trim.bottom].bbox[1];
    out[3] = ruleBetween(lo, hi) ?? (lo + hi) / 2;
  }
  return out;
}

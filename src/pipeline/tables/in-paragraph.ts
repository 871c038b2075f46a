import type { BBox } from '../model/types.ts';
import { median, textRows, type TextRow, type WordItem } from './grid.ts';
import { wordsOf } from './word-count.ts';

/**
 * Justified lines with few long words open wide gaps, and a few such lines in a row can line up into "columns".
 * They are a stretch of a paragraph, not a table: the paragraph's lines go on right above and right below them,
 * across the whole width, at the same leading, with no gap a table would leave around itself.
 */

const PARAGRAPH = {
  /** How far the pitch to the line above or below may differ from the block's own, as a share of it. */
  pitchTol: 0.2,
  /** Share of the block's width a paragraph line above or below spans. */
  fullMeasure: 0.9,
  /** Fewest words on such a line. */
  minWords: 5,
} as const;

const centreY = (b: BBox) => (b[1] + b[3]) / 2;

/** The text line right next to the block (above or below), of the words whose centres lie in its columns. */
function lineBeside(words: readonly WordItem[], box: BBox, pitch: number, above: boolean): TextRow | undefined {
  const within = words.filter((w) => {
    const [x, y] = [(w.bbox[0] + w.bbox[2]) / 2, centreY(w.bbox)];
    if (x < box[0] || x > box[2]) return false;
    return above ? y < box[1] && y > box[1] - pitch * 1.5 : y > box[3] && y < box[3] + pitch * 1.5;
  });
  const rows = textRows(within);
  return above ? rows[rows.length - 1] : rows[0];
}

/**
 * The block (its box, its text rows) is a stretch of the paragraph around it: a full-measure line of words at
 * the block's own leading right above its first row and right below its last.
 */
export function insideParagraph(box: BBox, rows: readonly TextRow[], words: readonly WordItem[]): boolean {
  if (rows.length < 2) return false;
  const pitch = median(rows.slice(1).map((r, i) => centreY(r.bbox) - centreY(rows[i].bbox)));
  if (!(pitch > 0)) return false;
  const continues = (line: TextRow | undefined, next: TextRow) =>
    line !== undefined &&
    wordsOf(line.words) >= PARAGRAPH.minWords &&
    line.bbox[2] - line.bbox[0] >= (box[2] - box[0]) * PARAGRAPH.fullMeasure &&
    Math.abs(Math.abs(centreY(next.bbox) - centreY(line.bbox)) - pitch) <= pitch * PARAGRAPH.pitchTol;
  return continues(lineBeside(words, box, pitch, true), rows[0]) && continues(lineBeside(words, box, pitch, false), rows[rows.length - 1]);
}

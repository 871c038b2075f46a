import { median, type TextRow } from './grid.ts';
import { columnsOf, wrappedLine } from './row-cells.ts';

/**
 * Records whose cells are set to the middle or the bottom of the row (spreadsheets align cells to the bottom by
 * default), with no rule between rows. A cell that wraps then starts above the record's full line, where the
 * other cells stand, so a record cannot be read as a full line and the wrapped lines under it. The gaps can still
 * tell: lines inside a record follow at the text's leading, records stand apart by a wider gap. Where the gaps
 * part cleanly into those two, and each block of lines set at the leading holds one line that fills the most
 * columns with the block's other lines in fewer of its columns and without figures (wrapped cells), each block
 * is a record.
 */

const ALIGNED = {
  /** The jump between the two leadings, in line heights. */
  minJumpRows: 0.3,
  /** Fewest records (blocks) in the body. */
  minBlocks: 3,
} as const;

/**
 * The block's lines other than its fullest are wrapped cell text (row-cells.ts's wrappedLine: in fewer of the
 * fullest line's columns, and no figures, as figures do not wrap; a block of rows with figures is a group of
 * records, not one record). The fullest line's index, or null.
 */
function fullLine(block: readonly TextRow[], colEdges: readonly number[]): number | null {
  const cols = block.map((r) => columnsOf(r, colEdges).size);
  let best = 0;
  for (let k = 1; k < block.length; k++) if (cols[k] > cols[best]) best = k;
  return block.every((row, k) => k === best || wrappedLine(block[best], row, colEdges)) ? best : null;
}

/**
 * keep[i] for body rows `from`.. (false: row i goes on with the record above it), or null where the body's gaps
 * and lines do not bear out records set to the middle or bottom (top-aligned records are read the usual way).
 */
export function alignedRecords(rows: readonly TextRow[], from: number, colEdges: readonly number[]): boolean[] | null {
  if (colEdges.length < 3 || rows.length - from < ALIGNED.minBlocks * 2) return null;
  const gaps = rows.slice(from + 1).map((r, k) => r.bbox[1] - rows[from + k].bbox[3]);
  // A line's height from its words: text rows of interleaved cells (set to the middle) run taller than a line.
  const lineH = median(rows.flatMap((r) => r.words.map((w) => w.bbox[3] - w.bbox[1])));
  const sorted = [...gaps].sort((a, b) => a - b);
  // Middle-aligned cells add a third, narrower gap (half a leading): try the widest clean cut first.
  for (let cut = sorted.length - 1; cut >= 1; cut--) {
    if (sorted[cut] - sorted[cut - 1] < lineH * ALIGNED.minJumpRows) continue;
    const blocks = blocksAt(gaps, sorted[cut - 1], from);
    if (blocks.length < ALIGNED.minBlocks) return null;
    const fulls = blocks.map((b) =>
      fullLine(
        b.map((i) => rows[i]),
        colEdges,
      ),
    );
    if (fulls.some((f) => f === null)) continue;
    // Only where some record's full line is not its first: top-aligned records are read the usual way.
    if (!fulls.some((f) => (f ?? 0) > 0)) return null;
    const keep = rows.map(() => true);
    for (const b of blocks) for (const i of b.slice(1)) keep[i] = false;
    return keep;
  }
  return null;
}

/** Row indices from `from` on, in blocks parted by the gaps wider than `narrow`. */
function blocksAt(gaps: readonly number[], narrow: number, from: number): number[][] {
  const blocks: number[][] = [[from]];
  gaps.forEach((g, k) => {
    if (g > narrow) blocks.push([from + k + 1]);
    else blocks[blocks.length - 1].push(from + k + 1);
  });
  return blocks;
}

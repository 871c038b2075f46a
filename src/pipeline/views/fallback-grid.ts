import type { BBox, Block, Line, Word } from '../model/types.ts';
import { union } from '../model/geometry.ts';

/**
 * The fallback grid of a table block whose structure pipeline/tables did not recognise (`tableOfBlock` found no
 * table in it): rows are lines that share a vertical band, cells are runs of words separated by wide gaps,
 * columns are x-intervals that cells of different rows overlap. No spans. Good enough to keep a born-digital
 * table's cells apart in markdown; parse reports its cells with `mapping_quality: 'heuristic'`.
 * Not to be confused with extract/table-binding.ts, which reads a recognised table against a schema's columns.
 */

export interface GridCell {
  row: number;
  col: number;
  text: string;
  bbox: BBox;
}

export interface SimpleGrid {
  rows: number;
  cols: number;
  cells: GridCell[];
}

interface Segment {
  text: string;
  bbox: BBox;
}

/** Splits a line where the gap between words is wide compared with its font size. */
function segments(line: Line): Segment[] {
  if (line.words.length === 0) return [{ text: line.text.trim(), bbox: line.bbox }];
  const out: Segment[] = [];
  let run: Word[] = [];
  const flush = () => {
    if (run.length) out.push({ text: run.map((w) => w.text).join(' '), bbox: union(run.map((w) => w.bbox)) });
    run = [];
  };
  const gapLimit = Math.max(4, (line.font.size || 10) * 1.0);
  for (const word of line.words) {
    const last = run.at(-1);
    if (last && word.bbox[0] - last.bbox[2] > gapLimit) flush();
    run.push(word);
  }
  flush();
  return out.filter((s) => s.text.trim() !== '');
}

/** Rows: segments whose vertical centres fall inside the same band, top to bottom. */
function rowsOf(segs: Segment[]): Segment[][] {
  const sorted = [...segs].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const rows: { top: number; bottom: number; segs: Segment[] }[] = [];
  for (const seg of sorted) {
    const centre = (seg.bbox[1] + seg.bbox[3]) / 2;
    // Segments come top-down, so only the last rows can still reach down to this one.
    let row: (typeof rows)[number] | undefined;
    for (let i = rows.length - 1; i >= 0 && !row && rows.length - i <= 8; i--)
      if (centre >= rows[i].top && centre <= rows[i].bottom) row = rows[i];
    if (row) {
      row.segs.push(seg);
      row.top = Math.min(row.top, seg.bbox[1]);
      row.bottom = Math.max(row.bottom, seg.bbox[3]);
    } else rows.push({ top: seg.bbox[1], bottom: seg.bbox[3], segs: [seg] });
  }
  return rows.sort((a, b) => a.top - b.top).map((r) => r.segs.sort((a, b) => a.bbox[0] - b.bbox[0]));
}

/** Column intervals: overlapping x-ranges of all segments merged, left to right. */
function columnsOf(rows: Segment[][]): [number, number][] {
  const spans = rows
    .flat()
    .map((s) => [s.bbox[0], s.bbox[2]] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const cols: [number, number][] = [];
  for (const [l, r] of spans) {
    const last = cols.at(-1);
    if (last && l < last[1]) last[1] = Math.max(last[1], r);
    else cols.push([l, r]);
  }
  return cols;
}

export function simpleGrid(block: Block): SimpleGrid | null {
  const rows = rowsOf(block.lines.flatMap(segments));
  const cols = columnsOf(rows);
  if (rows.length < 2 || cols.length < 2) return null;
  const cells: GridCell[] = [];
  rows.forEach((segs, row) => {
    const byCol = new Map<number, Segment[]>();
    for (const seg of segs) {
      const centre = (seg.bbox[0] + seg.bbox[2]) / 2;
      let col = cols.findIndex(([l, r]) => centre >= l && centre <= r);
      if (col < 0) col = cols.findIndex(([l]) => seg.bbox[0] <= l);
      const at = col < 0 ? cols.length - 1 : col;
      byCol.set(at, [...(byCol.get(at) ?? []), seg]);
    }
    for (const [col, parts] of [...byCol].sort((a, b) => a[0] - b[0])) {
      cells.push({ row, col, text: parts.map((p) => p.text).join(' '), bbox: union(parts.map((p) => p.bbox)) });
    }
  });
  return { rows: rows.length, cols: cols.length, cells };
}

const cellText = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** GitHub-flavoured markdown with the first row as the header. */
export function gridMarkdown(grid: SimpleGrid): string {
  const matrix = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => ''));
  for (const cell of grid.cells) matrix[cell.row][cell.col] = cellText(cell.text);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [row(matrix[0]), row(matrix[0].map(() => '---')), ...matrix.slice(1).map(row)].join('\n');
}

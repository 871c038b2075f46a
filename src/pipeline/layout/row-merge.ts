import type { Line } from '../model/types.ts';
import { centerY, height } from '../model/geometry.ts';
import { lineInfo, monospacedByShape, type LineInfo } from './internal.ts';

/**
 * Model lines → visual lines. Runs printed on one baseline with word-sized gaps (under one em) are one line
 * for layout purposes; wider gaps (column gutters, table cells) keep them apart.
 */
/**
 * Monospaced type seen from word shapes, decided per font: the lines of a font vote (a proportional line
 * outweighs two that look monospaced by chance), and short code lines ("END;") inherit the verdict.
 */
function spreadMonospace(lines: LineInfo[]): void {
  const votes = new Map<string, number>();
  for (const l of lines) {
    const shape = monospacedByShape(l.wordList);
    if (shape === undefined) continue;
    votes.set(l.fontName, (votes.get(l.fontName) ?? 0) + (shape ? 1 : -2));
  }
  for (const l of lines) if (!l.mono && (votes.get(l.fontName) ?? 0) > 0) l.mono = true;
}

/** Runs that make one visual line. Lengths are in font sizes (`size`, the larger of two runs) or line heights. */
const ROW = {
  /** Runs share a row when their centres are less than this share of the smaller height apart. */
  sameRowShare: 0.3,
  /** Runs of sizes differing by at most this share of `size` are similar. */
  similarSizeShare: 0.15,
  /** Similar runs join across gaps from minus this many sizes (overlap)... */
  maxOverlapSizes: 0.3,
  /** ...up to this many sizes (a word space; wider is a gutter or a table cell). */
  maxGapSizes: 1.0,
  /** A line starts at a column edge within this many sizes of it... */
  edgeSlackSizes: 0.5,
  /** ...and ends before it within this many sizes. */
  edgeReachSizes: 2,
} as const;

/** Lines that must start at a row part's left edge (and end just before it) for that edge to be a column's. */
const MIN_COLUMN_EDGE_LINES = 3;
/** Neighbourhood searched for them, in line heights above and below. */
const COLUMN_EDGE_REACH = 10;

/**
 * OCR of a page with a narrow gutter gives the lines of two columns side by side with a gap of a few pixels, which
 * looks like a word space. Such parts stay apart when other lines nearby start at the right part's left edge and
 * others end just before it: that edge is a column's. The right part may open a paragraph, indented from its
 * column's edge: lines that start anywhere between the left part's end and the right part's start count too (in
 * a single column no line starts there). (Text layers break lines at gutters themselves.)
 */
function atColumnEdge(prev: Line, cur: Line, lines: readonly Line[]): boolean {
  if (prev.source !== 'ocr' || cur.source !== 'ocr') return false;
  const size = Math.max(prev.font.size, cur.font.size);
  const y = centerY(cur.bbox);
  const reach = height(cur.bbox) * COLUMN_EDGE_REACH;
  const edge = cur.bbox[0];
  const startsFrom = Math.min(prev.bbox[2], edge - size * ROW.edgeSlackSizes);
  let starting = 0;
  let ending = 0;
  for (const l of lines) {
    if (l === prev || l === cur || Math.abs(centerY(l.bbox) - y) > reach) continue;
    if (l.bbox[0] >= startsFrom && l.bbox[0] <= edge + size * ROW.edgeSlackSizes) starting++;
    else if (l.bbox[2] < edge && l.bbox[2] >= edge - size * ROW.edgeReachSizes) ending++;
  }
  return starting >= MIN_COLUMN_EDGE_LINES && ending >= MIN_COLUMN_EDGE_LINES;
}

export function visualLines(lines: readonly Line[]): LineInfo[] {
  const text = lines.filter((l) => l.text.replace(/[\u200B-\u200D\uFEFF]/gu, '').trim() !== '');
  const flat = text.filter((l) => l.rotation === 0);
  const out: LineInfo[] = text.filter((l) => l.rotation !== 0).map((l) => lineInfo([l]));
  const sorted = [...flat].sort((a, b) => centerY(a.bbox) - centerY(b.bbox) || a.bbox[0] - b.bbox[0]);
  let i = 0;
  while (i < sorted.length) {
    // One text row: lines whose vertical centers are close to the row's first line.
    let j = i + 1;
    const y = centerY(sorted[i].bbox);
    const h = height(sorted[i].bbox);
    while (j < sorted.length && Math.abs(centerY(sorted[j].bbox) - y) < Math.min(h, height(sorted[j].bbox)) * ROW.sameRowShare) j++;
    const row = sorted.slice(i, j).sort((a, b) => a.bbox[0] - b.bbox[0]);
    let parts: Line[] = [row[0]];
    for (let k = 1; k < row.length; k++) {
      const prev = parts[parts.length - 1];
      const cur = row[k];
      const size = Math.max(prev.font.size, cur.font.size);
      const gap = cur.bbox[0] - prev.bbox[2];
      const similar = Math.abs(prev.font.size - cur.font.size) <= size * ROW.similarSizeShare;
      if (
        similar &&
        gap >= -size * ROW.maxOverlapSizes &&
        gap <= size * ROW.maxGapSizes &&
        prev.dir === cur.dir &&
        !atColumnEdge(prev, cur, flat)
      )
        parts.push(cur);
      else {
        out.push(lineInfo(parts));
        parts = [cur];
      }
    }
    out.push(lineInfo(parts));
    i = j;
  }
  spreadMonospace(out);
  return out;
}

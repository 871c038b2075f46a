import type { Box, ExtractedCell, ExtractedTable } from './types.ts';

/**
 * ICDAR-2013 table competition measures: region detection at IoU >= 0.5 and cell structure by adjacency relations
 * (Göbel et al., "A methodology for evaluating algorithms for table understanding in PDF documents", 2012): every
 * non-empty cell is related to its nearest non-empty neighbour to the right and below; a table's structure is
 * the multiset of (content, content, direction) tuples, so it is compared without aligning row/column numbers.
 */

export const MIN_DETECTION_IOU = 0.5;

export function boxArea(box: Box): number {
  return Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
}

export function iou(a: Box, b: Box): number {
  const inter = boxArea([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
  const union = boxArea(a) + boxArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(matched: number, detected: number, expected: number): PRF {
  // Nothing expected and nothing found is a perfect answer, not a division by zero.
  const precision = detected === 0 ? (expected === 0 ? 1 : 0) : matched / detected;
  const recall = expected === 0 ? (detected === 0 ? 1 : 0) : matched / expected;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

/**
 * One-to-one matching of detected to expected tables on the same page, greedily by IoU (highest first), pairs
 * below `minIou` left out. Returns for each expected table the index of its detection, or -1.
 */
export function matchTables(expected: ExtractedTable[], detected: ExtractedTable[], minIou = MIN_DETECTION_IOU): number[] {
  const pairs: { e: number; d: number; iou: number }[] = [];
  expected.forEach((e, ei) =>
    detected.forEach((d, di) => {
      if (e.pageIndex !== d.pageIndex) return;
      const overlap = iou(e.bbox, d.bbox);
      if (overlap >= minIou) pairs.push({ e: ei, d: di, iou: overlap });
    }),
  );
  pairs.sort((a, b) => b.iou - a.iou || a.e - b.e || a.d - b.d);
  const partner = expected.map(() => -1);
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (partner[pair.e] !== -1 || taken.has(pair.d)) continue;
    partner[pair.e] = pair.d;
    taken.add(pair.d);
  }
  return partner;
}

/** Whitespace collapsed and trimmed: line breaks inside a cell are layout, not content. */
export function normalizeCellText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export type Direction = 'right' | 'below';

/** The adjacency tuples of one table, as `content\u0000content\u0000direction` keys (a multiset, as a list). */
export function adjacencyRelations(cells: ExtractedCell[]): string[] {
  const filled = cells.map((c) => ({ ...c, text: normalizeCellText(c.text) })).filter((c) => c.text !== '');
  const at = new Map<string, number>();
  let rows = 0;
  let cols = 0;
  filled.forEach((c, i) => {
    for (let r = c.row; r < c.row + Math.max(1, c.rowspan); r++) {
      for (let k = c.col; k < c.col + Math.max(1, c.colspan); k++) if (!at.has(`${r},${k}`)) at.set(`${r},${k}`, i);
    }
    rows = Math.max(rows, c.row + Math.max(1, c.rowspan));
    cols = Math.max(cols, c.col + Math.max(1, c.colspan));
  });
  const relations: string[] = [];
  filled.forEach((cell, i) => {
    const seen = new Set<number>();
    const relate = (j: number | undefined, direction: Direction) => {
      if (j === undefined || j === i || seen.has(j * 2 + (direction === 'right' ? 0 : 1))) return;
      seen.add(j * 2 + (direction === 'right' ? 0 : 1));
      relations.push(`${cell.text}\u0000${filled[j].text}\u0000${direction}`);
    };
    // For every row the cell spans, its nearest filled neighbour to the right; for every column, the one below.
    for (let r = cell.row; r < cell.row + Math.max(1, cell.rowspan); r++) {
      for (let k = cell.col + Math.max(1, cell.colspan); k < cols; k++)
        if (at.has(`${r},${k}`)) {
          relate(at.get(`${r},${k}`), 'right');
          break;
        }
    }
    for (let k = cell.col; k < cell.col + Math.max(1, cell.colspan); k++) {
      for (let r = cell.row + Math.max(1, cell.rowspan); r < rows; r++)
        if (at.has(`${r},${k}`)) {
          relate(at.get(`${r},${k}`), 'below');
          break;
        }
    }
  });
  return relations;
}

/** Size of the multiset intersection of two lists. */
export function multisetOverlap(a: string[], b: string[]): number {
  const counts = new Map<string, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  let overlap = 0;
  for (const x of b) {
    const n = counts.get(x) ?? 0;
    if (n > 0) {
      overlap++;
      counts.set(x, n - 1);
    }
  }
  return overlap;
}

/** Cell-structure F1 of one detected table against its ground truth (adjacency relations compared as a multiset). */
export function cellAdjacencyF1(expected: ExtractedCell[], detected: ExtractedCell[]): PRF {
  const want = adjacencyRelations(expected);
  const got = adjacencyRelations(detected);
  return prf(multisetOverlap(want, got), got.length, want.length);
}

/** Rows × columns a table's cells cover (spans included). */
export function gridShape(cells: ExtractedCell[]): { rows: number; cols: number } {
  if (cells.length === 0) return { rows: 0, cols: 0 };
  const minRow = Math.min(...cells.map((c) => c.row));
  const minCol = Math.min(...cells.map((c) => c.col));
  return {
    rows: Math.max(...cells.map((c) => c.row + Math.max(1, c.rowspan))) - minRow,
    cols: Math.max(...cells.map((c) => c.col + Math.max(1, c.colspan))) - minCol,
  };
}

/** One document's (or a whole set's) scores; sums so that documents can be pooled. */
export interface IcdarScore {
  expected: number;
  detected: number;
  matched: number;
  /** Cell F1 per expected table, 0 for a missed one. */
  cellF1: number[];
  /** Whether each expected table's partner has the same rows × columns (false for a missed one). */
  shapeExact: boolean[];
}

export function scoreDocument(expected: ExtractedTable[], detected: ExtractedTable[]): IcdarScore {
  const partner = matchTables(expected, detected);
  return {
    expected: expected.length,
    detected: detected.length,
    matched: partner.filter((p) => p !== -1).length,
    cellF1: expected.map((e, i) => (partner[i] === -1 ? 0 : cellAdjacencyF1(e.cells, detected[partner[i]].cells).f1)),
    shapeExact: expected.map((e, i) => {
      if (partner[i] === -1) return false;
      const [want, got] = [gridShape(e.cells), gridShape(detected[partner[i]].cells)];
      return want.rows === got.rows && want.cols === got.cols;
    }),
  };
}

export function poolScores(scores: IcdarScore[]): IcdarScore {
  return {
    expected: scores.reduce((s, x) => s + x.expected, 0),
    detected: scores.reduce((s, x) => s + x.detected, 0),
    matched: scores.reduce((s, x) => s + x.matched, 0),
    cellF1: scores.flatMap((x) => x.cellF1),
    shapeExact: scores.flatMap((x) => x.shapeExact),
  };
}

export interface IcdarSummary {
  detection: PRF;
  /** Mean over expected tables, missed ones scoring 0. */
  meanCellF1: number;
  /** Mean over the expected tables that were detected (structure quality alone). */
  meanCellF1Matched: number;
  shapeExactRate: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summarizeScore(score: IcdarScore): IcdarSummary {
  return {
    detection: prf(score.matched, score.detected, score.expected),
    meanCellF1: mean(score.cellF1),
    // Missed tables add 0 to the sum, so the sum over matched ones is the sum over all.
    meanCellF1Matched: score.matched ? score.cellF1.reduce((a, b) => a + b, 0) / score.matched : 0,
    shapeExactRate: mean(score.shapeExact.map((x) => (x ? 1 : 0))),
  };
}

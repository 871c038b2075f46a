import type { AssembledCell, Merge } from './grid.ts';

/**
 * Group labels of stacked unruled headers: a label over several sub-headers is printed narrower than the
 * columns it heads, so its text alone spans too few of them. A label set flush with its first sub-header heads
 * the columns up to the next label; a label set in the middle heads the widest run of columns it is centred
 * over. Only columns that have a sub-header below are taken.
 */

interface Label {
  cell: AssembledCell;
  x0: number;
  x1: number;
}

export function groupLabelMerges(cells: readonly AssembledCell[], headerRows: number, colEdges: readonly number[], size: number): Merge[] {
  const cols = colEdges.length - 1;
  const out: Merge[] = [];
  for (let r = 0; r < headerRows - 1; r++) {
    const below = subHeaderColumns(cells, r + 1, cols);
    const anchored = new Map<number, AssembledCell>();
    for (const c of cells) if (c.row === r && c.rowspan === 1) for (let k = c.col; k < c.col + c.colspan; k++) anchored.set(k, c);
    const free = (k: number) => {
      const c = anchored.get(k);
      return c !== undefined && !c.text && c.colspan === 1 && below.has(k);
    };
    const labels: Label[] = cells
      .filter((c) => c.row === r && c.rowspan === 1 && c.text && c.words.length > 0)
      .map((cell) => ({ cell, x0: Math.min(...cell.words.map((w) => w.bbox[0])), x1: Math.max(...cell.words.map((w) => w.bbox[2])) }))
      .sort((a, b) => a.cell.col - b.cell.col);
    const taken = new Set<number>();
    for (const label of labels) {
      const [a, b] = headedColumns(label, cells, r, colEdges, size, (k) => free(k) && !taken.has(k));
      if (b - a + 1 <= label.cell.colspan) continue;
      for (let k = a; k <= b; k++) taken.add(k);
      for (let k = a; k < b; k++) out.push({ a: r * cols + k, b: r * cols + k + 1, textual: false });
    }
  }
  return out;
}

function subHeaderColumns(cells: readonly AssembledCell[], r: number, cols: number): Set<number> {
  const out = new Set<number>();
  for (const c of cells)
    if (c.row <= r && c.row + c.rowspan > r && c.text) for (let k = c.col; k < Math.min(cols, c.col + c.colspan); k++) out.add(k);
  return out;
}

/** How far the sub-header under a group label may start from the label's left edge and still be flush with it, in em. */
const FLUSH_TOL_EM = 0.5;
/** How far a label's centre may sit from the centre of the sub-headers it heads: this share of their width (at least one em). */
const CENTRED_TOL_SHARE = 0.05;

/** The first and last column a label heads (its own columns when it heads no more). */
function headedColumns(
  label: Label,
  cells: readonly AssembledCell[],
  r: number,
  colEdges: readonly number[],
  size: number,
  free: (k: number) => boolean,
): [number, number] {
  const first = label.cell.col;
  const last = first + label.cell.colspan - 1;
  const sub = cells.find((c) => c.row === r + 1 && c.col === first && c.text && c.words.length > 0);
  const flush = sub !== undefined && Math.abs(Math.min(...sub.words.map((w) => w.bbox[0])) - label.x0) <= size * FLUSH_TOL_EM;
  if (flush) {
    let b = last;
    while (b + 1 < colEdges.length - 1 && free(b + 1)) b++;
    return [first, b];
  }
  // Centred over the sub-headers' text (column edges sit mid-gutter, wherever the gutter is).
  const centre = (label.x0 + label.x1) / 2;
  const subs = cells.filter((c) => c.row === r + 1 && c.words.length > 0);
  const extent = (a: number, b: number): [number, number] | undefined => {
    const words = subs.filter((c) => c.col >= a && c.col + c.colspan - 1 <= b).flatMap((c) => c.words);
    return words.length ? [Math.min(...words.map((w) => w.bbox[0])), Math.max(...words.map((w) => w.bbox[2]))] : undefined;
  };
  let best: [number, number] = [first, last];
  for (let a = first; a >= 0 && (a === first || free(a)); a--) {
    for (let b = last; b < colEdges.length - 1 && (b === last || free(b)); b++) {
      const span = extent(a, b);
      if (!span || b - a <= best[1] - best[0]) continue;
      if (Math.abs((span[0] + span[1]) / 2 - centre) <= Math.max(size, (span[1] - span[0]) * CENTRED_TOL_SHARE)) best = [a, b];
    }
  }
  return best;
}

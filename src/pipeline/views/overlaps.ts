import { area } from '../model/geometry.ts';
import { contains, intersection, type IntBox } from './view-boxes.ts';

/**
 * Makes a set of boxes pairwise non-overlapping (interiors disjoint; shared edges are fine) by clipping: of two
 * overlapping boxes the smaller one gives way, keeping its largest piece beside the other; when it lies wholly
 * inside the other, the larger one gives way instead (a caption inside a figure's box keeps its own box and the
 * figure is cut back). A box that cannot keep any area is dropped.
 */

export interface Clippable {
  box: IntBox;
  score: number;
}

/** The largest part of `box` left of, right of, above or below `other` (null when none has area). */
function largestPieceOutside(box: IntBox, other: IntBox): IntBox | null {
  const pieces: IntBox[] = [
    [box[0], box[1], Math.min(box[2], other[0]), box[3]],
    [Math.max(box[0], other[2]), box[1], box[2], box[3]],
    [box[0], box[1], box[2], Math.min(box[3], other[1])],
    [box[0], Math.max(box[1], other[3]), box[2], box[3]],
  ];
  let best: IntBox | null = null;
  for (const piece of pieces) if (area(piece) > 0 && (!best || area(piece) > area(best))) best = piece;
  return best;
}

/** Clips in place; returns the indexes of the items that were dropped. */
export function removeOverlaps<T extends Clippable>(items: T[]): Set<number> {
  const dropped = new Set<number>();
  // Each pass resolves one pair at least; a bounded loop guards against cycles.
  for (let pass = 0; pass < items.length * items.length + 1; pass++) {
    const pair = firstOverlap(items, dropped);
    if (!pair) break;
    const [i, j] = pair;
    const [a, b] = [items[i], items[j]];
    let yielding = area(a.box) < area(b.box) || (area(a.box) === area(b.box) && a.score < b.score) ? i : j;
    const keeper = yielding === i ? j : i;
    const same = contains(items[keeper].box, items[yielding].box) && contains(items[yielding].box, items[keeper].box);
    if (!same && contains(items[keeper].box, items[yielding].box)) yielding = keeper;
    const other = yielding === i ? j : i;
    const piece = largestPieceOutside(items[yielding].box, items[other].box);
    if (piece) items[yielding].box = piece;
    else dropped.add(yielding);
  }
  return dropped;
}

function firstOverlap(items: Clippable[], dropped: Set<number>): [number, number] | null {
  for (let i = 0; i < items.length; i++) {
    if (dropped.has(i)) continue;
    for (let j = i + 1; j < items.length; j++) {
      if (!dropped.has(j) && intersection(items[i].box, items[j].box)) return [i, j];
    }
  }
  return null;
}

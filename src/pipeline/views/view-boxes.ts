import type { BBox, Block, Line } from '../model/types.ts';

/** Integer boxes for views: model boxes are fractional page pixels; views round outward so nothing is cut off. */

export type IntBox = [number, number, number, number];

/** Floor the top-left, ceil the bottom-right, then keep it on the page (a page of size 0 means no limit). */
export function roundOut(box: BBox, width = 0, height = 0): IntBox {
  // 1e-6 slack: a box at 100.0000001 is meant as 100, not 101.
  let [l, t, r, b] = [Math.floor(box[0] + 1e-6), Math.floor(box[1] + 1e-6), Math.ceil(box[2] - 1e-6), Math.ceil(box[3] - 1e-6)];
  if (width > 0) [l, r] = [clamp(l, 0, width), clamp(r, 0, width)];
  if (height > 0) [t, b] = [clamp(t, 0, height), clamp(b, 0, height)];
  return [l, t, Math.max(l, r), Math.max(t, b)];
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function grow(out: BBox, box: BBox): void {
  if (box[0] < out[0]) out[0] = box[0];
  if (box[1] < out[1]) out[1] = box[1];
  if (box[2] > out[2]) out[2] = box[2];
  if (box[3] > out[3]) out[3] = box[3];
}

function growByLine(out: BBox, line: Line): void {
  grow(out, line.bbox);
  for (const word of line.words) grow(out, word.bbox);
}

/** A line's box grown to hold each of its words (their glyph boxes can poke out of the line box). */
export function lineBox(line: Line): BBox {
  const out: BBox = [...line.bbox];
  growByLine(out, line);
  return out;
}

/** A block's box grown to hold all of its lines and words: a region drawn from it contains every character. */
export function blockBox(block: Block): BBox {
  const out: BBox = [...block.bbox];
  for (const line of block.lines) growByLine(out, line);
  return out;
}

export function intersection(a: IntBox, b: IntBox): IntBox | null {
  const box: IntBox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[2] > box[0] && box[3] > box[1] ? box : null;
}

export function contains(outer: IntBox, inner: IntBox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

export function toShape(box: IntBox): { type: 'bbox'; x: number; y: number; w: number; h: number } {
  return { type: 'bbox', x: box[0], y: box[1], w: box[2] - box[0], h: box[3] - box[1] };
}

import { boundsOfPoints } from '../model/geometry.ts';
import type { BBox } from '../model/types.ts';

/**
 * Page-image pixel space: mupdf's page space (the /Rotate and the crop box offset already applied, origin at the
 * top-left of the shown page, y down) scaled by 2 (144 dpi) and shifted by the rendered pixmap's origin, so that a
 * box lands on the pixels `page.toPixmap(Matrix.scale(2, 2))` draws.
 */
export const PX_PER_PT = 2;

export interface PixelSpace {
  /** Page-space → pixel: x' = x·scale − offsetX, y' = y·scale − offsetY. */
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** The rendered pixmap's origin is fz_round_rect of the scaled bounds (floor of the top-left). */
export function pixelSpace(bounds: readonly number[], scale = PX_PER_PT): PixelSpace {
  return { scale, offsetX: Math.floor(bounds[0] * scale + 0.001), offsetY: Math.floor(bounds[1] * scale + 0.001) };
}

/** Matrix taking page space to pixel space, for running devices and walking paths. */
export function pixelMatrix(space: PixelSpace): [number, number, number, number, number, number] {
  return [space.scale, 0, 0, space.scale, -space.offsetX, -space.offsetY];
}

export type Matrix6 = readonly number[];

export function transformPoint(m: Matrix6, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned box around a transformed rectangle. */
export function transformRect(m: Matrix6, r: readonly number[]): BBox {
  const pts = [transformPoint(m, r[0], r[1]), transformPoint(m, r[2], r[1]), transformPoint(m, r[0], r[3]), transformPoint(m, r[2], r[3])];
  return boundsOfPoints(pts);
}

/** The scale a matrix applies to lengths (line widths): sqrt(|det|). */
export function matrixExpansion(m: Matrix6): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}

/** Angles within this many degrees of a right angle are snapped to it. */
const RIGHT_ANGLE_SNAP_DEG = 0.5;

/** Clockwise angle in degrees (y down) of a direction vector, in [0, 360), snapped to a right angle within 0.5°. */
export function directionDegrees(dx: number, dy: number): number {
  let deg = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (deg < 0) deg += 360;
  const right = Math.round(deg / 90) * 90;
  if (Math.abs(deg - right) < RIGHT_ANGLE_SNAP_DEG) deg = right;
  deg = Math.round(deg * 10) / 10;
  return deg >= 360 ? deg - 360 : deg;
}

/** The /Rotate a PDF page's transform applies (user space x axis → page space), as 0, 90, 180 or 270. */
export function rotationOfTransform(m: Matrix6): number {
  const deg = (Math.atan2(m[1], m[0]) * 180) / Math.PI;
  return (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
}

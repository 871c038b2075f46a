import type { Quad, RgbImage } from '../types.ts';
import { convexHull, growRect, minAreaRect, rectCorners, type Point } from './quads.ts';
import { halve } from '../image.ts';
import { writeResizedBgr } from './raster.ts';
import type { OnnxModel } from './sessions.ts';

export interface DetectionLimits {
  /** The longer side of the detector input is at most this (before rounding to 32). */
  maxSide: number;
  /** Images whose shorter side is below this are upscaled (without passing maxSide). */
  minShortSide: number;
}

export const DEFAULT_DETECTION_LIMITS: DetectionLimits = { maxSide: 1280, minShortSide: 320 };

/** DB post-processing constants from PaddleOCR's PP-OCRv4 inference config. */
/** Probability (0–1) above which a map pixel is text. */
const BINARY_THRESHOLD = 0.3;
/** Mean probability (0–1) inside a region's rectangle for it to be kept as a text box. */
const BOX_THRESHOLD = 0.6;
/** A kept rectangle grows outward by area × this / perimeter (map px). */
const UNCLIP_RATIO = 1.5;
/** Shortest side (map px) of a region's rectangle before growing... */
const MIN_SIZE = 3;
/** ...and after growing (PaddleOCR: min_size + 2). */
const MIN_GROWN_SIZE = MIN_SIZE + 2;
/** Most connected regions looked at per image. */
const MAX_CANDIDATES = 1000;

const DET_SCALE = [1 / (255 * 0.225), 1 / (255 * 0.224), 1 / (255 * 0.229)] as const; // B, G, R
const DET_BIAS = [-0.406 / 0.225, -0.456 / 0.224, -0.485 / 0.229] as const;

export interface DetectedBox {
  /** Rectangle corners in original image pixels, ordered top-left first (see rectCorners). */
  quad: Quad;
  score: number;
}

export function detectorInputSize(width: number, height: number, limits: DetectionLimits): { width: number; height: number } {
  let ratio = Math.min(1, limits.maxSide / Math.max(width, height));
  if (Math.min(width, height) * ratio < limits.minShortSide) {
    ratio = Math.min(limits.minShortSide / Math.min(width, height), limits.maxSide / Math.max(width, height));
  }
  const round32 = (v: number) => Math.max(32, Math.round((v * ratio) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/** Text boxes of an image: DB detector + PaddleOCR's post-processing. */
export async function detectText(model: OnnxModel, image: RgbImage, limits: DetectionLimits): Promise<DetectedBox[]> {
  const size = detectorInputSize(image.width, image.height, limits);
  let source = image;
  while (source.width >= size.width * 2 && source.height >= size.height * 2) source = halve(source);
  const input = new Float32Array(3 * size.width * size.height);
  writeResizedBgr(source, size.width, size.height, input, 0, size.width, DET_SCALE, DET_BIAS);
  const out = await model.run(input, [1, 3, size.height, size.width]);
  const mapH = out.dims[2];
  const mapW = out.dims[3];
  const boxes = boxesFromProbabilityMap(out.data, mapW, mapH, image.width / mapW, image.height / mapH);
  // Grown boxes may poke out of the image; PaddleOCR clips them to it too.
  for (const box of boxes) {
    for (let i = 0; i < 8; i += 2) {
      box.quad[i] = Math.min(Math.max(box.quad[i], 0), image.width);
      box.quad[i + 1] = Math.min(Math.max(box.quad[i + 1], 0), image.height);
    }
  }
  return boxes;
}

/** Connected regions above the threshold, each turned into its minimum-area rectangle, scored and grown. */
export function boxesFromProbabilityMap(prob: Float32Array, w: number, h: number, scaleX: number, scaleY: number): DetectedBox[] {
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: DetectedBox[] = [];
  let next = 0;
  for (let start = 0; start < w * h && next < MAX_CANDIDATES; start++) {
    if (prob[start] <= BINARY_THRESHOLD || labels[start] !== 0) continue;
    const label = ++next;
    const bounds = floodFill(prob, labels, stack, w, h, start, label);
    const box = boxForComponent(prob, labels, w, label, bounds, scaleX, scaleY);
    if (box) boxes.push(box);
  }
  return boxes;
}

type Bounds = [minX: number, minY: number, maxX: number, maxY: number];

function floodFill(prob: Float32Array, labels: Int32Array, stack: Int32Array, w: number, h: number, start: number, label: number): Bounds {
  let top = 0;
  stack[top++] = start;
  labels[start] = label;
  let minX = w,
    minY = h,
    maxX = 0,
    maxY = 0;
  while (top > 0) {
    const p = stack[--top];
    const x = p % w;
    const y = (p - x) / w;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    for (let dy = -1; dy <= 1; dy++) {
      const ny = y + dy;
      if (ny < 0 || ny >= h) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        if (nx < 0 || nx >= w) continue;
        const q = ny * w + nx;
        if (labels[q] === 0 && prob[q] > BINARY_THRESHOLD) {
          labels[q] = label;
          stack[top++] = q;
        }
      }
    }
  }
  return [minX, minY, maxX, maxY];
}

function boxForComponent(
  prob: Float32Array,
  labels: Int32Array,
  w: number,
  label: number,
  bounds: Bounds,
  scaleX: number,
  scaleY: number,
): DetectedBox | null {
  const [minX, minY, maxX, maxY] = bounds;
  // The hull of each row's outermost pixel squares is the hull of the whole component. Squares rather than
  // centers (OpenCV's contours) so that the box covers the bitmap region it came from.
  const points: Point[] = [];
  for (let y = minY; y <= maxY; y++) {
    let first = -1;
    let last = -1;
    for (let x = minX; x <= maxX; x++) {
      if (labels[y * w + x] === label) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first >= 0) points.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
  }
  const rect = minAreaRect(convexHull(points));
  if (Math.min(rect.length, rect.thickness) < MIN_SIZE) return null;
  const corners = rectCorners(rect);
  const score = meanInsideQuad(prob, w, corners, bounds);
  if (score < BOX_THRESHOLD) return null;
  const area = rect.length * rect.thickness;
  const perimeter = 2 * (rect.length + rect.thickness);
  const grown = growRect(rect, (area * UNCLIP_RATIO) / perimeter);
  if (Math.min(grown.length, grown.thickness) < MIN_GROWN_SIZE) return null;
  const quad = rectCorners(grown);
  for (let i = 0; i < 8; i += 2) {
    quad[i] *= scaleX;
    quad[i + 1] *= scaleY;
  }
  return { quad, score };
}

/** Mean probability over the pixels whose centers lie inside the (convex, clockwise) quad. */
function meanInsideQuad(prob: Float32Array, w: number, quad: Quad, bounds: Bounds): number {
  let sum = 0;
  let count = 0;
  for (let y = bounds[1]; y <= bounds[3]; y++) {
    const cy = y + 0.5;
    for (let x = bounds[0]; x <= bounds[2]; x++) {
      if (insideConvexQuad(quad, x + 0.5, cy)) {
        sum += prob[y * w + x];
        count++;
      }
    }
  }
  return count === 0 ? 0 : sum / count;
}

function insideConvexQuad(q: Quad, px: number, py: number): boolean {
  const eps = 1e-6;
  for (let i = 0; i < 4; i++) {
    const ax = q[2 * i],
      ay = q[2 * i + 1];
    const bx = q[(2 * i + 2) % 8],
      by = q[(2 * i + 3) % 8];
    if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) < -eps) return false;
  }
  return true;
}

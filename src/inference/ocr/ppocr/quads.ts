import type { Box, Quad, RgbImage } from '../types.ts';

/** OCR quad geometry: convex hulls, rotated rectangles and the text quads they give, their bounds and crops (image px). */

export type Point = [number, number];

/** Convex hull (Andrew's monotone chain), counter-clockwise in y-down coordinates; `points` is sorted in place. */
export function convexHull(points: Point[]): Point[] {
  if (points.length < 3) return points.slice();
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

export interface RotatedRect {
  center: Point;
  /** Unit vector along the first side. */
  axis: Point;
  /** Length along `axis`. */
  length: number;
  /** Length across `axis`. */
  thickness: number;
}

/** Minimum-area enclosing rectangle of a convex hull: one of its sides lies on a hull edge (rotating calipers). */
export function minAreaRect(hull: Point[]): RotatedRect {
  if (hull.length === 1) return { center: [hull[0][0], hull[0][1]], axis: [1, 0], length: 0, thickness: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    let minU = Infinity,
      maxU = -Infinity,
      minV = Infinity,
      maxV = -Infinity;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy;
      const v = -p[0] * uy + p[1] * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { center: [cu * ux - cv * uy, cu * uy + cv * ux], axis: [ux, uy], length: maxU - minU, thickness: maxV - minV };
    }
  }
  return best!;
}

/** Grows a rectangle by `distance` on every side (the rounded-offset polygon's enclosing rectangle). */
export function growRect(rect: RotatedRect, distance: number): RotatedRect {
  return { ...rect, length: rect.length + 2 * distance, thickness: rect.thickness + 2 * distance };
}

/**
 * Corners of a rectangle ordered like PaddleOCR's get_mini_boxes: of the two leftmost corners the upper one is
 * top-left, of the two rightmost the upper one is top-right; then clockwise.
 */
export function rectCorners(rect: RotatedRect): Quad {
  const [cx, cy] = rect.center;
  const [ux, uy] = rect.axis;
  const hl = rect.length / 2;
  const ht = rect.thickness / 2;
  const pts: Point[] = [
    [cx + ux * hl - uy * ht, cy + uy * hl + ux * ht],
    [cx + ux * hl + uy * ht, cy + uy * hl - ux * ht],
    [cx - ux * hl + uy * ht, cy - uy * hl - ux * ht],
    [cx - ux * hl - uy * ht, cy - uy * hl + ux * ht],
  ];
  pts.sort((a, b) => a[0] - b[0]);
  const [l0, l1] = pts[0][1] <= pts[1][1] ? [pts[0], pts[1]] : [pts[1], pts[0]];
  const [r0, r1] = pts[2][1] <= pts[3][1] ? [pts[2], pts[3]] : [pts[3], pts[2]];
  return [l0[0], l0[1], r0[0], r0[1], r1[0], r1[1], l1[0], l1[1]];
}

/** The same quad starting at another corner: `turns` quarter turns counter-clockwise of the reading direction. */
export function rotateQuadStart(quad: Quad, turns: number): Quad {
  const k = ((turns % 4) + 4) % 4;
  const out = new Array<number>(8);
  for (let i = 0; i < 4; i++) {
    out[2 * i] = quad[2 * ((i + k) % 4)];
    out[2 * i + 1] = quad[2 * ((i + k) % 4) + 1];
  }
  return out as Quad;
}

export function quadBounds(quad: Quad): Box {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Reading-direction width and height of a quad (max of opposite sides, as PaddleOCR's crop does). */
export function quadSize(quad: Quad): { width: number; height: number } {
  const d = (i: number, j: number) => Math.hypot(quad[2 * i] - quad[2 * j], quad[2 * i + 1] - quad[2 * j + 1]);
  return { width: Math.max(d(0, 1), d(3, 2)), height: Math.max(d(0, 3), d(1, 2)) };
}

/** The point at fraction u along the quad's reading direction and v across it (bilinear in the corners). */
export function pointInQuad(quad: Quad, u: number, v: number): Point {
  const topX = quad[0] + (quad[2] - quad[0]) * u;
  const topY = quad[1] + (quad[3] - quad[1]) * u;
  const botX = quad[6] + (quad[4] - quad[6]) * u;
  const botY = quad[7] + (quad[5] - quad[7]) * u;
  return [topX + (botX - topX) * v, topY + (botY - topY) * v];
}

/**
 * Samples the quad into an upright width x height image (bilinear, edge pixels replicated). Quad coordinates are
 * continuous: pixel (x, y) covers [x, x+1) x [y, y+1).
 */
export function cropQuad(image: RgbImage, quad: Quad): RgbImage {
  const size = quadSize(quad);
  const outW = Math.max(1, Math.round(size.width));
  const outH = Math.max(1, Math.round(size.height));
  const out = new Uint8Array(outW * outH * 3);
  const { width: w, height: h, data } = image;
  // Each output row walks a straight segment between the interpolated left and right edges (exact for the
  // detector's rectangles; a bilinear approximation of a true perspective warp for other quads).
  for (let y = 0; y < outH; y++) {
    const v = (y + 0.5) / outH;
    const lx = quad[0] + (quad[6] - quad[0]) * v,
      ly = quad[1] + (quad[7] - quad[1]) * v;
    const rx = quad[2] + (quad[4] - quad[2]) * v,
      ry = quad[3] + (quad[5] - quad[3]) * v;
    const dx = (rx - lx) / outW,
      dy = (ry - ly) / outW;
    let sx = lx + dx * 0.5 - 0.5;
    let sy = ly + dy * 0.5 - 0.5;
    let o = y * outW * 3;
    for (let x = 0; x < outW; x++, sx += dx, sy += dy, o += 3) {
      const fx = sx < 0 ? 0 : sx > w - 1 ? w - 1 : sx;
      const fy = sy < 0 ? 0 : sy > h - 1 ? h - 1 : sy;
      const x0 = Math.floor(fx),
        y0 = Math.floor(fy);
      const x1 = x0 + 1 < w ? x0 + 1 : x0,
        y1 = y0 + 1 < h ? y0 + 1 : y0;
      const wx = fx - x0,
        wy = fy - y0;
      const a = (y0 * w + x0) * 3,
        b = (y0 * w + x1) * 3,
        c = (y1 * w + x0) * 3,
        e = (y1 * w + x1) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = data[a + ch] + (data[b + ch] - data[a + ch]) * wx;
        const bot = data[c + ch] + (data[e + ch] - data[c + ch]) * wx;
        out[o + ch] = top + (bot - top) * wy + 0.5;
      }
    }
  }
  return { width: outW, height: outH, data: out };
}

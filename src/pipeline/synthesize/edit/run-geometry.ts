/**
 * Text geometry along the writing direction, so edits work on rotated pages and rotated text: mupdf reports
 * positions in display space (y down, page rotation applied); the content stream needs PDF user space (y up).
 */
import type { PageChar } from './stext.ts';

export type Matrix = [number, number, number, number, number, number];
type Vec = [number, number];

export function invert(m: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export const applyPoint = (m: Matrix, [x, y]: Vec): Vec => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const applyVector = (m: Matrix, [x, y]: Vec): Vec => [m[0] * x + m[2] * y, m[1] * x + m[3] * y];
const unit = ([x, y]: Vec): Vec => {
  const n = Math.hypot(x, y) || 1;
  return [x / n, y / n];
};
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1];

function quadCorners(ch: PageChar): Vec[] {
  const [x0, y0, x1, y1] = ch.box;
  return [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ];
}

/** How far along `dir` the character reaches past its origin (its advance, near enough). */
function reach(ch: PageChar, dir: Vec): number {
  return Math.max(...quadCorners(ch).map(([x, y]) => dot([x - ch.origin[0], y - ch.origin[1]], dir)));
}

export interface RunGeometry {
  dir: Vec;
  /** Baseline start of the first character and end of the last one (display space). */
  start: Vec;
  end: Vec;
}

export function runGeometry(chars: PageChar[], lineDir: Vec): RunGeometry {
  const dir = unit(lineDir);
  const first = chars[0];
  const last = chars[chars.length - 1];
  const r = reach(last, dir);
  return { dir, start: first.origin, end: [last.origin[0] + dir[0] * r, last.origin[1] + dir[1] * r] };
}

/**
 * A rectangle inside the run's glyphs: a band from 0.15 to 0.55 of the size above the baseline, trimmed at both
 * ends, so redaction catches these glyphs and never a neighbour on the same line or the lines around it.
 */
export function innerRect(run: RunGeometry, chars: PageChar[], size: number): [number, number, number, number] {
  const { dir, start, end } = run;
  const up: Vec = [dir[1], -dir[0]];
  const length = dot([end[0] - start[0], end[1] - start[1]], dir);
  const trimStart = Math.min(0.25 * reach(chars[0], dir), 0.15 * size);
  const trimEnd = Math.min(0.25 * reach(chars[chars.length - 1], dir), 0.15 * size);
  const corners: Vec[] = [];
  for (const along of [trimStart, Math.max(trimStart, length - trimEnd)]) {
    for (const across of [0.15 * size, 0.55 * size]) {
      corners.push([start[0] + dir[0] * along + up[0] * across, start[1] + dir[1] * along + up[1] * across]);
    }
  }
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The text matrix (PDF space) that starts `width` points back from `end` (right-aligned) or at `start`. */
export function textMatrix(run: RunGeometry, toPdf: Matrix, width: number, keepEnd: boolean): Matrix {
  const { dir, start, end } = run;
  const origin: Vec = keepEnd ? [end[0] - dir[0] * width, end[1] - dir[1] * width] : start;
  const [x, y] = applyPoint(toPdf, origin);
  const [ux, uy] = unit(applyVector(toPdf, dir));
  return [ux, uy, -uy, ux, x, y];
}

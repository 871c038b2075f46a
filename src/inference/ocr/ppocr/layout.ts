import type { Box, OcrLine, OcrWord, Quad } from '../types.ts';
import { pointInQuad, quadBounds } from './quads.ts';
import type { Recognition } from './recognize.ts';

/**
 * Words of a recognized line: the text split at spaces, each word's extent taken from its characters' CTC time
 * steps (half a character pitch either side) and mapped along the line quad.
 */
export function wordsOfLine(reading: Recognition, quad: Quad): OcrWord[] {
  const chars = reading.chars;
  if (chars.length === 0) return [];
  const pitch = chars.length > 1 ? (chars[chars.length - 1].center - chars[0].center) / (chars.length - 1) : 2 * chars[0].step;
  const lineBox = quadBounds(quad);
  const words: OcrWord[] = [];
  let previousRight = 0;
  let i = 0;
  while (i < chars.length) {
    if (chars[i].char === ' ') {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < chars.length && chars[j + 1].char !== ' ') j++;
    const left = Math.max(previousRight, chars[i].center - pitch / 2, 0);
    const right = Math.min(1, Math.max(left, chars[j].center + pitch / 2));
    const slice = chars.slice(i, j + 1);
    words.push({
      text: slice.map((c) => c.char).join(''),
      box: clipBox(spanBounds(quad, left, right), lineBox),
      confidence: slice.reduce((s, c) => s + c.confidence, 0) / slice.length,
    });
    previousRight = right;
    i = j + 1;
  }
  return words;
}

function spanBounds(quad: Quad, u0: number, u1: number): Box {
  const pts = [pointInQuad(quad, u0, 0), pointInQuad(quad, u1, 0), pointInQuad(quad, u1, 1), pointInQuad(quad, u0, 1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function clipBox(box: Box, within: Box): Box {
  return [Math.max(box[0], within[0]), Math.max(box[1], within[1]), Math.min(box[2], within[2]), Math.min(box[3], within[3])];
}

/** Top to bottom; lines whose vertical centers are within half a line height form a row, read left to right. */
export function readingOrder(lines: OcrLine[]): OcrLine[] {
  const byTop = [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const rows: { center: number; height: number; lines: OcrLine[] }[] = [];
  for (const line of byTop) {
    const center = (line.box[1] + line.box[3]) / 2;
    const height = line.box[3] - line.box[1];
    const row = rows.length > 0 ? rows[rows.length - 1] : null;
    if (row && Math.abs(center - row.center) <= Math.min(height, row.height) / 2) {
      row.lines.push(line);
    } else {
      rows.push({ center, height, lines: [line] });
    }
  }
  return rows.flatMap((row) => row.lines.sort((a, b) => a.box[0] - b.box[0]));
}

/** A line at least this many times as long as it is tall has a baseline long enough to measure skew on. */
const SKEW_MIN_ASPECT = 3;

/**
 * Median baseline angle (degrees, clockwise positive) of the long lines; 0 if none. Angles are taken modulo a
 * quarter turn (into (-45, 45]): on a page that still needs a quarter turn the skew is the residual tilt.
 */
export function skewOf(quads: Quad[]): number {
  const angles: number[] = [];
  for (const q of quads) {
    const dx = q[2] - q[0];
    const dy = q[3] - q[1];
    const width = Math.hypot(dx, dy);
    const height = Math.hypot(q[6] - q[0], q[7] - q[1]);
    if (width >= SKEW_MIN_ASPECT * height) angles.push(residualTilt((Math.atan2(dy, dx) * 180) / Math.PI));
  }
  if (angles.length === 0) return 0;
  angles.sort((a, b) => a - b);
  const mid = angles.length >> 1;
  return angles.length % 2 ? angles[mid] : (angles[mid - 1] + angles[mid]) / 2;
}

function residualTilt(degrees: number): number {
  let r = degrees % 90;
  if (r > 45) r -= 90;
  if (r <= -45) r += 90;
  return r;
}

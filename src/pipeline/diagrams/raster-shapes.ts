import type { RasterPage } from '../drawing/mod.ts';
import type { BBox, Line } from '../model/types.ts';
import { area, center, height, overlapArea, width } from '../model/geometry.ts';
import type { Pt } from './polylines.ts';
import type { NodeShape, ShapeOutline } from './types.ts';

/**
 * Node shapes in a page image, found from their labels: the area of the shape's own colour around each text line
 * (white, or a fill) is flood-filled up to whatever differs from it: the outline, or the page around a filled shape. A bounded area that does not reach the page edge is a shape; its fill ratio and profile
 * tell box (≈1), rounded box and stadium (straight top), ellipse (≈π/4) and diamond (≈1/2) apart.
 */
export interface InkMap {
  w: number;
  h: number;
  dark: Uint8Array;
  rgb: Uint8Array;
}

const DARK = 160;

/** Thresholds of the raster shape finder; lengths in image px, shares of the shape's width (w) or height (h). */
const SHAPE = {
  /** A flood fill covering more than this share of the page is the background, not a shape (ratio). */
  maxAreaShare: 0.25,
  /** Two shapes overlapping by more than this share of the smaller clash; the larger goes (ratio). */
  overlapShare: 0.1,
  /** The seed colour is read on a ring this far (px) outside the text box. */
  seedRing: 3,
  /** Pixels within this on every channel (0..255) are the same fill. */
  sameColourTol: 48,
  /** A shape is at least this wide and tall (px). */
  minWidth: 20,
  minHeight: 12,
  /** The fill's profile is read on rows at these shares of h from the top. */
  topRow: 0.04,
  upperRow: 0.25,
  lowerRow: 0.75,
  /** The outline lies this far (px) outside the fill. */
  pad: 2,
  /** Symmetric: row centres within this share of w of the middle, row lengths within this share of w. */
  symmetryCentre: 0.06,
  symmetryLength: 0.1,
  /** Decision (diamond): fill ratio strictly between these, upper row between these shares of w. */
  decisionMinFill: 0.4,
  decisionMaxFill: 0.64,
  decisionMinRow: 0.35,
  decisionMaxRow: 0.65,
  /** Parallelogram: fill above this, rows shifted by more than this share of w, lengths within this share. */
  parallelogramMinFill: 0.6,
  parallelogramShift: 0.12,
  parallelogramLength: 0.1,
  /** Box: fill at least this, top row more than this share of w. */
  boxMinFill: 0.95,
  boxMinTop: 0.9,
  /** Ellipse: fill strictly between these, top row under this share of w; a circle's w/h is within this of 1. */
  ellipseMinFill: 0.7,
  ellipseMaxFill: 0.84,
  ellipseMaxTop: 0.65,
  circleAspectTol: 0.2,
  /** Rounded shapes: fill at least this; a stadium's rounding takes at least this many h of the width. */
  roundedMinFill: 0.84,
  stadiumEnds: 0.75,
} as const;

export function inkOf(r: RasterPage): InkMap {
  const dark = new Uint8Array(r.width * r.height);
  for (let i = 0, j = 0; i < dark.length; i++, j += 3) {
    dark[i] = 0.299 * r.data[j] + 0.587 * r.data[j + 1] + 0.114 * r.data[j + 2] < DARK ? 1 : 0;
  }
  return { w: r.width, h: r.height, dark, rgb: r.data };
}

export interface RasterShape extends ShapeOutline {
  /** Region id in `regions` (1-based). */
  id: number;
}

/** Shapes around text lines, and a map of pixel → region id (0: none) for the connector pass. */
export function shapesAroundText(ink: InkMap, lines: readonly Line[]): { shapes: RasterShape[]; regions: Int32Array } {
  const regions = new Int32Array(ink.w * ink.h);
  const shapes: RasterShape[] = [];
  const maxArea = Math.floor(ink.w * ink.h * SHAPE.maxAreaShare);
  let next = 1;
  const queue = new Int32Array(Math.min(ink.w * ink.h, maxArea + 4));
  const failed = new Set<number>();
  for (const line of lines) {
    const seed = seedIn(ink, line.bbox);
    if (seed < 0 || regions[seed] !== 0 || failed.has(seed)) continue;
    const id = next++;
    const filled = flood(ink, regions, queue, seed, id);
    if (!filled) {
      failed.add(seed);
      continue;
    }
    const shape = classify(ink, regions, id, filled, lines);
    if (shape) shapes.push(shape);
  }
  return { shapes: withoutOverlaps(shapes), regions };
}

/** Nodes do not overlap: of two overlapping areas the larger is the space between shapes, not a shape. */
function withoutOverlaps(shapes: RasterShape[]): RasterShape[] {
  return shapes.filter(
    (s) =>
      !shapes.some(
        (o) =>
          o !== s && overlapArea(o.bbox, s.bbox) > SHAPE.overlapShare * Math.min(area(o.bbox), area(s.bbox)) && area(s.bbox) > area(o.bbox),
      ),
  );
}

/**
 * A pixel of the colour that surrounds the line's text: the most common colour on a ring just outside its box
 * (inside a shape that is the shape's fill; glyph edges are a minority).
 */
function seedIn(ink: InkMap, b: BBox): number {
  const counts = new Map<number, { n: number; at: number }>();
  const x0 = Math.round(b[0]) - SHAPE.seedRing,
    x1 = Math.round(b[2]) + SHAPE.seedRing,
    y0 = Math.round(b[1]) - SHAPE.seedRing,
    y1 = Math.round(b[3]) + SHAPE.seedRing;
  const visit = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= ink.w || y >= ink.h) return;
    const p = y * ink.w + x;
    const key = ((ink.rgb[p * 3] >> 4) << 8) | ((ink.rgb[p * 3 + 1] >> 4) << 4) | (ink.rgb[p * 3 + 2] >> 4);
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { n: 1, at: p });
  };
  for (let x = x0; x <= x1; x++) {
    visit(x, y0);
    visit(x, y1);
  }
  for (let y = y0; y <= y1; y++) {
    visit(x0, y);
    visit(x1, y);
  }
  let best: { n: number; at: number } | null = null;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best ? best.at : -1;
}

/** Fills light pixels 4-connected to the seed with `id`; null (and undone) when it leaks to the edge or grows too big. */
function flood(ink: InkMap, regions: Int32Array, queue: Int32Array, seed: number, id: number): { bbox: BBox; count: number } | null {
  let head = 0;
  let tail = 0;
  queue[tail++] = seed;
  regions[seed] = id;
  let x0 = ink.w,
    y0 = ink.h,
    x1 = 0,
    y1 = 0;
  let leaked = false;
  while (head < tail) {
    const p = queue[head++];
    const x = p % ink.w;
    const y = (p - x) / ink.w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (x === 0 || y === 0 || x === ink.w - 1 || y === ink.h - 1) {
      leaked = true;
      break;
    }
    for (const q of [p - 1, p + 1, p - ink.w, p + ink.w]) {
      if (regions[q] !== 0 || !sameColour(ink.rgb, seed, q)) continue;
      if (tail >= queue.length) {
        leaked = true;
        break;
      }
      regions[q] = id;
      queue[tail++] = q;
    }
    if (leaked) break;
  }
  if (leaked) {
    for (let i = 0; i < tail; i++) regions[queue[i]] = -1;
    return null;
  }
  return { bbox: [x0, y0, x1 + 1, y1 + 1], count: tail };
}

/** Close enough to the seed's colour to be the same fill (anti-aliased outline pixels are not). */
function sameColour(rgb: Uint8Array, a: number, b: number): boolean {
  const i = a * 3;
  const j = b * 3;
  return (
    Math.abs(rgb[i] - rgb[j]) < SHAPE.sameColourTol &&
    Math.abs(rgb[i + 1] - rgb[j + 1]) < SHAPE.sameColourTol &&
    Math.abs(rgb[i + 2] - rgb[j + 2]) < SHAPE.sameColourTol
  );
}

const rowRun = (regions: Int32Array, w: number, id: number, y: number, x0: number, x1: number): [number, number, number] => {
  let first = -1,
    last = -1,
    n = 0;
  for (let x = x0; x < x1; x++)
    if (regions[y * w + x] === id) {
      if (first < 0) first = x;
      last = x;
      n++;
    }
  return [first, last, n];
};

function classify(
  ink: InkMap,
  regions: Int32Array,
  id: number,
  filled: { bbox: BBox; count: number },
  lines: readonly Line[],
): RasterShape | null {
  const b = filled.bbox;
  const w = width(b);
  const h = height(b);
  if (w < SHAPE.minWidth || h < SHAPE.minHeight) return null;
  // Glyphs inside the shape are dark but belong to its inside.
  let glyphInk = 0;
  for (const l of lines) {
    const c = center(l.bbox);
    if (c[0] > b[0] && c[0] < b[2] && c[1] > b[1] && c[1] < b[3]) glyphInk += glyphPixels(ink, regions, id, l.bbox, b);
  }
  const ratio = (filled.count + glyphInk) / (w * h);
  const run = (fy: number) => rowRun(regions, ink.w, id, Math.min(b[3] - 1, Math.round(b[1] + fy * h)), b[0], b[2]);
  const top = run(SHAPE.topRow);
  const upper = run(SHAPE.upperRow);
  const lower = run(SHAPE.lowerRow);
  const shape = shapeFrom(ratio, top, upper, lower, w, h);
  if (!shape || (shape !== 'parallelogram' && !symmetric(upper, lower, b))) return null;
  const pad = SHAPE.pad;
  const box: BBox = [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad];
  return { id, shape, bbox: box, outline: outlineOf(shape, box, upper, lower) };
}

/**
 * Flowchart shapes are symmetric top to bottom about their centre; an area that a connector loop closes off
 * between shapes usually is not (and must not become a node).
 */
function symmetric(upper: [number, number, number], lower: [number, number, number], b: BBox): boolean {
  const w = width(b);
  const mid = (b[0] + b[2]) / 2;
  const cu = (upper[0] + upper[1]) / 2;
  const cl = (lower[0] + lower[1]) / 2;
  return (
    Math.abs(cu - mid) < SHAPE.symmetryCentre * w &&
    Math.abs(cl - mid) < SHAPE.symmetryCentre * w &&
    Math.abs(upper[2] - lower[2]) < SHAPE.symmetryLength * w
  );
}

/** Pixels of a text box (inside the shape's box) that the fill went around: the glyphs. */
function glyphPixels(ink: InkMap, regions: Int32Array, id: number, t: BBox, b: BBox): number {
  let n = 0;
  for (let y = Math.max(b[1], Math.floor(t[1])); y < Math.min(b[3], Math.ceil(t[3])); y++) {
    for (let x = Math.max(b[0], Math.floor(t[0])); x < Math.min(b[2], Math.ceil(t[2])); x++) if (regions[y * ink.w + x] !== id) n++;
  }
  return n;
}

function shapeFrom(
  ratio: number,
  top: [number, number, number],
  upper: [number, number, number],
  lower: [number, number, number],
  w: number,
  h: number,
): NodeShape | null {
  const topShare = top[2] / w;
  if (
    ratio > SHAPE.decisionMinFill &&
    ratio < SHAPE.decisionMaxFill &&
    upper[2] / w > SHAPE.decisionMinRow &&
    upper[2] / w < SHAPE.decisionMaxRow
  )
    return 'decision';
  if (
    ratio > SHAPE.parallelogramMinFill &&
    Math.abs(upper[0] - lower[0]) > SHAPE.parallelogramShift * w &&
    Math.abs(upper[2] - lower[2]) < SHAPE.parallelogramLength * w
  )
    return 'parallelogram';
  if (ratio >= SHAPE.boxMinFill && topShare > SHAPE.boxMinTop) return 'box';
  if (ratio > SHAPE.ellipseMinFill && ratio < SHAPE.ellipseMaxFill && topShare < SHAPE.ellipseMaxTop)
    return Math.abs(w / h - 1) < SHAPE.circleAspectTol ? 'circle' : 'terminal';
  if (ratio >= SHAPE.roundedMinFill) return w - top[2] >= SHAPE.stadiumEnds * h ? 'terminal' : 'rounded';
  return null;
}

function outlineOf(shape: NodeShape, b: BBox, upper: [number, number, number], lower: [number, number, number]): Pt[] {
  const [x0, y0, x1, y1] = b;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  if (shape === 'decision')
    return [
      [cx, y0],
      [x1, cy],
      [cx, y1],
      [x0, cy],
    ];
  if (shape === 'circle' || shape === 'terminal') {
    return Array.from(
      { length: 32 },
      (_, k) => [cx + ((x1 - x0) / 2) * Math.cos((k * Math.PI) / 16), cy + ((y1 - y0) / 2) * Math.sin((k * Math.PI) / 16)] as Pt,
    );
  }
  if (shape === 'parallelogram') {
    const shift = (upper[0] - lower[0]) * 2;
    return shift > 0
      ? [
          [x0 + shift, y0],
          [x1, y0],
          [x1 - shift, y1],
          [x0, y1],
        ]
      : [
          [x0, y0],
          [x1 + shift, y0],
          [x1, y1],
          [x0 - shift, y1],
        ];
  }
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

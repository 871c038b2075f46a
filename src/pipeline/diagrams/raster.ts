import type { PageGraphicsInput } from '../charts/mod.ts';
import type { BBox } from '../model/types.ts';
import { pointBoxDistance, type Pt } from './polylines.ts';
import { assembleGraphs, type RawLink } from './graph.ts';
import { dropGridsAndFrames } from './shapes.ts';
import { textItems } from './labels.ts';
import { inkOf, shapesAroundText, type InkMap, type RasterShape } from './raster-shapes.ts';
import type { DiagramGraph } from './types.ts';

/**
 * Diagram graphs from a page image and its OCR lines. Shapes come from `raster-shapes.ts`; what ink is left once
 * shapes (with a margin for their outlines) and text are taken away are connectors. A connector that touches two
 * shapes links them; the end that carries clearly more ink than a bare line is an arrowhead.
 */
/** Past this the maps (several bytes a pixel) get too big for one page; such pages are skipped. */
const MAX_PIXELS = 16_000_000;
const MAX_COMPONENTS = 5000;

/** Thresholds of the raster connector pass; lengths in image px, or in stroke widths. */
const RASTER = {
  /** Boxes within this many px more than a stroke share an edge (table cells). */
  cellGapPad: 4,
  /** Fewest shapes for a diagram (count). */
  minShapes: 2,
  /** A shape's zone reaches this many px more than a stroke past its inside (its outline). */
  zonePad: 3,
  /** Text boxes are cleared with this margin (px). */
  textPad: 2,
  /** Certainty of a graph read from pixels (0..1). */
  certainty: 0.85,
  /** Stroke width is measured on every this-many-th row, from dark runs this long at most (px). */
  strokeRowStep: 2,
  maxStrokeRun: 8,
  /** Stroke width (px) when there are no such runs. */
  defaultStroke: 2,
  /** A connector has at least this many pixels (count). */
  minConnectorPixels: 10,
  /** A connector touches a zone this many px away. */
  contactReach: 2,
  /** Ink is counted within the larger of this (px) and this many stroke widths of each end. */
  headRadiusMin: 10,
  headRadiusStrokes: 6,
  /** About this many pixels sample a connector's course (count). */
  courseSamples: 1500,
  /** An end is a head with this many times a bare line's ink, and this many times the other end's. */
  headVsBare: 1.6,
  headVsOther: 1.3,
} as const;

export function rasterGraphs(input: PageGraphicsInput): DiagramGraph[] {
  const r = input.raster;
  if (!r || r.width * r.height > MAX_PIXELS || r.width * r.height === 0 || input.page.lines.length === 0) return [];
  const ink = inkOf(r);
  const found = shapesAroundText(ink, input.page.lines);
  const stroke = strokeWidth(ink);
  const shapes = dropGridsAndFrames(found.shapes, stroke + RASTER.cellGapPad);
  const regions = found.regions;
  if (shapes.length < RASTER.minShapes) return [];
  const margin = Math.ceil(stroke) + RASTER.zonePad;
  const zone = zoneMap(ink, regions, shapes, margin);
  const textBoxes = input.page.lines.map(
    (l) => [l.bbox[0] - RASTER.textPad, l.bbox[1] - RASTER.textPad, l.bbox[2] + RASTER.textPad, l.bbox[3] + RASTER.textPad] as BBox,
  );
  const links = connectorLinks(ink, zone, textBoxes, stroke);
  return assembleGraphs(shapes, links, textItems(input.page), RASTER.certainty);
}

/** Typical line thickness: the median length of short horizontal dark runs (vertical strokes). */
function strokeWidth(ink: InkMap): number {
  const counts = new Array<number>(RASTER.maxStrokeRun + 1).fill(0);
  for (let y = 0; y < ink.h; y += RASTER.strokeRowStep) {
    let run = 0;
    for (let x = 0; x <= ink.w; x++) {
      if (x < ink.w && ink.dark[y * ink.w + x]) run++;
      else {
        if (run > 0 && run <= RASTER.maxStrokeRun) counts[run]++;
        run = 0;
      }
    }
  }
  const total = counts.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let k = 1; k <= RASTER.maxStrokeRun; k++) if ((seen += counts[k]) >= total / 2) return k;
  return RASTER.defaultStroke;
}

/** Each shape's inside grown by `margin` pixels (covering its outline): pixel → shape index + 1. */
function zoneMap(ink: InkMap, regions: Int32Array, shapes: readonly RasterShape[], margin: number): Int32Array {
  const byRegion = new Map(shapes.map((s, i) => [s.id, i + 1]));
  const base = new Int32Array(ink.w * ink.h);
  for (let i = 0; i < base.length; i++) if (regions[i] > 0) base[i] = byRegion.get(regions[i]) ?? 0;
  const rows = new Int32Array(base.length);
  for (let y = 0; y < ink.h; y++) {
    for (let x = 0; x < ink.w; x++) {
      const v = base[y * ink.w + x];
      if (!v) continue;
      for (let k = Math.max(0, x - margin); k <= Math.min(ink.w - 1, x + margin); k++) rows[y * ink.w + k] = v;
    }
  }
  const out = new Int32Array(base.length);
  for (let y = 0; y < ink.h; y++) {
    for (let x = 0; x < ink.w; x++) {
      const v = rows[y * ink.w + x];
      if (!v) continue;
      for (let k = Math.max(0, y - margin); k <= Math.min(ink.h - 1, y + margin); k++) out[k * ink.w + x] = v;
    }
  }
  return out;
}

function connectorLinks(ink: InkMap, zone: Int32Array, textBoxes: BBox[], stroke: number): RawLink[] {
  const free = new Uint8Array(ink.dark.length);
  for (let i = 0; i < free.length; i++) free[i] = ink.dark[i] && !zone[i] ? 1 : 0;
  for (const b of textBoxes) clearBox(free, ink, b);
  const seen = new Uint8Array(free.length);
  const links: RawLink[] = [];
  let components = 0;
  for (let i = 0; i < free.length && components < MAX_COMPONENTS; i++) {
    if (!free[i] || seen[i]) continue;
    components++;
    const pixels = component(free, seen, ink, i);
    if (pixels.length < RASTER.minConnectorPixels) continue;
    const link = linkOf(pixels, zone, ink, stroke);
    if (link) links.push(link);
  }
  return links;
}

function clearBox(mask: Uint8Array, ink: InkMap, b: BBox): void {
  for (let y = Math.max(0, Math.floor(b[1])); y < Math.min(ink.h, Math.ceil(b[3])); y++) {
    for (let x = Math.max(0, Math.floor(b[0])); x < Math.min(ink.w, Math.ceil(b[2])); x++) mask[y * ink.w + x] = 0;
  }
}

function component(mask: Uint8Array, seen: Uint8Array, ink: InkMap, start: number): number[] {
  const out = [start];
  seen[start] = 1;
  for (let k = 0; k < out.length; k++) {
    const p = out[k];
    const x = p % ink.w;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const q = p + dy * ink.w + dx;
        if (nx < 0 || nx >= ink.w || q < 0 || q >= mask.length || seen[q] || !mask[q]) continue;
        seen[q] = 1;
        out.push(q);
      }
    }
  }
  return out;
}

/** The shapes a connector touches (pixels next to a shape's zone), and whether each touching end has a head. */
function linkOf(pixels: number[], zone: Int32Array, ink: InkMap, stroke: number): RawLink | null {
  const contacts = new Map<number, { x: number; y: number; n: number }>();
  for (const p of pixels) {
    const x = p % ink.w;
    const y = (p - x) / ink.w;
    for (const q of [p - RASTER.contactReach, p + RASTER.contactReach, p - RASTER.contactReach * ink.w, p + RASTER.contactReach * ink.w]) {
      const z = q >= 0 && q < zone.length ? zone[q] : 0;
      if (!z) continue;
      const c = contacts.get(z) ?? { x: 0, y: 0, n: 0 };
      c.x += x;
      c.y += y;
      c.n++;
      contacts.set(z, c);
    }
  }
  if (contacts.size !== 2) return null;
  const [[za, ca], [zb, cb]] = [...contacts.entries()];
  const pa: Pt = [ca.x / ca.n, ca.y / ca.n];
  const pb: Pt = [cb.x / cb.n, cb.y / cb.n];
  const radius = Math.max(RASTER.headRadiusMin, RASTER.headRadiusStrokes * stroke);
  const inkA = inkNear(pixels, ink.w, pa, radius);
  const inkB = inkNear(pixels, ink.w, pb, radius);
  const bare = radius * stroke;
  const sample = pixels
    .filter((_, k) => k % Math.max(1, Math.floor(pixels.length / RASTER.courseSamples)) === 0)
    .map((p) => [p % ink.w, Math.floor(p / ink.w)] as Pt);
  const bbox = boxOf(sample);
  return {
    a: za - 1,
    b: zb - 1,
    headAtA: inkA > RASTER.headVsBare * bare && inkA > RASTER.headVsOther * inkB,
    headAtB: inkB > RASTER.headVsBare * bare && inkB > RASTER.headVsOther * inkA,
    bbox,
    distanceTo: (b: BBox) => Math.min(...sample.map((p) => pointBoxDistance(p, b))),
  };
}

function inkNear(pixels: number[], w: number, c: Pt, r: number): number {
  let n = 0;
  for (const p of pixels) {
    const x = p % w;
    const y = (p - x) / w;
    if ((x - c[0]) ** 2 + (y - c[1]) ** 2 <= r * r) n++;
  }
  return n;
}

function boxOf(points: Pt[]): BBox {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + 1);
    y1 = Math.max(y1, y + 1);
  }
  return [x0, y0, x1, y1];
}

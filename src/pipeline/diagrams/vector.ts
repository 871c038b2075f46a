import type { PageGraphicsInput } from '../charts/mod.ts';
import { findArrowheads } from './arrows.ts';
import { findConnectors } from './connectors.ts';
import { area, overlapArea } from '../model/geometry.ts';
import { boxPolylineDistance } from './polylines.ts';
import { assembleGraphs, shapeAt, type RawLink } from './graph.ts';
import { textItems } from './labels.ts';
import { findShapes } from './shapes.ts';
import type { DiagramGraph } from './types.ts';

/** Thresholds of the vector diagram reader; lengths in page px. */
const VECTOR = {
  /** A shape covered by a table block over more than this share of its area is a table cell (ratio). */
  tableCover: 0.5,
  /** Fewest shapes for a diagram (count). */
  minShapes: 2,
  /** A connector end attaches to a shape within the larger of this (px) and this many line widths. */
  attachMin: 8,
  attachLineWidths: 3,
} as const;

/** Diagram graphs from a born-digital page's vector paths and text layer. */
export function vectorGraphs(input: PageGraphicsInput): DiagramGraph[] {
  const drawing = input.drawing;
  if (!drawing || drawing.paths.length === 0) return [];
  const tables = input.page.blocks.filter((b) => b.type === 'table').map((b) => b.bbox);
  const shapes = findShapes(drawing.paths, drawing.width, drawing.height).filter(
    (s) => !tables.some((t) => overlapArea(t, s.bbox) > VECTOR.tableCover * area(s.bbox)),
  );
  if (shapes.length < VECTOR.minShapes) return [];
  const heads = findArrowheads(drawing.paths);
  const links: RawLink[] = [];
  for (const c of findConnectors(drawing.paths, heads)) {
    const tol = Math.max(VECTOR.attachMin, VECTOR.attachLineWidths * c.lineWidth);
    const a = shapeAt(c.start, shapes, tol);
    const b = shapeAt(c.end, shapes, tol);
    if (a < 0 || b < 0) continue;
    links.push({ a, b, headAtA: c.startHead, headAtB: c.endHead, distanceTo: (b) => boxPolylineDistance(b, c.points), bbox: c.bbox });
  }
  return assembleGraphs(shapes, links, textItems(input.page), 1);
}

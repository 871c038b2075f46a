import type { BBox, Line } from '../../model/types.ts';
import type { DrawnPath, PageDrawing } from '../../drawing/mod.ts';
import type { ChartPoint, ItemPart } from '../types.ts';
import { centerX, centerY, union } from '../../model/geometry.ts';
import { brightness, near } from './primitives.ts';
import { findLegend, type LegendEntry } from './legend.ts';
import { parseNumber } from './numbers.ts';

/**
 * Pie charts: filled wedges that share a centre vertex. A wedge's share is the angle its arc sweeps round the
 * centre (measured on the flattened curve) over the full turn. A slice is named by the legend entry of its
 * colour, else by the text nearest the outside of its arc; a percentage printed inside the slice is preferred
 * to the measured share when the two agree.
 */
export interface PieFound {
  box: BBox;
  legend: LegendEntry[];
  points: ChartPoint[];
  colors: string[];
  parts: ItemPart[];
  confidence: number;
}

interface Wedge {
  path: DrawnPath;
  points: [number, number][];
}

const MAX_WEDGES = 400;
/** A wedge is a few Bézier arcs (8 points each) and two radii; outlines of maps and glyph-like shapes are longer. */
const MAX_WEDGE_POINTS = 600;

/** Thresholds of the pie reader; lengths in page px (PDF points), radii as shares of the pie's radius. */
const PIE = {
  /** A fill this bright or brighter is background (0 black .. 1 white). */
  maxBrightness: 0.98,
  /** A wedge is at least this wide (px). */
  minWedgeWidth: 10,
  /** Most pies looked for on a page (count). */
  maxPies: 10,
  /** Points this close (px) are the shared centre; a vertex this close to it is the centre. */
  centreTol: 1.5,
  /** Side of the grid cells (px) vertices are binned in when looking for the centre. */
  gridCell: 2,
  /** Outlines whose boxes agree this closely (px) are one wedge painted twice. */
  repaintTol: 0.5,
  /** Smallest pie radius (px). */
  minRadius: 10,
  /** A slice sweeps more than this angle (radians). */
  minExtent: 1e-3,
  /** The slices close the circle within this share of the full turn (ratio). */
  closeShare: 0.02,
  /** The legend is looked for this many radii left of the pie... */
  legendLeftRadii: 2,
  /** ...and this many right of it (one above and below). */
  legendRightRadii: 3,
  /** Confidence: the scale, the part every pie gets, and the part for naming every slice. */
  confidenceScale: 0.85,
  confidenceBase: 0.7,
  confidenceNamed: 0.3,
  /** Arc vertices lie at least this share of the radius from the centre (ratio)... */
  arcMinRadius: 0.9,
  /** ...and those past this share measure the sweep (ratio). */
  sweepMinRadius: 0.5,
  /** An outside label is looked for at this share of the radius... */
  outsideAt: 1.15,
  /** ...within this share of the radius of that point... */
  outsideReach: 0.6,
  /** ...and its centre lies past this share of the radius from the pie's (ratio). */
  outsideMinRadius: 0.8,
  /** A printed percentage agrees with the measured share within this many percentage points... */
  printedTol: 1.5,
  /** ...lies within this share of the radius of the centre... */
  printedReach: 1.3,
  /** ...and within this angle (radians) of the slice's middle. */
  printedAngle: 0.5,
} as const;

export function findPies(drawing: PageDrawing, lines: Line[]): PieFound[] {
  let wedges: Wedge[] = drawing.paths
    .filter(
      (p) =>
        p.fill &&
        brightness(p.fill) < PIE.maxBrightness &&
        p.subpaths.length === 1 &&
        p.subpaths[0].curved &&
        p.bbox[2] - p.bbox[0] >= PIE.minWedgeWidth &&
        p.subpaths[0].points.length <= MAX_WEDGE_POINTS,
    )
    .slice(0, MAX_WEDGES)
    .map((path) => ({ path, points: path.subpaths[0].points }));
  const pies: PieFound[] = [];
  for (let guard = 0; guard < PIE.maxPies && wedges.length >= 2; guard++) {
    const centre = commonVertex(wedges);
    if (!centre) break;
    const members = wedges.filter((w) =>
      w.points.some((p) => near(p[0], centre[0], PIE.centreTol) && near(p[1], centre[1], PIE.centreTol)),
    );
    wedges = wedges.filter((w) => !members.includes(w));
    const pie = readPie(members, centre, lines, drawing);
    if (pie) pies.push(pie);
  }
  return pies;
}

/** The vertex shared by the most wedges (at least two): the pie's centre. Vertices sit in a grid of 2 px cells. */
function commonVertex(wedges: Wedge[]): [number, number] | null {
  const cells = new Map<string, Set<number>>();
  wedges.forEach((w, i) => {
    for (const p of w.points) {
      const key = `${Math.floor(p[0] / PIE.gridCell)},${Math.floor(p[1] / PIE.gridCell)}`;
      const set = cells.get(key) ?? new Set<number>();
      set.add(i);
      cells.set(key, set);
    }
  });
  let best: [number, number] | null = null;
  let count = 1;
  for (const w of wedges) {
    for (const v of [w.points[0], w.points[w.points.length - 1]]) {
      const owners = new Set<number>();
      const gx = Math.floor(v[0] / PIE.gridCell);
      const gy = Math.floor(v[1] / PIE.gridCell);
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) cells.get(`${gx + dx},${gy + dy}`)?.forEach((i) => owners.add(i));
      const c = [...owners].filter((i) =>
        wedges[i].points.some((p) => near(p[0], v[0], PIE.centreTol) && near(p[1], v[1], PIE.centreTol)),
      ).length;
      if (c > count) {
        count = c;
        best = v;
      }
    }
  }
  return best;
}

function readPie(all: Wedge[], centre: [number, number], lines: Line[], drawing: PageDrawing): PieFound | null {
  // A wedge painted twice (fill, then again for an outline effect) is one slice.
  const members = all.filter(
    (w, i) =>
      !all.slice(0, i).some((o) => o.path.fill === w.path.fill && o.path.bbox.every((v, k) => near(v, w.path.bbox[k], PIE.repaintTol))),
  );
  let radius = 0;
  for (const w of members) for (const p of w.points) radius = Math.max(radius, Math.hypot(p[0] - centre[0], p[1] - centre[1]));
  if (radius < PIE.minRadius) return null;
  const box: BBox = [centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius];
  if (!members.every((w) => isCircularWedge(w.points, centre, radius))) return null;
  const slices = members.map((w) => ({ w, ...sweep(w.points, centre, radius) })).filter((s) => s.extent > PIE.minExtent);
  const total = slices.reduce((s, x) => s + x.extent, 0);
  // Only a whole pie: wedges that share a corner but do not close the circle are decoration (icons, arrows).
  if (slices.length < 2 || Math.abs(total - 2 * Math.PI) > 2 * Math.PI * PIE.closeShare) return null;
  const legend = findLegend(drawing, lines, [
    box[0] - radius * PIE.legendLeftRadii,
    box[1] - radius,
    box[2] + radius * PIE.legendRightRadii,
    box[3] + radius,
  ]);
  const used = new Set<Line>();
  const points: ChartPoint[] = [];
  const parts: ItemPart[] = [];
  for (const s of slices) {
    const color = s.w.path.fill!;
    let share = (s.extent / total) * 100;
    const printed = printedShare(lines, centre, radius, s.mid, share);
    if (printed !== null) share = printed;
    const name = legend.find((e) => e.color === color)?.name ?? outsideLabel(lines, centre, radius, s.mid, used);
    points.push({ label: name, x: name, y: Math.round(share * 100) / 100, bbox: s.w.path.bbox });
    parts.push({ bbox: s.w.path.bbox, label: 'slice' });
  }
  const named = points.filter((p) => p.label).length / points.length;
  const chartBox = union([box, ...legend.map((e) => e.box), ...[...used].map((l) => l.bbox)]);
  return {
    box: chartBox,
    legend,
    points,
    colors: slices.map((s) => s.w.path.fill!),
    parts,
    confidence: PIE.confidenceScale * (PIE.confidenceBase + PIE.confidenceNamed * named),
  };
}

/** Every vertex is the centre or on the circle (the arc, and the radii's ends): not any shape with a corner. */
function isCircularWedge(points: [number, number][], centre: [number, number], radius: number): boolean {
  return points.every((p) => {
    const d = Math.hypot(p[0] - centre[0], p[1] - centre[1]);
    return d <= PIE.centreTol || d >= radius * PIE.arcMinRadius;
  });
}

/** Angle swept by the wedge's arc round the centre, and the arc's middle direction. */
function sweep(points: [number, number][], centre: [number, number], radius: number): { extent: number; mid: number } {
  const arc = points.filter((p) => Math.hypot(p[0] - centre[0], p[1] - centre[1]) > radius * PIE.sweepMinRadius);
  let total = 0;
  for (let i = 1; i < arc.length; i++) {
    let d = Math.atan2(arc[i][1] - centre[1], arc[i][0] - centre[0]) - Math.atan2(arc[i - 1][1] - centre[1], arc[i - 1][0] - centre[0]);
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d < -Math.PI) d += 2 * Math.PI;
    total += d;
  }
  const start = arc.length ? Math.atan2(arc[0][1] - centre[1], arc[0][0] - centre[0]) : 0;
  return { extent: Math.abs(total), mid: start + total / 2 };
}

/** The label just outside the arc's middle (not a percentage), used once. */
function outsideLabel(lines: Line[], centre: [number, number], r: number, mid: number, used: Set<Line>): string | null {
  const tx = centre[0] + Math.cos(mid) * r * PIE.outsideAt;
  const ty = centre[1] + Math.sin(mid) * r * PIE.outsideAt;
  let best: Line | null = null;
  let dist = r * PIE.outsideReach;
  for (const l of lines) {
    if (used.has(l) || parseNumber(l.text) !== null) continue;
    const lx = Math.max(l.bbox[0], Math.min(tx, l.bbox[2]));
    const ly = Math.max(l.bbox[1], Math.min(ty, l.bbox[3]));
    const d = Math.hypot(lx - tx, ly - ty);
    if (d < dist && Math.hypot(centerX(l.bbox) - centre[0], centerY(l.bbox) - centre[1]) > r * PIE.outsideMinRadius) {
      dist = d;
      best = l;
    }
  }
  if (best) used.add(best);
  return best ? best.text.trim() : null;
}

/** A percentage printed inside the slice near its middle that agrees with the measured share. */
function printedShare(lines: Line[], centre: [number, number], r: number, mid: number, measured: number): number | null {
  for (const l of lines) {
    if (!l.text.includes('%')) continue;
    const value = parseNumber(l.text);
    if (value === null || Math.abs(value - measured) > PIE.printedTol) continue;
    const dx = centerX(l.bbox) - centre[0];
    const dy = centerY(l.bbox) - centre[1];
    const dist = Math.hypot(dx, dy);
    let dAngle = Math.abs(Math.atan2(dy, dx) - mid) % (2 * Math.PI);
    if (dAngle > Math.PI) dAngle = 2 * Math.PI - dAngle;
    if (dist < r * PIE.printedReach && dAngle < PIE.printedAngle) return value;
  }
  return null;
}

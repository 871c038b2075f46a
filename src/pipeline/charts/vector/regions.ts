import type { BBox } from '../../model/types.ts';
import { area, overlapArea } from '../../model/geometry.ts';
import { near, type Segment } from './primitives.ts';

/**
 * Plot areas: where a long vertical axis meets a long horizontal one (an L, a frame of four spines, or an axis
 * crossing at zero), or failing those a stack of gridlines. Gridlines start at the same vertical axis, so the plot's extent along x is the longest
 * horizontal run that starts there. Nested or heavily overlapping candidates collapse into the larger one.
 */
const MIN_AXIS_PX = 60;
const MAX_PLOTS = 12;

/** Thresholds of the plot-area finder; lengths in page px (PDF points). */
const REGION = {
  /** Most axis-length segments of each direction looked at (count). */
  maxSegments: 2000,
  /** A horizontal axis meets a vertical one when its start is this close (px) to it. */
  meetTol: 3,
  /** Gridlines whose ends are this close (px) are of one length and start. */
  gridEndTol: 1,
  /** Fewest such gridlines that make a plot without spines (count). */
  minGridLines: 3,
  /** Candidates overlapping by this share of the smaller are one plot (ratio). */
  clashShare: 0.5,
} as const;

export function findPlotAreas(segments: Segment[]): BBox[] {
  const hs = segments.filter((s) => s.dir === 'h' && s.b - s.a >= MIN_AXIS_PX).slice(0, REGION.maxSegments);
  const vs = segments.filter((s) => s.dir === 'v' && s.b - s.a >= MIN_AXIS_PX).slice(0, REGION.maxSegments);
  const candidates: BBox[] = [];
  for (const v of vs) {
    const meeting = hs.filter((h) => near(h.a, v.at, REGION.meetTol) && h.at >= v.a - REGION.meetTol && h.at <= v.b + REGION.meetTol);
    if (meeting.length === 0) continue;
    const right = Math.max(...meeting.map((h) => h.b));
    candidates.push([v.at, v.a, right, v.b]);
  }
  if (candidates.length === 0) candidates.push(...gridOnlyPlots(hs));
  return dedupe(candidates).slice(0, MAX_PLOTS);
}

/**
 * Charts drawn without spines (despined styles) still have horizontal gridlines: three or more parallel lines
 * of one length starting at one x span the plot from the top gridline to the bottom one.
 */
function gridOnlyPlots(hs: Segment[]): BBox[] {
  const out: BBox[] = [];
  const seen = new Set<Segment>();
  for (const h of hs) {
    if (seen.has(h)) continue;
    const rows = hs.filter((o) => near(o.a, h.a, REGION.gridEndTol) && near(o.b, h.b, REGION.gridEndTol));
    rows.forEach((r) => seen.add(r));
    if (rows.length < REGION.minGridLines) continue;
    const ys = rows.map((r) => r.at);
    out.push([h.a, Math.min(...ys), h.b, Math.max(...ys)]);
  }
  return out;
}

function dedupe(boxes: BBox[]): BBox[] {
  const sorted = [...boxes].sort((a, b) => area(b) - area(a));
  const kept: BBox[] = [];
  for (const box of sorted) {
    const clash = kept.some((k) => overlapArea(k, box) > REGION.clashShare * Math.min(area(k), area(box)));
    if (!clash) kept.push(box);
  }
  return kept;
}

import type { DrawnPath } from '../drawing/mod.ts';
import { boundsOfPoints, height, width } from '../model/geometry.ts';
import { dedupePoints, dist, type Pt } from './polylines.ts';

/**
 * Arrowheads: small filled triangles (or notched 4-point darts), and open "V" strokes of two short arms. The tip
 * is only certain next to the line it ends: the vertex farthest from the line's end (see `tipFrom`).
 */
export interface Arrowhead {
  points: Pt[];
  /** For V strokes the tip is the shared vertex; for filled heads it is resolved against a connector. */
  fixedTip?: Pt;
  centre: Pt;
  size: number;
  /** The subpath it was read from (so it is not also taken for a connector). */
  source: object;
}

const MAX_HEAD = 36;
const MIN_HEAD = 4;

/** Thresholds of the arrowhead finder; angles in degrees, lengths in page px. */
const ARROW = {
  /** A V's arms meet at an angle strictly between these... */
  minVeeAngle: 15,
  maxVeeAngle: 130,
  /** ...and differ in length by less than this share of the longer (ratio). */
  armLengthTol: 0.3,
  /** A line end reaches a V's tip within this (px) plus its line width... */
  tipReach: 2,
  /** ...and a filled head within this share of the head's size plus its line width. */
  headReachShare: 0.75,
} as const;

export function findArrowheads(paths: readonly DrawnPath[]): Arrowhead[] {
  const heads: Arrowhead[] = [];
  for (const path of paths) {
    for (const sub of path.subpaths) {
      const points = dedupePoints(sub.points);
      const b = boundsOfPoints(points);
      const size = Math.max(width(b), height(b));
      if (sub.curved || size > MAX_HEAD || size < MIN_HEAD) continue;
      if (path.fill && (points.length === 3 || points.length === 4)) heads.push({ points, centre: mean(points), size, source: sub });
      else if (!path.fill && !sub.closed && points.length === 3 && isVee(points))
        heads.push({ points, fixedTip: points[1], centre: points[1], size, source: sub });
    }
  }
  return heads;
}

/** Two short arms meeting at the middle point at an arrow-like angle. */
function isVee([a, tip, b]: Pt[]): boolean {
  const u = [a[0] - tip[0], a[1] - tip[1]];
  const v = [b[0] - tip[0], b[1] - tip[1]];
  const cos = (u[0] * v[0] + u[1] * v[1]) / (Math.hypot(u[0], u[1]) * Math.hypot(v[0], v[1]) || 1);
  const angle = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
  return (
    angle > ARROW.minVeeAngle &&
    angle < ARROW.maxVeeAngle &&
    Math.abs(dist(a, tip) - dist(b, tip)) < ARROW.armLengthTol * Math.max(dist(a, tip), dist(b, tip))
  );
}

/** The head's tip for a line that runs from `prev` to `end`: the vertex farthest along that direction. */
export function tipFrom(head: Arrowhead, prev: Pt, end: Pt): Pt {
  if (head.fixedTip) return head.fixedTip;
  const dx = end[0] - prev[0];
  const dy = end[1] - prev[1];
  let best = head.points[0];
  let bestT = -Infinity;
  for (const p of head.points) {
    const t = (p[0] - end[0]) * dx + (p[1] - end[1]) * dy;
    if (t > bestT) {
      best = p;
      bestT = t;
    }
  }
  return best;
}

/** The arrowhead a line end runs into, if any: the end touches the head's base or sits at a V's tip. */
export function headAt(end: Pt, heads: readonly Arrowhead[], lineWidth: number): Arrowhead | null {
  let best: Arrowhead | null = null;
  let bestD = Infinity;
  for (const h of heads) {
    const d = h.fixedTip ? dist(end, h.fixedTip) : Math.min(...h.points.map((p) => dist(p, end)), dist(h.centre, end));
    const reach = h.fixedTip ? ARROW.tipReach + lineWidth : h.size * ARROW.headReachShare + lineWidth;
    if (d <= reach && d < bestD) {
      best = h;
      bestD = d;
    }
  }
  return best;
}

function mean(points: readonly Pt[]): Pt {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

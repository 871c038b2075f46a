import type { DrawnPath } from '../drawing/mod.ts';
import { headAt, tipFrom, type Arrowhead } from './arrows.ts';
import { boundsOfPoints } from '../model/geometry.ts';
import { dedupePoints, dist, polylineLength, type Pt } from './polylines.ts';
import type { BBox } from '../model/types.ts';

/**
 * Connectors: stroked open lines and polylines (elbows drawn as one path or as segments that meet end to end),
 * with the arrowheads at their ends. `start`/`end` are where the connector really points: an arrowhead's tip
 * when it has one, else the line's end.
 */
export interface Connector {
  points: Pt[];
  start: Pt;
  end: Pt;
  startHead: boolean;
  endHead: boolean;
  lineWidth: number;
  bbox: BBox;
}

const MAX_LINES = 1500;
const JOIN = 1.5;
const MIN_LENGTH = 8;

/** Side (px) of the grid cells line ends are binned in when joining chains (at least JOIN). */
const GRID_CELL = 4;

export function findConnectors(paths: readonly DrawnPath[], heads: readonly Arrowhead[]): Connector[] {
  const usedByHeads = new Set(heads.map((h) => h.source));
  const lines: { points: Pt[]; lineWidth: number }[] = [];
  for (const path of paths) {
    if (!path.stroke) continue;
    for (const sub of path.subpaths) {
      if (sub.closed || usedByHeads.has(sub)) continue;
      const points = dedupePoints(sub.points);
      if (points.length >= 2) lines.push({ points, lineWidth: path.lineWidth });
    }
  }
  if (lines.length > MAX_LINES) return [];
  const chains = joinChains(lines, heads);
  return chains.filter((c) => polylineLength(c.points) >= MIN_LENGTH).map((c) => withHeads(c.points, c.lineWidth, heads));
}

/**
 * Segments that meet end to end at a point where nothing else ends become one polyline. Endpoints are matched
 * through a coarse grid, so the work stays near-linear in the number of segments.
 */
function joinChains(lines: { points: Pt[]; lineWidth: number }[], heads: readonly Arrowhead[]): { points: Pt[]; lineWidth: number }[] {
  const ends = lines.flatMap((l, index) => [
    { index, atStart: true, p: l.points[0] },
    { index, atStart: false, p: l.points[l.points.length - 1] },
  ]);
  const grid = new Map<string, number[]>();
  const key = (x: number, y: number) => `${Math.floor(x / GRID_CELL)}:${Math.floor(y / GRID_CELL)}`;
  ends.forEach((e, k) => grid.set(key(e.p[0], e.p[1]), [...(grid.get(key(e.p[0], e.p[1])) ?? []), k]));
  // partner[k]: the one other endpoint that meets endpoint k, or -1 (none, several, or an arrowhead there).
  const partner = ends.map((e, k) => {
    if (headAt(e.p, heads, lines[e.index].lineWidth)) return -1;
    const near: number[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(key(e.p[0] + dx * GRID_CELL, e.p[1] + dy * GRID_CELL)) ?? []) {
          if (j !== k && ends[j].index !== e.index && dist(ends[j].p, e.p) <= JOIN) near.push(j);
        }
      }
    }
    return near.length === 1 ? near[0] : -1;
  });
  const mutual = partner.map((j, k) => (j >= 0 && partner[j] === k ? j : -1));
  const used = new Uint8Array(lines.length);
  const chains: { points: Pt[]; lineWidth: number }[] = [];
  const walk = (startLine: number, fromStart: boolean) => {
    let line = startLine;
    let forward = fromStart;
    const points: Pt[] = [];
    let lineWidth = 0;
    while (line >= 0 && !used[line]) {
      used[line] = 1;
      const pts = forward ? lines[line].points : [...lines[line].points].reverse();
      points.push(...(points.length ? pts.slice(1) : pts));
      lineWidth = Math.max(lineWidth, lines[line].lineWidth);
      const exit = 2 * line + (forward ? 1 : 0);
      const next = mutual[exit];
      if (next < 0) break;
      line = ends[next].index;
      forward = ends[next].atStart;
    }
    chains.push({ points, lineWidth });
  };
  // Open chains first (from an end that meets nothing), then whatever is left (closed loops of segments).
  lines.forEach((_, i) => {
    if (used[i]) return;
    if (mutual[2 * i] < 0) walk(i, true);
    else if (mutual[2 * i + 1] < 0) walk(i, false);
  });
  lines.forEach((_, i) => {
    if (!used[i]) walk(i, true);
  });
  return chains;
}

function withHeads(points: Pt[], lineWidth: number, heads: readonly Arrowhead[]): Connector {
  const n = points.length;
  const endHead = headAt(points[n - 1], heads, lineWidth);
  const startHead = headAt(points[0], heads, lineWidth);
  const end = endHead ? tipFrom(endHead, points[n - 2], points[n - 1]) : points[n - 1];
  const start = startHead && startHead !== endHead ? tipFrom(startHead, points[1], points[0]) : points[0];
  const all = [...points, ...(endHead?.points ?? []), ...(startHead?.points ?? [])];
  return { points, start, end, startHead: !!startHead && startHead !== endHead, endHead: !!endHead, lineWidth, bbox: boundsOfPoints(all) };
}

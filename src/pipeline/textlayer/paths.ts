import type * as mupdf from 'mupdf';
import { boundsOfPoints, intersects, round2 } from '../model/geometry.ts';
import type { BBox, VectorPath } from '../model/types.ts';
import { transformPoint, type Matrix6 } from './pixel-space.ts';

/**
 * Vector paths reduced to what layout and table detection use: rules (thin horizontal/vertical lines, drawn as
 * strokes or as thin filled rectangles), stroked rectangles, filled areas and everything else as curves.
 * A path is split into its subpaths, because producers often draw a whole table grid as one path; rectilinear
 * pieces become their own rules/rects, the rest of the path is kept as one item with the union box.
 * Memory stays flat: at most `maxItems` per page, a bounded number of path segments walked per page (beyond
 * it a path is classified by its bounds alone), and a rule that continues the previous one is merged into it.
 */
export const MAX_PATHS_PER_PAGE = 20_000;
export const MAX_SEGMENTS_PER_PAGE = 200_000;
/** A rule is at most this thick (px, 2.5 pt) and at least 4× as long as thick. */
const RULE_MAX_THICKNESS = 5;
const RULE_MIN_ASPECT = 4;
/** Edges within this many px of horizontal/vertical count as axis-aligned. */
const AXIS_TOLERANCE = 0.75;
/** Two rules on one line lie within this many px of each other across it ... */
const CONTINUE_LINE_TOL = 0.5;
/** ... and leave at most this many px between their ends, to be one rule. */
const CONTINUE_GAP = 2;

export interface PathStyle {
  filled: boolean;
  stroked: boolean;
  /** Stroke width in px (0 for fills). */
  lineWidth: number;
  color?: string;
}

interface Subpath {
  pts: [number, number][];
  curved: boolean;
  closed: boolean;
}

export class PathCollector {
  readonly items: VectorPath[] = [];
  /** Items that are axis-aligned rectangles or rules (not the bounds of some other shape): real box edges. */
  readonly rectilinear = new Set<VectorPath>();
  capped = 0;
  private segments = 0;
  // One walker for all paths: mupdf.js calls its methods per segment, so no closures are made per path.
  private readonly walker = new SubpathWalker();

  constructor(
    private readonly page: BBox,
    private readonly maxItems = MAX_PATHS_PER_PAGE,
    private readonly maxSegments = MAX_SEGMENTS_PER_PAGE,
  ) {}

  addPath(path: mupdf.Path, ctm: Matrix6, style: PathStyle): void {
    if (this.segments >= this.maxSegments) {
      this.addByBounds(path, ctm, style);
      return;
    }
    const subpaths = this.walk(path, ctm);
    let rest: [number, number][] = [];
    for (const sub of subpaths) {
      if (!this.addRectilinear(sub, style)) rest = rest.concat(sub.pts);
    }
    if (rest.length > 1)
      this.push({ kind: style.filled ? 'fill' : 'curve', bbox: this.inflate(boundsOfPoints(rest), style), ...this.styleOf(style) });
  }

  /** An area painted by a shading or a tiling pattern. */
  addArea(bbox: BBox, color?: string): void {
    this.push({ kind: 'fill', bbox, stroked: false, filled: true, lineWidth: 0, ...(color ? { color } : {}) });
  }

  private walk(path: mupdf.Path, ctm: Matrix6): Subpath[] {
    const walker = this.walker;
    walker.reset(ctm);
    path.walk(walker);
    this.segments += walker.segments;
    return walker.subpaths;
  }

  /** Rules and rectangles; false when the subpath is something else. */
  private addRectilinear(sub: Subpath, style: PathStyle): boolean {
    if (sub.curved) return false;
    const pts = dedupe(sub.pts);
    if (pts.length === 1) return true; // a lone moveTo paints nothing
    if (pts.length === 2 || (!sub.closed && !style.filled)) return this.addSegments(pts, style);
    if (!isAxisRectangle(pts)) return false;
    const box = this.inflate(boundsOfPoints(pts), style);
    const kind = isThin(box) ? 'rule' : style.stroked ? 'rect' : 'fill';
    this.push({ kind, bbox: box, ...this.styleOf(style) }, true);
    return true;
  }

  /** An open stroked polyline: each axis-aligned segment is a rule; any other segment sends it to `rest`. */
  private addSegments(pts: [number, number][], style: PathStyle): boolean {
    if (!style.stroked) return pts.length === 2; // a two-point fill paints nothing
    const boxes: BBox[] = [];
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0] = pts[i - 1];
      const [x1, y1] = pts[i];
      if (Math.abs(x1 - x0) > AXIS_TOLERANCE && Math.abs(y1 - y0) > AXIS_TOLERANCE) return false;
      boxes.push(this.inflate([Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)], style));
    }
    for (const box of boxes) this.push({ kind: isThin(box) ? 'rule' : 'rect', bbox: box, ...this.styleOf(style) }, true);
    return true;
  }

  private addByBounds(path: mupdf.Path, ctm: Matrix6, style: PathStyle): void {
    const r = path.getBounds(null as unknown as mupdf.StrokeState, ctm as mupdf.Matrix);
    const box = this.inflate([r[0], r[1], r[2], r[3]], style);
    this.push({ kind: isThin(box) ? 'rule' : style.filled ? 'fill' : 'curve', bbox: box, ...this.styleOf(style) });
  }

  /** Half the stroke width on every side; at least 1 px thick so hairlines have a box. */
  private inflate(box: BBox, style: PathStyle): BBox {
    const h = style.stroked ? style.lineWidth / 2 : 0;
    let [x0, y0, x1, y1] = [box[0] - h, box[1] - h, box[2] + h, box[3] + h];
    if (x1 - x0 < 1) [x0, x1] = [(x0 + x1) / 2 - 0.5, (x0 + x1) / 2 + 0.5];
    if (y1 - y0 < 1) [y0, y1] = [(y0 + y1) / 2 - 0.5, (y0 + y1) / 2 + 0.5];
    return [x0, y0, x1, y1];
  }

  private styleOf(style: PathStyle): Omit<VectorPath, 'kind' | 'bbox'> {
    return {
      stroked: style.stroked,
      filled: style.filled,
      lineWidth: round2(style.lineWidth),
      ...(style.color ? { color: style.color } : {}),
    };
  }

  private push(item: VectorPath, rectilinear = false): void {
    if (!intersects(item.bbox, this.page)) return;
    const last = this.items[this.items.length - 1];
    if (last && continuesRule(last, item)) {
      last.bbox = [
        Math.min(last.bbox[0], item.bbox[0]),
        Math.min(last.bbox[1], item.bbox[1]),
        Math.max(last.bbox[2], item.bbox[2]),
        Math.max(last.bbox[3], item.bbox[3]),
      ];
      return;
    }
    if (this.items.length >= this.maxItems) {
      this.capped++;
      return;
    }
    this.items.push(item);
    if (rectilinear) this.rectilinear.add(item);
  }
}

/** Collects a path's subpaths in pixel space (curves keep their control points, which bound them). */
class SubpathWalker {
  subpaths: Subpath[] = [];
  segments = 0;
  private ctm: Matrix6 = [1, 0, 0, 1, 0, 0];
  private current: Subpath | null = null;

  reset(ctm: Matrix6): void {
    this.subpaths = [];
    this.segments = 0;
    this.ctm = ctm;
    this.current = null;
  }

  moveTo(x: number, y: number): void {
    this.segments++;
    this.current = { pts: [transformPoint(this.ctm, x, y)], curved: false, closed: false };
    this.subpaths.push(this.current);
  }

  lineTo(x: number, y: number): void {
    this.segments++;
    if (this.current) this.current.pts.push(transformPoint(this.ctm, x, y));
    else this.moveTo(x, y);
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): void {
    this.lineTo(x3, y3);
    const cur = this.current as Subpath;
    cur.curved = true;
    cur.pts.push(transformPoint(this.ctm, x1, y1), transformPoint(this.ctm, x2, y2));
  }

  closePath(): void {
    if (this.current) this.current.closed = true;
  }
}

function dedupe(pts: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of pts) {
    const q = out[out.length - 1];
    if (!q || Math.abs(q[0] - p[0]) > 0.01 || Math.abs(q[1] - p[1]) > 0.01) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 2 && Math.abs(first[0] - last[0]) <= 0.01 && Math.abs(first[1] - last[1]) <= 0.01) out.pop();
  return out;
}

function isAxisRectangle(pts: [number, number][]): boolean {
  if (pts.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[(i + 1) % 4];
    if (Math.abs(x1 - x0) > AXIS_TOLERANCE && Math.abs(y1 - y0) > AXIS_TOLERANCE) return false;
  }
  return true;
}

export function isThin(box: BBox): boolean {
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const thick = Math.min(w, h);
  return thick <= RULE_MAX_THICKNESS && Math.max(w, h) >= RULE_MIN_ASPECT * Math.max(thick, 1);
}

/** Two rules of the same style on one line that touch (dashes, a rule drawn in pieces) are one rule. */
function continuesRule(a: VectorPath, b: VectorPath): boolean {
  if (a.kind !== 'rule' || b.kind !== 'rule' || a.color !== b.color || a.lineWidth !== b.lineWidth) return false;
  const [ax0, ay0, ax1, ay1] = a.bbox;
  const [bx0, by0, bx1, by1] = b.bbox;
  const horizontal = ax1 - ax0 >= ay1 - ay0 && bx1 - bx0 >= by1 - by0;
  const vertical = ax1 - ax0 < ay1 - ay0 && bx1 - bx0 < by1 - by0;
  const gap = CONTINUE_GAP;
  if (horizontal)
    return Math.abs(ay0 - by0) < CONTINUE_LINE_TOL && Math.abs(ay1 - by1) < CONTINUE_LINE_TOL && bx0 <= ax1 + gap && bx1 >= ax0 - gap;
  if (vertical)
    return Math.abs(ax0 - bx0) < CONTINUE_LINE_TOL && Math.abs(ax1 - bx1) < CONTINUE_LINE_TOL && by0 <= ay1 + gap && by1 >= ay0 - gap;
  return false;
}

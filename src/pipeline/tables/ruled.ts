import type { BBox, ModelPage } from '../model/types.ts';
import { continuesOpenGrid } from './open-grids.ts';

/**
 * Rules of ruled tables: thin vector paths, the sides of stroked rectangles and of filled cell backgrounds,
 * joined where drawn piecewise, then grouped into connected frameworks (a grid, or stacked horizontal rules of
 * about the same width as in booktabs tables). Each framework is one table candidate.
 */

/** A horizontal (at = y, from a0 to a1 in x) or vertical (at = x, a0..a1 in y) rule. */
export interface Seg {
  a0: number;
  a1: number;
  at: number;
}

export interface RuleSet {
  h: Seg[];
  v: Seg[];
}

/** A page's rules, and among them those drawn as lines (not the sides of filled or stroked boxes). */
export interface PageRules extends RuleSet {
  drawn: RuleSet;
}

export interface RuledFramework extends RuleSet {
  bbox: BBox;
}

/** Thresholds for rules and frameworks, in pt unless said otherwise. */
const RULES = {
  /** Thickest path that is a rule (its other side is its length). */
  thin: 4,
  /** Shortest path that is a rule. */
  minRuleLength: 8,
  /** Boxes at least this share of the page's area are backgrounds, not cells. */
  backgroundShare: 0.5,
  /** Largest gap between two pieces of one rule that are joined. */
  joinTol: 4,
  /** Positions within this distance of a line's first segment are on that line. */
  collinearTol: 1.5,
  /** How far a drawn rule may lie from a box's side and still run along it. */
  shadowDist: 14,
  /** Share of a box's side that a drawn rule must run along to stand for it. */
  shadowShare: 0.6,
  /** A fill at least this many times wider than high, alone across its band, shades a whole row (a stripe) ... */
  stripeAspect: 6,
  /** ... when a fill of its colour and width lies within this many of its heights above or below (zebra rows). */
  stripeRepeatHeights: 3,
  /** How far the sides of two stripes of one table may differ. */
  stripeSideTol: 2,
  /** Shortest horizontal rule that takes part in a framework. */
  minFrameworkH: 16,
  /** Shortest vertical rule that takes part in a framework. */
  minFrameworkV: 8,
  /** How far a vertical rule may end short of a horizontal one and still cross it. */
  crossTol: 3,
  /** Largest distance between two stacked rules of one booktabs table, share of the page's height. */
  stackedMaxGapShare: 0.4,
  /** Closest two stacked rules may lie (closer is one double rule). */
  stackedMinGap: 1.5,
  /** How far the ends of two stacked rules may differ: at least this ... */
  stackedEndTol: 6,
  /** ... or this share of the upper rule's length. */
  stackedEndShare: 0.03,
  /** Narrowest framework. */
  minFrameworkWidth: 30,
  /** Lowest framework. */
  minFrameworkHeight: 12,
  /** Most overlap (negative gap) between a header grid and the body grid below it. */
  adjacentOverlap: 2,
  /** Widest gap between a header grid and the body grid below it. */
  adjacentGap: 8,
  /** Share of the wider grid's width the two grids must share. */
  adjacentWidthShare: 0.9,
  /** Tolerance around a box when taking the rules inside it. */
  withinTol: 3,
  /** How far a rule may lie from a line and still count on it (coverage, positions). */
  lineTol: 2.5,
} as const;

/** The rules a page draws; fills larger than half the page (backgrounds) and tiny marks are ignored. */
export function pageRules(page: ModelPage): PageRules {
  const h: Seg[] = [];
  const v: Seg[] = [];
  const boxes: { bbox: BBox; color: string }[] = [];
  const pageArea = page.width * page.height;
  for (const p of page.paths) {
    if (p.kind === 'curve') continue;
    const [x0, y0, x1, y1] = p.bbox;
    const w = x1 - x0;
    const ht = y1 - y0;
    if (ht <= RULES.thin && w >= RULES.minRuleLength) h.push({ a0: x0, a1: x1, at: (y0 + y1) / 2 });
    else if (w <= RULES.thin && ht >= RULES.minRuleLength) v.push({ a0: y0, a1: y1, at: (x0 + x1) / 2 });
    else if (w > RULES.thin && ht > RULES.thin && w * ht < pageArea * RULES.backgroundShare)
      boxes.push({ bbox: p.bbox, color: p.filled && !p.stroked ? (p.color ?? '?') : '' });
  }
  const hard = { h: mergeCollinear(h), v: mergeCollinear(v) };
  // A box's sides bound cells (a stroked cell border, a shaded cell or row), unless a drawn rule already runs
  // alongside: shading inset within ruled cells would otherwise add a thin phantom row or column.
  const softH: Seg[] = [];
  const softV: Seg[] = [];
  const seams = fillSeams(boxes);
  for (const {
    bbox: [x0, y0, x1, y1],
    color,
  } of boxes) {
    // Zebra stripes shade every other row: they bound no row or column (a row between two stripes may hold a
    // label or a wrapped cell too), so the table's rows and columns come from its text.
    if (stripe([x0, y0, x1, y1], color, boxes)) continue;
    const seam = (k: string) => color !== '' && seams.has(`${color}|${k}`);
    if (!seam(`t${key(x0, x1, y0)}`) && !shadowed({ a0: x0, a1: x1, at: y0 }, hard.h)) softH.push({ a0: x0, a1: x1, at: y0 });
    if (!seam(`b${key(x0, x1, y1)}`) && !shadowed({ a0: x0, a1: x1, at: y1 }, hard.h)) softH.push({ a0: x0, a1: x1, at: y1 });
    if (!seam(`l${key(y0, y1, x0)}`) && !shadowed({ a0: y0, a1: y1, at: x0 }, hard.v)) softV.push({ a0: y0, a1: y1, at: x0 });
    if (!seam(`r${key(y0, y1, x1)}`) && !shadowed({ a0: y0, a1: y1, at: x1 }, hard.v)) softV.push({ a0: y0, a1: y1, at: x1 });
  }
  return { h: mergeCollinear([...hard.h, ...softH]), v: mergeCollinear([...hard.v, ...softV]), drawn: hard };
}

/**
 * A row stripe of zebra shading: a flat fill with no fill beside it in its band, repeated in the same colour
 * and width a row or two above or below.
 */
function stripe(box: BBox, color: string, boxes: readonly { bbox: BBox; color: string }[]): boolean {
  const [x0, y0, x1, y1] = box;
  const h = y1 - y0;
  if (!color || x1 - x0 < h * RULES.stripeAspect) return false;
  // Only fills count: a stroked box level with it (the frame of a table beside it) shades nothing.
  const beside = boxes.some(
    ({ bbox: b, color: c }) => c !== '' && Math.min(b[3], y1) - Math.max(b[1], y0) > h / 2 && (b[2] <= x0 || b[0] >= x1),
  );
  const repeated = boxes.some(
    ({ bbox: b, color: c }) =>
      c === color &&
      (b[1] >= y1 || b[3] <= y0) &&
      Math.min(Math.abs(b[1] - y1), Math.abs(y0 - b[3])) <= h * RULES.stripeRepeatHeights &&
      Math.abs(b[0] - x0) <= RULES.stripeSideTol &&
      Math.abs(b[2] - x1) <= RULES.stripeSideTol,
  );
  return !beside && repeated;
}

const key = (a0: number, a1: number, at: number) => `${Math.round(a0)}|${Math.round(a1)}|${Math.round(at)}`;

/**
 * Sides where two fills of one colour meet flush (a background painted line by line): no boundary there. A
 * top side is a seam when a same-coloured box of the same width ends right there, and so on.
 */
function fillSeams(boxes: readonly { bbox: BBox; color: string }[]): Set<string> {
  const ends = new Set<string>();
  for (const {
    bbox: [x0, y0, x1, y1],
    color,
  } of boxes) {
    if (!color) continue;
    ends
      .add(`${color}|b${key(x0, x1, y1)}`)
      .add(`${color}|t${key(x0, x1, y0)}`)
      .add(`${color}|r${key(y0, y1, x1)}`)
      .add(`${color}|l${key(y0, y1, x0)}`);
  }
  const seams = new Set<string>();
  for (const {
    bbox: [x0, y0, x1, y1],
    color,
  } of boxes) {
    if (!color) continue;
    // Allow a pixel of rounding either way.
    for (const d of [-1, 0, 1]) {
      if (ends.has(`${color}|b${key(x0, x1, y0 + d)}`)) seams.add(`${color}|t${key(x0, x1, y0)}`).add(`${color}|b${key(x0, x1, y0 + d)}`);
      if (ends.has(`${color}|r${key(y0, y1, x0 + d)}`)) seams.add(`${color}|l${key(y0, y1, x0)}`).add(`${color}|r${key(y0, y1, x0 + d)}`);
    }
  }
  return seams;
}

/** A drawn rule within a few pixels runs along most of this side. */
function shadowed(s: Seg, hard: readonly Seg[]): boolean {
  const len = s.a1 - s.a0;
  let lo = 0;
  let hi = hard.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (hard[mid].at < s.at - RULES.shadowDist) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < hard.length && hard[i].at <= s.at + RULES.shadowDist; i++) {
    const o = hard[i];
    if (Math.min(o.a1, s.a1) - Math.max(o.a0, s.a0) >= len * RULES.shadowShare) return true;
  }
  return false;
}

/** Joins segments on one line that overlap or nearly touch (borders drawn cell by cell). */
export function mergeCollinear(segs: readonly Seg[]): Seg[] {
  const sorted = [...segs].sort((a, b) => a.at - b.at);
  const out: Seg[] = [];
  let i = 0;
  while (i < sorted.length) {
    // One line: positions within 1.5 px of its first segment.
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1].at - sorted[i].at <= RULES.collinearTol) j++;
    const line = sorted.slice(i, j + 1).sort((a, b) => a.a0 - b.a0);
    const at = line.reduce((sum, s) => sum + s.at, 0) / line.length;
    let cur: Seg = { a0: line[0].a0, a1: line[0].a1, at };
    for (const s of line.slice(1)) {
      if (s.a0 <= cur.a1 + RULES.joinTol) cur.a1 = Math.max(cur.a1, s.a1);
      else {
        out.push(cur);
        cur = { a0: s.a0, a1: s.a1, at };
      }
    }
    out.push(cur);
    i = j + 1;
  }
  return out.sort((a, b) => a.at - b.at || a.a0 - b.a0);
}

/**
 * Share of the page's size next to each edge where a rule is page furniture (a bar along the sheet's edge, a
 * crop mark, the border of the page itself), not the top, bottom or side of a table: tables keep a margin.
 */
const PAGE_EDGE_SHARE = 0.01;
const atPageEdge = (at: number, size: number) => at < size * PAGE_EDGE_SHARE || at > size * (1 - PAGE_EDGE_SHARE);

const crosses = (h: Seg, v: Seg, tol: number) => v.at >= h.a0 - tol && v.at <= h.a1 + tol && h.at >= v.a0 - tol && h.at <= v.a1 + tol;

/** Stacked horizontal rules with about the same extent (booktabs: top, mid and bottom rules), not too far apart. */
const stacked = (a: Seg, b: Seg, maxGap: number, tol: number) =>
  Math.abs(a.at - b.at) <= maxGap && Math.abs(a.a0 - b.a0) <= tol && Math.abs(a.a1 - b.a1) <= tol;

/** What lies between two stacked rules: table rows, a narrow empty band, a group label alone, or what parts two tables. */
export type BandKind = 'rows' | 'empty' | 'label' | 'apart';

/** Connected groups of rules: crossing or touching h/v rules, and stacked h rules of one width. */
export function frameworks(rules: RuleSet, page: ModelPage, bandKind: (box: BBox) => BandKind): RuledFramework[] {
  const h = rules.h.filter((s) => s.a1 - s.a0 >= RULES.minFrameworkH && !atPageEdge(s.at, page.height));
  const v = rules.v.filter((s) => s.a1 - s.a0 >= RULES.minFrameworkV && !atPageEdge(s.at, page.width));
  const n = h.length + v.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const join = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const inGrid = new Uint8Array(h.length);
  for (let i = 0; i < h.length; i++) {
    for (let j = 0; j < v.length; j++) {
      if (crosses(h[i], v[j], RULES.crossTol)) {
        join(i, h.length + j);
        inGrid[i] = 1;
      }
    }
  }
  joinOpenGrids(h, v, find, join, bandKind);
  // Rules that belong to no grid may stack into a booktabs table: only the next stacked free rule below, and
  // only across a band that reads as table rows (captions and prose between two tables keep them apart). A band
  // of a group label alone joins when the band under it holds rows of cells (the group it labels).
  const links: { i: number; j: number; kind: BandKind }[] = [];
  for (let i = 0; i < h.length; i++) {
    if (inGrid[i]) continue;
    for (let j = i + 1; j < h.length; j++) {
      if (h[j].at - h[i].at > page.height * RULES.stackedMaxGapShare) break;
      if (
        inGrid[j] ||
        h[j].at - h[i].at < RULES.stackedMinGap ||
        !stacked(
          h[i],
          h[j],
          page.height * RULES.stackedMaxGapShare,
          Math.max(RULES.stackedEndTol, (h[i].a1 - h[i].a0) * RULES.stackedEndShare),
        )
      )
        continue;
      const band: BBox = [Math.min(h[i].a0, h[j].a0), h[i].at, Math.max(h[i].a1, h[j].a1), h[j].at];
      // A grid between two free rules is its own table (section rules above and below tables are not one).
      const holdsGrid = h.some((o, k) => inGrid[k] && o.at > band[1] && o.at < band[3] && o.a1 > band[0] && o.a0 < band[2]);
      links.push({ i, j, kind: holdsGrid ? 'apart' : bandKind(band) });
      break;
    }
  }
  for (const link of links) {
    const below = links.find((l) => l.i === link.j);
    if (link.kind === 'rows' || link.kind === 'empty' || (link.kind === 'label' && below?.kind === 'rows')) join(link.i, link.j);
  }
  const groups = new Map<number, RuleSet>();
  const get = (i: number) => {
    const g = find(i);
    let s = groups.get(g);
    if (!s) groups.set(g, (s = { h: [], v: [] }));
    return s;
  };
  h.forEach((s, i) => get(i).h.push(s));
  v.forEach((s, j) => get(h.length + j).v.push(s));
  const out: RuledFramework[] = [];
  for (const g of joinAdjacent([...groups.values()])) {
    const xs = [...g.h.flatMap((s) => [s.a0, s.a1]), ...g.v.map((s) => s.at)];
    const ys = [...g.v.flatMap((s) => [s.a0, s.a1]), ...g.h.map((s) => s.at)];
    const bbox: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    if (bbox[2] - bbox[0] < RULES.minFrameworkWidth || bbox[3] - bbox[1] < RULES.minFrameworkHeight) continue;
    out.push({ ...g, bbox });
  }
  return out;
}

/** Grid pieces split at a spanning row of a frameless grid join the piece right below them (open-grids.ts). */
function joinOpenGrids(
  h: readonly Seg[],
  v: readonly Seg[],
  find: (i: number) => number,
  join: (a: number, b: number) => void,
  bandKind: (box: BBox) => BandKind,
): void {
  const pieces = new Map<number, { h: Seg[]; v: Seg[] }>();
  const pieceOf = (i: number) => {
    const root = find(i);
    let p = pieces.get(root);
    if (!p) pieces.set(root, (p = { h: [], v: [] }));
    return p;
  };
  v.forEach((s, j) => pieceOf(h.length + j).v.push(s));
  h.forEach((s, i) => {
    if (pieces.has(find(i))) pieceOf(i).h.push(s);
  });
  // Each grid piece with its top and bottom row rule, topmost first.
  const grids = [...pieces.entries()]
    .filter(([, p]) => p.h.length > 0)
    .map(([root, p]) => ({ root, p, top: Math.min(...p.h.map((s) => s.at)), bottom: Math.max(...p.h.map((s) => s.at)) }))
    .sort((a, b) => a.top - b.top);
  for (const above of grids) {
    const next = grids.find((g) => g.top > above.bottom && continuesOpenGrid(above.p, g.p, bandKind));
    if (next) join(above.root, next.root);
  }
}

function extent(g: RuleSet): BBox {
  const xs = [...g.h.flatMap((s) => [s.a0, s.a1]), ...g.v.map((s) => s.at)];
  const ys = [...g.v.flatMap((s) => [s.a0, s.a1]), ...g.h.map((s) => s.at)];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** A header grid drawn a few pixels above its body grid (two frameworks, same width) is one table. */
function joinAdjacent(groups: RuleSet[]): RuleSet[] {
  const items = groups.map((g) => ({ g, box: extent(g) })).sort((a, b) => a.box[1] - b.box[1]);
  const out: typeof items = [];
  for (const it of items) {
    const host = out.find((o) => {
      const gap = it.box[1] - o.box[3];
      const ov = Math.min(o.box[2], it.box[2]) - Math.max(o.box[0], it.box[0]);
      const w = Math.max(o.box[2] - o.box[0], it.box[2] - it.box[0]);
      return gap >= -RULES.adjacentOverlap && gap <= RULES.adjacentGap && ov >= w * RULES.adjacentWidthShare;
    });
    if (host) {
      host.g = { h: [...host.g.h, ...it.g.h], v: [...host.g.v, ...it.g.v] };
      host.box = extent(host.g);
    } else out.push({ ...it });
  }
  return out.map((o) => o.g);
}

/** Rules of the page that lie inside (or on the border of) a box: for structuring a table given from outside. */
export function rulesWithin(rules: RuleSet, box: BBox, tol: number = RULES.withinTol): RuleSet {
  const inX = (a: number) => a >= box[0] - tol && a <= box[2] + tol;
  const inY = (a: number) => a >= box[1] - tol && a <= box[3] + tol;
  const clip = (s: Seg, lo: number, hi: number): Seg => ({ a0: Math.max(lo, s.a0), a1: Math.min(hi, s.a1), at: s.at });
  return {
    h: rules.h.filter((s) => inY(s.at) && s.a1 > box[0] && s.a0 < box[2]).map((s) => clip(s, box[0], box[2])),
    v: rules.v.filter((s) => inX(s.at) && s.a1 > box[1] && s.a0 < box[3]).map((s) => clip(s, box[1], box[3])),
  };
}

/** Share of [lo, hi] that the segments on line `at` (within tol) cover. */
export function coverage(segs: readonly Seg[], at: number, lo: number, hi: number, tol: number = RULES.lineTol): number {
  if (hi <= lo) return 0;
  const parts = segs
    .filter((s) => Math.abs(s.at - at) <= tol && s.a1 > lo && s.a0 < hi)
    .map((s) => [Math.max(lo, s.a0), Math.min(hi, s.a1)] as const);
  parts.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let end = lo;
  for (const [a, b] of parts) {
    if (b <= end) continue;
    covered += b - Math.max(a, end);
    end = b;
  }
  return covered / (hi - lo);
}

/** Distinct positions of rules (clustered within tol), each with the longest extent seen there. */
export function positions(segs: readonly Seg[], tol: number = RULES.lineTol): number[] {
  const at = segs.map((s) => s.at).sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const a of at) {
    if (group.length && a - group[0] > tol) {
      out.push(group.reduce((x, y) => x + y, 0) / group.length);
      group = [];
    }
    group.push(a);
  }
  if (group.length) out.push(group.reduce((x, y) => x + y, 0) / group.length);
  return out;
}

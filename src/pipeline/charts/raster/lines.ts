import type { PlotArea } from './axes.ts';
import { BACKGROUND, components, type Component, type Segmentation } from './palette.ts';

/**
 * Line series: for each colour that draws a thin connected stroke across the plot, the stroke's y at each category
 * x. A marker (a blob wider than the stroke) gives its centre; a bare vertex (peak/valley) its outer edge less half
 * the stroke width; a plain crossing the middle of the stroke.
 */
export interface LineSeries {
  cluster: number;
  points: { x: number; y: number | null }[];
  comps: Component[];
}

/** Thresholds of the line and scatter finders; lengths in image px, shares of the plot's width or height. */
const LINES = {
  /** Up to this many px of other ink over a mark are bridged (the look-ahead goes one further). */
  bridgePx: 4,
  /** A run at most this much (px) longer than the stroke is a plain crossing. */
  crossingSlack: 2,
  /** A run whose row is this share of its length wide or wider is a marker (ratio). */
  markerWidthShare: 0.6,
  /** Neighbour columns are probed at least this far (px) away. */
  minProbe: 4,
  /** Stroke width is sampled every this many columns, from this far (px) past the y axis. */
  strokeSampleStep: 3,
  strokeSampleStart: 2,
  /** Stroke width (px) when nothing was sampled. */
  defaultStroke: 2,
  /** Line components have at least this many pixels (count). */
  minLinePixels: 4,
  /** A line's pieces span at least this share of the plot's width... */
  minSpanShare: 0.3,
  /** ...its biggest piece fills at most this share of its box... */
  maxFill: 0.5,
  /** ...and is at least this share of the plot's width wide. */
  minBigShare: 0.2,
  /** Scatter blobs have at least this many pixels (count)... */
  minBlobPixels: 6,
  /** ...are under this share of the plot's width and height... */
  maxBlobShare: 0.06,
  /** ...number at least this many (count)... */
  minBlobs: 3,
  /** ...are at least this share of the colour's components... */
  minSmallShare: 0.8,
  /** ...and at least this share of the median blob's pixels. */
  minMedianShare: 0.3,
} as const;

/**
 * Column runs of one colour/**
 * Column runs of one colour family at column x: [from, to] row ranges. Up to 4 px of text or other ink over the
 * mark (a printed value label) are bridged when the colour resumes after them.
 */
function runsAt(seg: Segmentation, family: Set<number>, x: number, top: number, bottom: number): [number, number][] {
  const runs: [number, number][] = [];
  const label = (y: number) => seg.labels[y * seg.width + x];
  let start = -1;
  for (let y = top; y <= bottom; y++) {
    let on = y < bottom && family.has(label(y));
    if (!on && start >= 0 && y < bottom && label(y) !== BACKGROUND) {
      let k = y;
      while (k < Math.min(bottom, y + LINES.bridgePx + 1) && !family.has(label(k)) && label(k) !== BACKGROUND) k++;
      on = k < bottom && k - y <= LINES.bridgePx && family.has(label(k));
    }
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      runs.push([start, y - 1]);
      start = -1;
    }
  }
  return runs;
}

function widthAtRow(seg: Segmentation, family: Set<number>, x: number, y: number): number {
  let a = x,
    b = x;
  while (a > 0 && family.has(seg.labels[y * seg.width + a - 1])) a--;
  while (b < seg.width - 1 && family.has(seg.labels[y * seg.width + b + 1])) b++;
  return b - a + 1;
}

/** The stroke's y (continuous coordinates) at column x, or null when the series has no pixels there. */
function yAt(seg: Segmentation, cluster: Set<number>, x: number, area: PlotArea, stroke: number): number | null {
  const col = (cx: number) => {
    const runs = runsAt(seg, cluster, Math.max(area.left + 1, Math.min(area.right - 1, Math.round(cx))), area.top + 1, area.bottom);
    if (!runs.length) return null;
    return runs.sort((r, s) => s[1] - s[0] - (r[1] - r[0]))[0];
  };
  const run = col(x) ?? col(x - 1) ?? col(x + 1);
  if (!run) return null;
  const length = run[1] - run[0] + 1;
  const centre = (run[0] + run[1] + 1) / 2;
  if (length <= stroke + LINES.crossingSlack) return centre;
  const midRow = Math.round(centre);
  if (widthAtRow(seg, cluster, Math.round(x), midRow) >= LINES.markerWidthShare * length) return centre;
  const probe = Math.max(LINES.minProbe, length);
  const left = col(x - probe),
    right = col(x + probe);
  const c = (r: [number, number] | null) => (r ? (r[0] + r[1] + 1) / 2 : centre);
  if (c(left) > centre && c(right) > centre) return run[0] + stroke / 2;
  if (c(left) < centre && c(right) < centre) return run[1] + 1 - stroke / 2;
  return centre;
}

/** Typical stroke thickness: the most common short vertical run length across the cluster's columns. */
function strokeWidth(seg: Segmentation, cluster: Set<number>, area: PlotArea): number {
  const counts = new Map<number, number>();
  for (let x = area.left + LINES.strokeSampleStart; x < area.right - 1; x += LINES.strokeSampleStep) {
    for (const [a, b] of runsAt(seg, cluster, x, area.top + 1, area.bottom)) counts.set(b - a + 1, (counts.get(b - a + 1) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : LINES.defaultStroke;
}

/**
 * A colour is a line when, together with its anti-aliased edge colours, its biggest component spans much of the
 * plot's width but is thin (low fill of its box).
 */
export function findLines(marks: Component[], area: PlotArea, seg: Segmentation, xs: number[]): LineSeries[] {
  const out: LineSeries[] = [];
  const plot: [number, number, number, number] = [area.left + 1, area.top + 1, area.right, area.bottom];
  for (const cluster of new Set(marks.map((c) => c.cluster))) {
    const family = new Set([cluster, ...seg.clusters.filter((c) => c.edgeOf === cluster).map((c) => c.index)]);
    const list = components(seg, plot, (l) => family.has(l), true).filter((c) => c.pixels >= LINES.minLinePixels);
    if (!list.length) continue;
    const spanX = Math.max(...list.map((c) => c.x1)) - Math.min(...list.map((c) => c.x0));
    const big = list.reduce((a, b) => (b.pixels > a.pixels ? b : a));
    const fill = big.pixels / ((big.x1 - big.x0 + 1) * (big.y1 - big.y0 + 1));
    if (
      spanX < LINES.minSpanShare * (area.right - area.left) ||
      fill > LINES.maxFill ||
      big.x1 - big.x0 < LINES.minBigShare * (area.right - area.left)
    )
      continue;
    const stroke = strokeWidth(seg, family, area);
    out.push({ cluster, comps: list, points: xs.map((x) => ({ x, y: yAt(seg, family, x, area, stroke) })) });
  }
  return out;
}

/** Scatter: a colour drawn as many similar small blobs, none of them long. Centres in continuous coordinates. */
export function findScatter(comps: Component[], area: PlotArea): { cluster: number; blobs: Component[] }[] {
  const byCluster = new Map<number, Component[]>();
  for (const c of comps) if (c.pixels >= LINES.minBlobPixels) byCluster.set(c.cluster, [...(byCluster.get(c.cluster) ?? []), c]);
  const out: { cluster: number; blobs: Component[] }[] = [];
  for (const [cluster, list] of byCluster) {
    const small = list.filter(
      (c) => c.x1 - c.x0 < LINES.maxBlobShare * (area.right - area.left) && c.y1 - c.y0 < LINES.maxBlobShare * (area.bottom - area.top),
    );
    if (small.length < LINES.minBlobs || small.length < LINES.minSmallShare * list.length) continue;
    const sizes = small.map((c) => c.pixels).sort((a, b) => a - b);
    const median = sizes[sizes.length >> 1];
    const blobs = small.filter((c) => c.pixels >= LINES.minMedianShare * median);
    if (blobs.length >= LINES.minBlobs) out.push({ cluster, blobs });
  }
  return out;
}

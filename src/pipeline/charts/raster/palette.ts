import type { RasterPage } from '../../drawing/mod.ts';

/**
 * Colour segmentation of a chart image: every pixel is background (light, unsaturated), ink (dark, unsaturated:
 * axes, ticks, text) or a member of one of a few colour clusters (series marks: bars, lines, slices). Clusters are
 * found from a coarse colour histogram, so anti-aliased edges (blends of a mark with the background) fall out.
 */

export const BACKGROUND = -1;
export const INK = -2;
export const OTHER = -3;

export interface ColourCluster {
  index: number;
  rgb: [number, number, number];
  pixels: number;
  /**
   * Set when the cluster is only the anti-aliased edge of something else (thin, never solid): the index of the
   * mark colour it blends with the background, or -1 for edges of dark ink (axes, text). Such clusters are no marks.
   */
  edgeOf?: number;
}

export interface Segmentation {
  width: number;
  height: number;
  /** Per pixel: a cluster index ≥ 0, or BACKGROUND / INK / OTHER. */
  labels: Int16Array;
  clusters: ColourCluster[];
}

/** Thresholds of the colour segmentation; colours in 0..255 channel steps, distances are the largest channel difference. */
const PALETTE = {
  /** Ink is darker than this (brightest channel)... */
  inkMaxChannel: 150,
  /** ...and greyer than this (channel spread); a dominant colour this light and grey is paper. */
  greyMaxSpread: 40,
  /** A light dominant colour has every channel at least this bright. */
  paperMinChannel: 150,
  /** About this many pixels are sampled to find the dominant colour (count). */
  backgroundSamples: 200_000,
  /** A pixel whose darkest channel is above this is background (near-white). */
  whiteMinChannel: 232,
  /** A pixel within this of the paper colour on every channel is background... */
  paperTol: 24,
  /** ...and so is one at most this much darker than it on any channel. */
  paperDarkerTol: 8,
  /** A colour cluster has at least the larger of this many pixels... */
  clusterMinPixels: 20,
  /** ...and this share of the image's pixels. */
  clusterMinShare: 0.0004,
  /** Histogram bins with a quarter of that are peak candidates (divisor). */
  peakBinDivisor: 4,
  /** A bin this close to a cluster's colour joins it. */
  peakJoin: 24,
  /** A cluster with this share of interior pixels or more is solid, never an edge (ratio). */
  edgeMaxInterior: 0.25,
  /** An edge cluster greyer than this (channel spread) is the edge of ink. */
  edgeGreySpread: 25,
  /** A blend lies strictly between these shares of the way from the other colour... */
  blendMin: 0.05,
  blendMax: 0.95,
  /** ...and within this of the blend line on every channel. */
  blendTol: 18,
} as const;

/** Max-channel distance under which a pixel joins a cluster (blended edges are further away). */
const JOIN_DISTANCE = 40;
const MAX_CLUSTERS = 24;

export function isInk(r: number, g: number, b: number): boolean {
  return Math.max(r, g, b) < PALETTE.inkMaxChannel && Math.max(r, g, b) - Math.min(r, g, b) < PALETTE.greyMaxSpread;
}

/**
 * The background: near-white, or near the page's dominant light colour (grey or tinted paper in scans), or
 * lighter than it.
 */
function backgroundTest(data: Uint8Array, n: number): (r: number, g: number, b: number) => boolean {
  const bins = new Uint32Array(4096);
  const step = Math.max(1, Math.floor(n / PALETTE.backgroundSamples));
  for (let i = 0; i < n; i += step) bins[((data[i * 3] >> 4) << 8) | ((data[i * 3 + 1] >> 4) << 4) | (data[i * 3 + 2] >> 4)]++;
  let top = 0;
  for (let k = 1; k < 4096; k++) if (bins[k] > bins[top]) top = k;
  const bg = [((top >> 8) & 15) * 16 + 8, ((top >> 4) & 15) * 16 + 8, (top & 15) * 16 + 8];
  const light = Math.min(...bg) >= PALETTE.paperMinChannel && Math.max(...bg) - Math.min(...bg) < PALETTE.greyMaxSpread;
  return (r, g, b) =>
    Math.min(r, g, b) > PALETTE.whiteMinChannel ||
    (light &&
      ((Math.abs(r - bg[0]) <= PALETTE.paperTol && Math.abs(g - bg[1]) <= PALETTE.paperTol && Math.abs(b - bg[2]) <= PALETTE.paperTol) ||
        (r >= bg[0] - PALETTE.paperDarkerTol && g >= bg[1] - PALETTE.paperDarkerTol && b >= bg[2] - PALETTE.paperDarkerTol)));
}

export function hex(rgb: [number, number, number]): string {
  return '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}

export function segment(raster: RasterPage): Segmentation {
  const { width, height, data } = raster;
  const n = Math.min(width * height, Math.floor(data.length / 3));
  const isBackground = backgroundTest(data, n);
  const bins = new Uint32Array(4096);
  for (let i = 0; i < n; i++) {
    const r = data[i * 3],
      g = data[i * 3 + 1],
      b = data[i * 3 + 2];
    if (isBackground(r, g, b) || isInk(r, g, b)) continue;
    bins[((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)]++;
  }
  const clusters = peakColours(bins, n);
  const labels = new Int16Array(width * height).fill(BACKGROUND);
  for (let i = 0; i < n; i++) {
    const r = data[i * 3],
      g = data[i * 3 + 1],
      b = data[i * 3 + 2];
    if (isBackground(r, g, b)) labels[i] = BACKGROUND;
    else if (isInk(r, g, b)) labels[i] = INK;
    else labels[i] = nearestCluster(clusters, r, g, b);
  }
  for (const c of clusters) c.pixels = 0;
  for (let i = 0; i < n; i++) if (labels[i] >= 0) clusters[labels[i]].pixels++;
  return { width, height, labels, clusters };
}

/** Greedy peak picking on the histogram: the fullest bins become clusters, their neighbours join them. */
function peakColours(bins: Uint32Array, total: number): ColourCluster[] {
  const minPixels = Math.max(PALETTE.clusterMinPixels, total * PALETTE.clusterMinShare);
  const order = [...bins.keys()].filter((k) => bins[k] >= minPixels / PALETTE.peakBinDivisor).sort((a, b) => bins[b] - bins[a]);
  const clusters: { rgb: [number, number, number]; pixels: number }[] = [];
  for (const k of order) {
    const rgb: [number, number, number] = [((k >> 8) & 15) * 16 + 8, ((k >> 4) & 15) * 16 + 8, (k & 15) * 16 + 8];
    const near = clusters.find((c) => distance(c.rgb, rgb) <= PALETTE.peakJoin);
    if (near) near.pixels += bins[k];
    else if (clusters.length < MAX_CLUSTERS) clusters.push({ rgb, pixels: bins[k] });
  }
  return clusters.filter((c) => c.pixels >= minPixels).map((c, index) => ({ index, rgb: c.rgb, pixels: c.pixels }));
}

function distance(a: [number, number, number], b: [number, number, number]): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

function nearestCluster(clusters: ColourCluster[], r: number, g: number, b: number): number {
  let best = OTHER,
    bestD = JOIN_DISTANCE + 1;
  for (const c of clusters) {
    const d = distance(c.rgb, [r, g, b]);
    if (d < bestD) {
      bestD = d;
      best = c.index;
    }
  }
  return best;
}

/** Refine each cluster's colour to the mean of its member pixels (the histogram bin centre is coarse). */
export function refineColours(seg: Segmentation, raster: RasterPage): void {
  const sums = seg.clusters.map(() => [0, 0, 0, 0]);
  for (let i = 0; i < seg.labels.length; i++) {
    const l = seg.labels[i];
    if (l < 0) continue;
    const s = sums[l];
    s[0] += raster.data[i * 3];
    s[1] += raster.data[i * 3 + 1];
    s[2] += raster.data[i * 3 + 2];
    s[3]++;
  }
  seg.clusters.forEach((c, i) => {
    if (sums[i][3] > 0) c.rgb = [sums[i][0] / sums[i][3], sums[i][1] / sums[i][3], sums[i][2] / sums[i][3]];
  });
}

export interface Component {
  cluster: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
  /** Centroid. */
  cx: number;
  cy: number;
}

/** 4-connected components of one label value (or, with joinAll, of any wanted label) inside a window. */
export function components(
  seg: Segmentation,
  window: [number, number, number, number],
  wanted: (label: number) => boolean,
  joinAll = false,
): Component[] {
  const { width, labels } = seg;
  const [wx0, wy0, wx1, wy1] = window;
  const seen = new Uint8Array(labels.length);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let y = wy0; y < wy1; y++) {
    for (let x = wx0; x < wx1; x++) {
      const start = y * width + x;
      if (seen[start] || !wanted(labels[start])) continue;
      const label = labels[start];
      const c: Component = { cluster: label, x0: x, y0: y, x1: x, y1: y, pixels: 0, cx: 0, cy: 0 };
      stack.push(start);
      seen[start] = 1;
      while (stack.length) {
        const p = stack.pop()!;
        const px = p % width,
          py = (p - px) / width;
        c.pixels++;
        c.cx += px;
        c.cy += py;
        if (px < c.x0) c.x0 = px;
        if (px > c.x1) c.x1 = px;
        if (py < c.y0) c.y0 = py;
        if (py > c.y1) c.y1 = py;
        const next = [px > wx0 ? p - 1 : -1, px < wx1 - 1 ? p + 1 : -1, py > wy0 ? p - width : -1, py < wy1 - 1 ? p + width : -1];
        for (const q of next)
          if (q >= 0 && !seen[q] && (joinAll ? wanted(labels[q]) : labels[q] === label)) {
            seen[q] = 1;
            stack.push(q);
          }
      }
      c.cx /= c.pixels;
      c.cy /= c.pixels;
      out.push(c);
    }
  }
  return out;
}

/**
 * Marks the clusters that are anti-aliasing rather than marks: few of their pixels are interior (all four
 * neighbours the same cluster), and their colour is unsaturated (edges of ink) or lies between a bigger cluster's
 * colour and white (its edge on the background) or black (where it meets an axis).
 */
export function markEdgeClusters(seg: Segmentation): void {
  const { width, height, labels, clusters } = seg;
  const interior = new Uint32Array(clusters.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x,
        l = labels[i];
      if (l >= 0 && labels[i - 1] === l && labels[i + 1] === l && labels[i - width] === l && labels[i + width] === l) interior[l]++;
    }
  }
  for (const c of clusters) {
    if (interior[c.index] >= PALETTE.edgeMaxInterior * c.pixels) continue;
    const [r, g, b] = c.rgb;
    if (Math.max(r, g, b) - Math.min(r, g, b) < PALETTE.edgeGreySpread) {
      c.edgeOf = -1;
      continue;
    }
    const parent = clusters.find(
      (p) =>
        p !== c &&
        p.pixels > c.pixels &&
        interior[p.index] > interior[c.index] &&
        (blendsWith(c.rgb, p.rgb, [255, 255, 255]) || blendsWith(c.rgb, p.rgb, [0, 0, 0])),
    );
    if (parent) c.edgeOf = parent.index;
  }
}

/** Whether colour c lies between p and q (c ≈ t·p + (1-t)·q for some t strictly between 0 and 1). */
function blendsWith(c: [number, number, number], p: [number, number, number], q: [number, number, number]): boolean {
  const dc = c.map((v, i) => v - q[i]),
    dp = p.map((v, i) => v - q[i]);
  const den = dp.reduce((s, v) => s + v * v, 0);
  if (den === 0) return false;
  const t = dc.reduce((s, v, i) => s + v * dp[i], 0) / den;
  return t > PALETTE.blendMin && t < PALETTE.blendMax && dc.every((v, i) => Math.abs(v - t * dp[i]) < PALETTE.blendTol);
}

/** A label value that can be a mark: a cluster that is not an anti-aliased edge. */
export function isMark(seg: Segmentation, label: number): boolean {
  return label >= 0 && seg.clusters[label].edgeOf === undefined;
}

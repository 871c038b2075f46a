import type { BBox } from '../../model/types.ts';
import { isMark, type Component, type Segmentation } from './palette.ts';

/**
 * Pie (and donut) charts: the coloured components that touch each other form a round blob; slices are the runs of
 * one colour met going round the disc, sampled at several radii (text printed on a slice is outvoted), and a
 * slice's share is its angle over the whole turn.
 */
export interface Disc {
  cx: number;
  cy: number;
  r: number;
  bbox: BBox;
}
export interface Slice {
  cluster: number;
  start: number;
  end: number;
  share: number;
  mid: number;
}

const SAMPLES = 2880;

/** Thresholds of the disc and slice finders; lengths in image px, radii as shares of the disc's radius. */
const DISC = {
  /** Components of at least this many pixels can make a disc (count)... */
  minComponentPixels: 30,
  /** ...the biggest this many of them (count). */
  maxComponents: 300,
  /** Merging stops past this many groups (count). */
  maxGroups: 5000,
  /** Components this close (px) touch. */
  touchGap: 3,
  /** A disc is at least this wide and tall (px)... */
  minSide: 40,
  /** ...its width over height strictly between these (ratio)... */
  minAspect: 0.85,
  maxAspect: 1.18,
  /** ...and it fills at least this share of its box (ratio). */
  minFill: 0.35,
} as const;

/** Thresholds of the slice reader (SAMPLES directions round the disc). */
const SLICE = {
  /** Radii (shares of the disc's radius) at which each direction is sampled. */
  sampleRadii: [0.55, 0.7, 0.8, 0.9, 0.95],
  /** Samples at this share of the radius or further count double (outside printed text). */
  outerRadius: 0.8,
  /** Most directions must have a mark colour (share of SAMPLES). */
  minAssigned: 0.85,
  /** Runs shorter than this many samples (1°) are blends at boundaries. */
  minRunSamples: 8,
  /** Short runs covering more than this share of the turn mean a photo or texture (ratio). */
  maxNoise: 0.1,
  /** Reading order starts here (degrees; 12 o'clock is 270, less 1° of slack). */
  readingStart: 269,
  /** The corners are sampled on a grid of this many steps per side... */
  cornerSteps: 5,
  /** ...from this share of the radius... */
  cornerFrom: 0.8,
  /** ...in steps of this share. */
  cornerStep: 0.04,
  /** At most this share of the corner samples may be marks (ratio). */
  cornerMaxMarks: 0.1,
  /** A slice's middle direction is sampled at this many points... */
  radialSamples: 12,
  /** ...from this share of the radius over this further share. */
  radialFrom: 0.3,
  radialSpan: 0.65,
  /** At least this many of them are marks (count)... */
  radialMinMarks: 3,
  /** ...and this share of those is the slice's colour (ratio). */
  radialSameShare: 0.75,
} as const;

/** Groups of touching coloured components; the biggest round one is the disc. */
export function findDisc(comps: Component[]): Disc | null {
  // The biggest components only: merging is quadratic, and a disc is made of big ones.
  const big = comps
    .filter((c) => c.pixels >= DISC.minComponentPixels)
    .sort((a, b) => b.pixels - a.pixels)
    .slice(0, DISC.maxComponents);
  const groups: { box: BBox; pixels: number }[] = big.map((c) => ({ box: [c.x0, c.y0, c.x1 + 1, c.y1 + 1], pixels: c.pixels }));
  let merged = true;
  while (merged && groups.length < DISC.maxGroups) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i].box,
          b = groups[j].box;
        if (a[0] > b[2] + DISC.touchGap || b[0] > a[2] + DISC.touchGap || a[1] > b[3] + DISC.touchGap || b[1] > a[3] + DISC.touchGap)
          continue;
        groups[i] = {
          box: [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])],
          pixels: groups[i].pixels + groups[j].pixels,
        };
        groups.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  const round = groups
    .filter((g) => {
      const w = g.box[2] - g.box[0],
        h = g.box[3] - g.box[1];
      return w >= DISC.minSide && h >= DISC.minSide && w / h > DISC.minAspect && w / h < DISC.maxAspect && g.pixels >= DISC.minFill * w * h;
    })
    .sort((a, b) => b.pixels - a.pixels)[0];
  if (!round) return null;
  const [x0, y0, x1, y1] = round.box;
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, r: (x1 - x0 + y1 - y0) / 4, bbox: round.box };
}

/** Angles in degrees clockwise from 3 o'clock (image y grows downwards). */
export function slicesOf(seg: Segmentation, disc: Disc): Slice[] {
  if (!cornersEmpty(seg, disc)) return [];
  const votes = new Int16Array(SAMPLES).fill(-1);
  const radii = SLICE.sampleRadii;
  for (let s = 0; s < SAMPLES; s++) {
    const a = ((s + 0.5) / SAMPLES) * 2 * Math.PI;
    const tally = new Map<number, number>();
    for (const f of radii) {
      const x = Math.round(disc.cx + f * disc.r * Math.cos(a) - 0.5),
        y = Math.round(disc.cy + f * disc.r * Math.sin(a) - 0.5);
      if (x < 0 || y < 0 || x >= seg.width || y >= seg.height) continue;
      const l = seg.labels[y * seg.width + x];
      if (isMark(seg, l)) tally.set(l, (tally.get(l) ?? 0) + (f >= SLICE.outerRadius ? 2 : 1));
    }
    let best = -1,
      bestN = 0;
    for (const [l, n] of tally)
      if (n > bestN) {
        best = l;
        bestN = n;
      }
    votes[s] = best;
  }
  const assigned = votes.filter((v) => v >= 0).length;
  if (assigned < SLICE.minAssigned * SAMPLES) return [];
  // Start at a boundary so no slice wraps around the array's end.
  let startAt = 0;
  for (let s = 1; s < SAMPLES; s++)
    if (votes[s] !== votes[s - 1] && votes[s] >= 0) {
      startAt = s;
      break;
    }
  const runs: { cluster: number; from: number; n: number }[] = [];
  for (let k = 0; k < SAMPLES; k++) {
    const s = (startAt + k) % SAMPLES,
      v = votes[s];
    if (v < 0) continue;
    const last = runs[runs.length - 1];
    if (last && last.cluster === v) last.n = k - last.from + 1;
    else runs.push({ cluster: v, from: k, n: 1 });
  }
  // Runs thinner than 1° are blends at slice boundaries: drop them, merge what then touches, and let each slice
  // reach to the start of the next one.
  // A photo or a texture has many short colour runs round any circle; a pie has a few long ones.
  const noise = runs.filter((q) => q.n < SLICE.minRunSamples).reduce((t, q) => t + q.n, 0);
  if (noise > SLICE.maxNoise * SAMPLES) return [];
  const kept: typeof runs = [];
  for (const r of runs.filter((q) => q.n >= SLICE.minRunSamples)) {
    if (kept.length && kept[kept.length - 1].cluster === r.cluster) continue;
    kept.push({ ...r });
  }
  if (kept.length > 1 && kept[0].cluster === kept[kept.length - 1].cluster) kept[0].from = kept.pop()!.from - SAMPLES;
  if (!kept.length) return [];
  const first = kept[0].from;
  kept.forEach((r, i) => {
    r.n = (i + 1 < kept.length ? kept[i + 1].from : SAMPLES + first) - r.from;
  });
  const total = kept.reduce((s, r) => s + r.n, 0);
  const norm = (d: number) => ((d % 360) + 360) % 360;
  const slices = kept.map((r) => {
    const start = ((startAt + r.from) / SAMPLES) * 360;
    const end = start + (r.n / SAMPLES) * 360;
    return { cluster: r.cluster, start: norm(start), end: norm(end), share: (100 * r.n) / total, mid: norm((start + end) / 2) };
  });
  if (!slices.every((sl) => radial(seg, disc, sl))) return [];
  // Reading order: clockwise from 12 o'clock (270° here, as image y grows downwards), with 1° of slack.
  return slices.sort((a, b) => norm(a.start - SLICE.readingStart) - norm(b.start - SLICE.readingStart));
}

/** Outside the circle but inside its box (the four corners) a pie leaves the background showing. */
function cornersEmpty(seg: Segmentation, disc: Disc): boolean {
  let marks = 0,
    total = 0;
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      for (let i = 0; i < SLICE.cornerSteps; i++) {
        for (let j = 0; j < SLICE.cornerSteps; j++) {
          const x = Math.round(disc.cx + sx * disc.r * (SLICE.cornerFrom + SLICE.cornerStep * i)),
            y = Math.round(disc.cy + sy * disc.r * (SLICE.cornerFrom + SLICE.cornerStep * j));
          if (x < 0 || y < 0 || x >= seg.width || y >= seg.height) continue;
          total++;
          if (isMark(seg, seg.labels[y * seg.width + x])) marks++;
        }
      }
    }
  }
  return total > 0 && marks <= SLICE.cornerMaxMarks * total;
}

/**
 * A slice is a wedge: along its middle direction its colour holds from near the centre to the rim (printed text
 * and a donut's hole aside). A disc with spots (a diagram, a face) fails this for the spots.
 */
function radial(seg: Segmentation, disc: Disc, s: Slice): boolean {
  const a = (s.mid * Math.PI) / 180;
  let marks = 0,
    same = 0;
  for (let k = 0; k < SLICE.radialSamples; k++) {
    const f = SLICE.radialFrom + (SLICE.radialSpan * k) / (SLICE.radialSamples - 1);
    const x = Math.round(disc.cx + f * disc.r * Math.cos(a) - 0.5),
      y = Math.round(disc.cy + f * disc.r * Math.sin(a) - 0.5);
    if (x < 0 || y < 0 || x >= seg.width || y >= seg.height) continue;
    const l = seg.labels[y * seg.width + x];
    if (!isMark(seg, l)) continue;
    marks++;
    if (l === s.cluster) same++;
  }
  return marks >= SLICE.radialMinMarks && same >= SLICE.radialSameShare * marks;
}

/**
 * Monotone calibration curves: pool-adjacent-violators (isotonic regression) over (raw score, right?) pairs,
 * each pooled block shrunk toward the group's overall accuracy by PRIOR_WEIGHT pseudo-observations (a block of
 * three values is not evidence of 100%), pooled again so shrinking cannot break the order, and neighbouring
 * blocks merged down to at most MAX_KNOTS points; each point reports the lower end of its accuracy's interval.
 */
export interface Observation {
  raw: number;
  right: boolean;
}

export interface Curve {
  x: number[];
  y: number[];
  n: number;
}

/** Pseudo-observations at the group's accuracy added to every block. */
export const PRIOR_WEIGHT = 4;
/**
 * Each knot reports the lower end of its accuracy's one-sigma Wilson interval rather than the mean, so a value
 * reported at 0.8 is right at least about 80% of the time even where a knot rests on few values.
 */
export const WILSON_Z = 1;
/** Most knots a curve keeps (evenly spread over its blocks). */
export const MAX_KNOTS = 12;

interface Block {
  sumX: number;
  sumY: number;
  weight: number;
}

const mean = (b: Block) => b.sumY / b.weight;

/** Pool adjacent blocks while a later block's mean is below an earlier one's. */
function pool(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    out.push({ ...b });
    while (out.length > 1 && mean(out[out.length - 2]) > mean(out[out.length - 1])) {
      const last = out.pop()!;
      const prev = out[out.length - 1];
      prev.sumX += last.sumX;
      prev.sumY += last.sumY;
      prev.weight += last.weight;
    }
  }
  return out;
}

/** Consecutive blocks merged into at most `knots` groups holding about the same number of observations each. */
function mergeToKnots(blocks: Block[], knots: number): Block[] {
  const total = blocks.reduce((n, b) => n + b.weight, 0);
  const target = total / knots;
  const out: Block[] = [];
  for (const b of blocks) {
    const last = out[out.length - 1];
    if (last && last.weight < target) {
      last.sumX += b.sumX;
      last.sumY += b.sumY;
      last.weight += b.weight;
    } else out.push({ ...b });
  }
  return out;
}

/** Lower end of the Wilson score interval of a share p seen over n trials. */
export function wilsonLower(p: number, n: number, z = WILSON_Z): number {
  if (n <= 0) return 0;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - spread) / (1 + z2 / n));
}

export function fitCurve(observations: readonly Observation[]): Curve {
  const n = observations.length;
  if (n === 0) return { x: [], y: [], n: 0 };
  const prior = observations.filter((o) => o.right).length / n;
  const sorted = [...observations].sort((a, b) => a.raw - b.raw);
  // Equal raw scores start as one block (ties cannot be ordered).
  const initial: Block[] = [];
  for (const o of sorted) {
    const last = initial[initial.length - 1];
    if (last && last.sumX / last.weight === o.raw) {
      last.sumX += o.raw;
      last.sumY += o.right ? 1 : 0;
      last.weight++;
    } else initial.push({ sumX: o.raw, sumY: o.right ? 1 : 0, weight: 1 });
  }
  // Neighbouring blocks merge into at most MAX_KNOTS of about equal weight (merging keeps the order), then each
  // is shrunk toward the group's accuracy and pooled again, so shrinking cannot break the order either.
  const merged = mergeToKnots(pool(initial), MAX_KNOTS);
  const shrunk = merged.map((b) => ({
    sumX: (b.sumX / b.weight) * (b.weight + PRIOR_WEIGHT),
    sumY: b.sumY + PRIOR_WEIGHT * prior,
    weight: b.weight + PRIOR_WEIGHT,
  }));
  const kept = pool(shrunk);
  const lower = pool(kept.map((b) => ({ sumX: b.sumX, sumY: wilsonLower(mean(b), b.weight) * b.weight, weight: b.weight })));
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { x: lower.map((b) => round(b.sumX / b.weight)), y: lower.map((b) => round(mean(b))), n };
}

import type { BBox } from '../../model/types.ts';
import type { TextLabel } from './text.ts';

/**
 * Values printed on the chart (above bars, beside points, on slices) are exact where the geometry is not: a mark
 * takes the printed number nearest to it when that number agrees with what the geometry read.
 */
export interface Printed {
  value: number;
  label: TextLabel;
}

export interface Reading {
  /** Value read from the geometry (null when there was no scale). */
  geometric: number | null;
  /** Where a printed label for this mark would sit: a point and how far from it one may be. */
  anchor: [number, number];
  reach: number;
  /** Extra filter on candidate labels (e.g. above the bar, within its width). */
  accept?: (box: BBox) => boolean;
}

/**
 * Pairs readings with printed numbers, nearest first, each number used once. A pair holds when the number is within
 * `tolerance(geometric)` of the geometric value, or when there is no geometric value at all.
 */
export function matchPrinted(readings: Reading[], printed: Printed[], tolerance: (g: number) => number): (Printed | null)[] {
  const pairs: { r: number; p: number; d: number }[] = [];
  readings.forEach((reading, r) =>
    printed.forEach((pr, p) => {
      const b = pr.label.bbox;
      const nx = Math.max(b[0], Math.min(reading.anchor[0], b[2])),
        ny = Math.max(b[1], Math.min(reading.anchor[1], b[3]));
      const d = Math.hypot(nx - reading.anchor[0], ny - reading.anchor[1]);
      if (d > reading.reach || (reading.accept && !reading.accept(b))) return;
      if (reading.geometric !== null && Math.abs(pr.value - reading.geometric) > tolerance(reading.geometric)) return;
      pairs.push({ r, p, d });
    }),
  );
  pairs.sort((a, b) => a.d - b.d);
  const out: (Printed | null)[] = readings.map(() => null);
  const usedP = new Set<number>();
  for (const { r, p } of pairs) {
    if (out[r] || usedP.has(p)) continue;
    out[r] = printed[p];
    usedP.add(p);
  }
  return out;
}

/** Geometric readings keep about four significant digits relative to the axis range. */
export function tidy(value: number, range: number): number {
  const step = 10 ** Math.floor(Math.log10(Math.max(Math.abs(range), 1e-9)) - 3);
  const v = Math.round(value / step) * step;
  return Number(v.toPrecision(12));
}

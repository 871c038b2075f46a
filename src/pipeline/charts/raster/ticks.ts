import type { BBox, Line } from '../../model/types.ts';

/**
 * Tick labels and the axis scale: the numbers printed along an axis, each at the pixel of its tick, fit by least
 * squares to value = a + b·pixel (linear) or log10(value) = a + b·pixel (log, when the labels grow geometrically).
 */

export interface AxisScale {
  kind: 'linear' | 'log';
  a: number;
  b: number;
  /** Tick labels that the fit kept. */
  ticks: { value: number; pixel: number; bbox: BBox }[];
  /** Largest residual of a kept tick, in pixels. */
  residualPx: number;
}

/**
 * A number as OCR reads it: thousands separators, a unicode minus, `%`, letter O for zero, a trailing unit, and
 * the tick mark beside a y-axis label read as a trailing dash ("80-").
 */
export function parseNumber(text: string): number | null {
  let t = text
    .trim()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[$€£%]/g, '')
    .replace(/\s+/g, '');
  t = t.replace(/(?<=\d)[-_—]+$/, '');
  t = t.replace(/^[oOQD]$/, '0').replace(/(?<=\d)[oO]|[oO](?=[\d.])/g, '0');
  t = t.replace(/(?<=\d),(?=\d{3}\b)/g, '');
  if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  const m = /^(-?\d*\.?\d+)([kKmM]?)$/.exec(t);
  if (!m) return null;
  const v = Number(m[1]) * ({ k: 1e3, K: 1e3, m: 1e6, M: 1e6 }[m[2]] ?? 1);
  return Number.isFinite(v) ? v : null;
}

/** Thresholds of the raster scale fit; lengths in image px. */
const SCALE = {
  /** Fewest distinct tick labels for a log fit (count). */
  minLogLabels: 3,
  /** A log fit wins when its residual is under this share of the linear one's (ratio). */
  logWinShare: 0.5,
  /** Labels closer than this (px) are one tick. */
  duplicatePx: 3,
  /** Geometric labels grow by more than this factor each step... */
  minRatio: 1.5,
  /** ...and their largest step is under this many times their smallest. */
  maxRatioSpread: 1.6,
  /** The fit stops dropping labels once every residual is this small (px). */
  maxResidualPx: 3,
} as const;

export interface PlacedNumber {
  value: number;
  pixel: number;
  bbox: BBox;
  line: Line;
}

/** Fit the scale, dropping up to a third of the labels that do not fit (misread digits, stray numbers). */
export function fitScale(labels: PlacedNumber[]): AxisScale | null {
  const unique = dedupe(labels);
  if (unique.length < 2) return null;
  const linear = robustFit(unique, (v) => v);
  const positive = unique.every((l) => l.value > 0);
  const log = positive && unique.length >= SCALE.minLogLabels ? robustFit(unique, Math.log10) : null;
  const pick =
    log && linear && log.kept.length >= linear.kept.length && log.residualPx < linear.residualPx * SCALE.logWinShare && geometric(unique)
      ? log
      : linear;
  if (!pick || pick.b === 0) return null;
  return {
    kind: pick === log ? 'log' : 'linear',
    a: pick.a,
    b: pick.b,
    residualPx: pick.residualPx,
    ticks: pick.kept.map((l) => ({ value: l.value, pixel: l.pixel, bbox: l.bbox })),
  };
}

export function valueAt(scale: AxisScale, pixel: number): number {
  const v = scale.a + scale.b * pixel;
  return scale.kind === 'log' ? 10 ** v : v;
}

function dedupe(labels: PlacedNumber[]): PlacedNumber[] {
  const out: PlacedNumber[] = [];
  for (const l of [...labels].sort((a, b) => a.pixel - b.pixel)) {
    if (out.some((o) => Math.abs(o.pixel - l.pixel) < SCALE.duplicatePx)) continue;
    out.push(l);
  }
  return out;
}

function geometric(labels: PlacedNumber[]): boolean {
  const v = labels.map((l) => l.value).sort((a, b) => a - b);
  const ratios = v.slice(1).map((x, i) => x / v[i]);
  return ratios.every((r) => r > SCALE.minRatio) && Math.max(...ratios) / Math.min(...ratios) < SCALE.maxRatioSpread;
}

interface Fit {
  a: number;
  b: number;
  kept: PlacedNumber[];
  residualPx: number;
}

function leastSquares(points: PlacedNumber[], f: (v: number) => number): { a: number; b: number } | null {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.pixel, 0) / n;
  const my = points.reduce((s, p) => s + f(p.value), 0) / n;
  let sxx = 0,
    sxy = 0;
  for (const p of points) {
    sxx += (p.pixel - mx) ** 2;
    sxy += (p.pixel - mx) * (f(p.value) - my);
  }
  if (sxx === 0) return null;
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}

function residualsPx(points: PlacedNumber[], a: number, b: number, f: (v: number) => number): number[] {
  return points.map((p) => Math.abs((f(p.value) - a) / b - p.pixel));
}

function robustFit(points: PlacedNumber[], f: (v: number) => number): Fit | null {
  let kept = points;
  const minKeep = Math.max(2, Math.ceil((points.length * 2) / 3));
  for (;;) {
    const fit = leastSquares(kept, f);
    if (!fit || fit.b === 0) return null;
    const res = residualsPx(kept, fit.a, fit.b, f);
    const worst = res.indexOf(Math.max(...res));
    if (res[worst] <= SCALE.maxResidualPx || kept.length <= minKeep) {
      return { ...fit, kept, residualPx: res[worst] };
    }
    kept = kept.filter((_, i) => i !== worst);
  }
}

import { readFileSync } from 'node:fs';

/**
 * Scoring chart data against the evaluation's CSVs (independently of our code): one truth value per (category,
 * series). Ours is matched by category label (case and spacing ignored) or, for numeric categories (scatter), by
 * the nearest unused point; a single series on both sides matches whatever its name. Pie values in the CSV are
 * raw amounts: they are compared as shares of the whole, which is what a pie shows.
 */
export interface TruthTable {
  categories: string[];
  series: string[];
  /** values[categoryIndex][seriesIndex] */
  values: number[][];
}

export interface OurPoint {
  label: string | null;
  x: unknown;
  y: unknown;
}
export interface OurSeries {
  name: string;
  points: OurPoint[];
}

export interface ChartScore {
  values: number;
  within: (tolerance: number) => number;
  relErrors: number[];
  categoriesMatched: number;
  categories: number;
  seriesNamesMatched: number;
  seriesCount: number;
}

export function readTruth(csvPath: string): TruthTable {
  const rows = readFileSync(csvPath, 'utf8')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(',').map((c) => c.trim()));
  const [header, ...body] = rows;
  return { categories: body.map((r) => r[0]), series: header.slice(1), values: body.map((r) => r.slice(1).map(Number)) };
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** Truth series ↔ ours: by name; failing that, by position when both have the same number of series. */
function pairSeries(truth: TruthTable, ours: OurSeries[]): (OurSeries | undefined)[] {
  if (truth.series.length === 1 && ours.length === 1) return [ours[0]];
  return truth.series.map(
    (name, i) => ours.find((s) => norm(s.name) === norm(name)) ?? (ours.length === truth.series.length ? ours[i] : undefined),
  );
}

function matchPoints(truth: TruthTable, series: OurSeries | undefined, numericX: boolean, col: number): (number | null)[] {
  const points = series?.points ?? [];
  if (!numericX) return truth.categories.map((c) => asNumber(points.find((p) => norm(String(p.label ?? p.x ?? '')) === norm(c))?.y));
  // Numeric categories: nearest unused point in x (scaled by the x range).
  const xs = truth.categories.map(Number);
  const range = Math.max(...xs) - Math.min(...xs) || 1;
  const used = new Set<number>();
  return xs.map((x, r) => {
    let best = -1;
    let bestD = Infinity;
    points.forEach((p, i) => {
      const px = asNumber(p.x);
      const py = asNumber(p.y);
      if (used.has(i) || px === null || py === null) return;
      const d = Math.abs(px - x) / range + (Math.abs(py - truth.values[r][col]) / (Math.abs(truth.values[r][col]) + 1)) * 0.1;
      if (d < bestD) [best, bestD] = [i, d];
    });
    if (best < 0 || Math.abs((asNumber(points[best].x) ?? Infinity) - x) / range > 0.05) return null;
    used.add(best);
    return asNumber(points[best].y);
  });
}

export function scoreChart(truth: TruthTable, ours: OurSeries[], options: { pie: boolean; numericX: boolean }): ChartScore {
  const pairs = pairSeries(truth, ours);
  const relErrors: number[] = [];
  let missing = 0;
  let categoriesMatched = 0;
  const matchedCategory = new Set<number>();
  truth.series.forEach((_, col) => {
    const got = matchPoints(truth, pairs[col], options.numericX, col);
    const total = truth.values.reduce((s, row) => s + row[col], 0) || 1;
    got.forEach((value, r) => {
      const wanted = options.pie ? (100 * truth.values[r][col]) / total : truth.values[r][col];
      if (value === null) {
        missing++;
        return;
      }
      matchedCategory.add(r);
      relErrors.push(Math.abs(value - wanted) / Math.max(Math.abs(wanted), 1e-9));
    });
  });
  categoriesMatched = matchedCategory.size;
  const values = truth.series.length * truth.categories.length;
  return {
    values,
    within: (tolerance) => relErrors.filter((e) => e <= tolerance + 1e-9).length,
    relErrors: [...relErrors, ...new Array(missing).fill(Infinity)],
    categoriesMatched,
    categories: truth.categories.length,
    seriesNamesMatched: truth.series.filter((name) => ours.some((s) => norm(s.name) === norm(name))).length,
    seriesCount: truth.series.length,
  };
}

export const sameText = (a: string | undefined, b: string | undefined) => norm(a ?? '') === norm(b ?? '');

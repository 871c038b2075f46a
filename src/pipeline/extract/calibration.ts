import { readFileSync } from 'node:fs';
import { conceptOf } from './lexicon.ts';
import type { ExtractOutput, GroundingSource, SchemaV2 } from './types.ts';

/**
 * Confidence that means what it says: a finder's raw score is mapped to the share of values with that score
 * that were right, measured on the tune half of the development sets (scripts/calibrate-extract.ts fits the
 * table; it is not edited by hand). Each curve is monotone: a higher raw score never maps lower. A value is
 * looked up by its concept and where it was read (`total|key_value`), backing off to the concept alone, to the
 * source alone, then to every value, so fields the table never saw (a user's own keys) still get a measured
 * mapping rather than the finder's raw guess.
 */

export interface CalibrationCurve {
  /** Raw scores (ascending) and the measured accuracy at each; linear in between, flat past the ends. */
  x: number[];
  y: number[];
  /** Observations the curve was fitted on. */
  n: number;
}

export interface CalibrationTable {
  version: number;
  fitted_on: string;
  curves: Record<string, CalibrationCurve>;
}

const ANY = '*';
const DEFAULT_TABLE = JSON.parse(readFileSync(new URL('./calibration-table.json', import.meta.url), 'utf8')) as CalibrationTable;

export const calibrationKey = (concept: string | null, source: GroundingSource | typeof ANY): string => `${concept ?? ANY}|${source}`;

/** The curve for a value: its concept and source, else the concept, else the source, else all values. */
export function curveFor(concept: string | null, source: GroundingSource, t: CalibrationTable = DEFAULT_TABLE): CalibrationCurve | null {
  for (const key of [
    calibrationKey(concept, source),
    calibrationKey(concept, ANY),
    calibrationKey(null, source),
    calibrationKey(null, ANY),
  ]) {
    const curve = t.curves[key];
    if (curve && curve.x.length > 0) return curve;
  }
  return null;
}

/** The calibrated confidence of a raw score; the raw score itself when no curve applies. */
export function calibrate(raw: number, concept: string | null, source: GroundingSource, t: CalibrationTable = DEFAULT_TABLE): number {
  const curve = curveFor(concept, source, t);
  if (!curve) return raw;
  return Math.round(interpolate(curve, raw) * 1000) / 1000;
}

function interpolate({ x, y }: CalibrationCurve, v: number): number {
  if (v <= x[0]) return y[0];
  const last = x.length - 1;
  if (v >= x[last]) return y[last];
  let i = 1;
  while (x[i] < v) i++;
  const t = (v - x[i - 1]) / (x[i] - x[i - 1] || 1);
  return y[i - 1] + t * (y[i] - y[i - 1]);
}

/**
 * Below this calibrated confidence a single value is withheld (null, with the reason in `_validation`): on the
 * tune half, values scored this low were wrong far more often than right, so returning them would be a guess.
 */
export const WITHHOLD_BELOW = 0.15;

/**
 * Every field value's confidence mapped through its curve (after the self-checks lowered what they doubt), and
 * single values that stay below WITHHOLD_BELOW withheld. Line-item cells keep their raw scores (no table data
 * was fitted).
 */
export function calibrateOutput(schema: SchemaV2, output: ExtractOutput, t: CalibrationTable = DEFAULT_TABLE): void {
  const { result, grounding, validation } = output;
  for (const field of schema.fields) {
    const concept = conceptOf(field);
    const paths = field.array ? Object.keys(grounding).filter((p) => p.startsWith(`${field.key}[`)) : [field.key];
    for (const path of paths) {
      const g = grounding[path];
      if (g && !Array.isArray(g)) g.confidence = calibrate(g.confidence, concept, g.source, t);
    }
    const g = grounding[field.key];
    if (field.array || !g || Array.isArray(g) || g.confidence >= WITHHOLD_BELOW) continue;
    validation.push({
      check: 'low_confidence',
      ok: false,
      message: `${field.key}: the best value found is too uncertain to return (confidence ${g.confidence} < ${WITHHOLD_BELOW}); check the document or widen the description`,
      paths: [field.key],
      found: typeof result[field.key] === 'number' ? (result[field.key] as number) : String(result[field.key]),
    });
    result[field.key] = null;
    delete grounding[field.key];
  }
}

import { normalizeValue, type FieldKind } from './metrics.ts';
import type { DetailTable } from '../types.ts';

/**
 * Is the confidence of an extracted value worth anything? Each value returned for a field whose truth is known
 * is one observation (its confidence from `_grounding`, and whether it is right); a field returned null is
 * counted apart. The report gives the accuracy of the values at or above each threshold and the null share, so
 * a caller can see which threshold to trust.
 */
export const CONFIDENCE_THRESHOLDS = [0.5, 0.8, 0.9] as const;

interface Observation {
  confidence: number;
  right: boolean;
}

export class ReliabilityTally {
  readonly values: Observation[] = [];
  nulls = 0;

  /** One single-valued field of one document; truth null or absent is not scored. */
  addExact(truth: unknown, predicted: unknown, confidence: number | null, kind: FieldKind): void {
    const want = normalizeValue(truth, kind);
    if (want === null) return;
    const got = normalizeValue(Array.isArray(predicted) ? predicted[0] : predicted, kind);
    if (got === null) this.nulls++;
    else this.values.push({ confidence: confidence ?? 0, right: got === want });
  }

  /** A set-valued field: each returned value is right when the truth holds it; nothing returned for a known truth is a null. */
  addSet(truth: unknown[], predicted: unknown[], confidences: (number | null)[], kind: FieldKind): void {
    const want = new Set(truth.map((v) => normalizeValue(v, kind)).filter((v): v is string => v !== null));
    const got = predicted.map((v) => normalizeValue(v, kind));
    if (got.every((v) => v === null)) {
      if (want.size > 0) this.nulls++;
      return;
    }
    got.forEach((v, i) => {
      if (v !== null) this.values.push({ confidence: confidences[i] ?? 0, right: want.has(v) });
    });
  }

  /** "0.912 (104/114)": accuracy of the values at or above the threshold. */
  accuracyAt(threshold: number): string {
    const above = this.values.filter((v) => v.confidence >= threshold);
    if (above.length === 0) return '— (0)';
    const right = above.filter((v) => v.right).length;
    return `${(right / above.length).toFixed(3)} (${right}/${above.length})`;
  }

  nullShare(): string {
    const total = this.values.length + this.nulls;
    return total ? `${(this.nulls / total).toFixed(3)} (${this.nulls}/${total})` : '—';
  }
}

/** The confidence `_grounding` gives a field: one value, or one per value of an array field (`key[0]`, `key[1]`, ...). */
export function confidencesOf(result: Record<string, unknown>, key: string): (number | null)[] {
  return groundingsOf(result, key).map((g) => g?.confidence ?? null);
}

export interface GroundingSeen {
  confidence: number | null;
  source: string | null;
}

/** The `_grounding` entries of a field, as the array field's values come (a missing entry is null). */
export function groundingsOf(result: Record<string, unknown>, key: string): (GroundingSeen | null)[] {
  const grounding = (result._grounding ?? {}) as Record<string, unknown>;
  const one = (x: unknown): GroundingSeen | null => {
    if (!x || typeof x !== 'object') return null;
    const g = x as { confidence?: unknown; source?: unknown };
    return { confidence: typeof g.confidence === 'number' ? g.confidence : null, source: typeof g.source === 'string' ? g.source : null };
  };
  const value = result[key];
  if (Array.isArray(value)) return value.map((_, i) => one(grounding[`${key}[${i}]`]));
  return [one(grounding[key])];
}

export function reliabilityTable(set: string, rows: { label: string; tally: ReliabilityTally }[]): DetailTable {
  return {
    title: `${set}: reliability of confidence (accuracy of returned values at or above each confidence; share of known fields returned null)`,
    header: ['half', 'values', ...CONFIDENCE_THRESHOLDS.map((t) => `right at ≥ ${t}`), 'null share'],
    rows: rows.map(({ label, tally }) => [label, String(tally.values.length), ...CONFIDENCE_THRESHOLDS.map((t) => tally.accuracyAt(t)), tally.nullShare()]),
  };
}

import { asList, normalizeValue, type FieldKind } from './metrics.ts';
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

export interface JudgedValues {
  /** Each value returned (by its index in the returned list) and whether the truth holds it. */
  values: { index: number; right: boolean }[];
  /** The truth states the field (a value returned for a field it does not state is wrong). */
  truthKnown: boolean;
}

/**
 * The values returned for one field of one document, judged against its truth after normalisation. A
 * single-valued field (the first value counts) whose truth is missing cannot be judged: null. A set-valued field
 * always can: a value for a field the document does not state is wrong.
 */
export function judgeValues(truth: unknown, predicted: unknown, kind: FieldKind, sets: boolean): JudgedValues | null {
  const want = new Set(
    asList(truth)
      .map((v) => normalizeValue(v, kind))
      .filter((v): v is string => v !== null),
  );
  if (!sets && want.size === 0) return null;
  const returned = sets ? asList(predicted) : [Array.isArray(predicted) ? predicted[0] : predicted];
  const values = returned.flatMap((v, index) => {
    const got = normalizeValue(v, kind);
    return got === null ? [] : [{ index, right: want.has(got) }];
  });
  return { values, truthKnown: want.size > 0 };
}

export class ReliabilityTally {
  readonly values: Observation[] = [];
  nulls = 0;

  /** One field of one document, judged by judgeValues (null: not scored); each value's confidence by its index. */
  add(judged: JudgedValues | null, confidences: (number | null)[]): void {
    if (!judged) return;
    if (judged.values.length === 0) {
      if (judged.truthKnown) this.nulls++;
      return;
    }
    for (const v of judged.values) this.values.push({ confidence: confidences[v.index] ?? 0, right: v.right });
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
    rows: rows.map(({ label, tally }) => [
      label,
      String(tally.values.length),
      ...CONFIDENCE_THRESHOLDS.map((t) => tally.accuracyAt(t)),
      tally.nullShare(),
    ]),
  };
}

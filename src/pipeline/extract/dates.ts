import { findDates } from '../fields/mod.ts';
import type { Candidate, SchemaField, ValidationCheck } from './types.ts';

/**
 * `date` fields (issue 7): values are ISO `YYYY-MM-DD`; a value read for a date field that holds no date is left
 * out (the field stays null) and named in `_validation` as a failed `date_type` check.
 */

/** An ISO date (a date-time keeps its date), else the first date printed in the text; null when there is none. */
export function isoDateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text);
  if (m) {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    if (d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return findDates(text)[0]?.iso ?? null;
}

/** The failed check for a date field whose value as read (`rejected`, best first) holds no date. */
export function notADate(field: SchemaField, rejected: Candidate): ValidationCheck {
  const raw = (rejected.text || String(rejected.value)).trim().slice(0, 200);
  return {
    check: 'date_type',
    ok: false,
    message: `${field.key}: "${raw}" is not a date, so the value is null`,
    paths: [field.key],
    found: raw,
  };
}

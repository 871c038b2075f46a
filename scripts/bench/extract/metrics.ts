/**
 * Field extraction scoring for the extract capability. Values are compared after normalisation by kind:
 * - number: parsed to a number ("1,234.56", "9.00", 4.11), equal within half a cent;
 * - date: ISO YYYY-MM-DD; truth strings like "25/12/2018" are read day first (SROIE prints dates that way),
 *   "Dec 25, 2018" and "25 December 2018" too;
 * - string: case, whitespace and punctuation insensitive (only letters and digits compared, "&" read as "and");
 *   organisation names (issuer, party) also drop legal forms (Inc, LLC, Ltd, GmbH, Corp, Co, ...), since the truth
 *   files print them inconsistently ("Nike Inc." for "NIKE, Inc.", "Amazon Web Services" for "…, Inc.").
 * Single-valued sets score exact-match rate per field; Kleister scores per-field F1 over value sets (micro: true
 * positives, predicted and expected values summed over documents).
 */
export type FieldKind = 'number' | 'date' | 'string' | 'organisation';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

export function normalizeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let s = value.replace(/[^\d.,-]/g, '');
  // The last separator followed by 1-2 digits is the decimal mark; every other separator groups thousands.
  const decimal = /[.,](\d{1,2})$/.exec(s);
  if (decimal) s = `${s.slice(0, decimal.index).replace(/[.,]/g, '')}.${decimal[1]}`;
  else s = s.replace(/[.,]/g, '');
  const n = Number.parseFloat(s);
  return Number.isFinite(n) ? n : null;
}

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += y < 70 ? 2000 : 1900;
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function normalizeDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})$/.exec(s);
  if (m) return +m[2] > 12 ? iso(+m[3], +m[1], +m[2]) : iso(+m[3], +m[2], +m[1]);
  // Day-first eight digits with no separators (receipts print "25032018").
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (m) return iso(+m[3], +m[2], +m[1]);
  m = /^(\d{1,2})(?:st|nd|rd|th)?[\s/-]+([A-Za-z]{3})[A-Za-z]*\.?[\s,/-]+(\d{2,4})$/.exec(s);
  if (m && MONTHS[m[2].toLowerCase()]) return iso(+m[3], MONTHS[m[2].toLowerCase()], +m[1]);
  m = /^([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{2,4})$/.exec(s);
  if (m && MONTHS[m[1].toLowerCase()]) return iso(+m[3], MONTHS[m[1].toLowerCase()], +m[2]);
  return null;
}

const LEGAL_FORMS =
  /\b(?:inc|incorporated|llc|l l c|ltd|limited|corp|corporation|co|company|lp|l p|llp|plc|gmbh|ag|sa|sas|sarl|bv|nv|sdn|bhd|pte|pty|sp z o o|spzoo)\b/g;

export function normalizeString(value: unknown, organisation = false): string | null {
  if (value === null || value === undefined) return null;
  let s = String(value).toLowerCase().replace(/&/g, ' and ');
  // Dots and apostrophes vanish ("L.P." -> "lp", "Colt's" -> "colts"); other punctuation separates words.
  s = s
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (organisation) s = s.replace(LEGAL_FORMS, ' ').trim();
  s = s.replace(/\s+/g, '');
  return s || null;
}

/** A truth or result value as a list (set-valued truths list every value; the others hold one). */
export const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** The comparable form of a value of the given kind, or null when there is none. */
export function normalizeValue(value: unknown, kind: FieldKind): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'number') {
    const n = normalizeNumber(value);
    return n === null ? null : n.toFixed(2);
  }
  if (kind === 'date') return normalizeDate(String(value)) ?? normalizeString(value);
  return normalizeString(value, kind === 'organisation');
}

export interface FieldTally {
  field: string;
  /** Exact-match sets: documents whose value matched / documents scored. */
  matched: number;
  scored: number;
  /** Set-valued (F1) sets. */
  truePositives: number;
  predicted: number;
  expected: number;
}

export function newTally(field: string): FieldTally {
  return { field, matched: 0, scored: 0, truePositives: 0, predicted: 0, expected: 0 };
}

/** Exact match of one value; a missing truth is not scored. Returns whether it matched (null: not scored). */
export function scoreExact(tally: FieldTally, truth: unknown, predicted: unknown, kind: FieldKind): boolean | null {
  const want = normalizeValue(truth, kind);
  if (want === null) return null;
  tally.scored++;
  const got = normalizeValue(Array.isArray(predicted) ? predicted[0] : predicted, kind);
  const ok = got === want;
  if (ok) tally.matched++;
  return ok;
}

/** Set F1 contribution of one document: values compared as normalised sets. Returns the missed and extra values. */
export function scoreSet(
  tally: FieldTally,
  truth: unknown[],
  predicted: unknown[],
  kind: FieldKind,
): { missed: string[]; extra: string[] } {
  const want = new Set(truth.map((v) => normalizeValue(v, kind)).filter((v): v is string => v !== null));
  const got = new Set(predicted.map((v) => normalizeValue(v, kind)).filter((v): v is string => v !== null));
  const hits = [...got].filter((v) => want.has(v));
  tally.truePositives += hits.length;
  tally.predicted += got.size;
  tally.expected += want.size;
  return { missed: [...want].filter((v) => !got.has(v)), extra: [...got].filter((v) => !want.has(v)) };
}

export function f1(t: FieldTally): { precision: number; recall: number; f1: number } {
  const precision = t.predicted ? t.truePositives / t.predicted : 0;
  const recall = t.expected ? t.truePositives / t.expected : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

export function exactRate(t: FieldTally): number {
  return t.scored ? t.matched / t.scored : 0;
}

/**
 * Does an auto-generated schema field stand for an evaluation field? Compared on the key and description's
 * words against synonyms a person would accept (documented in the report notes).
 */
export const INVOICE_FIELD_SYNONYMS: Record<string, string[]> = {
  issuer: ['issuer', 'vendor', 'seller', 'supplier', 'company', 'merchant', 'from', 'sender', 'biller', 'provider', 'store'],
  amount: ['amount', 'total', 'grand total', 'amount due', 'balance due', 'total due', 'invoice total', 'total amount'],
  date: ['date', 'invoice date', 'issue date', 'issued', 'billing date', 'document date'],
  invoice_number: ['invoice number', 'invoice no', 'invoice id', 'invoice #', 'bill number', 'document number', 'invoice_number'],
  currency: ['currency', 'currency code'],
};

/** Words that make a key a different field than its head noun ("due date", "subtotal amount", "tax amount"). */
const QUALIFIERS =
  /\b(?:due|delivery|order|ship|shipping|tax|vat|sub|subtotal|net|untaxed|discount|paid|line|unit|po|customer|buyer|client|bill to|period|service)\b/;

/** A schema field stands for a target when its key (underscores as spaces) is, or contains, one of the target's synonyms, unqualified. */
export function matchesField(field: { key: string; description: string }, target: string): boolean {
  const key = field.key.toLowerCase().replace(/[_-]+/g, ' ').trim();
  const synonyms = INVOICE_FIELD_SYNONYMS[target] ?? [target];
  if (synonyms.includes(key)) return true;
  if (QUALIFIERS.test(key)) return false;
  return synonyms.some((s) => new RegExp(`(^|\\s)${s.replace(/[#]/g, '\\#')}(\\s|$)`).test(key));
}

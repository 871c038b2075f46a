import { FIELD_SUBTOTAL_WORDS, FIELD_TAX_NAMES, FIELD_TAX_RATE_NAMES, FIELD_TOTAL_WORDS, plainWords } from '../lexicon/mod.ts';
import { cellNumber, fieldRole } from './columns.ts';
import type { ExtractOutput, SchemaField, SchemaV2, ValidationCheck } from './types.ts';

/**
 * Self-checks of an extraction result (issue 7): the arithmetic an invoice must satisfy (qty × unit price = line
 * amount, lines sum to the subtotal, subtotal + tax = total, tax = subtotal × rate) and sane dates. Fields are
 * recognised by the words of their keys and descriptions; a check runs only when all its inputs are present.
 */

type TopRole = 'subtotal' | 'tax' | 'tax_rate' | 'total' | 'invoice_date' | 'due_date';

const has = (words: string, ...phrases: string[]): boolean => phrases.some((p) => ` ${words} `.includes(` ${p} `));

/** A top-level field's role from its key (then description); the most specific role wins (subtotal before total). */
function topRole(field: SchemaField): TopRole | null {
  if (has(plainWords(field.key), 'id', 'number', 'no', 'nr', 'code', 'registration')) return null; // tax_id, vat_number
  for (const text of [field.key, field.description]) {
    const w = plainWords(text);
    if (!w) continue;
    if (field.type === 'string' || field.type === 'date') {
      if (has(w, 'due', 'due date', 'date due', 'payment due', 'faellig', 'vervaldatum', 'echeance')) return 'due_date';
      if (has(w, 'date', 'issue date', 'invoice date', 'datum', 'fecha')) return 'invoice_date';
      continue;
    }
    if (field.type !== 'number') continue;
    if (has(w, 'rate', 'percent', '%', 'percentage')) return has(w, ...FIELD_TAX_RATE_NAMES) ? 'tax_rate' : null;
    if (has(w, ...FIELD_SUBTOTAL_WORDS)) return 'subtotal';
    if (has(w, ...FIELD_TAX_NAMES)) return 'tax';
    if (has(w, ...FIELD_TOTAL_WORDS)) return 'total';
  }
  return null;
}

/** Thresholds of the self-checks: tolerances in the document's currency, and the plausible date range. */
const CHECK = {
  /** Smallest tolerance of an amount check: a cent. */
  cent: 0.01,
  /** Relative tolerance of a product (share of the expected amount): 0.5%. */
  productShare: 0.005,
  /** Tolerance of a sum per added term: half a cent for rounding. */
  perTerm: 0.005,
  /** Extra tolerance of subtotal × rate = tax (the rate itself is rounded): a cent. */
  taxRateExtra: 0.01,
  /** Invoice and due dates before this year are implausible. */
  minDateYear: 1990,
  /** ...and so are dates more than this many years after today. */
  maxYearsAhead: 2,
} as const;

/** Per-line products may be rounded differently from the printed amount: a cent, or 0.5%. */
const tolerance = (expected: number): number => Math.max(CHECK.cent, Math.abs(expected) * CHECK.productShare) + 1e-9;
/** Sums of printed (rounded) amounts: a cent, plus half a cent per added line for rounding. */
const sumTolerance = (terms: number): number => Math.max(CHECK.cent, CHECK.perTerm * terms) + 1e-9;
const cents = (n: number): number => Math.round(n * 100) / 100;

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return cellNumber(value);
  return null;
}

export function runChecks(result: Record<string, unknown>, schema: SchemaV2, _grounding: ExtractOutput['grounding']): ValidationCheck[] {
  const roles = new Map<TopRole, string>();
  for (const field of schema.fields) {
    const role = field.array ? null : topRole(field);
    if (role && !roles.has(role)) roles.set(role, field.key);
  }
  const value = (role: TopRole): number | null => (roles.has(role) ? numberOf(result[roles.get(role)!]) : null);
  const checks: ValidationCheck[] = [];
  const lines = lineChecks(result, schema, checks);
  const subtotal = value('subtotal');
  const tax = value('tax');
  const total = value('total');
  if (lines) {
    const target = subtotal !== null ? 'subtotal' : total !== null && tax === null ? 'total' : null;
    if (target) {
      const found = (target === 'subtotal' ? subtotal : total)!;
      // Gross line prices sum to the total even when a subtotal is printed.
      const near = (x: number) => Math.abs(x - lines.sum) <= sumTolerance(lines.paths.length);
      const ok = near(found) || (target === 'subtotal' && total !== null && near(total));
      checks.push(
        check(
          `lines_sum_${target}`,
          ok,
          `line amounts sum to ${cents(lines.sum)}, ${target} is ${found}`,
          [...lines.paths, roles.get(target)!],
          cents(lines.sum),
          found,
        ),
      );
    }
  }
  if (subtotal !== null && tax !== null && total !== null) {
    const expected = cents(subtotal + tax);
    checks.push(
      check(
        'subtotal_tax_total',
        Math.abs(expected - total) <= sumTolerance(2),
        `subtotal + tax = ${expected}, total is ${total}`,
        [roles.get('subtotal')!, roles.get('tax')!, roles.get('total')!],
        expected,
        total,
      ),
    );
  }
  const rate = value('tax_rate');
  if (subtotal !== null && tax !== null && rate !== null) {
    const expected = cents(subtotal * (rate > 1 ? rate / 100 : rate));
    checks.push(
      check(
        'tax_rate',
        Math.abs(expected - tax) <= tolerance(expected) + CHECK.taxRateExtra,
        `subtotal × rate = ${expected}, tax is ${tax}`,
        [roles.get('subtotal')!, roles.get('tax_rate')!, roles.get('tax')!],
        expected,
        tax,
      ),
    );
  }
  checks.push(...dateChecks(result, roles));
  return checks;
}

/** qty × unit price = amount per row of each table with those columns; returns the amounts' sum when every row has one. */
function lineChecks(result: Record<string, unknown>, schema: SchemaV2, checks: ValidationCheck[]): { sum: number; paths: string[] } | null {
  let lines: { sum: number; paths: string[] } | null = null;
  for (const table of schema.tables) {
    const rows = result[table.key];
    if (!Array.isArray(rows) || rows.length === 0) continue;
    const key = (role: string) => table.fields.find((f) => !f.array && fieldRole(f) === role && f.type !== 'string')?.key;
    const [qty, price, amount] = [key('quantity'), key('unit_price'), key('amount')];
    if (!amount) continue;
    let sum = 0;
    let complete = true;
    rows.forEach((row: Record<string, unknown>, i) => {
      const a = numberOf(row?.[amount]);
      if (a === null) complete = false;
      else sum += a;
      const q = qty ? numberOf(row?.[qty]) : null;
      const p = price ? numberOf(row?.[price]) : null;
      if (a === null || q === null || p === null) return;
      const expected = cents(q * p);
      const path = (k: string) => `${table.key}[${i}].${k}`;
      checks.push(
        check(
          'line_amount',
          Math.abs(expected - a) <= tolerance(expected),
          `${q} × ${p} = ${expected}, amount is ${a}`,
          [path(qty!), path(price!), path(amount)],
          expected,
          a,
        ),
      );
    });
    if (complete && !lines) lines = { sum: cents(sum), paths: rows.map((_, i) => `${table.key}[${i}].${amount}`) };
  }
  return lines;
}

function dateChecks(result: Record<string, unknown>, roles: Map<TopRole, string>): ValidationCheck[] {
  const checks: ValidationCheck[] = [];
  const now = new Date();
  const latest = `${now.getUTCFullYear() + CHECK.maxYearsAhead}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
  const dates = new Map<TopRole, string>();
  for (const role of ['invoice_date', 'due_date'] as const) {
    const key = roles.get(role);
    const raw = key ? result[key] : null;
    if (typeof raw !== 'string' || !raw) continue;
    const iso = isoDate(raw);
    const ok = iso !== null && iso >= `${CHECK.minDateYear}-01-01` && iso <= latest;
    checks.push(
      check(
        'date_sanity',
        ok,
        ok ? `${key} ${iso} is a plausible date` : `${key} "${raw}" is not a date between ${CHECK.minDateYear} and ${latest}`,
        [key!],
        undefined,
        raw,
      ),
    );
    if (ok) dates.set(role, iso!);
  }
  const issued = dates.get('invoice_date');
  const due = dates.get('due_date');
  if (issued && due) {
    checks.push(
      check(
        'date_order',
        due >= issued,
        `due date ${due} ${due >= issued ? 'is on or after' : 'is before'} invoice date ${issued}`,
        [roles.get('invoice_date')!, roles.get('due_date')!],
        `>= ${issued}`,
        due,
      ),
    );
  }
  return checks;
}

/** ISO YYYY-MM-DD from an ISO date or date-time string; null for anything else or an impossible date. */
function isoDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function check(
  name: string,
  ok: boolean,
  message: string,
  paths: string[],
  expected?: number | string,
  found?: number | string,
): ValidationCheck {
  const out: ValidationCheck = { check: name, ok, message, paths };
  if (expected !== undefined) out.expected = expected;
  if (found !== undefined) out.found = found;
  return out;
}

import { parseAmount } from './amounts.ts';
import { detectCurrency } from './currency.ts';
import { parseDate, type DateOrder } from './dates.ts';
import type { TypedValue, ValueKind } from './types.ts';

/**
 * One printed value to a typed value: the kind is inferred when not given (checkbox glyph, email, URL, date,
 * percentage, amount, quantity, phone, identifier, else text). A requested kind that does not parse gives text.
 */

/** Thresholds of typed values: lengths in characters or digits. */
const VALUE = {
  /** A phone number holds at least this many digits... */
  phoneMinDigits: 7,
  /** ...and at most this many (E.164). */
  phoneMaxDigits: 15,
  /** An identifier is at least this many characters... */
  identifierMinChars: 2,
  /** ...and at most this many. */
  identifierMaxChars: 40,
  /** The parse memo is cleared when it holds more than this many entries. */
  memoEntries: 10_000,
} as const;

const CHECKED = /^(?:[☑☒✓✔✗✘■▣◼⊠]|\[[xX✓✔]\]|\([xX]\))$/u;
const UNCHECKED = /^(?:[☐□◻▢○]|\[ ?\]|\( ?\))$/u;
/** Any checkbox glyph, for callers that look for boxes inside text. */
export const CHECKBOX_GLYPH = /[☐☑☒✓✔✗✘□■▣◼◻▢⊠]/u;

const EMAIL = /^(?:e-?mail:?\s*)?([\w.+'-]+@[\w-]+(?:\.[\w-]+)+)$/iu;
const URL_RE =
  /^((?:https?:\/\/|www\.)[^\s]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|co|de|fr|pl|nl|uk|in|es|it|eu|gov|edu|info|biz|my|sg|ch)(?:\/[^\s]*)?)$/iu;
const PHONE = /^(?:\+|00)?[\d\s().\-/]{7,22}$/u;
const PERCENT = /^([-+−]?\s?\d+(?:[.,]\d+)?)\s?%$/u;
const UNITS =
  'kg|g|mg|t|lb|lbs|oz|km|m|cm|mm|mi|ft|in|l|ml|cl|gal|pcs|pc|pce|pieces?|units?|ea|each|hrs?|hours?|h|min|mins|days?|d|months?|weeks?|x|sqm|m2|m²|m3|m³|kwh|kw|gb|mb|tb|st|stk|szt|stück|unités?';
const QUANTITY = new RegExp(`^(\\d+(?:[.,]\\d+)?)\\s?(${UNITS})\\.?$`, 'iu');
/** One code with a digit ("INV-2024-0417", "#4711"), or space-separated groups that all hold digits (IBANs). */
const IDENTIFIER = /^#?(?=[^\s]*\d)[\p{L}\d][\p{L}\d\-_/.#]*[\p{L}\d]$/u;
const GROUPED_IDENTIFIER = /^(?:[\p{L}\d]*\d[\p{L}\d]*)(?: [\p{L}\d]*\d[\p{L}\d]*)+$/u;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function numberOf(printed: string): number {
  return Number(printed.replace(/\s/g, '').replace('−', '-').replace(',', '.'));
}

/** A checkbox glyph (or "[x]", "[ ]") as true/false; null when the text is not one. */
export function parseCheckbox(text: string): boolean | null {
  const t = collapse(text);
  if (CHECKED.test(t)) return true;
  if (UNCHECKED.test(t)) return false;
  return null;
}

type Parser = (raw: string, context: ParseContext) => TypedValue | null;

export interface ParseContext {
  currency?: string;
  dateOrder?: DateOrder;
}

const PARSERS: Record<Exclude<ValueKind, 'text'>, Parser> = {
  boolean: (raw) => {
    const b = parseCheckbox(raw);
    return b === null ? null : { kind: 'boolean', raw, value: b };
  },
  email: (raw) => {
    const m = EMAIL.exec(raw);
    return m ? { kind: 'email', raw, value: m[1].toLowerCase() } : null;
  },
  url: (raw) => (URL_RE.test(raw) && !raw.includes('@') ? { kind: 'url', raw, value: raw.replace(/[.,;]$/, '') } : null),
  date: (raw, c) => {
    const iso = parseDate(raw, c.dateOrder);
    return iso ? { kind: 'date', raw, value: iso } : null;
  },
  percent: (raw) => {
    const m = PERCENT.exec(raw);
    return m ? { kind: 'percent', raw, value: numberOf(m[1]) } : null;
  },
  amount: (raw, c) => {
    const a = parseAmount(raw, c.currency ? { currency: c.currency } : undefined);
    return a ? { kind: 'amount', raw, value: a.value, ...(a.currency ? { currency: a.currency } : {}) } : null;
  },
  quantity: (raw) => {
    const m = QUANTITY.exec(raw);
    if (m) return { kind: 'quantity', raw, value: numberOf(m[1]), unit: m[2] };
    return /^\d+(?:[.,]\d+)?$/.test(raw) ? { kind: 'quantity', raw, value: numberOf(raw) } : null;
  },
  phone: (raw) => {
    const digits = raw.replace(/\D/g, '');
    if (!PHONE.test(raw) || digits.length < VALUE.phoneMinDigits || digits.length > VALUE.phoneMaxDigits) return null;
    return { kind: 'phone', raw, value: raw.replace(/[^\d+]/g, '') };
  },
  identifier: (raw) =>
    (IDENTIFIER.test(raw) || GROUPED_IDENTIFIER.test(raw)) &&
    raw.length >= VALUE.identifierMinChars &&
    raw.length <= VALUE.identifierMaxChars
      ? { kind: 'identifier', raw, value: raw }
      : null,
};

/**
 * Whether an inferred amount is money rather than a count or a code: it shows a currency, a decimal part or
 * thousands groups. Bare integers are quantities (up to 3 digits) or identifiers ("42183017").
 */
function looksLikeMoney(raw: string): boolean {
  return detectCurrency(raw) !== null || /\d[.,]\d{1,2}\)?-?$/.test(raw) || /^\(?[-−]?\s?\d{1,3}(?:[,.' ]\d{3})+(?:[.,]\d+)?\)?$/.test(raw);
}

/** Kinds tried first, in order; without a digit only these can match, so the number parsers are skipped. */
const WORD_KINDS = ['boolean', 'email', 'url'] as const;

function infer(raw: string, context: ParseContext): TypedValue {
  const text: TypedValue = { kind: 'text', raw, value: raw };
  for (const kind of WORD_KINDS) {
    const v = PARSERS[kind](raw, context);
    if (v) return v;
  }
  if (!/\d/.test(raw)) return text;
  const typed = PARSERS.date(raw, context) ?? PARSERS.percent(raw, context);
  if (typed) return typed;
  const amount = PARSERS.amount(raw, context);
  if (amount && looksLikeMoney(raw)) return amount;
  if (/^\d{1,3}$/.test(raw)) return PARSERS.quantity(raw, context)!;
  // Longer bare digit runs are codes ("42183017"), not counts nor phone numbers, unless a label says so.
  const bareDigits = /^\d+$/.test(raw);
  for (const kind of ['quantity', 'phone', 'identifier'] as const) {
    if (bareDigits && kind !== 'identifier') continue;
    const v = PARSERS[kind](raw, context);
    if (v) return v;
  }
  return text;
}

/** Key-value reading asks about the same texts several times; answers are kept per text, kind and context (bounded). */
const memo = new Map<string, TypedValue>();

/** The printed text as a typed value; `kind` forces a parser (falling back to text when it fails). */
export function parseValue(text: string, kind?: ValueKind, context: ParseContext = {}): TypedValue {
  const key = `${kind ?? ''}|${context.dateOrder ?? ''}|${context.currency ?? ''}|${text}`;
  const known = memo.get(key);
  if (known) return { ...known };
  const value = parseUncached(text, kind, context);
  if (memo.size > VALUE.memoEntries) memo.clear();
  memo.set(key, value);
  return { ...value };
}

function parseUncached(text: string, kind: ValueKind | undefined, context: ParseContext): TypedValue {
  const raw = collapse(text);
  if (kind && kind !== 'text') {
    const v = PARSERS[kind](raw, context);
    if (v) return v;
    return { kind: 'text', raw, value: raw };
  }
  if (kind === 'text') return { kind: 'text', raw, value: raw };
  return infer(raw, context);
}

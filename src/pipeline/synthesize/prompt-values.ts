import { alternation, ENGLISH_MONTHS, REQUEST_CURRENCY_CODES, REQUEST_CURRENCY_NAMES, REQUEST_CURRENCY_SYMBOLS } from '../lexicon/mod.ts';
import type { DocType } from './types.ts';
import type { Country } from './vocab-places.ts';

/** Reading values out of free English text: numbers, amounts, dates, document types, currencies and countries. */

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  a: 1,
  an: 1,
  single: 1,
};
export const NUMBER_WORD = `(?:\\d+|${Object.keys(WORD_NUMBERS)
  .filter((w) => w.length > 2)
  .join('|')})`;

export function wordOrNumber(s: string): number | null {
  const t = s.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  return WORD_NUMBERS[t] ?? null;
}

/** `1,250.00`, `1.250,00`, `1 250,5`, `1250`, `€1,250` → 1250; null when not a number. */
export function parseAmount(text: string): number | null {
  let s = text
    .replace(/[€$£¥\s\u00a0\u202f']/g, '')
    .replace(/^[A-Z]{3}/, '')
    .replace(/[A-Z]{3}$/, '');
  if (!/^-?\d[\d.,]*$/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ',';
    s = s
      .split(dec === '.' ? ',' : '.')
      .join('')
      .replace(dec, '.');
  } else if (lastComma >= 0) {
    // One comma followed by exactly three digits groups thousands (1,250); otherwise it is the decimal mark (12,5).
    const groups = s.split(',');
    s = groups.length > 2 || groups[1].length === 3 ? groups.join('') : groups.join('.');
  } else if ((s.match(/\./g) ?? []).length > 1) {
    s = s.split('.').join('');
  }
  const n = Number(s.replace(/[.,]$/, ''));
  return Number.isFinite(n) ? n : null;
}

const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

function monthIndex(name: string): number {
  return ENGLISH_MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const s = `${y}-${pad(m)}-${pad(d)}`;
  const t = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== s ? null : s;
}

export interface FoundDate {
  iso: string;
  index: number;
  text: string;
}

/** Every date written in the text (ISO, `March 15, 2026`, `15 March 2026`, `15.03.2026`, `03/15/2026`), in order. */
export function findDates(text: string, monthFirst = true): FoundDate[] {
  const out: FoundDate[] = [];
  const patterns: [RegExp, (m: RegExpExecArray) => string | null][] = [
    [/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, (m) => iso(+m[1], +m[2], +m[3])],
    [new RegExp(`\\b${MONTH_RE}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'), (m) => iso(+m[3], monthIndex(m[1]), +m[2])],
    [
      new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}\\.?,?\\s+(\\d{4})\\b`, 'gi'),
      (m) => iso(+m[3], monthIndex(m[2]), +m[1]),
    ],
    [/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, (m) => iso(+m[3], +m[2], +m[1])],
    [/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (m) => (monthFirst && +m[1] <= 12 ? iso(+m[3], +m[1], +m[2]) : iso(+m[3], +m[2], +m[1]))],
  ];
  for (const [re, toIso] of patterns) {
    for (const m of text.matchAll(re)) {
      const value = toIso(m as RegExpExecArray);
      if (value && !out.some((d) => m.index! >= d.index && m.index! < d.index + d.text.length))
        out.push({ iso: value, index: m.index!, text: m[0] });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** `for March 2026` (a statement or timesheet period) → `2026-03`. */
export function findPeriod(text: string): string | null {
  const m = new RegExp(`\\b(?:for|period|month of)\\s+${MONTH_RE}\\s+(\\d{4})\\b`, 'i').exec(text);
  return m ? `${m[2]}-${pad(monthIndex(m[1]))}` : null;
}

/** Document-type words; `PO` followed by a number or "number/reference" is a reference, not a document asked for. */
const TYPE_PATTERNS: [DocType, RegExp][] = [
  ['purchase_order', /\b(?:purchase[- ]orders?|P\.?O\.?s?)\b(?!\s*(?:[-#:/]|\d|numbers?\b|no\b|nos?\.|ref\b|refs\b|reference))/gi],
  ['credit_note', /\bcredit[- ](?:notes?|memos?)\b/gi],
  ['goods_receipt', /\b(?:goods[- ]receipts?|goods[- ]received[- ]notes?|GRNs?|receiving[- ]reports?)\b/gi],
  ['delivery_note', /\b(?:delivery[- ]notes?|delivery[- ]slips?|packing[- ](?:slips?|lists?)|dispatch[- ]notes?)\b/gi],
  ['invoice', /\b(?:invoices?|(?:a|an|the|one)\s+bills?)\b(?!\s*(?:[-#:]|\d|numbers?\b|no\b|nos?\.|ref\b|reference))/gi],
  ['receipt', /\b(?<!goods[- ])(?:(?:sales|payment|cash|till)\s+)?receipts?\b/gi],
  ['quote', /\b(?:quotes?|quotations?|estimates?|price offers?)\b/gi],
  ['bank_statement', /\b(?:bank|account)\s+statements?\b|\bstatements?\b/gi],
  ['timesheet', /\b(?:time[- ]?sheets?|time records?)\b/gi],
];

export interface TypeMention {
  type: DocType;
  index: number;
  text: string;
}

export function typeMentions(text: string): TypeMention[] {
  const out: TypeMention[] = [];
  for (const [type, re] of TYPE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      if (type === 'receipt' && /goods[- ]$/i.test(text.slice(0, m.index))) continue;
      if (out.some((o) => m.index! < o.index + o.text.length && o.index < m.index! + m[0].length)) continue;
      out.push({ type, index: m.index!, text: m[0] });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

const CODE = new RegExp(`\\b(${alternation(REQUEST_CURRENCY_CODES)})\\b`);

/** The currency the text names (code, then words, then symbol), with the words that said so. */
export function findCurrency(text: string): { code: string; said: string } | null {
  const code = CODE.exec(text);
  if (code) return { code: code[1], said: code[0] };
  for (const [re, c] of REQUEST_CURRENCY_NAMES) {
    const m = re.exec(text);
    if (m) return { code: c, said: m[0] };
  }
  const sym = /[€$£¥]/.exec(text);
  return sym ? { code: REQUEST_CURRENCY_SYMBOLS[sym[0]], said: sym[0] } : null;
}

const COUNTRY_WORDS: [RegExp, Country][] = [
  [/\b(?:german[ys]?|deutschland|deutsch)\b/i, 'DE'],
  [/\b(?:french|france)\b/i, 'FR'],
  [/\b(?:british|UK|united kingdom|england|english|scottish|welsh)\b/i, 'GB'],
  [/\b(?:spanish|spain)\b/i, 'ES'],
  [/\b(?:italian|italy)\b/i, 'IT'],
  [/\b(?:dutch|netherlands|holland)\b/i, 'NL'],
  [/\b(?:japanese|japan)\b/i, 'JP'],
  [/\b(?:american|USA|U\.S\.A?\.?|united states)\b|\bUS\b/, 'US'],
];

export interface CountryMention {
  country: Country;
  index: number;
  text: string;
}

/** Countries named (as nouns or adjectives) in order. "English" means the language only when "in English" says so. */
export function countryMentions(text: string): CountryMention[] {
  const out: CountryMention[] = [];
  for (const [re, country] of COUNTRY_WORDS) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) {
      if (/^english$/i.test(m[0]) && /\bin\s+$/i.test(text.slice(0, m.index))) continue;
      out.push({ country, index: m.index!, text: m[0] });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

import { COLUMN_LABELS, plainWords, SUMMARY_ROW_LABELS } from '../lexicon/mod.ts';

/**
 * Line-item column roles (issue 7): what a table header or a schema field means (description, quantity, unit
 * price, line amount, ...), in the languages the invoices come in, and the number reading the table cells need.
 * Shared by line-item extraction, the self-checks and auto schemas.
 */

export type ColumnRole =
  | 'description'
  | 'quantity'
  | 'unit_price'
  | 'amount'
  | 'tax'
  | 'tax_rate'
  | 'sku'
  | 'unit'
  | 'discount'
  | 'position';

/** Header phrases per role; longer phrases win ("unit price" over "unit"). */
const ROLE_PHRASES: Record<ColumnRole, readonly string[]> = COLUMN_LABELS;

/** Thresholds of reading column roles and numeric cells. */
const COLUMN = {
  /** A one-word phrase this long or longer also matches as the head of a compound word ("Gesamtpreis"). */
  compoundMinChars: 5,
  /** A compound holds at least this many more characters than its head word... */
  compoundExtraChars: 2,
  /** Score (0..1) of a phrase matched as a whole word: this base plus half the share of the text it covers. */
  phraseBase: 0.5,
  /** Score of a phrase matched as the head of a compound. */
  compoundScore: 0.6,
  /** The role memo is cleared when it holds more than this many texts. */
  memoEntries: 20_000,
  /** A numeric cell holds at most this many letters (currency, unit). */
  numericCellLetters: 5,
  /** A summary label longer than this (characters) also matches at the end of a row label. */
  summarySuffixChars: 4,
} as const;

const ROLE_CACHE = new Map<string, { role: ColumnRole; score: number } | null>();
const PHRASE_LIST = (Object.entries(ROLE_PHRASES) as [ColumnRole, readonly string[]][]).flatMap(([role, phrases]) =>
  phrases.map((phrase) => ({ role, phrase, compound: phrase.length >= COLUMN.compoundMinChars && !phrase.includes(' ') })),
);

/** The best role for a header text or field name, with its strength (0..1); null when nothing matches. */
export function roleOf(text: string): { role: ColumnRole; score: number } | null {
  // Headers and field names repeat across rows, tables and documents: remember the answers.
  const cached = ROLE_CACHE.get(text);
  if (cached !== undefined) return cached;
  if (ROLE_CACHE.size > COLUMN.memoEntries) ROLE_CACHE.clear();
  const found = computeRole(plainWords(text));
  ROLE_CACHE.set(text, found);
  return found;
}

function computeRole(plain: string): { role: ColumnRole; score: number } | null {
  if (!plain) return null;
  const padded = ` ${plain} `;
  const words = plain.split(' ');
  let best: { role: ColumnRole; score: number; length: number } | null = null;
  for (const { role, phrase, compound } of PHRASE_LIST) {
    let length = 0;
    let score = 0;
    if (padded.includes(` ${phrase} `)) {
      length = phrase.length;
      score = Math.min(1, COLUMN.phraseBase + phrase.length / Math.max(plain.length, 1) / 2);
    } else if (compound && words.some((w) => w.length > phrase.length + COLUMN.compoundExtraChars && w.endsWith(phrase))) {
      // German and Dutch compounds end in their head word: "Zeilenbetrag" is a Betrag, "Gesamtpreis" a Preis.
      length = phrase.length - 1;
      score = COLUMN.compoundScore;
    } else continue;
    if (!best || length > best.length || (length === best.length && score > best.score)) best = { role, score, length };
  }
  return best && { role: best.role, score: best.score };
}

/** A schema field's role: its key first (price_unit, qty, line_total), then its description. */
export function fieldRole(field: { key: string; description: string }): ColumnRole | null {
  return roleOf(field.key)?.role ?? roleOf(field.description)?.role ?? null;
}

/**
 * The first number printed in a cell: "1.234,56", "1,234.56", "1 234,56", "$ 42.00", "€ 399,00", "15.00%",
 * "1.00 kg", "(12.00)" and "-9,32". Local to line items: table cells hold one number each, already isolated.
 */
export function cellNumber(text: string): number | null {
  const t = text.replace(/\u00a0/g, ' ');
  const match = /(\(?)(-?)\s?((?:\d{1,3}(?:[ .,'’]\d{3})+|\d+)(?:[.,]\d+)?)(\)?)/.exec(t);
  if (!match) return null;
  const negative = match[2] === '-' || (match[1] === '(' && match[4] === ')') || /-\s*$/.test(t.slice(0, match.index));
  const value = numberOf(match[3]);
  if (value === null) return null;
  return negative && value !== 0 ? -value : value;
}

function numberOf(raw: string): number | null {
  const s = raw.replace(/[ '’]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    normalized = s.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    // "1,234" and "1.234.567" group thousands; "12,50" and "3.2" are decimals.
    const grouped = parts.length > 2 || (parts.length === 2 && parts[1].length === 3 && parts[0] !== '0' && sep === ',');
    normalized = grouped ? parts.join('') : parts.join('.');
  } else normalized = s;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

/** A cell that states a number (possibly with currency, unit or %), not prose that mentions one. */
export function isNumericCell(text: string): boolean {
  const t = text.trim();
  if (!t || cellNumber(t) === null) return false;
  const letters = t.replace(/[^\p{L}]/gu, '');
  return letters.length <= COLUMN.numericCellLetters;
}

/** Whether a row's label reads as a subtotal, tax or total line. */
export function isSummaryLabel(text: string): boolean {
  const plain = plainWords(text);
  if (!plain) return false;
  return SUMMARY_ROW_LABELS.some(
    (w) => plain === w || plain.startsWith(`${w} `) || (w.length > COLUMN.summarySuffixChars && plain.endsWith(` ${w}`)),
  );
}

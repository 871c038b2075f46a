/**
 * Currencies as printed: symbols ($, €, zł), ISO 4217 codes (EUR) and local words (Rs, RM), mapped to ISO codes.
 * The patterns are shared by amount parsing (which strips them) and detectCurrency (which names them).
 */

import { alternation, CURRENCY_CODES, CURRENCY_SYMBOLS, CURRENCY_WORDS, DOLLAR_CURRENCIES } from '../lexicon/mod.ts';

const symbolAlternation = alternation(CURRENCY_SYMBOLS.map(([s]) => s));
/** Longest first, so "Rs." wins over "Rs". */
const wordAlternation = alternation([...CURRENCY_WORDS.map(([w]) => w), ...CURRENCY_CODES].sort((a, b) => b.length - a.length));

/**
 * One currency mark as a regex source (no capture groups): a symbol anywhere, a word or code only between
 * non-letters (so "RM" does not match inside "FORM" nor "EUR" inside "EURO").
 */
export const CURRENCY_SOURCE = `(?:${symbolAlternation}|(?<![A-Za-zÀ-ž])(?:${wordAlternation})(?![A-Za-zÀ-ž]))`;

const CURRENCY_RE = new RegExp(CURRENCY_SOURCE, 'g');

const LOOKUP = new Map<string, string>([
  ...CURRENCY_SYMBOLS,
  ...CURRENCY_WORDS,
  ...[...CURRENCY_CODES].map((c): [string, string] => [c, c]),
]);

/** The ISO code of one printed currency mark ("$", "Rs.", "EUR"); the context decides what a bare "$" means. */
export function currencyOfMark(mark: string, context?: { currency?: string }): string | undefined {
  const code = LOOKUP.get(mark.trim());
  if (code === 'USD' && mark.trim() === '$' && context?.currency && DOLLAR_CURRENCIES.has(context.currency)) return context.currency;
  return code;
}

/** ISO 4217 code of the first currency mark in the text (symbols, codes, words: zł → PLN, ₹/Rs → INR), or null. */
export function detectCurrency(text: string): string | null {
  CURRENCY_RE.lastIndex = 0;
  const m = CURRENCY_RE.exec(text);
  return m ? (currencyOfMark(m[0]) ?? null) : null;
}

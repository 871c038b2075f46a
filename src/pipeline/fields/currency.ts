/**
 * Currencies as printed: symbols ($, €, zł), ISO 4217 codes (EUR) and local words (Rs, RM), mapped to ISO codes.
 * The patterns are shared by amount parsing (which strips them) and detectCurrency (which names them).
 */

/** Prefixed dollar signs and other multi-character symbols come first so "S$" wins over "$". */
const SYMBOLS: [string, string][] = [
  ['US$', 'USD'], ['S$', 'SGD'], ['A$', 'AUD'], ['AU$', 'AUD'], ['C$', 'CAD'], ['CA$', 'CAD'], ['HK$', 'HKD'],
  ['NZ$', 'NZD'], ['R$', 'BRL'], ['$', 'USD'], ['€', 'EUR'], ['£', 'GBP'], ['¥', 'JPY'], ['₹', 'INR'], ['zł', 'PLN'],
  ['₩', 'KRW'], ['₽', 'RUB'], ['₺', 'TRY'], ['฿', 'THB'], ['₫', 'VND'], ['₱', 'PHP'], ['₪', 'ILS'],
];

/** Words that name a currency but are not its code; matched as whole words, case as printed. */
const WORDS: [string, string][] = [
  ['Rs.', 'INR'], ['Rs', 'INR'], ['RS', 'INR'], ['Rp', 'IDR'], ['RM', 'MYR'], ['zl', 'PLN'], ['PLN', 'PLN'], ['Fr.', 'CHF'],
  ['SFr.', 'CHF'], ['Kč', 'CZK'], ['Ft', 'HUF'], ['lei', 'RON'],
];

export const CURRENCY_CODES = new Set([
  'USD', 'EUR', 'GBP', 'INR', 'PLN', 'CHF', 'MYR', 'SGD', 'JPY', 'CNY', 'CAD', 'AUD', 'NZD', 'HKD', 'SEK', 'NOK', 'DKK',
  'CZK', 'HUF', 'RON', 'BGN', 'TRY', 'ZAR', 'BRL', 'MXN', 'RUB', 'KRW', 'THB', 'IDR', 'PHP', 'VND', 'AED', 'SAR', 'ILS',
]);

/** Currencies written with a bare "$": the context's currency replaces USD for these. */
const DOLLARS = new Set(['USD', 'SGD', 'AUD', 'CAD', 'HKD', 'NZD', 'MXN']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const symbolAlternation = SYMBOLS.map(([s]) => escape(s)).join('|');
const wordAlternation = [...WORDS.map(([w]) => w), ...CURRENCY_CODES].sort((a, b) => b.length - a.length).map(escape).join('|');

/**
 * One currency mark as a regex source (no capture groups): a symbol anywhere, a word or code only between
 * non-letters (so "RM" does not match inside "FORM" nor "EUR" inside "EURO").
 */
export const CURRENCY_SOURCE = `(?:${symbolAlternation}|(?<![A-Za-zÀ-ž])(?:${wordAlternation})(?![A-Za-zÀ-ž]))`;

const CURRENCY_RE = new RegExp(CURRENCY_SOURCE, 'g');

const LOOKUP = new Map<string, string>([...SYMBOLS, ...WORDS, ...[...CURRENCY_CODES].map((c): [string, string] => [c, c])]);

/** The ISO code of one printed currency mark ("$", "Rs.", "EUR"); the context decides what a bare "$" means. */
export function currencyOfMark(mark: string, context?: { currency?: string }): string | undefined {
  const code = LOOKUP.get(mark.trim());
  if (code === 'USD' && mark.trim() === '$' && context?.currency && DOLLARS.has(context.currency)) return context.currency;
  return code;
}

/** ISO 4217 code of the first currency mark in the text (symbols, codes, words: zł → PLN, ₹/Rs → INR), or null. */
export function detectCurrency(text: string): string | null {
  CURRENCY_RE.lastIndex = 0;
  const m = CURRENCY_RE.exec(text);
  return m ? (currencyOfMark(m[0]) ?? null) : null;
}

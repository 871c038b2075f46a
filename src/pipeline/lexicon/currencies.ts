/**
 * Currencies as documents and requests print them: ISO 4217 codes, symbols and local words, each mapped to its
 * ISO code. Amount parsing reads all of them; narrower lists are the ones other rules were built with.
 */

/** Symbols, prefixed dollar signs and other multi-character ones first so "S$" wins over "$". */
export const CURRENCY_SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', 'USD'],
  ['S$', 'SGD'],
  ['A$', 'AUD'],
  ['AU$', 'AUD'],
  ['C$', 'CAD'],
  ['CA$', 'CAD'],
  ['HK$', 'HKD'],
  ['NZ$', 'NZD'],
  ['R$', 'BRL'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['zł', 'PLN'],
  ['₩', 'KRW'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
  ['฿', 'THB'],
  ['₫', 'VND'],
  ['₱', 'PHP'],
  ['₪', 'ILS'],
];

/** Words that name a currency but are not its code; matched as whole words, case as printed. */
export const CURRENCY_WORDS: readonly (readonly [string, string])[] = [
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['RS', 'INR'],
  ['Rp', 'IDR'],
  ['RM', 'MYR'],
  ['zl', 'PLN'],
  ['PLN', 'PLN'],
  ['Fr.', 'CHF'],
  ['SFr.', 'CHF'],
  ['Kč', 'CZK'],
  ['Ft', 'HUF'],
  ['lei', 'RON'],
];

/** ISO 4217 codes that amounts are printed with. */
export const CURRENCY_CODES: ReadonlySet<string> = new Set([
  'USD',
  'EUR',
  'GBP',
  'INR',
  'PLN',
  'CHF',
  'MYR',
  'SGD',
  'JPY',
  'CNY',
  'CAD',
  'AUD',
  'NZD',
  'HKD',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'TRY',
  'ZAR',
  'BRL',
  'MXN',
  'RUB',
  'KRW',
  'THB',
  'IDR',
  'PHP',
  'VND',
  'AED',
  'SAR',
  'ILS',
]);

/** Currencies written with a bare "$". */
export const DOLLAR_CURRENCIES: ReadonlySet<string> = new Set(['USD', 'SGD', 'AUD', 'CAD', 'HKD', 'NZD', 'MXN']);

/** Codes and local words whose presence in a document's text shows that it states a currency (auto schemas). */
export const TEXT_CURRENCY_MARKS: readonly string[] = [
  'EUR',
  'USD',
  'GBP',
  'PLN',
  'CHF',
  'INR',
  'JPY',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'MYR',
  'SGD',
  'RM',
  'Rs',
];

/** Codes a synthesis request may name for its documents' currency. */
export const REQUEST_CURRENCY_CODES: readonly string[] = [
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'CHF',
  'KWD',
  'BHD',
  'JOD',
  'KRW',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'CNY',
];

/** Currency names in English requests ("in euros", "Swiss francs"); the more specific first ("Kuwaiti dinars", then "dinars"). */
export const REQUEST_CURRENCY_NAMES: readonly (readonly [RegExp, string])[] = [
  [/\beuros?\b/i, 'EUR'],
  [/\b(?:us\s+)?dollars?\b/i, 'USD'],
  [/\bpounds?(?:\s+sterling)?\b|\bsterling\b/i, 'GBP'],
  [/\byen\b/i, 'JPY'],
  [/\bswiss\s+francs?\b/i, 'CHF'],
  [/\bkuwaiti\s+dinars?\b/i, 'KWD'],
  [/\bbahraini\s+dinars?\b/i, 'BHD'],
  [/\bjordanian\s+dinars?\b/i, 'JOD'],
  [/\bdinars?\b/i, 'KWD'],
  [/\bwon\b/i, 'KRW'],
];

/** The symbols a synthesis request may use for its currency. */
export const REQUEST_CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };

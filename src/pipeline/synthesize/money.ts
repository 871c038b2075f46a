/**
 * Money, dates and quantities as the synthesizer prints them. Amounts live as integers in the currency's minor unit;
 * rounding is commercial (half away from zero) and exact (BigInt for products that outgrow doubles). Formatting is
 * implemented here for a few locales rather than taken from Intl, so pages do not depend on the machine's ICU data
 * (narrow no-break spaces, grouping rules) and stay what the extract engine reads: 1,234.56 / 1.234,56 / 1 234,56.
 */

import { PRINTED_MONTHS } from '../lexicon/mod.ts';

/** ISO 4217 minor-unit exponents; codes not listed have 2. */
export const CURRENCY_EXPONENT: Readonly<Record<string, number>> = {
  EUR: 2,
  USD: 2,
  GBP: 2,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  INR: 2,
  CNY: 2,
  SGD: 2,
  HKD: 2,
  NZD: 2,
  MXN: 2,
  BRL: 2,
  ZAR: 2,
  JPY: 0,
  KRW: 0,
  ISK: 0,
  VND: 0,
  CLP: 0,
  KWD: 3,
  BHD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
  IQD: 3,
  LYD: 3,
};

export const CURRENCY_SYMBOL: Readonly<Record<string, string>> = {
  EUR: '€',
  USD: '$',
  GBP: '£',
  JPY: '¥',
  CNY: '¥',
  KRW: '₩',
  INR: '₹',
  CHF: 'CHF',
};

export function currencyExponent(currency: string): number {
  return CURRENCY_EXPONENT[currency.toUpperCase()] ?? 2;
}

/** Commercial rounding of a double to an integer, half away from zero; 6-decimal pre-rounding absorbs float noise (1.005 × 100). */
export function roundHalfAway(x: number): number {
  const cleaned = Number(x.toFixed(6));
  const r = Math.sign(cleaned) * Math.round(Math.abs(cleaned));
  return r === 0 ? 0 : r;
}

/** numer / denom rounded half away from zero, exactly. */
export function roundDiv(numer: bigint, denom: bigint): bigint {
  if (denom < 0n) return roundDiv(-numer, -denom);
  const neg = numer < 0n;
  const n = neg ? -numer : numer;
  const q = (n * 2n + denom) / (2n * denom);
  return neg ? -q : q;
}

/** A decimal number as an integer scaled by 10^decimals (7.5, 1 → 7500); the number must have at most that many decimals after rounding. */
export function scaled(x: number, decimals: number): bigint {
  return BigInt(roundHalfAway(x * 10 ** decimals));
}

export function toMinor(amount: number, currency: string): number {
  return roundHalfAway(amount * 10 ** currencyExponent(currency));
}

export function fromMinor(minor: number, currency: string): number {
  const e = currencyExponent(currency);
  return Number((minor / 10 ** e).toFixed(e));
}

export interface LocaleFormat {
  group: string;
  decimal: string;
  /** Symbol or code before the number (`$1.00`, `€ 1,00`) or after it (`1,00 €`). */
  symbolFirst: boolean;
  symbolSpace: boolean;
  /** Numeric date order and separator. */
  dateOrder: 'MDY' | 'DMY' | 'YMD';
  dateSep: string;
  months: readonly string[];
  longDate: (day: number, month: string, year: number) => string;
  percentSpace: boolean;
}

const EN_MONTHS = PRINTED_MONTHS.en;

const LOCALES: Record<string, LocaleFormat> = {
  'en-US': {
    group: ',',
    decimal: '.',
    symbolFirst: true,
    symbolSpace: false,
    dateOrder: 'MDY',
    dateSep: '/',
    months: EN_MONTHS,
    longDate: (d, m, y) => `${m} ${d}, ${y}`,
    percentSpace: false,
  },
  'en-GB': {
    group: ',',
    decimal: '.',
    symbolFirst: true,
    symbolSpace: false,
    dateOrder: 'DMY',
    dateSep: '/',
    months: EN_MONTHS,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    percentSpace: false,
  },
  'de-DE': {
    group: '.',
    decimal: ',',
    symbolFirst: false,
    symbolSpace: true,
    dateOrder: 'DMY',
    dateSep: '.',
    percentSpace: true,
    months: PRINTED_MONTHS.de,
    longDate: (d, m, y) => `${d}. ${m} ${y}`,
  },
  'fr-FR': {
    group: ' ',
    decimal: ',',
    symbolFirst: false,
    symbolSpace: true,
    dateOrder: 'DMY',
    dateSep: '/',
    percentSpace: true,
    months: PRINTED_MONTHS.fr,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
  },
  'es-ES': {
    group: '.',
    decimal: ',',
    symbolFirst: false,
    symbolSpace: true,
    dateOrder: 'DMY',
    dateSep: '/',
    percentSpace: true,
    months: PRINTED_MONTHS.es,
    longDate: (d, m, y) => `${d} de ${m} de ${y}`,
  },
  'it-IT': {
    group: '.',
    decimal: ',',
    symbolFirst: false,
    symbolSpace: true,
    dateOrder: 'DMY',
    dateSep: '/',
    percentSpace: false,
    months: PRINTED_MONTHS.it,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
  },
  'nl-NL': {
    group: '.',
    decimal: ',',
    symbolFirst: true,
    symbolSpace: true,
    dateOrder: 'DMY',
    dateSep: '-',
    percentSpace: false,
    months: PRINTED_MONTHS.nl,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
  },
  'ja-JP': {
    group: ',',
    decimal: '.',
    symbolFirst: true,
    symbolSpace: false,
    dateOrder: 'YMD',
    dateSep: '/',
    percentSpace: false,
    months: EN_MONTHS.map((_, i) => `${i + 1}月`),
    longDate: (d, m, y) => `${y}年${m}${d}日`,
  },
};

export const SUPPORTED_LOCALES = Object.keys(LOCALES);

/** The format of a locale; unknown locales fall back to the same language, then en-US. */
export function localeFormat(locale: string): LocaleFormat {
  if (LOCALES[locale]) return LOCALES[locale];
  const lang = locale.split(/[-_]/)[0].toLowerCase();
  const same = SUPPORTED_LOCALES.find((l) => l.startsWith(`${lang}-`));
  return LOCALES[same ?? 'en-US'];
}

/** Digits with the locale's group separator every three places. */
function groupDigits(digits: string, group: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += group;
    out += digits[i];
  }
  return out;
}

/** A non-negative decimal given as integer + scale, in the locale's separators. */
function formatScaled(absScaled: bigint, decimals: number, fmt: LocaleFormat): string {
  const s = absScaled.toString().padStart(decimals + 1, '0');
  const intPart = s.slice(0, s.length - decimals);
  const frac = decimals > 0 ? s.slice(s.length - decimals) : '';
  return groupDigits(intPart, fmt.group) + (frac ? fmt.decimal + frac : '');
}

export interface MoneyFormatOptions {
  /** Print the currency symbol (€, $, £, ¥; the code where there is none). */
  symbol?: boolean;
  /** Print the ISO code (`EUR`) instead; ignored when `symbol` is set. */
  code?: boolean;
}

/** An amount in minor units as printed in the locale: `1,234.56`, `1.234,56 €`, `¥1,235`, `-$12.00`. */
export function formatMoney(minor: number, currency: string, locale: string, opts: MoneyFormatOptions = {}): string {
  const fmt = localeFormat(locale);
  const cur = currency.toUpperCase();
  const number = formatScaled(BigInt(Math.abs(Math.round(minor))), currencyExponent(cur), fmt);
  const sign = minor < 0 ? '-' : '';
  const mark = opts.symbol ? (CURRENCY_SYMBOL[cur] ?? cur) : opts.code ? cur : '';
  if (!mark) return sign + number;
  // Letter codes always take a space; symbols follow the locale.
  const space = fmt.symbolSpace || /^[A-Z]/.test(mark) ? ' ' : '';
  return fmt.symbolFirst ? `${sign}${mark}${space}${number}` : `${sign}${number}${space}${mark}`;
}

/** A quantity with up to three decimals, trailing zeros dropped: `12`, `2.5`, `1.234,5` (de). */
export function formatQuantity(q: number, locale: string): string {
  const fmt = localeFormat(locale);
  const s = scaled(Math.abs(q), 3);
  let text = formatScaled(s, 3, fmt);
  if (text.includes(fmt.decimal)) text = text.replace(/0+$/, '').replace(new RegExp(`\\${fmt.decimal}$`), '');
  return (q < 0 && s !== 0n ? '-' : '') + text;
}

/** A percent rate: `19%`, `7,5 %` (de), `8.875%`. */
export function formatRate(rate: number, locale: string): string {
  const fmt = localeFormat(locale);
  return formatQuantity(rate, locale) + (fmt.percentSpace ? ' %' : '%');
}

export type DateStyle = 'numeric' | 'long' | 'iso';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO date as printed: en-US `03/15/2026` or `March 15, 2026`; de-DE `15.03.2026`; en-GB `15/03/2026`; `iso` as is. */
export function formatDate(iso: string, locale: string, style: DateStyle = 'numeric'): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new RangeError(`not an ISO date: ${iso}`);
  if (style === 'iso') return iso;
  const [, y, mo, d] = m;
  const fmt = localeFormat(locale);
  if (style === 'long') return fmt.longDate(Number(d), fmt.months[Number(mo) - 1], Number(y));
  const parts = fmt.dateOrder === 'MDY' ? [mo, d, y] : fmt.dateOrder === 'DMY' ? [d, mo, y] : [y, mo, d];
  return parts.join(fmt.dateSep);
}

/** Calendar arithmetic on ISO dates in UTC (no clock, no time zone). */
export function addDays(iso: string, days: number): string {
  const t = Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

export function isIsoDate(s: string | undefined): s is string {
  if (!s || !ISO_DATE.test(s)) return false;
  const t = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === s;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

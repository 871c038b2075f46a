import { CURRENCY_SOURCE, currencyOfMark } from './currency.ts';
import { findDates } from './dates.ts';

/**
 * Money amounts in any common locale: "1.234,56", "1,234.56", "1 234,56", "1'234.56", Indian "1,23,456.00",
 * with a currency before or after, negative as "-12.00", "12.00-", "−12" or "(12.00)".
 */

/**
 * A number as printed: digit groups joined by one kind of separator, then an optional decimal part. The lookahead
 * keeps "2014" whole instead of matching "201". The first alternative is OCR's "64. 15" or "29 .30" (a space around
 * the decimal separator), taken only after a currency mark or alone (see amountOf).
 */
const NUMBER_SOURCE =
  "(?:\\d{1,6}(?:[.,] | [.,])\\d{2}(?![\\d.,])|\\d{1,3}(?:[,.'’\\u00a0\\u202f]\\d{2,3}|[ ]\\d{3}(?![.,]?\\d{4}))+(?:[.,]\\d{1,4})?(?![\\d])|\\d+(?:[.,]\\d{1,4})?(?![\\d])|[.,]\\d{1,4}(?![\\d]))";

const SIGN = '[-−–+]';
const AMOUNT_SOURCE =
  `(?<open>\\()?\\s?(?<cur1>${CURRENCY_SOURCE})?\\s?(?<sign>${SIGN})?\\s?(?<cur2>${CURRENCY_SOURCE})?\\s?` +
  `(?<num>${NUMBER_SOURCE})(?<trail>-(?![\\d]))?\\s?(?<cur3>${CURRENCY_SOURCE})?\\s?(?<close>\\))?`;

const WHOLE_AMOUNT = new RegExp(`^${AMOUNT_SOURCE}$`);
/** Latin letters with accents, as a plain class: a Unicode-mode regex this size is slow to compile. */
const LETTER = 'A-Za-zÀ-ÖØ-öø-ÿĀ-ž';
const ANY_AMOUNT = new RegExp(`(?<![${LETTER}\\d.,/:-])${AMOUNT_SOURCE}(?![${LETTER}\\d%])(?!\\s?%)`, 'g');

/**
 * The value of a printed number, deciding which separator is the decimal one; null when the grouping is
 * inconsistent ("1,23.4.5"). One separator followed by exactly three digits groups thousands ("1,234", "1.234")
 * unless the integer part is 0.
 */
export function parseNumber(printed: string): number | null {
  const s = printed.replace(/[\s\u00a0\u202f'’]/g, (c) => (/\s|\u00a0|\u202f/.test(c) ? ' ' : "'"));
  const hasSpaceGroups = /[ ']/.test(s);
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  let decimal: '.' | ',' | null = null;
  if (dots && commas) decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
  else if (dots + commas === 1) {
    const sep = dots ? '.' : ',';
    const [intPart, frac] = s.split(sep);
    decimal = frac.length !== 3 || hasSpaceGroups || /^0*$/.test(intPart.replace(/[ ']/g, '')) ? sep : null;
  } else if (dots + commas > 1) decimal = null;
  if (decimal && s.split(decimal).length > 2) return null;
  const [intPart, frac = ''] = decimal ? s.split(decimal) : [s];
  const groups = intPart.split(/[ ',.]/);
  if (groups.length > 1 && !validGroups(groups, /^[\d,]+$/.test(intPart))) return null;
  const value = Number(`${groups.join('') || '0'}.${frac || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** Thousands groups of three after the first; Indian lakh grouping (two-digit groups then a final three) with commas. */
function validGroups(groups: string[], lakhAllowed: boolean): boolean {
  if (!/^\d{1,3}$/.test(groups[0])) return false;
  const rest = groups.slice(1);
  if (rest.every((g) => /^\d{3}$/.test(g))) return true;
  return lakhAllowed && rest.length >= 2 && /^\d{3}$/.test(rest[rest.length - 1]) && rest.slice(0, -1).every((g) => /^\d{2}$/.test(g));
}

export interface AmountMatch {
  raw: string;
  value: number;
  currency?: string;
  index: number;
}

/**
 * OCR reads "$8.20" as "S8.20": a lone S glued to a decimal amount is a dollar sign (same length, so indexes into
 * the text stay valid).
 */
const DOLLAR_READ_AS_S = /(?<![A-Za-z\d])S(?=\d{1,6}[.,]\d{2}(?![\d.,]))/g;
const ocrDollars = (text: string) => (text.includes('S') ? text.replace(DOLLAR_READ_AS_S, '$') : text);

/** "64. 15", "29 .30": OCR put a space after or before the decimal separator. */
const SPACED_DECIMAL = /^\d+(?:[.,] | [.,])\d{2}$/;

interface AmountGroups {
  open?: string;
  close?: string;
  sign?: string;
  trail?: string;
  num: string;
  cur1?: string;
  cur2?: string;
  cur3?: string;
}

/**
 * `alone`: the number is the whole text (a right-column cell read on its own, "73. 00"), so the space after its
 * separator cannot join two numbers of running text.
 */
function amountOf(
  g: AmountGroups,
  context?: { currency?: string },
  alone = false,
): { value: number; currency?: string; explicit: boolean } | null {
  if (Boolean(g.open) !== Boolean(g.close)) return null;
  const marks = [g.cur1, g.cur2, g.cur3].filter((c): c is string => Boolean(c));
  if (marks.length > 1) return null;
  const spacedDecimal = SPACED_DECIMAL.test(g.num);
  if (spacedDecimal && !(g.cur1 || g.cur2) && !alone) return null;
  const number = parseNumber(spacedDecimal ? g.num.replace(' ', '') : g.num);
  if (number === null) return null;
  const negative = Boolean(g.open) || Boolean(g.trail) || (g.sign !== undefined && g.sign !== '+');
  const currency = marks.length ? currencyOfMark(marks[0], context) : context?.currency;
  const value = negative && number !== 0 ? -number : number;
  return { value, ...(currency ? { currency } : {}), explicit: marks.length > 0 };
}

/** An amount that is the whole text (surrounding spaces and footnote stars aside), or null. */
export function parseAmount(text: string, context?: { currency?: string }): { value: number; currency?: string } | null {
  const cleaned = ocrDollars(text.replace(/\s+/g, ' ').replace(/\*+$/, '').trim());
  const m = WHOLE_AMOUNT.exec(cleaned);
  if (!m?.groups) return null;
  const found = amountOf(m.groups as unknown as AmountGroups, context, true);
  if (!found) return null;
  return { value: found.value, ...(found.currency ? { currency: found.currency } : {}) };
}

/**
 * Amounts inside running text: numbers with a currency mark, a decimal part or thousands groups (a bare "2014" or
 * "42" is not an amount here). Numbers glued to letters ("FR76"), percentages and parts of dates are skipped
 * (the text's dates by default; pass other spans to exclude instead).
 */
export function findAmounts(printed: string, exclude: { index: number; raw: string }[] = findDates(printed)): AmountMatch[] {
  const out: AmountMatch[] = [];
  const text = ocrDollars(printed);
  const alone = SPACED_DECIMAL.test(text.trim().replace(/^[-−–+]\s?/, ''));
  ANY_AMOUNT.lastIndex = 0;
  for (let m = ANY_AMOUNT.exec(text); m; m = ANY_AMOUNT.exec(text)) {
    const g = m.groups as unknown as AmountGroups;
    let raw = m[0];
    let index = m.index;
    const lead = raw.length - raw.trimStart().length;
    raw = raw.trim();
    index += lead;
    const end = index + raw.length;
    if (exclude.some((e) => index < e.index + e.raw.length && e.index < end)) continue;
    const found = amountOf(g, undefined, alone);
    if (!found) continue;
    const looksLikeMoney = found.explicit || /[.,] ?\d{1,4}$/.test(g.num) || /\d[ ,.'’]\d{3}/.test(g.num);
    if (!looksLikeMoney) continue;
    out.push({ raw: printed.slice(index, end), value: found.value, ...(found.currency ? { currency: found.currency } : {}), index });
  }
  return out;
}

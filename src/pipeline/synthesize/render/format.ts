import * as money from '../money.ts';

/**
 * How the renderer prints amounts, dates, quantities and rates, on top of the planner's money.ts (one set of locale
 * rules for the whole synthesizer). Table cells print bare amounts (the currency is a header field), the totals box
 * prints them with the currency sign; US-style dates spell the month out so day and month cannot be confused.
 */

/** An amount with its currency sign as the locale writes it: `1.234,56 €`, `$1,234.56`, `¥1,235`. */
export const formatMoney = (minor: number, currency: string, locale: string): string =>
  money.formatMoney(minor, currency, locale, { symbol: true });

/** An amount without a sign, grouped, with the currency's decimals: `1.234,56`. */
export const formatAmount = (minor: number, currency: string, locale: string): string => money.formatMoney(minor, currency, locale);

export const formatQuantity = (quantity: number, locale: string): string => money.formatQuantity(quantity, locale);

/** A rate as a bare number for a "Tax %" column (`19`, `7,5`). */
export const formatRateNumber = (rate: number, locale: string): string => money.formatQuantity(rate, locale);

/** A rate with its percent sign as the locale writes it (`19%`, `7,5 %`). */
export const formatRate = (rate: number, locale: string): string => money.formatRate(rate, locale);

export function formatDate(iso: string, locale: string): string {
  const monthFirst = money.localeFormat(locale).dateOrder === 'MDY';
  return money.formatDate(iso, locale, monthFirst ? 'long' : 'numeric');
}

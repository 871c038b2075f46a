import { issuerIsSeller } from './compare.ts';
import { TEMPLATES, type PlanContext } from './generate.ts';
import { addDays, weekday } from './money.ts';
import { countryOfName, type PromptRequest } from './prompt.ts';
import type { Rng } from './random.ts';
import type { DocType } from './types.ts';
import { catalogForText, COUNTRIES, COUNTRY_INFO, makeParty, countryOfLocale, type CatalogName, type Country } from './vocab.ts';

/**
 * The shared context of a plan: parties, countries, currency, locale, dates, tax rates and catalogue, each read
 * from the prompt where it says so and drawn from the PRNG otherwise; `read` and `assumed` say which.
 */
export interface ContextResult {
  ctx: PlanContext;
  read: Record<string, unknown>;
  assumed: Record<string, unknown>;
}

const CURRENCY_COUNTRY: Record<string, Country> = { USD: 'US', GBP: 'GB', JPY: 'JP' };
const EURO_COUNTRIES: Country[] = ['DE', 'FR', 'NL', 'ES', 'IT'];

function drawCountry(rng: Rng): Country {
  return rng.weighted<Country>([
    ['US', 4],
    ['DE', 3],
    ['GB', 3],
    ['FR', 2],
    ['NL', 1],
    ['ES', 1],
    ['IT', 1],
    ['JP', 1],
  ]);
}

/** A weekday between 2025-01-01 and 2026-12-31 (no clock: plans are reproducible). */
function drawDate(rng: Rng): string {
  let d = addDays('2025-01-01', rng.int(0, 729));
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, 1);
  return d;
}

export function buildContext(req: PromptRequest, mainType: DocType, rng: Rng): ContextResult {
  const read: Record<string, unknown> = {};
  const assumed: Record<string, unknown> = {};
  const note = (key: string, value: unknown, wasRead: boolean) => ((wasRead ? read : assumed)[key] = value);
  const sellerIssues = issuerIsSeller(mainType);
  const sellerName = req.seller ?? (sellerIssues ? req.from : req.to);
  const buyerName = req.buyer ?? (sellerIssues ? req.to : req.from);

  const localeCountry = req.locale ? countryOfLocale(req.locale) : null;
  const currencyCountry = req.currency ? (CURRENCY_COUNTRY[req.currency] ?? null) : null;
  let sellerCountry = req.sellerCountry ?? countryOfName(sellerName);
  let buyerCountry = req.buyerCountry ?? countryOfName(buyerName);
  const issuerCountry = sellerIssues ? sellerCountry : buyerCountry;
  let docCountry = localeCountry ?? issuerCountry ?? req.country ?? currencyCountry ?? (sellerIssues ? buyerCountry : sellerCountry);
  const docCountryRead = docCountry !== null;
  if (!docCountry)
    docCountry =
      req.currency === 'EUR' ? rng.pick(EURO_COUNTRIES) : req.currency && !CURRENCY_COUNTRY[req.currency] ? 'US' : drawCountry(rng);
  note('country', docCountry, docCountryRead);
  // The side not named mostly trades domestically.
  const otherDefault = (): Country => (rng.chance(0.8) ? docCountry! : rng.pick(COUNTRIES));
  if (!sellerCountry) (sellerCountry = sellerIssues ? docCountry : otherDefault()), note('seller_country', sellerCountry, false);
  else note('seller_country', sellerCountry, true);
  if (!buyerCountry) (buyerCountry = sellerIssues ? otherDefault() : docCountry), note('buyer_country', buyerCountry, false);
  else note('buyer_country', buyerCountry, true);

  const currency = req.currency ?? COUNTRY_INFO[docCountry].currency;
  note('currency', currency, req.currency !== null);
  const locale = req.locale ?? COUNTRY_INFO[docCountry].locale;
  note('locale', locale, req.locale !== null || docCountryRead);

  const seller = makeParty(rng.fork('seller'), sellerCountry, sellerName ?? undefined);
  const buyer = makeParty(rng.fork('buyer'), buyerCountry, buyerName ?? undefined);
  note('seller', seller.name, sellerName !== null);
  note('buyer', buyer.name, buyerName !== null);

  const issueDate =
    req.issueDate ?? (req.dueDate ? addDays(req.dueDate, -30) : req.deliveryDate ? addDays(req.deliveryDate, -14) : drawDate(rng));
  note('issue_date', issueDate, req.issueDate !== null);
  const dueFromDate = req.dueDate ? Math.round((Date.parse(req.dueDate) - Date.parse(issueDate)) / 86_400_000) : null;
  const dueDays = req.dueDays ?? (dueFromDate !== null && dueFromDate >= 0 ? dueFromDate : rng.pick([14, 30, 30, 30, 45, 60]));
  note('due_days', dueDays, req.dueDays !== null || req.dueDate !== null);
  if (req.dueDate) read.due_date = req.dueDate;
  if (req.deliveryDate) read.delivery_date = req.deliveryDate;

  const taxCountry = sellerCountry;
  const rates = COUNTRY_INFO[taxCountry].taxRates;
  const taxRates = req.taxRates.length
    ? req.taxRates
    : rng.chance(0.25) && rates.length > 1
      ? [rates[0], rates[1]]
      : [taxCountry === 'US' ? rng.pick(rates) : rates[0]];
  note('tax_rates', taxRates, req.taxRates.length > 0);

  const itemsText = req.items.map((i) => i.description).join(' ');
  const hinted = catalogForText(`${itemsText} ${req.catalogHint}`) ?? (mainType === 'timesheet' ? 'consulting_services' : null);
  const catalog: CatalogName =
    hinted ?? rng.pick<CatalogName>(['office_supplies', 'it_hardware', 'industrial_parts', 'consulting_services']);
  note('catalog', catalog, hinted !== null);
  const lineCount = req.lineCount ?? (req.items.length ? req.items.length : rng.int(2, 8));
  note('line_count', lineCount, req.lineCount !== null || req.items.length > 0);
  if (req.items.length) read.items = req.items.map((i) => i.said);
  const discountPct = req.discountPct ?? 0;
  if (req.discountPct !== null) read.discount_pct = discountPct;
  const template = req.template ?? rng.pick(TEMPLATES);
  note('template', template, req.template !== null);
  if (Object.keys(req.numbers).length) read.numbers = req.numbers;
  if (req.period) read.period = req.period;

  const ctx: PlanContext = {
    seller,
    buyer,
    sellerCountry,
    buyerCountry,
    currency,
    locale,
    issueDate,
    dueDays,
    dueDate: req.dueDate,
    deliveryDate: req.deliveryDate,
    taxRates,
    catalog,
    lineCount,
    items: req.items,
    discountPct,
    template,
    numbers: req.numbers,
    period: req.period,
  };
  return { ctx, read, assumed };
}

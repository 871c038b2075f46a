import { alternation, PRINTED_MONTHS, REQUEST_TAX_NAMES } from '../lexicon/mod.ts';
import { clausesOf, MISMATCH_CUE, readMismatches, type MismatchRequest } from './prompt-mismatch.ts';
import {
  countryMentions,
  findCurrency,
  findDates,
  findPeriod,
  parseAmount,
  typeMentions,
  wordOrNumber,
  NUMBER_WORD,
} from './prompt-values.ts';
import type { DocType } from './types.ts';
import { countryOfCompanyName, type Country } from './vocab.ts';

/**
 * A free-text English prompt read into a structured request. Only what the words say is filled; the planner fills
 * the rest from the PRNG and records which was which.
 */
export interface NamedItem {
  description: string;
  quantity: number | null;
  /** Major units, in the request's currency. */
  unitPrice: number | null;
  unit: string | null;
  said: string;
}

export interface PromptRequest {
  /** Document types in the order named (repeats dropped); `counts` says how many of each a set wants. */
  types: DocType[];
  counts: Partial<Record<DocType, number>>;
  /** The words asked for several related documents (a set, a 3-way match, "PO, invoice and goods receipt"). */
  set: boolean;
  lineCount: number | null;
  currency: string | null;
  /** Countries: of the document (language/locale), of the seller and of the buyer, when named. */
  country: Country | null;
  sellerCountry: Country | null;
  buyerCountry: Country | null;
  locale: string | null;
  issueDate: string | null;
  dueDate: string | null;
  deliveryDate: string | null;
  dueDays: number | null;
  period: string | null;
  /** Names: `from`/`to` of the main document, or by role. */
  from: string | null;
  to: string | null;
  seller: string | null;
  buyer: string | null;
  items: NamedItem[];
  taxRates: number[];
  discountPct: number | null;
  numbers: { poNumber?: string; invoiceNumber?: string; quoteNumber?: string; deliveryNoteNumber?: string };
  template: string | null;
  mismatches: MismatchRequest[];
  /** The words ask to change values of a source document. */
  edit: boolean;
  catalogHint: string;
}

const SET_WORDS = /\b(a|the|full|complete|matching|related|document)\s+set\b|\bset of\b|\b(?:2|3|two|three)[- ]way\s+match/i;

/** Types a set expands to when the words name a match pattern or a set without listing its members. */
function expandSet(prompt: string, named: DocType[]): DocType[] {
  if (/\b(?:3|three)[- ]way\b/i.test(prompt)) return uniq(['purchase_order', 'goods_receipt', 'invoice', ...named]);
  if (/\b(?:2|two)[- ]way\b/i.test(prompt)) return uniq(['purchase_order', 'invoice', ...named]);
  if (named.length === 0) return ['purchase_order', 'invoice', 'goods_receipt'];
  if (named.length === 1) {
    const base: Partial<Record<DocType, DocType[]>> = {
      invoice: ['purchase_order', 'invoice'],
      goods_receipt: ['purchase_order', 'goods_receipt'],
      delivery_note: ['purchase_order', 'delivery_note'],
      credit_note: ['invoice', 'credit_note'],
      receipt: ['invoice', 'receipt'],
      purchase_order: ['purchase_order', 'invoice', 'goods_receipt'],
      quote: ['quote', 'purchase_order'],
      timesheet: ['timesheet', 'invoice'],
      bank_statement: ['invoice', 'bank_statement'],
    };
    return base[named[0]] ?? named;
  }
  return named;
}

const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];

/** Whether the prompt asks for several related documents. */
export function wantsSet(prompt: string): boolean {
  if (SET_WORDS.test(prompt)) return true;
  return uniq(typeMentions(prompt).map((m) => m.type)).length >= 2;
}

const EDIT_WORDS = /\b(change|edit|replace|update|modify|correct|alter|swap|set)\b[^.]{0,80}\b(to|with|by)\b/i;

/** Whether the prompt asks to change values in a source document (only meaningful with inputs). */
export function wantsEdit(prompt: string): boolean {
  return EDIT_WORDS.test(prompt) && !/\b(generate|create|make|produce|draft|write)\b/i.test(prompt.split(/[.;]/)[0]);
}

/** The prompt without its mismatch instructions (a mismatch clause keeps what comes before its first comparison word). */
function withoutMismatchClauses(prompt: string): string {
  const mm = readMismatches(prompt).map((m) => m.instruction);
  return clausesOf(prompt)
    .map((c) => (mm.some((i) => c.text.includes(i)) ? c.text.slice(0, MISMATCH_CUE.exec(c.text)?.index ?? 0) : c.text))
    .filter((t) => t.trim())
    .join('. ');
}

export function readPrompt(prompt: string): PromptRequest {
  const mismatches = readMismatches(prompt);
  const plain = withoutMismatchClauses(prompt);
  const named = uniq(typeMentions(prompt).map((m) => m.type));
  const set = SET_WORDS.test(prompt) || named.length >= 2;
  const types = set ? expandSet(prompt, named) : named;
  const currency = findCurrency(prompt);
  const countries = readCountries(plain);
  const parties = readParties(plain);
  const dates = readDates(plain, countries.country !== null && countries.country !== 'US');
  return {
    types,
    counts: readCounts(plain, types),
    set,
    lineCount: readLineCount(plain),
    currency: currency?.code ?? null,
    ...countries,
    locale: /\b([a-z]{2}-[A-Z]{2})\b/.exec(prompt)?.[1] ?? null,
    ...dates,
    period: findPeriod(plain),
    ...parties,
    items: readItems(plain),
    taxRates: readTaxRates(plain),
    discountPct: readDiscount(plain),
    numbers: readNumbers(prompt),
    template: /\b(classic|modern|compact)\b/i.exec(prompt)?.[1].toLowerCase() ?? null,
    mismatches,
    edit: wantsEdit(prompt),
    catalogHint: plain,
  };
}

function readCounts(text: string, types: DocType[]): Partial<Record<DocType, number>> {
  const out: Partial<Record<DocType, number>> = {};
  for (const m of typeMentions(text)) {
    const n = new RegExp(`\\b(${NUMBER_WORD})\\s+(?:\\w+\\s+)?$`, 'i').exec(text.slice(0, m.index));
    const count = n ? wordOrNumber(n[1]) : null;
    if (count && count > 1 && count <= 10 && /s$/i.test(m.text) && types.includes(m.type)) out[m.type] = count;
  }
  return out;
}

function readLineCount(text: string): number | null {
  const m = new RegExp(
    `\\b(${NUMBER_WORD})\\s+(?:different\\s+|distinct\\s+)?(?:line[- ]items?|lines?|items?|positions?|products?|articles?|rows?)\\b`,
    'i',
  ).exec(text);
  if (m) return wordOrNumber(m[1]);
  if (/\b(long|multi[- ]page|several pages|large order|many lines)\b/i.test(text)) return 40;
  return null;
}

const ROLE_OF_COUNTRY_WORD = /^\s*(supplier|vendor|seller|manufacturer|wholesaler|customer|buyer|client|purchaser|company|firm)\b/i;

function readCountries(text: string): Pick<PromptRequest, 'country' | 'sellerCountry' | 'buyerCountry'> {
  let sellerCountry: Country | null = null;
  let buyerCountry: Country | null = null;
  const mentions = countryMentions(text);
  for (const m of mentions) {
    const role = ROLE_OF_COUNTRY_WORD.exec(text.slice(m.index + m.text.length))?.[1].toLowerCase();
    if (!role) continue;
    if (/supplier|vendor|seller|manufacturer|wholesaler/.test(role)) sellerCountry ??= m.country;
    else if (/customer|buyer|client|purchaser/.test(role)) buyerCountry ??= m.country;
  }
  const inLanguage = /\bin\s+(german|french|spanish|italian|dutch|japanese|english)\b/i.exec(text);
  const language = inLanguage
    ? (countryMentions(inLanguage[1])[0]?.country ?? (inLanguage[1].toLowerCase() === 'english' ? 'GB' : null))
    : null;
  return { country: language ?? mentions[0]?.country ?? null, sellerCountry, buyerCountry };
}

function readDates(text: string, dayFirst: boolean): Pick<PromptRequest, 'issueDate' | 'dueDate' | 'deliveryDate' | 'dueDays'> {
  const out: Pick<PromptRequest, 'issueDate' | 'dueDate' | 'deliveryDate' | 'dueDays'> = {
    issueDate: null,
    dueDate: null,
    deliveryDate: null,
    dueDays: null,
  };
  for (const d of findDates(text, !dayFirst)) {
    const before = text.slice(Math.max(0, d.index - 30), d.index).toLowerCase();
    if (/\b(due|payable|pay by|payment by|deadline)\b[^,;]*$/.test(before)) out.dueDate ??= d.iso;
    else if (/\b(deliver\w*|ship\w*|arriv\w*|received?)\b[^,;]*$/.test(before)) out.deliveryDate ??= d.iso;
    else out.issueDate ??= d.iso;
  }
  const days =
    /\b(?:due|payable|payment)\s+(?:with)?in\s+(\d{1,3})\s+days\b|\bnet[- ]?(\d{1,3})\b|\b(\d{1,3})[- ]days?\s+(?:net|payment terms|terms)\b|\bpayment terms?\s+(?:of\s+)?(\d{1,3})\s+days\b/i.exec(
      text,
    );
  if (days) out.dueDays = Number(days[1] ?? days[2] ?? days[3] ?? days[4]);
  else if (/\b(due on receipt|payable immediately|immediate payment)\b/i.test(text)) out.dueDays = 0;
  return out;
}

/** A company name: capitalised words, with legal forms like `GmbH & Co. KG`, `S.r.l.`, `Inc.`. */
const NAME = `([A-Z][\\w'’.&-]*(?:\\s+(?:&\\s+)?(?:[A-Z][\\w'’.&-]*|Co\\.|of|and|de|van|der|du|la|del))*)`;
const NOT_A_NAME = new RegExp(
  `^(${PRINTED_MONTHS.en.join('|')}|PO|Purchase|Invoice|The|A|An|VAT|EUR|USD|GBP|JPY|German|French|Spanish|Italian|Dutch|Japanese|British|American|Germany|France|Spain|Italy|Netherlands|Japan|UK|US|USA|Net|Item|Line|IT|AI|HR|IBAN|SKU)\\b`,
);

function cleanName(s: string | undefined): string | null {
  if (!s) return null;
  let n = s.trim().replace(/[,;:]+$/, '');
  // A sentence's full stop is not part of the name unless a legal form ends with one (Inc., Ltd., B.V.).
  if (/\.$/.test(n) && !/\b(Inc|Ltd|Co|Corp|B\.V|N\.V|S\.A|S\.L|S\.r\.l|S\.p\.A|K\.K|e\.K)\.$/.test(n)) n = n.slice(0, -1);
  if (NOT_A_NAME.test(n) || n.length < 2) return null;
  return n;
}

function readParties(text: string): Pick<PromptRequest, 'from' | 'to' | 'seller' | 'buyer'> {
  const fromTo = new RegExp(`\\bfrom\\s+${NAME}\\s+to\\s+${NAME}`).exec(text);
  const from = cleanName(fromTo?.[1]) ?? cleanName(new RegExp(`\\b(?:from|issued by|by)\\s+${NAME}`).exec(text)?.[1]);
  const to =
    cleanName(fromTo?.[2]) ?? cleanName(new RegExp(`\\b(?:to|billed to|bill to|addressed to|sold to|for)\\s+${NAME}`).exec(text)?.[1]);
  const seller =
    cleanName(new RegExp(`\\b(?:supplier|vendor|seller)\\s*(?:is|:|called|named|=)?\\s*${NAME}`).exec(text)?.[1]) ??
    cleanName(new RegExp(`${NAME}\\s+as\\s+(?:the\\s+)?(?:supplier|vendor|seller)`).exec(text)?.[1]);
  const buyer =
    cleanName(new RegExp(`\\b(?:customer|buyer|client|purchaser)\\s*(?:is|:|called|named|=)?\\s*${NAME}`).exec(text)?.[1]) ??
    cleanName(new RegExp(`${NAME}\\s+as\\s+(?:the\\s+)?(?:customer|buyer|client|purchaser)`).exec(text)?.[1]);
  return { from, to, seller, buyer };
}

/** "10 laptops at 1,250.00 each", "5 x Office chair @ €199", "3 hours of consulting at $150/hour". */
function readItems(text: string): NamedItem[] {
  const re =
    /\b(\d+(?:[.,]\d+)?)\s*(?:x\s+|×\s*)?((?:hours?|days?|kg|metres?|meters?|boxes?|packs?|units?|pcs|pieces?)\s+of\s+)?([A-Za-z][\w"'-]*(?:\s+[A-Za-z][\w"'-]*){0,4}?)\s+(?:at|@|for|priced at)\s*(?:[€$£¥]|[A-Z]{3}\s?)?\s*(\d[\d.,]*\d|\d)\s*(?:[€$£¥]|[A-Z]{3})?\s*(?:each|apiece|per\s+\w+|\/\s*\w+|a piece)?/g;
  const out: NamedItem[] = [];
  for (const m of text.matchAll(re)) {
    const quantity = parseAmount(m[1]);
    const unitPrice = parseAmount(m[4]);
    const words = m[3].trim();
    if (/^(line|lines|items?|positions?|days?|percent)$/i.test(words)) continue;
    const unitWord = m[2]?.trim().split(/\s+/)[0].toLowerCase() ?? null;
    const unit = unitWord
      ? (({ hour: 'h', hours: 'h', day: 'day', days: 'day', metre: 'm', metres: 'm', meter: 'm', meters: 'm' } as Record<string, string>)[
          unitWord
        ] ?? unitWord.replace(/s$/, ''))
      : null;
    out.push({ description: words.charAt(0).toUpperCase() + words.slice(1), quantity, unitPrice, unit, said: m[0].trim() });
  }
  return out;
}

function readTaxRates(text: string): number[] {
  if (/\b(no (?:vat|tax|sales tax)|tax[- ]free|tax[- ]exempt|vat[- ]exempt|zero[- ]rated|without (?:vat|tax))\b/i.test(text)) return [0];
  const rates: number[] = [];
  const tax = `(?:${alternation(REQUEST_TAX_NAMES)})`;
  const patterns = [
    new RegExp(`(\\d{1,2}(?:[.,]\\d{1,3})?)\\s*%\\s*(?:(?:and|\\/|or|,)\\s*(\\d{1,2}(?:[.,]\\d{1,3})?)\\s*%\\s*)?${tax}`, 'gi'),
    new RegExp(
      `${tax}\\s*(?:rates?)?\\s*(?:of|at|:|=|is)?\\s*(\\d{1,2}(?:[.,]\\d{1,3})?)\\s*%(?:\\s*(?:and|\\/|or|,)\\s*(\\d{1,2}(?:[.,]\\d{1,3})?)\\s*%)?`,
      'gi',
    ),
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      for (const g of [m[1], m[2]]) if (g) rates.push(Number(g.replace(',', '.')));
    }
  }
  return uniq(rates);
}

function readDiscount(text: string): number | null {
  const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*(?:discount|off|rebate)|discount\s*(?:of)?\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*%/i.exec(text);
  return m ? Number((m[1] ?? m[2]).replace(',', '.')) : null;
}

function readNumbers(text: string): PromptRequest['numbers'] {
  const out: PromptRequest['numbers'] = {};
  const labelled: [RegExp, keyof PromptRequest['numbers']][] = [
    [/\b(?:PO|purchase order)\s*(?:number|no\.?|#)\s*:?\s*([A-Z0-9][\w/-]*\d[\w/-]*)/i, 'poNumber'],
    [/\binvoice\s*(?:number|no\.?|#)\s*:?\s*([A-Z0-9][\w/-]*\d[\w/-]*)/i, 'invoiceNumber'],
    [/\b(?:quote|quotation)\s*(?:number|no\.?|#)\s*:?\s*([A-Z0-9][\w/-]*\d[\w/-]*)/i, 'quoteNumber'],
  ];
  for (const [re, key] of labelled) {
    const m = re.exec(text);
    if (m) out[key] = m[1];
  }
  const coded: [RegExp, keyof PromptRequest['numbers']][] = [
    [/\bPO[-/#]?\d[\w-]*\b/, 'poNumber'],
    [/\bINV[-/#]?\d[\w-]*\b/, 'invoiceNumber'],
    [/\b(?:Q|QT|QUO)-\d[\w-]*\b/, 'quoteNumber'],
    [/\bDN-\d[\w-]*\b/, 'deliveryNoteNumber'],
  ];
  for (const [re, key] of coded) {
    const m = re.exec(text);
    if (m && !out[key]) out[key] = m[0];
  }
  return out;
}

/** The country a named company's legal form suggests, for the party's address. */
export function countryOfName(name: string | null): Country | null {
  return name ? countryOfCompanyName(name) : null;
}

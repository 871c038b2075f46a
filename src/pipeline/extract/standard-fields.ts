import { alternation, STANDARD_FIELD_LABELS, TEXT_CURRENCY_MARKS } from '../lexicon/mod.ts';
import type { FieldType } from './types.ts';

/**
 * The standard fields of a document class for auto schemas (issue 7): keyed by the shared concept names so that
 * extraction recognises them, with the labels (accent-free lower case) that show a document states them and a
 * test on the page text for concepts that need no label (every invoice has an issuer; a currency shows as a sign).
 */

export interface StandardField {
  key: string;
  type: FieldType;
  array: boolean;
  description: string;
  labels: string[];
  /** Evidence in the document's text when no key-value label names the concept. */
  inText?: RegExp;
  /** Present in every document of the class (or of the classes this matches: every invoice has a number). */
  always?: boolean | RegExp;
}

const CURRENCY = new RegExp(`[€$£¥₹₨]|\\bzł|\\b(${alternation(TEXT_CURRENCY_MARKS)})\\b`);
const DATE =
  /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\.? ?(jan|feb|m[aä]r|apr|ma[iy]|mei|jun|jul|aug|sep|o[ck]t|nov|de[cz]|januar|februar|maart|mai|juin|juillet|août|stycz|lut|mar|kwi|maj|cze|lip|sie|wrz|pa[zź]|lis|gru)[a-zé]*\.? ?\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b/i;

export const BUSINESS_FIELDS: StandardField[] = [
  {
    key: 'issuer',
    type: 'string',
    array: false,
    description: 'Company that issued the document (seller, vendor, merchant)',
    labels: STANDARD_FIELD_LABELS.issuer,
    always: true,
  },
  {
    key: 'invoice_number',
    type: 'string',
    array: false,
    description: 'Invoice number as printed next to its label',
    always: /invoice/i,
    labels: STANDARD_FIELD_LABELS.invoice_number,
  },
  {
    key: 'invoice_date',
    type: 'string',
    array: false,
    description: 'Invoice date (date of issue), ISO 8601',
    labels: STANDARD_FIELD_LABELS.invoice_date,
    inText: DATE,
  },
  { key: 'due_date', type: 'string', array: false, description: 'Payment due date, ISO 8601', labels: STANDARD_FIELD_LABELS.due_date },
  {
    key: 'total',
    type: 'number',
    array: false,
    description: 'Total amount due, taxes included',
    labels: STANDARD_FIELD_LABELS.total,
    inText: /\b(total|amount due|totaal|summe|gesamt|montant|razem|do zap[łl]aty)\b/i,
  },
  { key: 'subtotal', type: 'number', array: false, description: 'Subtotal before tax', labels: STANDARD_FIELD_LABELS.subtotal },
  { key: 'tax', type: 'number', array: false, description: 'Tax (VAT) amount', labels: STANDARD_FIELD_LABELS.tax },
  {
    key: 'currency',
    type: 'string',
    array: false,
    description: 'Currency of the amounts, ISO 4217 code',
    labels: STANDARD_FIELD_LABELS.currency,
    inText: CURRENCY,
  },
  {
    key: 'customer',
    type: 'string',
    array: false,
    description: 'Customer the document is addressed to (bill to)',
    labels: STANDARD_FIELD_LABELS.customer,
  },
];

export const CONTRACT_FIELDS: StandardField[] = [
  { key: 'party', type: 'string', array: true, description: 'Parties to the agreement', labels: STANDARD_FIELD_LABELS.party, always: true },
  {
    key: 'effective_date',
    type: 'string',
    array: false,
    description: 'Date the agreement takes effect, ISO 8601',
    labels: STANDARD_FIELD_LABELS.effective_date,
    inText: DATE,
  },
  {
    key: 'jurisdiction',
    type: 'string',
    array: false,
    description: 'Governing law (state or country)',
    labels: STANDARD_FIELD_LABELS.jurisdiction,
    inText: /governed by|laws of|jurisdiction/i,
  },
  {
    key: 'term',
    type: 'string',
    array: false,
    description: 'Duration of the agreement',
    labels: STANDARD_FIELD_LABELS.term,
    inText: /\bterm\b|\bperiod of\b|\b(years?|months?)\b/i,
  },
];

/** The standard fields of a document class (invoice/receipt-like or contract-like), or none. */
export function standardFieldsOf(docClass: string): StandardField[] {
  const c = docClass.toLowerCase();
  if (/invoice|receipt|bill|order|quote|statement|credit/.test(c)) return BUSINESS_FIELDS;
  if (/contract|nda|agreement|lease/.test(c)) return CONTRACT_FIELDS;
  return [];
}

/** A phrase names a standard field when it covers at least this share of the label's characters. */
const MIN_LABEL_COVER = 0.6;
const ID_WORDS = new Set(['id', 'number', 'no', 'nr', 'code', 'ref', 'reference', 'iban', '#']);

/** The standard field a printed label names (the whole label, or a label phrase that covers most of it). */
export function standardFieldOfLabel(plainLabel: string, fields: StandardField[]): StandardField | null {
  let best: { field: StandardField; cover: number } | null = null;
  const words = plainLabel.split(' ');
  for (const field of fields) {
    for (const phrase of field.labels) {
      if (!` ${plainLabel} `.includes(` ${phrase} `)) continue;
      // "Customer ID" and "VAT number" name identifiers of the concept, not the concept itself.
      const extra = words.filter((w) => !phrase.split(' ').includes(w));
      if (!field.key.endsWith('_number') && extra.some((w) => ID_WORDS.has(w))) continue;
      const cover = phrase.length / plainLabel.length;
      if (cover >= MIN_LABEL_COVER && (!best || cover > best.cover)) best = { field, cover };
    }
  }
  return best?.field ?? null;
}

import { alternation, TEXT_CURRENCY_MARKS } from '../lexicon/mod.ts';
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
const DATE = /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\.? ?(jan|feb|m[aä]r|apr|ma[iy]|mei|jun|jul|aug|sep|o[ck]t|nov|de[cz]|januar|februar|maart|mai|juin|juillet|août|stycz|lut|mar|kwi|maj|cze|lip|sie|wrz|pa[zź]|lis|gru)[a-zé]*\.? ?\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b/i;

export const BUSINESS_FIELDS: StandardField[] = [
  { key: 'issuer', type: 'string', array: false, description: 'Company that issued the document (seller, vendor, merchant)', labels: ['seller', 'vendor', 'supplier', 'from', 'sprzedawca', 'verkaufer', 'lieferant', 'fournisseur', 'vendeur', 'leverancier'], always: true },
  {
    key: 'invoice_number', type: 'string', array: false, description: 'Invoice number as printed next to its label', always: /invoice/i,
    labels: ['invoice number', 'invoice no', 'invoice nr', 'invoice #', 'invoice id', 'inv no', 'invoice', 'rechnungsnummer', 'rechnungsnr', 'rechnung nr', 'rechnung', 'factuurnummer', 'factuur nummer', 'factuur', 'numero de facture', 'facture n', 'n de facture', 'facture no', 'faktura nr', 'numer faktury', 'faktura', 'receipt no', 'receipt number', 'bill no', 'document no'],
  },
  {
    key: 'invoice_date', type: 'string', array: false, description: 'Invoice date (date of issue), ISO 8601',
    labels: ['invoice date', 'date', 'date of issue', 'issue date', 'issued', 'rechnungsdatum', 'datum', 'factuurdatum', 'factuur datum', 'date de facture', 'date facture', 'data wystawienia', 'data', 'receipt date', 'bill date'], inText: DATE,
  },
  { key: 'due_date', type: 'string', array: false, description: 'Payment due date, ISO 8601', labels: ['due date', 'payment due', 'date due', 'due', 'faellig', 'fallig', 'fallig am', 'zahlungsziel', 'vervaldatum', 'echeance', 'date d echeance', 'termin platnosci'] },
  {
    key: 'total', type: 'number', array: false, description: 'Total amount due, taxes included',
    labels: ['total', 'amount due', 'grand total', 'total amount', 'total due', 'balance due', 'amount', 'gesamtbetrag', 'summe', 'endbetrag', 'rechnungsbetrag', 'totaal', 'te betalen', 'factuur totaal', 'total ttc', 'montant total', 'montant', 'razem', 'do zaplaty', 'suma', 'total amount due'],
    inText: /\b(total|amount due|totaal|summe|gesamt|montant|razem|do zap[łl]aty)\b/i,
  },
  { key: 'subtotal', type: 'number', array: false, description: 'Subtotal before tax', labels: ['subtotal', 'sub total', 'net amount', 'netto', 'zwischensumme', 'subtotaal', 'exclusief btw', 'total ht', 'sous total', 'wartosc netto', 'total excl', 'net total'] },
  { key: 'tax', type: 'number', array: false, description: 'Tax (VAT) amount', labels: ['tax', 'vat', 'sales tax', 'mwst', 'ust', 'btw', 'tva', 'vat amount', 'tax amount', 'podatek vat', 'kwota vat', 'gst'] },
  { key: 'currency', type: 'string', array: false, description: 'Currency of the amounts, ISO 4217 code', labels: ['currency', 'wahrung', 'devise', 'valuta', 'waluta'], inText: CURRENCY },
  { key: 'customer', type: 'string', array: false, description: 'Customer the document is addressed to (bill to)', labels: ['bill to', 'billed to', 'customer', 'client', 'sold to', 'invoice to', 'kunde', 'klant', 'rechnungsempfanger', 'nabywca', 'factuuradres', 'destinataire', 'buyer'] },
];

export const CONTRACT_FIELDS: StandardField[] = [
  { key: 'party', type: 'string', array: true, description: 'Parties to the agreement', labels: ['party', 'parties', 'between'], always: true },
  { key: 'effective_date', type: 'string', array: false, description: 'Date the agreement takes effect, ISO 8601', labels: ['effective date', 'dated', 'date'], inText: DATE },
  { key: 'jurisdiction', type: 'string', array: false, description: 'Governing law (state or country)', labels: ['governing law', 'jurisdiction'], inText: /governed by|laws of|jurisdiction/i },
  { key: 'term', type: 'string', array: false, description: 'Duration of the agreement', labels: ['term', 'duration'], inText: /\bterm\b|\bperiod of\b|\b(years?|months?)\b/i },
];

/** The standard fields of a document class (invoice/receipt-like or contract-like), or none. */
export function standardFieldsOf(docClass: string): StandardField[] {
  const c = docClass.toLowerCase();
  if (/invoice|receipt|bill|order|quote|statement|credit/.test(c)) return BUSINESS_FIELDS;
  if (/contract|nda|agreement|lease/.test(c)) return CONTRACT_FIELDS;
  return [];
}

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
      if (cover >= 0.6 && (!best || cover > best.cover)) best = { field, cover };
    }
  }
  return best?.field ?? null;
}

/**
 * Words of totals, subtotals and the other summary amounts of invoices and receipts, in `plainWords` form
 * (accents folded): table rows that close a line-item table, and schema fields that ask for a document's sums.
 */

/** Labels of the summary rows (subtotal, tax, total, carried forward, shipping) that close a line-item table. */
export const SUMMARY_ROW_LABELS: readonly string[] = [
  'subtotal',
  'sub total',
  'total',
  'totals',
  'grand total',
  'amount due',
  'balance',
  'balance due',
  'tax',
  'vat',
  'sales tax',
  'summe',
  'zwischensumme',
  'gesamt',
  'gesamtbetrag',
  'netto',
  'brutto',
  'mwst',
  'ust',
  'ubertrag',
  'totaal',
  'subtotaal',
  'btw',
  'sous total',
  'montant total',
  'total ht',
  'total ttc',
  'tva',
  'razem',
  'suma',
  'do zaplaty',
  'carried forward',
  'brought forward',
  'shipping',
  'freight',
  'discount',
  'exclusief btw',
  'inclusief btw',
  'factuur totaal',
];

/** Words of a schema field's key or description that make a number field the subtotal (before tax). */
export const FIELD_SUBTOTAL_WORDS: readonly string[] = [
  'subtotal',
  'sub total',
  'untaxed',
  'net',
  'netto',
  'zwischensumme',
  'excl',
  'before tax',
  'pretax',
];

/** Words of a schema field's key or description that make a number field the total. */
export const FIELD_TOTAL_WORDS: readonly string[] = [
  'total',
  'amount',
  'grand total',
  'amount due',
  'gross',
  'brutto',
  'totaal',
  'summe',
  'montant',
];

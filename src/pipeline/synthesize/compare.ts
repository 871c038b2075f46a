import { fromMinor } from './money.ts';
import type { DocType, DocumentLedger, LineItem, Mismatch } from './types.ts';

/**
 * How two related documents differ, in the terms of an extraction schema (`po_number`, `line_items[1].quantity`):
 * the basis of checkRelated (every difference must be an asked-for mismatch) and of the mismatches a set implies
 * between members that were not generated from each other (an invoice against a short goods receipt).
 */
export interface Difference {
  /** A mismatch kind, or null for differences no mismatch may explain (parties, currency, units). */
  kind: Mismatch['kind'] | null;
  field: string;
  line?: number;
  expected: string | number | null;
  actual: string | number | null;
}

/** Which side issues each type: the seller (invoices, quotes, …) or the buyer (purchase orders, goods receipts). */
const SELLER_SIDE: ReadonlySet<DocType> = new Set(['invoice', 'credit_note', 'delivery_note', 'receipt', 'quote', 'timesheet']);

export function issuerIsSeller(type: DocType): boolean {
  return SELLER_SIDE.has(type);
}

/** Whether the issuer and recipient swap between the two types (a PO's buyer is the invoice's recipient). */
export function partiesSwap(from: DocType, to: DocType): boolean {
  if (from === 'bank_statement' || to === 'bank_statement') return false;
  return issuerIsSeller(from) !== issuerIsSeller(to);
}

/** The reference field a document carries for a source of this type, and its schema name. */
export function referenceFieldFor(type: DocType): { key: keyof DocumentLedger['references']; field: string } | null {
  switch (type) {
    case 'purchase_order':
      return { key: 'poNumber', field: 'po_number' };
    case 'invoice':
      return { key: 'invoiceNumber', field: 'invoice_number' };
    case 'quote':
      return { key: 'quoteNumber', field: 'quote_number' };
    case 'delivery_note':
      return { key: 'deliveryNoteNumber', field: 'delivery_note_number' };
    default:
      return null;
  }
}

const REFERENCE_FIELDS: [keyof DocumentLedger['references'], string][] = [
  ['poNumber', 'po_number'],
  ['invoiceNumber', 'invoice_number'],
  ['quoteNumber', 'quote_number'],
  ['deliveryNoteNumber', 'delivery_note_number'],
];

function pairLines(doc: LineItem[], source: LineItem[]): { pairs: [LineItem, LineItem][]; missing: LineItem[]; extra: LineItem[] } {
  const used = new Set<LineItem>();
  const pairs: [LineItem, LineItem][] = [];
  const missing: LineItem[] = [];
  const skuCount = (lines: LineItem[], sku: string) => lines.filter((l) => l.sku === sku).length;
  for (const s of source) {
    const free = doc.filter((d) => !used.has(d));
    // Same sku and description; else a sku unique on both; else the description; else the position when skus are absent.
    const match =
      free.find((d) => d.sku === s.sku && d.description === s.description) ??
      (s.sku && skuCount(source, s.sku) === 1 && skuCount(doc, s.sku) === 1 ? free.find((d) => d.sku === s.sku) : undefined) ??
      (!s.sku ? free.find((d) => d.description === s.description) : undefined) ??
      (!s.sku ? free.find((d) => d.position === s.position && !d.sku) : undefined);
    if (match) {
      used.add(match);
      pairs.push([match, s]);
    } else missing.push(s);
  }
  return { pairs, missing, extra: doc.filter((d) => !used.has(d)) };
}

/** Every difference between `doc` and the document it was made from (or must match). */
export function differences(doc: DocumentLedger, source: DocumentLedger): Difference[] {
  const out: Difference[] = [];
  const swap = partiesSwap(source.type, doc.type);
  const [srcIssuer, srcRecipient] = swap ? [source.recipient, source.issuer] : [source.issuer, source.recipient];
  if (doc.type === 'bank_statement' || source.type === 'bank_statement') return statementDifferences(doc, source);
  if (srcIssuer.name && doc.issuer.name !== srcIssuer.name)
    out.push({ kind: null, field: 'issuer', expected: srcIssuer.name, actual: doc.issuer.name });
  if (srcRecipient.name && doc.recipient.name !== srcRecipient.name)
    out.push({ kind: null, field: 'customer', expected: srcRecipient.name, actual: doc.recipient.name });
  if (doc.currency !== source.currency) out.push({ kind: null, field: 'currency', expected: source.currency, actual: doc.currency });
  out.push(...referenceDifferences(doc, source));
  const { pairs, missing, extra } = pairLines(doc.lines, source.lines);
  const sourceStatesRates = source.lines.some((l) => l.taxRate !== 0);
  for (const [d, s] of pairs) {
    const at = (col: string) => `line_items[${d.position - 1}].${col}`;
    const line = d.position;
    if (d.sku !== s.sku) out.push({ kind: null, field: at('sku'), line, expected: s.sku, actual: d.sku });
    if (d.description !== s.description)
      out.push({ kind: 'description', field: at('description'), line, expected: s.description, actual: d.description });
    if (d.quantity !== s.quantity) out.push({ kind: 'quantity', field: at('quantity'), line, expected: s.quantity, actual: d.quantity });
    if (d.unit !== s.unit) out.push({ kind: null, field: at('unit'), line, expected: s.unit, actual: d.unit });
    if (d.unitPrice !== s.unitPrice)
      out.push({
        kind: 'unit_price',
        field: at('unit_price'),
        line,
        expected: fromMinor(s.unitPrice, source.currency),
        actual: fromMinor(d.unitPrice, doc.currency),
      });
    if (sourceStatesRates && d.taxRate !== s.taxRate)
      out.push({ kind: 'tax_rate', field: at('tax_rate'), line, expected: s.taxRate, actual: d.taxRate });
    if (d.discountPct !== s.discountPct)
      out.push({ kind: null, field: at('discount'), line, expected: s.discountPct, actual: d.discountPct });
  }
  for (const s of missing)
    out.push({ kind: 'missing_line', field: `line_items[${s.position - 1}]`, line: s.position, expected: s.description, actual: null });
  for (const d of extra)
    out.push({ kind: 'extra_line', field: `line_items[${d.position - 1}]`, line: d.position, expected: null, actual: d.description });
  return out;
}

function referenceDifferences(doc: DocumentLedger, source: DocumentLedger): Difference[] {
  const out: Difference[] = [];
  const direct = referenceFieldFor(source.type);
  // The source's own number, then the references both should carry (an invoice and a goods receipt both name the PO).
  if (direct && source.number) {
    const actual = doc.references[direct.key] ?? null;
    if (actual !== source.number) out.push({ kind: 'missing_reference', field: direct.field, expected: source.number, actual });
  }
  for (const [key, field] of REFERENCE_FIELDS) {
    if (direct?.key === key || key === referenceFieldFor(doc.type)?.key) continue;
    const expected = source.references[key];
    if (!expected) continue;
    const actual = doc.references[key] ?? null;
    if (actual !== expected) out.push({ kind: 'missing_reference', field, expected, actual });
  }
  return out;
}

/** A statement made with an invoice shows its payment: a booking naming the invoice number for the invoice total. */
function statementDifferences(doc: DocumentLedger, source: DocumentLedger): Difference[] {
  const [statement, invoice] = doc.type === 'bank_statement' ? [doc, source] : [source, doc];
  if (invoice.type === 'bank_statement') return [];
  const booking = (statement.transactions ?? []).find(
    (t) => t.reference.includes(invoice.number) || t.description.includes(invoice.number),
  );
  if (!booking) return [{ kind: 'missing_reference', field: 'transactions.reference', expected: invoice.number, actual: null }];
  if (Math.abs(booking.amount) !== invoice.total) {
    return [
      {
        kind: null,
        field: 'transactions.amount',
        expected: fromMinor(invoice.total, invoice.currency),
        actual: fromMinor(Math.abs(booking.amount), statement.currency),
      },
    ];
  }
  return [];
}

const same = (a: string | number | null, b: string | number | null): boolean =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : a === b;

/** Whether a mismatch describes exactly this difference (same field and kind, same values). */
export function explains(m: Mismatch, d: Difference): boolean {
  return m.kind === d.kind && m.field === d.field && same(m.expected, d.expected) && same(m.actual, d.actual);
}

/** The differences as mismatch records (for pairs whose differences follow from others asked for). */
export function asMismatches(doc: DocumentLedger, against: DocumentLedger, diffs: Difference[], instruction: string): Mismatch[] {
  return diffs
    .filter((d): d is Difference & { kind: Mismatch['kind'] } => d.kind !== null)
    .map((d) => ({
      kind: d.kind,
      document: doc.key,
      against: against.key,
      line: d.line,
      field: d.field,
      expected: d.expected,
      actual: d.actual,
      instruction,
    }));
}

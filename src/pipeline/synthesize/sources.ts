import { buildExtractDocument, extractFields, type FieldGrounding, normalizeSchema } from '../extract/mod.ts';
import { classifyPages, documentClass } from '../classify/mod.ts';
import { centerIn } from '../model/geometry.ts';
import type { DocumentModel } from '../model/types.ts';
import type { DocType, DocumentLedger, LineItem, Party } from './types.ts';

/**
 * A source document read back into a ledger (what a related document must carry over): its class from
 * classification, its identifiers, dates, parties, amounts and lines from extraction. What extraction cannot
 * find stays empty and is listed in `missing`, so the planner fills it and the response says it did.
 */
export interface SourceLedger {
  ledger: DocumentLedger;
  /** Fields extraction did not find. */
  missing: string[];
  docClass: string;
  /** Each extracted field's text exactly as printed (its grounded words), by field path (`total`, `line_items[1].quantity`). */
  printed: Map<string, { text: string; page_index: number }>;
}

/** Field keys as the edit requests name them (edits.ts), so an edit can find the printed text of its field. */
const SOURCE_SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'po_number', description: 'Purchase order number' },
    { key: 'invoice_date', description: 'Invoice date' },
    { key: 'order_date', description: 'Order date' },
    { key: 'due_date', description: 'Payment due date' },
    { key: 'delivery_date', description: 'Delivery date' },
    { key: 'issuer', description: 'Company that issued the document' },
    { key: 'issuer_address', description: 'Address of the company that issued the document' },
    { key: 'customer', description: 'Customer or supplier the document is addressed to (bill to / vendor)' },
    { key: 'customer_address', description: 'Address of the customer or supplier the document is addressed to' },
    { key: 'currency', description: 'ISO currency code' },
    { key: 'subtotal', description: 'Amount before tax', type: 'number' },
    { key: 'tax', description: 'Total tax', type: 'number' },
    { key: 'total', description: 'Total amount due', type: 'number' },
    { key: 'payment_terms', description: 'Payment terms' },
  ],
  tables: [
    {
      key: 'line_items',
      description: 'Line items',
      fields: [
        { key: 'sku', description: 'Item code or SKU' },
        { key: 'description', description: 'Item description' },
        { key: 'quantity', description: 'Quantity', type: 'number' },
        { key: 'unit', description: 'Unit of measure' },
        { key: 'unit_price', description: 'Price per unit', type: 'number' },
        { key: 'tax_rate', description: 'Tax rate percent', type: 'number' },
        { key: 'amount', description: 'Line total', type: 'number' },
      ],
    },
  ],
};

const CLASS_TYPES: Record<string, DocType> = {
  invoice: 'invoice',
  purchase_order: 'purchase_order',
  delivery_note: 'delivery_note',
  receipt: 'receipt',
  bank_statement: 'bank_statement',
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Minor units from an extracted major-unit amount (the currency's exponent). */
function minor(value: number | undefined, exponent: number): number {
  return value === undefined ? 0 : Math.round(value * 10 ** exponent);
}

function party(name: unknown, address: unknown): Party {
  const lines =
    str(address)
      ?.split(/\s*[\n,;]\s*/)
      .filter(Boolean) ?? [];
  return { name: str(name) ?? '', address: lines };
}

export async function ledgerFromSource(model: DocumentModel, key: string, exponentOf: (currency: string) => number): Promise<SourceLedger> {
  const { docClass } = documentClass(classifyPages(model.pages, null));
  const out = await extractFields(buildExtractDocument(model), normalizeSchema(SOURCE_SCHEMA));
  const r = out.result;
  const currency = str(r.currency)?.match(/[A-Z]{3}/)?.[0] ?? 'EUR';
  const exp = exponentOf(currency);
  const rows = (r.line_items as Record<string, unknown>[] | undefined) ?? [];
  const lines: LineItem[] = rows
    .filter((row) => str(row.description))
    .map((row, i) => {
      const quantity = num(row.quantity) ?? 1;
      const amount = num(row.amount);
      const unitPrice = num(row.unit_price) ?? (amount !== undefined ? amount / quantity : 0);
      return {
        position: i + 1,
        sku: str(row.sku) ?? '',
        description: str(row.description)!,
        quantity,
        unit: str(row.unit) ?? 'pcs',
        unitPrice: minor(unitPrice, exp),
        taxRate: num(row.tax_rate) ?? 0,
        discountPct: 0,
        total: minor(amount ?? unitPrice * quantity, exp),
      };
    });
  // A document that prints a PO number and no invoice number is the purchase order itself, whatever its words suggest.
  const type = str(r.po_number) && !str(r.invoice_number) ? 'purchase_order' : (CLASS_TYPES[docClass] ?? 'invoice');
  const isPo = type === 'purchase_order';
  const ledger: DocumentLedger = {
    key,
    type,
    number: (isPo ? str(r.po_number) : str(r.invoice_number)) ?? '',
    issueDate: str(r.invoice_date) ?? str(r.order_date) ?? '',
    dueDate: str(r.due_date),
    deliveryDate: str(r.delivery_date),
    currency,
    locale: 'en-US',
    issuer: party(r.issuer, r.issuer_address),
    recipient: party(r.customer, r.customer_address),
    references: !isPo && str(r.po_number) ? { poNumber: str(r.po_number) } : {},
    lines,
    taxes: [],
    subtotal: minor(num(r.subtotal), exp),
    taxTotal: minor(num(r.tax), exp),
    total: minor(num(r.total), exp),
    paymentTerms: str(r.payment_terms),
    notes: [],
    template: 'classic',
  };
  const missing = SOURCE_SCHEMA.fields.map((f) => f.key).filter((k) => r[k] === null || r[k] === undefined);
  if (!lines.length) missing.push('line_items');
  return { ledger, missing, docClass, printed: printedTexts(model, out.grounding) };
}

function printedTexts(model: DocumentModel, grounding: Record<string, FieldGrounding | FieldGrounding[]>): SourceLedger['printed'] {
  const printed: SourceLedger['printed'] = new Map();
  for (const [path, g] of Object.entries(grounding)) {
    if (Array.isArray(g)) continue;
    const page = model.pages[g.page_index];
    const words = page?.lines.flatMap((l) => l.words).filter((w) => centerIn(w.bbox, g.bbox, 1)) ?? [];
    if (words.length) printed.set(path, { text: words.map((w) => w.text).join(' '), page_index: g.page_index });
  }
  return printed;
}

import { describe, expect, it } from 'vitest';
import { autoSchema } from '../src/pipeline/extract/auto-schema.ts';
import type { ExtractDocument } from '../src/pipeline/extract/types.ts';
import { documentKeyValues } from '../src/pipeline/fields/mod.ts';
import { findTables } from '../src/pipeline/tables/mod.ts';
import { NDA, documentPdf } from './helpers/packet-pdfs.ts';
import { lineItemInvoicePdf, twoPageInvoice } from './helpers/line-item-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/** The document as extraction sees it: laid-out pages, their key-values and detected tables, and a class. */
function extractDocument(pdf: Buffer, docClass: string): ExtractDocument {
  const model = modelOfPdf(pdf, 'f');
  const tables = model.pages.flatMap((p) => findTables(p, { policy: 'liberal', source: 'detector' }));
  return { model, keyValues: documentKeyValues(model), tables, docClass };
}

const invoices = (): ExtractDocument[] => [
  extractDocument(
    lineItemInvoicePdf(
      twoPageInvoice({
        extraLabels: [
          ['Customer ID', 'C-1042'],
          ['Order Reference', 'PO-7731'],
        ],
      }),
    ),
    'invoice',
  ),
  extractDocument(
    lineItemInvoicePdf(twoPageInvoice({ number: 'INV-2024-0588', repeatHeader: true, extraLabels: [['Customer ID', 'C-2210']] })),
    'invoice',
  ),
  extractDocument(lineItemInvoicePdf(twoPageInvoice({ number: 'INV-2024-0590' })), 'receipt'),
];

describe('auto schema', () => {
  const docs = invoices();

  it('keeps the fields most invoices show, under the shared concept names, with line items', () => {
    const schema = autoSchema(docs);
    expect(schema.doc_class).toBe('invoice');
    const keys = schema.fields.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'issuer',
        'invoice_number',
        'invoice_date',
        'due_date',
        'total',
        'subtotal',
        'tax',
        'customer',
        'customer_id',
      ]),
    );
    // One document prints an order reference: not common enough. No label becomes a second invoice_number or total.
    expect(keys).not.toContain('order_reference');
    expect(keys.filter((k) => /invoice_n|^total$|^amount$/.test(k)).sort()).toEqual(['invoice_number', 'total']);
    expect(new Set(keys).size).toBe(keys.length);
    const type = (k: string) => schema.fields.find((f) => f.key === k)?.type;
    expect([type('total'), type('subtotal'), type('invoice_date'), type('customer_id')]).toEqual(['number', 'number', 'string', 'string']);
    expect(schema.tables).toEqual([
      {
        key: 'line_items',
        description: expect.any(String),
        fields: [
          { key: 'description', description: expect.any(String), type: 'string', array: false },
          { key: 'quantity', description: expect.any(String), type: 'integer', array: false },
          { key: 'unit_price', description: expect.any(String), type: 'number', array: false },
          { key: 'amount', description: expect.any(String), type: 'number', array: false },
        ],
      },
    ]);
  });

  it('keeps a field that only one document shows when it is the only document', () => {
    const keys = autoSchema([docs[0]]).fields.map((f) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['order_reference', 'customer_id']));
    const described = autoSchema([docs[0]]).fields.find((f) => f.key === 'order_reference');
    expect(described?.description).toContain('"Order Reference"');
  });

  it('narrows the fields to what the instructions name, and ignores instructions that name none', () => {
    const narrowed = autoSchema(docs, { instructions: 'only the totals and dates' });
    expect(narrowed.fields.map((f) => f.key).sort()).toEqual(['due_date', 'invoice_date', 'subtotal', 'total']);
    expect(narrowed.tables).toEqual([]);
    const items = autoSchema(docs, { instructions: 'the line items please' });
    expect(items.tables.map((t) => t.key)).toEqual(['line_items']);
    expect(autoSchema(docs, { instructions: 'whatever you find useful' })).toEqual(autoSchema(docs));
  });

  it('gives a contract its parties, effective date, jurisdiction and term', () => {
    const schema = autoSchema([extractDocument(documentPdf(NDA), 'nda_contract')]);
    expect(schema.doc_class).toBe('nda_contract');
    const party = schema.fields.find((f) => f.key === 'party');
    expect(party).toMatchObject({ type: 'string', array: true });
    expect(schema.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['effective_date', 'jurisdiction', 'term']));
  });
});

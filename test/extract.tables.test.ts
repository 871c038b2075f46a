import { describe, expect, it } from 'vitest';
import { parseAmount } from '../src/pipeline/fields/mod.ts';
import { runChecks } from '../src/pipeline/extract/checks.ts';
import { extractTable } from '../src/pipeline/extract/line-items.ts';
import type { ExtractDocument, FieldGrounding, SchemaTable, SchemaV2 } from '../src/pipeline/extract/types.ts';
import type { BBox } from '../src/pipeline/model/types.ts';
import { findTables } from '../src/pipeline/tables/mod.ts';
import { cents, invoiceTotals, lineItemInvoicePdf, money, twoPageInvoice, type InvoiceSpec } from './helpers/line-item-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/** The document as extraction sees it: laid-out pages and their detected tables (key-values are not needed here). */
function extractDocument(pdf: Buffer): ExtractDocument {
  const model = modelOfPdf(pdf, 'f');
  return {
    model,
    keyValues: [],
    tables: model.pages.flatMap((p) => findTables(p, { policy: 'liberal', source: 'detector' })),
    docClass: 'invoice',
  };
}

const LINE_ITEMS: SchemaTable = {
  key: 'line_items',
  description: 'Invoice line items',
  fields: [
    { key: 'description', description: 'Item description', type: 'string', array: false },
    { key: 'quantity', description: 'Quantity ordered', type: 'integer', array: false },
    { key: 'unit_price', description: 'Price per unit', type: 'number', array: false },
    { key: 'amount', description: 'Line total', type: 'number', array: false },
  ],
};

const inside = (inner: BBox, outer: number[]) =>
  inner[0] >= outer[0] - 0.5 && inner[1] >= outer[1] - 0.5 && inner[2] <= outer[2] + 0.5 && inner[3] <= outer[3] + 0.5;

/** Whether the grounded box holds a printed word with this text on its page. */
function boxHoldsWord(doc: ExtractDocument, g: FieldGrounding, text: string): boolean {
  const page = doc.model.pages[g.page_index];
  return page.lines.some((l) => l.words.some((w) => w.text === text && inside(w.bbox, g.bbox)));
}

function expectItems(doc: ExtractDocument, spec: InvoiceSpec): void {
  const { rows, grounding } = extractTable(doc, LINE_ITEMS);
  expect(rows).toHaveLength(spec.items.length);
  spec.items.forEach((item, i) => {
    expect(rows[i]).toEqual({
      description: item.description.join(' '),
      quantity: item.qty,
      unit_price: item.unitPrice,
      amount: cents(item.qty * item.unitPrice),
    });
    const g = grounding[i];
    expect(g.amount.page_index).toBe(i < spec.firstPageItems ? 0 : 1);
    expect(g.amount.table_id).toBe(g.amount.region_ids[0]);
    expect(g.amount.source).toBe('table_cell');
    expect(boxHoldsWord(doc, g.amount, money(cents(item.qty * item.unitPrice)))).toBe(true);
    expect(boxHoldsWord(doc, g.unit_price, money(item.unitPrice))).toBe(true);
    expect(boxHoldsWord(doc, g.quantity, String(item.qty))).toBe(true);
    expect(boxHoldsWord(doc, g.description, item.description[0].split(' ')[0])).toBe(true);
  });
  // The wrapped description's box covers both of its lines.
  const wrapped = spec.items.findIndex((it) => it.description.length > 1);
  expect(boxHoldsWord(doc, grounding[wrapped].description, item2LastWord(spec, wrapped))).toBe(true);
}

const item2LastWord = (spec: InvoiceSpec, i: number) => spec.items[i].description.at(-1)!.split(' ').at(-1)!;

describe('line-item tables', () => {
  it('reads a table that continues on page 2 without a header as one list', () => {
    const spec = twoPageInvoice();
    const doc = extractDocument(lineItemInvoicePdf(spec));
    expect(new Set(doc.tables.map((t) => t.pageIndex))).toEqual(new Set([0, 1]));
    expectItems(doc, spec);
  });

  it('reads a table whose header repeats on page 2 as one list', () => {
    const spec = twoPageInvoice({ repeatHeader: true });
    expectItems(extractDocument(lineItemInvoicePdf(spec)), spec);
  });

  it('returns no rows when no table names the schema columns', () => {
    const doc = extractDocument(lineItemInvoicePdf(twoPageInvoice()));
    const other: SchemaTable = {
      key: 'shipments',
      description: 'Shipments',
      fields: [
        { key: 'tracking_number', description: 'Parcel tracking number', type: 'string', array: false },
        { key: 'carrier', description: 'Carrier', type: 'string', array: false },
      ],
    };
    expect(extractTable(doc, other).rows).toEqual([]);
  });
});

const SCHEMA: SchemaV2 = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_date', description: 'Invoice date', type: 'string', array: false },
    { key: 'due_date', description: 'Payment due date', type: 'string', array: false },
    { key: 'subtotal', description: 'Subtotal before tax', type: 'number', array: false },
    { key: 'vat_rate', description: 'VAT rate in percent', type: 'number', array: false },
    { key: 'tax', description: 'VAT amount', type: 'number', array: false },
    { key: 'total', description: 'Total amount due', type: 'number', array: false },
  ],
  tables: [LINE_ITEMS],
};

/** The totals block as printed: the right-most word on the label's line. */
function printedAmount(doc: ExtractDocument, label: RegExp): number {
  const lines = doc.model.pages[1].lines;
  const labelLine = lines.find((l) => label.test(l.text));
  const sameRow = lines.filter((l) => labelLine && Math.abs(l.bbox[1] - labelLine.bbox[1]) < 4).sort((a, b) => b.bbox[2] - a.bbox[2]);
  const amount = sameRow[0] && parseAmount(sameRow[0].text);
  if (!amount) throw new Error(`no line for ${label}`);
  return amount.value;
}

function resultOf(spec: InvoiceSpec): Record<string, unknown> {
  const doc = extractDocument(lineItemInvoicePdf(spec));
  return {
    invoice_date: spec.date,
    due_date: spec.dueDate,
    subtotal: printedAmount(doc, /^Subtotal\b/),
    vat_rate: spec.vatRate,
    tax: printedAmount(doc, /^VAT\b/),
    total: printedAmount(doc, /^Total\b/),
    line_items: extractTable(doc, LINE_ITEMS).rows,
  };
}

describe('self-checks', () => {
  it('passes every check on a consistent invoice', () => {
    const checks = runChecks(resultOf(twoPageInvoice()), SCHEMA, {});
    expect(checks.filter((c) => c.check === 'line_amount')).toHaveLength(18);
    expect(checks.map((c) => c.check)).toEqual(
      expect.arrayContaining(['lines_sum_subtotal', 'subtotal_tax_total', 'tax_rate', 'date_sanity', 'date_order']),
    );
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('flags a total that does not add up', () => {
    const spec = twoPageInvoice({ wrongTotal: true });
    const { subtotal, vat, total } = invoiceTotals(spec);
    const failed = runChecks(resultOf(spec), SCHEMA, {}).filter((c) => !c.ok);
    expect(failed).toEqual([
      expect.objectContaining({
        check: 'subtotal_tax_total',
        paths: ['subtotal', 'tax', 'total'],
        expected: cents(subtotal + vat),
        found: total,
      }),
    ]);
  });

  it('flags a line whose amount is not quantity times price, and impossible dates', () => {
    const result = resultOf(twoPageInvoice());
    const rows = result.line_items as Record<string, number>[];
    rows[3] = { ...rows[3], amount: rows[3].amount + 1 };
    Object.assign(result, { invoice_date: '1985-02-01', due_date: '1984-12-31' });
    const failed = runChecks(result, SCHEMA, {}).filter((c) => !c.ok);
    expect(failed.map((c) => c.check).sort()).toEqual(['date_sanity', 'date_sanity', 'line_amount', 'lines_sum_subtotal']);
    expect(failed.find((c) => c.check === 'line_amount')!.paths).toEqual([
      'line_items[3].quantity',
      'line_items[3].unit_price',
      'line_items[3].amount',
    ]);
  });

  it('runs only the checks whose inputs are present', () => {
    const checks = runChecks({ total: 10, invoice_date: null, line_items: [] }, SCHEMA, {});
    expect(checks).toEqual([]);
  });
});

// biome-ignore-all lint/suspicious/noExplicitAny: extraction results are walked as loose JSON in this round-trip test.
/**
 * POST /api/v1/synthesize, /synthesize/one and /synthesize/set over HTTP: generated purchase orders, invoices
 * and sets read back by POST /v1/extract match the ledger the response carries and their arithmetic holds; an
 * asked-for mismatch shows in the extracted values as matching_policy says; an invoice generated from a stored PO
 * carries its identifiers and lines; an edit changes only the named value; extra members and async are 422.
 */
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { AUTH_A, type TestApp } from './helpers/app.ts';
import { get, useTestApp, validationLocs } from './helpers/api.ts';
import { expectedFields, ROUND_TRIP_SCHEMA } from './helpers/ledgers.ts';
import type { DocumentLedger } from '../src/pipeline/synthesize/types.ts';

interface Line {
  sku: string;
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
}
interface Ledger {
  key: string;
  type: string;
  number: string;
  issueDate: string;
  dueDate?: string;
  currency: string;
  references: { poNumber?: string };
  lines: Line[];
  subtotal: number;
  taxTotal: number;
  total: number;
}
interface FileRef {
  file_id: string;
  page_count: number;
}
interface Page {
  page_index: number;
  width: number;
  height: number;
  image_ref: string;
}
interface SynthesizeBody {
  file: FileRef;
  task: string;
  prompt: string;
  pages: Page[];
  source_file_ids: string[];
  metadata: { ledger?: Ledger; changes?: { page_index: number; before: string; after: string }[] };
}
interface SetDocument extends SynthesizeBody {
  document_key: string;
  document_type: string;
  role: string;
  depends_on: string[];
  matching_against: string[];
  matching_policy: {
    intended_mismatches: { field: string; expected: unknown; actual: unknown }[];
    expected_matches: { document_key: string; match: { field: string; value: unknown }[] }[];
  };
}

const app = useTestApp();

async function synthesize(t: TestApp, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: AUTH_A, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function extract(t: TestApp, fileId: string): Promise<Record<string, any>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/extract',
    headers: AUTH_A,
    payload: { input: { file_id: fileId }, schema: ROUND_TRIP_SCHEMA, execution_mode: 'sync' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Record<string, any> }).result;
}

/** Every value the ledger printed is extracted as it is, and the arithmetic of what was printed holds. */
function expectRoundTrip(result: Record<string, any>, ledger: Ledger): void {
  const expected = Object.entries(expectedFields(ledger as unknown as DocumentLedger)).filter(([, v]) => v !== null);
  expect(Object.fromEntries(expected.map(([k]) => [k, result[k]]))).toEqual(Object.fromEntries(expected));
  const lineSum = result.line_items.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
  expect(lineSum).toBeCloseTo(result.subtotal, 2);
  expect(result.subtotal + result.tax_total).toBeCloseTo(result.total, 2);
}

function pageTexts(bytes: Buffer): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const texts: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) texts.push(doc.loadPage(i).toStructuredText('').asText());
  return texts;
}

/** The stored bytes of a file of tenant `a` (the API serves page images, not originals). */
async function original(t: TestApp, fileId: string): Promise<Buffer> {
  const record = await t.runtime.files.get('a', fileId);
  return t.runtime.stores.blobs.getBuffer(record.blob_key);
}

describe('POST /api/v1/synthesize', () => {
  it('generates a purchase order that extraction reads back exactly, the same for the same prompt', async () => {
    const prompt = 'A purchase order in EUR from Acme GmbH to Globex Supplies for 4 line items of office supplies at 19% VAT.';
    const body = (await synthesize(app(), '/api/v1/synthesize', { prompt })) as SynthesizeBody;
    expect(body.task).toBe('generate_po');
    expect(body.prompt).toBe(prompt);
    expect(body.file.page_count).toBeGreaterThanOrEqual(1);
    expect(body.pages[0].image_ref).toBe(`/v1/files/${body.file.file_id}/pages/0/image`);
    const ledger = body.metadata.ledger!;
    expect(ledger.type).toBe('purchase_order');
    expect(ledger.currency).toBe('EUR');
    expect(ledger.lines).toHaveLength(4);
    expectRoundTrip(await extract(app(), body.file.file_id), ledger);
    const again = (await synthesize(app(), '/api/v1/synthesize/one', { prompt })) as SynthesizeBody;
    expect(again.metadata.ledger).toEqual(ledger);
    expect((await get(app().app, body.pages[0].image_ref)).statusCode).toBe(200);
  });

  it('generates the invoice for a stored purchase order, carrying its number and lines', async () => {
    const po = (await synthesize(app(), '/api/v1/synthesize', {
      prompt: 'A purchase order in USD for 3 lines of IT hardware.',
    })) as SynthesizeBody;
    const body = (await synthesize(app(), '/api/v1/synthesize', {
      prompt: 'Create the supplier invoice for this purchase order.',
      inputs: [{ file_id: po.file.file_id }],
    })) as SynthesizeBody;
    expect(body.task).toBe('generate_related_document');
    expect(body.source_file_ids).toEqual([po.file.file_id]);
    const invoice = body.metadata.ledger!;
    expect(invoice.type).toBe('invoice');
    expect(invoice.references.poNumber).toBe(po.metadata.ledger!.number);
    const result = await extract(app(), body.file.file_id);
    expectRoundTrip(result, invoice);
    expect(result.po_number).toBe(po.metadata.ledger!.number);
    expect(result.line_items.map((r: { description: string }) => r.description)).toEqual(
      po.metadata.ledger!.lines.map((l) => l.description),
    );
  });

  it('edits exactly the named value of a stored document and says where', async () => {
    const invoice = (await synthesize(app(), '/api/v1/synthesize', {
      prompt: 'An invoice in EUR with 3 line items referencing PO-2026-0142.',
    })) as SynthesizeBody;
    expect(invoice.metadata.ledger!.references.poNumber).toBe('PO-2026-0142');
    const body = (await synthesize(app(), '/api/v1/synthesize', {
      prompt: 'Change the PO number from PO-2026-0142 to PO-2026-0199.',
      inputs: [{ file_id: invoice.file.file_id }],
    })) as SynthesizeBody;
    expect(body.task).toBe('edit_document');
    expect(body.metadata.changes!.map((c) => [c.before, c.after])).toEqual([['PO-2026-0142', 'PO-2026-0199']]);
    // The same lines of text on every page, the edited one aside (the new text is drawn last, so order may differ).
    const lines = (texts: string[]) =>
      texts.map((t) =>
        t
          .split('\n')
          .filter((l) => l.trim())
          .sort(),
      );
    const before = lines(pageTexts(await original(app(), invoice.file.file_id)));
    const after = lines(pageTexts(await original(app(), body.file.file_id)));
    expect(after).toHaveLength(before.length);
    expect(after.map((page) => page.map((l) => l.replace('PO-2026-0199', 'PO-2026-0142')).sort())).toEqual(before);
    expect(after.flat().filter((l) => l.includes('PO-2026-0199'))).toHaveLength(1);
    expect((await extract(app(), body.file.file_id)).po_number).toBe('PO-2026-0199');
  });

  it('changes a quantity and, when asked, the line amount and totals that depend on it', async () => {
    const invoice = (await synthesize(app(), '/api/v1/synthesize', {
      prompt: 'An invoice in USD with 3 line items of office supplies.',
    })) as SynthesizeBody;
    const ledger = invoice.metadata.ledger!;
    const quantity = ledger.lines[1].quantity;
    const body = (await synthesize(app(), '/api/v1/synthesize', {
      prompt: `Change the quantity of item 2 from ${quantity} to ${quantity + 5} and update the totals.`,
      inputs: [{ file_id: invoice.file.file_id }],
    })) as SynthesizeBody;
    expect(body.task).toBe('edit_document');
    const result = await extract(app(), body.file.file_id);
    const amount = Math.round((quantity + 5) * ledger.lines[1].unitPrice) / 100;
    const subtotal = Math.round(ledger.subtotal + (quantity + 5) * ledger.lines[1].unitPrice - ledger.lines[1].total) / 100;
    expect(result.line_items.map((r: { quantity: number }) => r.quantity)).toEqual([
      ledger.lines[0].quantity,
      quantity + 5,
      ledger.lines[2].quantity,
    ]);
    expect(result.line_items[1].amount).toBeCloseTo(amount, 2);
    expect(result.subtotal).toBeCloseTo(subtotal, 2);
    expect(result.subtotal + result.tax_total).toBeCloseTo(result.total, 2);
    expect(result.line_items[0].amount).toBeCloseTo(ledger.lines[0].total / 100, 2);
  });

  it('refuses members the contract does not list, async, and sources that do not exist', async () => {
    const extra = await app().app.inject({
      method: 'POST',
      url: '/api/v1/synthesize',
      headers: AUTH_A,
      payload: { prompt: 'An invoice.', task: 'generate_po' },
    });
    expect(extra.statusCode).toBe(422);
    const async = await app().app.inject({
      method: 'POST',
      url: '/api/v1/synthesize/set',
      headers: AUTH_A,
      payload: { prompt: 'An invoice.', execution_mode: 'async' },
    });
    expect(async.statusCode).toBe(422);
    expect(validationLocs(async)).toContainEqual(['body', 'execution_mode']);
    const noPrompt = await app().app.inject({ method: 'POST', url: '/api/v1/synthesize', headers: AUTH_A, payload: { inputs: [] } });
    expect(noPrompt.statusCode).toBe(422);
    const missing = await app().app.inject({
      method: 'POST',
      url: '/api/v1/synthesize',
      headers: AUTH_A,
      payload: { prompt: 'An invoice for this.', inputs: [{ file_id: 'file_doesnotexist0000000000000' }] },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/v1/synthesize/set', () => {
  it('generates a PO, its invoice and goods receipt; the asked-for mismatch is the only difference extraction sees', async () => {
    const prompt =
      'A 3-way match set in EUR: a purchase order with 4 line items, the supplier invoice and the goods receipt. The invoice bills 12 units of item 2 where the PO ordered 10.';
    const body = (await synthesize(app(), '/api/v1/synthesize/set', { prompt })) as { documents: SetDocument[] };
    const byType = new Map(body.documents.map((d) => [d.document_type, d]));
    expect([...byType.keys()].sort()).toEqual(['goods_receipt', 'invoice', 'purchase_order']);
    const po = byType.get('purchase_order')!;
    const invoice = byType.get('invoice')!;
    expect(invoice.depends_on).toContain(po.document_key);
    expect(invoice.matching_against).toContain(po.document_key);
    const [mismatch] = invoice.matching_policy.intended_mismatches;
    expect(mismatch).toMatchObject({ field: 'line_items[1].quantity', expected: 10, actual: 12 });
    const poResult = await extract(app(), po.file.file_id);
    const invoiceResult = await extract(app(), invoice.file.file_id);
    expectRoundTrip(poResult, po.metadata.ledger!);
    expectRoundTrip(invoiceResult, invoice.metadata.ledger!);
    expect(poResult.line_items[1].quantity).toBe(10);
    expect(invoiceResult.line_items[1].quantity).toBe(12);
    expect(invoiceResult.po_number).toBe(poResult.po_number);
    const others = poResult.line_items.map((r: { quantity: number }, i: number) => (i === 1 ? null : r.quantity));
    expect(invoiceResult.line_items.map((r: { quantity: number }, i: number) => (i === 1 ? null : r.quantity))).toEqual(others);
    for (const { field, value } of invoice.matching_policy.expected_matches.find((m) => m.document_key === po.document_key)!.match) {
      const [, index, key] = /^line_items\[(\d+)\]\.(\w+)$/.exec(field) ?? [];
      const row = invoiceResult.line_items[Number(index)];
      if (index && key in row)
        expect(row[key], field).toEqual(value); // the schema reads no SKU
      else if (field === 'po_number') expect(invoiceResult.po_number).toBe(value);
    }
  });
});

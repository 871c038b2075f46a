/**
 * Extraction from a scanned copy: the drawn invoice rendered to a PNG at 144 dpi (so image pixels are the PDF's
 * page-image pixels) goes through POST /v1/extract with the real inference sidecar (spawned process, real gRPC,
 * real PP-OCRv4). The OCR'd values must equal the born-digital ones and their boxes must hold the printed text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { scanPng } from './helpers/ocr-images.ts';
import { charBox, invoicePdf, type Box } from './helpers/invoice-pdfs.ts';

interface Grounding {
  page_index: number;
  bbox: Box;
  source: string;
}
interface ExtractBody {
  result: Record<string, unknown> & { _grounding: Record<string, Grounding> };
  page_count: number;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
}, 120_000);
afterAll(async () => t?.close());

const SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'invoice_date', description: 'Date of the invoice' },
    { key: 'subtotal', description: 'Amount before tax', type: 'number' },
    { key: 'total', description: 'Total amount due', type: 'number' },
  ],
  tables: [],
};

async function extract(input: Record<string, unknown>): Promise<ExtractBody> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/extract',
    headers: AUTH_A,
    payload: { execution_mode: 'sync', input, schema: SCHEMA },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExtractBody;
}

describe('POST /v1/extract on a scanned invoice', () => {
  it('reads the same typed values as from the born-digital file, with boxes on the printed text', async () => {
    const pdf = invoicePdf();
    const scanned = await extract({ image_base64: scanPng(pdf, 144).toString('base64'), filename: 'invoice-scan.png' });
    const digital = await extract({ pdf_base64: pdf.toString('base64'), filename: 'invoice.pdf' });
    const fields = ['invoice_number', 'invoice_date', 'subtotal', 'total'];
    expect(Object.fromEntries(fields.map((f) => [f, scanned.result[f]]))).toEqual({
      invoice_number: 'INV-2024-0417',
      invoice_date: '2024-03-15',
      subtotal: 102,
      total: 122.4,
    });
    expect(Object.fromEntries(fields.map((f) => [f, digital.result[f]]))).toEqual(
      Object.fromEntries(fields.map((f) => [f, scanned.result[f]])),
    );
    const printed: Record<string, string> = {
      invoice_number: 'INV-2024-0417',
      invoice_date: '15/03/2024',
      subtotal: '102.00',
      total: '122.40',
    };
    for (const [field, text] of Object.entries(printed)) {
      const g = scanned.result._grounding[field];
      expect(g, field).toBeDefined();
      const ink = charBox(pdf, 0, text);
      const slack = 8;
      const holds =
        g.bbox[0] <= ink[0] + slack && g.bbox[1] <= ink[1] + slack && g.bbox[2] >= ink[2] - slack && g.bbox[3] >= ink[3] - slack;
      expect(holds, `${field}: ${g.bbox.join(',')} does not hold ${ink.map(Math.round).join(',')}`).toBe(true);
      expect(g.bbox[2] - g.bbox[0], field).toBeLessThan(400);
    }
  }, 120_000);
});

/**
 * POST /v1/classify and POST /v1/split over HTTP on documents drawn with mupdf (test/helpers/packet-pdfs.ts):
 * built-in classes, caller classes winning, the page budget of long files, a packet split into child files
 * whose page counts and text match, and validation errors.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_A, type TestApp } from './helpers/app.ts';
import { get, useTestApp, waitForFinalJob } from './helpers/api.ts';
import { INVOICE, NDA, REPORT, documentPdf, packetPdf } from './helpers/packet-pdfs.ts';

interface ClassBody {
  doc_class: string;
  page_count: number;
  document_identity_hints: Record<string, unknown>;
  page_classifications: { page_index: number; doc_class: string; confidence: number; page_role: string }[];
  classification_metadata: {
    budget_limited: boolean;
    processed_pages: number;
    total_pages: number;
    sampled_page_indexes: number[];
    class_count: number;
  };
  debug: { sampled_page_classifications: unknown[] } | null;
}
interface SplitBody {
  total_pages: number;
  documents: {
    start_page: number;
    end_page: number;
    doc_class: string;
    reason: string;
    file_ref: { file_id: string; page_count: number } | null;
  }[];
}

const app = useTestApp();

async function post<T>(t: TestApp, url: string, pdf: Buffer, options: Record<string, unknown> = {}): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: AUTH_A,
    payload: { input: { pdf_base64: pdf.toString('base64') }, execution_mode: 'sync', ...options },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('POST /v1/classify', () => {
  it('names an invoice with its identity hints, and a contract as an NDA', async () => {
    const invoice = await post<ClassBody>(app(), '/v1/classify', documentPdf(INVOICE));
    expect(invoice.doc_class).toBe('invoice');
    expect(invoice.document_identity_hints).toMatchObject({ document_number: 'INV-2024-0417' });
    const nda = await post<ClassBody>(app(), '/v1/classify', documentPdf(NDA), { classification_scope: 'page' });
    expect(nda.doc_class).toBe('nda_contract');
    expect(nda.page_classifications.map((p) => p.page_role)).toEqual(['first_page', 'continuation']);
  });

  it("lets the caller's classes replace the built-in ones", async () => {
    const body = await post<ClassBody>(app(), '/v1/classify', documentPdf(INVOICE), {
      class_definitions: [
        { label: 'supplier_bill', description: 'A bill from a supplier: invoice number, amount due, VAT, bank details' },
        { label: 'lab_result', description: 'Laboratory test results of a patient: specimen, reference range, units' },
      ],
    });
    expect(body.doc_class).toBe('supplier_bill');
    expect(body.classification_metadata.class_count).toBe(2);
  });

  it('reads at most 50 pages of a long file and says which', async () => {
    const long = packetPdf(Array.from({ length: 40 }, () => REPORT)).pdf; // 120 pages
    const body = await post<ClassBody>(app(), '/v1/classify', long, { verbosity: 'debug' });
    expect(body.page_count).toBe(120);
    expect(body.classification_metadata).toMatchObject({ budget_limited: true, processed_pages: 50, total_pages: 120 });
    expect(body.classification_metadata.sampled_page_indexes).toHaveLength(50);
    expect(body.debug!.sampled_page_classifications).toHaveLength(50);
  });

  it('refuses an empty class_definitions list with 422', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/v1/classify',
      headers: AUTH_A,
      payload: { input: { pdf_base64: documentPdf(INVOICE).toString('base64') }, class_definitions: [] },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /v1/split', () => {
  it('splits a packet of three documents into three child PDFs with the right pages and text', async () => {
    const t = app();
    const { pdf, starts } = packetPdf([NDA, INVOICE, REPORT]);
    const body = await post<SplitBody>(t, '/v1/split', pdf);
    expect(body.total_pages).toBe(6);
    expect(body.documents.map((d) => [d.start_page, d.end_page])).toEqual([
      [starts[0], 2],
      [starts[1], 3],
      [starts[2], 6],
    ]);
    expect(body.documents.map((d) => d.doc_class)).toEqual(['nda_contract', 'invoice', 'report']);
    const expectedText = ['Mutual Non-Disclosure Agreement', 'INV-2024-0417', 'Labour Market Report 2023'];
    for (const [k, segment] of body.documents.entries()) {
      expect(segment.reason).toBeTruthy();
      const ref = segment.file_ref!;
      expect(ref.page_count).toBe(segment.end_page - segment.start_page + 1);
      const parsed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/parse',
        headers: AUTH_A,
        payload: { input: { file_id: ref.file_id }, execution_mode: 'sync' },
      });
      expect(parsed.statusCode).toBe(200);
      expect((parsed.json() as { markdown: string }).markdown).toContain(expectedText[k]);
    }
  });

  it('runs as a job too', async () => {
    const t = app();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/split',
      headers: AUTH_A,
      payload: { input: { pdf_base64: packetPdf([INVOICE, REPORT]).pdf.toString('base64') } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForFinalJob(t.app, (res.json() as { job_id: string }).job_id);
    expect(job.status).toBe('completed');
    const result = (await get(t.app, `/v1/jobs/${job.job_id}/result`)).json() as SplitBody;
    expect(result.documents.map((d) => [d.start_page, d.end_page])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(result.documents.every((d) => d.file_ref !== null)).toBe(true);
  });
});

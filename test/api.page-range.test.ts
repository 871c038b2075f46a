/**
 * `page_range` on processing requests (issue 26, decisions.md extensions): only the named pages are processed, by
 * every operation, with their original page indexes; a malformed range or one past the last page is a 422 naming
 * `page_range`, for async requests at request time too.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_A } from './helpers/app.ts';
import {
  get,
  parse,
  storedFiles,
  uploadOne,
  useNatsTestApp,
  useTestApp,
  validationLocs,
  waitForFinalJob,
  type FileRefBody,
  type JobRefBody,
} from './helpers/api.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { INVOICE, NDA, REPORT, packetPdf } from './helpers/packet-pdfs.ts';
import { natsAvailable } from './helpers/nats-server.ts';
import { PageRangeError, formatPageSelection, parsePageRange } from '../src/shared/page-range.ts';

/** One word per page, found only on that page. */
const WORDS = ['apricot', 'blueberry', 'cranberry', 'damson', 'elderberry', 'fig', 'gooseberry', 'huckleberry'];

function eightPagePdf(): Buffer {
  return helveticaPdf(
    WORDS.map((word, i) =>
      [
        `BT /F1 16 Tf 72 720 Td (Chapter ${i + 1}) Tj ET`,
        `BT /F1 11 Tf 72 690 Td (This page talks about the ${word} harvest in some detail.) Tj ET`,
        `BT /F1 11 Tf 72 674 Td (The ${word} grows well in the northern valleys every summer.) Tj ET`,
      ].join('\n'),
    ),
  );
}

/** Pages 2-3 and 7, as zero-based indexes. */
const RANGE = '2-3, 7';
const SELECTED = [1, 2, 6];

function post(app: ReturnType<ReturnType<typeof useTestApp>>['app'], url: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url, headers: AUTH_A, payload: body });
}

describe('page_range', () => {
  const t = useTestApp();
  let file: FileRefBody;
  const pdf = eightPagePdf();

  it('parse processes only the named pages and keeps their indexes', async () => {
    file = await uploadOne(t().app, { filename: 'fruit.pdf', bytes: pdf });
    expect(file.page_count).toBe(8);
    const res = await parse(t().app, { input: { file_id: file.file_id }, execution_mode: 'sync', page_range: RANGE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      markdown: string;
      pages: { page_index: number; image_ref: string }[];
      chunks: { page_index: number | null }[];
      regions: { page_index: number }[];
      metadata: { page_count: number };
    };
    expect(body.pages.map((p) => p.page_index)).toEqual(SELECTED);
    expect(body.pages[2].image_ref).toContain('/pages/6/');
    for (const [i, word] of WORDS.entries()) {
      if (SELECTED.includes(i)) expect(body.markdown).toContain(word);
      else expect(body.markdown).not.toContain(word);
    }
    expect(body.markdown).toContain('<!-- page 7 -->');
    expect(body.chunks.length).toBeGreaterThan(0);
    expect(new Set(body.chunks.map((c) => c.page_index))).toEqual(new Set(SELECTED));
    expect(new Set(body.regions.map((r) => r.page_index))).toEqual(new Set(SELECTED));
    expect(body.metadata.page_count).toBe(3);
  });

  it('a whole-file analysis already cached is cut to the range, and the range does not leak into later requests', async () => {
    const whole = await parse(t().app, { input: { file_id: file.file_id }, execution_mode: 'sync' });
    expect(whole.statusCode, whole.body).toBe(200);
    expect((whole.json() as { pages: unknown[] }).pages).toHaveLength(8);
    const single = await parse(t().app, { input: { file_id: file.file_id }, execution_mode: 'sync', page_range: '8' });
    const body = single.json() as { markdown: string; pages: { page_index: number }[] };
    expect(body.pages.map((p) => p.page_index)).toEqual([7]);
    expect(body.markdown).toContain('huckleberry');
    expect(body.markdown).not.toContain('apricot');
  });

  it('layout, ocr, tables, equations, charts and classify honour it with the original indexes', async () => {
    const input = { file_id: file.file_id };
    const layout = await post(t().app, '/v1/layout', { input, execution_mode: 'sync', page_range: RANGE });
    expect(layout.statusCode, layout.body).toBe(200);
    expect((layout.json() as { pages: { page_index: number }[] }).pages.map((p) => p.page_index)).toEqual(SELECTED);

    const ocr = await post(t().app, '/v1/ocr', { input, execution_mode: 'sync', page_range: RANGE });
    expect(ocr.statusCode, ocr.body).toBe(200);
    const ocrPages = (ocr.json() as { pages: { page_index: number; text: string }[] }).pages;
    expect(ocrPages.map((p) => p.page_index)).toEqual(SELECTED);
    expect(ocrPages[2].text).toContain('gooseberry');

    const tables = await post(t().app, '/v1/tables', { input, execution_mode: 'sync', page_range: RANGE });
    expect(tables.statusCode, tables.body).toBe(200);

    for (const url of ['/v1/equations', '/v1/charts']) {
      const res = await post(t().app, url, { input, execution_mode: 'sync', page_range: RANGE });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { pages: number }).pages).toBe(3);
    }

    const classify = await post(t().app, '/v1/classify', {
      input,
      execution_mode: 'sync',
      page_range: RANGE,
      classification_scope: 'page',
    });
    expect(classify.statusCode, classify.body).toBe(200);
    const classes = classify.json() as {
      page_count: number;
      page_classifications: { page_index: number }[];
      page_dimensions: { page_index: number }[];
    };
    expect(classes.page_classifications.map((p) => p.page_index)).toEqual(SELECTED);
    expect(classes.page_dimensions.map((p) => p.page_index)).toEqual(SELECTED);
    expect(classes.page_count).toBe(3);
  });

  it('async jobs honour it and count only the processed pages', async () => {
    const res = await post(t().app, '/api/v1/parse', { input: { file_id: file.file_id }, page_range: '1,8' });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForFinalJob(t().app, (res.json() as JobRefBody).job_id);
    expect(job.status).toBe('completed');
    const record = await t().runtime.stores.metadata.get<{ pages_processed?: number }>('jobs', job.job_id);
    expect(record?.value.pages_processed).toBe(2);
    const result = await get(t().app, `/v1/jobs/${job.job_id}/result`);
    expect((result.json() as { pages: { page_index: number }[] }).pages.map((p) => p.page_index)).toEqual([0, 7]);
  });

  it('split plans within the range, never across a gap, with original page numbers and child files', async () => {
    const { pdf: packet } = packetPdf([INVOICE, NDA, REPORT]);
    const packetFile = await uploadOne(t().app, { filename: 'packet.pdf', bytes: packet });
    // Pages 2-3 are the NDA, 5-6 the end of the report; page 4 (the report's first) is left out.
    const res = await post(t().app, '/v1/split', { input: { file_id: packetFile.file_id }, execution_mode: 'sync', page_range: '2-3,5-6' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { total_pages: number; documents: { start_page: number; end_page: number; file_ref: FileRefBody | null }[] };
    expect(body.total_pages).toBe(4);
    const covered = body.documents.flatMap((d) => Array.from({ length: d.end_page - d.start_page + 1 }, (_, k) => d.start_page + k));
    expect(covered).toEqual([2, 3, 5, 6]);
    expect(body.documents[0].start_page).toBe(2);
    for (const d of body.documents) expect(d.file_ref?.page_count).toBe(d.end_page - d.start_page + 1);
  });

  it('extract reads only the range', async () => {
    const schema = {
      type: 'object',
      properties: { fruit: { type: 'string', description: 'The fruit whose harvest the page talks about' } },
    };
    const res = await post(t().app, '/v1/extract', { input: { file_id: file.file_id }, execution_mode: 'sync', page_range: '4', schema });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { page_count: number; result: unknown };
    expect(body.page_count).toBe(1);
    const text = JSON.stringify(body.result);
    for (const word of WORDS.filter((w) => w !== 'damson')) expect(text).not.toContain(word);
  });

  it('ask answers from the range only, citing original page indexes', async () => {
    const ask = (page_range?: string) =>
      post(t().app, '/api/v1/ask', {
        query: 'Which harvest does this page talk about?',
        input: { file_id: file.file_id },
        execution_mode: 'sync',
        ...(page_range ? { page_range } : {}),
      });
    const res = await ask('6');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { answer: string; doc_ids: string[]; citations: { regions: { page_index: number }[] }[] };
    for (const word of WORDS.filter((w) => w !== 'fig')) expect(body.answer).not.toContain(word);
    const cited = body.citations.flatMap((c) => c.regions.map((r) => r.page_index));
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited)).toEqual(new Set([5]));
    // The selected pages are indexed as a document of their own: the whole file's doc_id differs.
    const whole = await ask();
    expect((whole.json() as { doc_ids: string[] }).doc_ids[0]).not.toBe(body.doc_ids[0]);
  });

  it.each([
    ['malformed', '1-'],
    ['malformed words', 'first page'],
    ['empty', '  '],
    ['reversed', '5-2'],
    ['zero', '0'],
    ['past the last page', '9'],
    ['a range past the last page', '7-12'],
  ])('%s (%j) is a 422 naming page_range, sync and async', async (_name, pageRange) => {
    for (const execution_mode of ['sync', 'async']) {
      const res = await post(t().app, '/v1/layout', { input: { file_id: file.file_id }, execution_mode, page_range: pageRange });
      expect(res.statusCode, res.body).toBe(422);
      expect(validationLocs(res)).toContainEqual(['body', 'page_range']);
    }
  });

  it('a refused range leaves no inline file behind, and other operations refuse it too', async () => {
    const before = await storedFiles(t().runtime);
    const inline = { pdf_base64: pdf.toString('base64'), filename: 'inline.pdf' };
    const res = await post(t().app, '/v1/tables', { input: inline, page_range: '12' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).toContain('past the last page');
    expect((await storedFiles(t().runtime)).records).toEqual(before.records);
    const ask = await post(t().app, '/api/v1/ask', { query: 'Which fruit?', input: { file_id: file.file_id }, page_range: '3-1' });
    expect(ask.statusCode, ask.body).toBe(422);
    expect(validationLocs(ask)).toContainEqual(['body', 'page_range']);
  });
});

describe('page_range syntax', () => {
  it('reads pages and ranges with whitespace and overlaps into sorted zero-based indexes', () => {
    expect(parsePageRange(' 7, 1 - 3 ,2', 8)).toEqual([0, 1, 2, 6]);
    expect(parsePageRange('4-4', 4)).toEqual([3]);
    expect(formatPageSelection([0, 1, 2, 6, 8, 9])).toBe('1-3,7,9-10');
  });

  it.each(['', ',', '1,,2', '1-2-3', '-3', '1.5', 'two', '3-1', '0-2'])('refuses %j', (text) => {
    expect(() => parsePageRange(text, 10)).toThrow(PageRangeError);
  });
});

describe.skipIf(!(natsAvailable() || process.env.CI))('page_range on the NATS adapters (analysis cache in the object store)', () => {
  const t = useNatsTestApp();

  it('a range analysed first is cached apart: the whole file still reads every page, and a range again only its own', async () => {
    const file = await uploadOne(t().app, { filename: 'fruit.pdf', bytes: eightPagePdf() });
    const pagesOf = async (page_range?: string) => {
      const res = await parse(t().app, { input: { file_id: file.file_id }, execution_mode: 'sync', ...(page_range ? { page_range } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { pages: { page_index: number }[] }).pages.map((p) => p.page_index);
    };
    expect(await pagesOf('3,5')).toEqual([2, 4]);
    expect(await pagesOf()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await pagesOf('3,5')).toEqual([2, 4]);
    expect(await pagesOf('8')).toEqual([7]);
  });
});

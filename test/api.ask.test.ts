/**
 * POST /api/v1/ask over HTTP on documents drawn with mupdf: the total of an invoice quoted verbatim with a citation
 * box holding its characters; an unanswerable question said so, uncited; a follow-up in the session answered
 * ("and the invoice date?") without a second parse (the in-process counter and the job's pages in GET /v1/usage);
 * two documents, each question cited in its own document; include_grounding false; 404 for an unknown or other
 * tenant's session and 422 for other inputs, no documents, a blank question, before anything is queued (also
 * async); the async job path answering what sync answers; sessions kept in NATS KV on the scale-out adapters.
 * Retrieval is BM25-only here (no inference process).
 */
import { describe, expect, it } from 'vitest';
import { askCounters } from '../src/jobs/handlers/ask-documents.ts';
import { AUTH_A, AUTH_B, type TestApp } from './helpers/app.ts';
import { detailOf, get, uploadOne, useNatsTestApp, useTestApp, validationLocs, waitForFinalJob, type JobRefBody } from './helpers/api.ts';
import { charBox, invoicePdf, type Box } from './helpers/invoice-pdfs.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { natsOrSkip } from './helpers/nats-server.ts';

interface Region {
  page_index: number;
  page_width: number;
  page_height: number;
  bbox: { x: number; y: number; width: number; height: number };
}
interface AskBody {
  answer: string;
  doc_ids: string[];
  session_id: string | null;
  citations: { doc_id: string | null; regions: Region[] }[];
}

const app = useTestApp();

/** A one-page mutual NDA: parties, effective date, governing law in running prose. */
function ndaPdf(): Buffer {
  const text = (y: number, s: string, font = 'F1', size = 11) => `BT /${font} ${size} Tf 72 ${y} Td (${s}) Tj ET`;
  return helveticaPdf([
    [
      text(740, 'MUTUAL NON-DISCLOSURE AGREEMENT', 'F2', 16),
      text(700, 'This Agreement is entered into as of January 5, 2021 by and between Acme Robotics Inc.'),
      text(684, 'and Blue Harbor Analytics LLC (each a "Party").'),
      text(650, '1. Confidential Information. Each Party may disclose technical and business information.'),
      text(616, '2. Term. This Agreement remains in effect for three years from the Effective Date.'),
      text(582, '3. Governing Law. This Agreement shall be governed by the laws of the State of Delaware.'),
    ].join('\n'),
  ]);
}

async function ask(t: TestApp, body: Record<string, unknown>, auth = AUTH_A) {
  return t.app.inject({ method: 'POST', url: '/api/v1/ask', headers: auth, payload: { execution_mode: 'sync', ...body } });
}

async function askOk(t: TestApp, body: Record<string, unknown>): Promise<AskBody> {
  const res = await ask(t, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AskBody;
}

async function askPages(t: TestApp): Promise<{ jobs: number; pages: number }> {
  const usage = (await get(t.app, '/v1/usage')).json() as { items: { operation: string; jobs: number; pages: number }[] };
  const items = usage.items.filter((i) => i.operation === 'ask');
  return { jobs: items.reduce((s, i) => s + i.jobs, 0), pages: items.reduce((s, i) => s + i.pages, 0) };
}

/** The cited region (page-image pixels) holds the characters of `text` where mupdf prints them, and is a value box, not the page. */
function expectCitationHolds(region: Region, pdf: Buffer, text: string): void {
  const chars: Box = charBox(pdf, region.page_index, text);
  const { x, y, width, height } = region.bbox;
  const slack = 3;
  const holds = x <= chars[0] + slack && y <= chars[1] + slack && x + width >= chars[2] - slack && y + height >= chars[3] - slack;
  expect(holds, `box ${x},${y},${width},${height} does not contain "${text}" at ${chars.map(Math.round).join(',')}`).toBe(true);
  expect(width).toBeLessThan(region.page_width * 0.9);
  expect(height).toBeLessThan(region.page_height / 4);
}

describe('POST /api/v1/ask', () => {
  it('quotes the total with a citation box holding it, in the document of the input', async () => {
    const t = app();
    const pdf = invoicePdf('122.40');
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: pdf });
    const body = await askOk(t, { query: 'What is the total amount due?', inputs: [{ file_id: file.file_id }] });
    expect(body.answer).toBe('122.40');
    expect(body.session_id).toMatch(/^session_id_[0-9a-z]{20,}$/);
    const parsed = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/parse',
        headers: AUTH_A,
        payload: { input: { file_id: file.file_id }, execution_mode: 'sync' },
      })
    ).json() as { doc_id: string };
    expect(body.doc_ids).toEqual([parsed.doc_id]);
    expect(body.citations).toHaveLength(1);
    expect(body.citations[0].doc_id).toBe(parsed.doc_id);
    expect(body.citations[0].regions[0].page_index).toBe(0);
    expectCitationHolds(body.citations[0].regions[0], pdf, '122.40');

    const bare = await askOk(t, { query: 'What is the total amount due?', input: { file_id: file.file_id }, include_grounding: false });
    expect(bare.answer).toBe('122.40');
    expect(bare.citations ?? []).toEqual([]);
  });

  it('says when the documents do not answer, citing nothing', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: invoicePdf('122.40') });
    const body = await askOk(t, { query: 'What is the name of the ship captain?', inputs: [{ file_id: file.file_id }] });
    expect(body.answer).toMatch(/not found in the documents/i);
    expect(body.citations ?? []).toEqual([]);
  });

  it('answers a follow-up in the session without parsing or indexing again', async () => {
    const t = app();
    const pdf = invoicePdf('88.15');
    const file = await uploadOne(t.app, { filename: 'follow-up.pdf', bytes: pdf });
    const before = await askPages(t);
    const first = await askOk(t, { query: 'What is the total amount due?', inputs: [{ file_id: file.file_id }] });
    expect(first.answer).toBe('88.15');
    const afterFirst = await askPages(t);
    expect(afterFirst.pages - before.pages).toBe(1);
    const counters = { ...askCounters };

    const second = await askOk(t, { query: 'and the invoice date?', inputs: [{ file_id: file.file_id }], session_id: first.session_id });
    expect(second.answer).toBe('15/03/2024');
    expect(second.session_id).toBe(first.session_id);
    expectCitationHolds(second.citations[0].regions[0], pdf, '15/03/2024');
    // No input at all: the session's documents.
    const third = await askOk(t, { query: 'What is the invoice number?', session_id: first.session_id });
    expect(third.answer).toBe('INV-2024-0417');
    expect(third.doc_ids).toEqual(first.doc_ids);

    expect(askCounters.parses).toBe(counters.parses);
    expect(askCounters.indexings).toBe(counters.indexings);
    expect(askCounters.reuses).toBe(counters.reuses + 2);
    const afterFollowUps = await askPages(t);
    expect(afterFollowUps.jobs - afterFirst.jobs).toBe(2);
    expect(afterFollowUps.pages).toBe(afterFirst.pages);
  });

  it('cites the document that holds each answer among several inputs', async () => {
    const t = app();
    const invoice = invoicePdf('122.40');
    const nda = ndaPdf();
    const a = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: invoice });
    const b = await uploadOne(t.app, { filename: 'nda.pdf', bytes: nda });
    const inputs = [{ file_id: a.file_id }, { file_id: b.file_id }];
    const law = await askOk(t, { query: "Which state's law governs the agreement?", inputs });
    expect(law.doc_ids).toHaveLength(2);
    expect(law.answer).toMatch(/Delaware/);
    expect(law.citations.map((c) => c.doc_id)).toEqual([law.doc_ids[1]]);
    expectCitationHolds(law.citations[0].regions[0], nda, 'Delaware');

    const total = await askOk(t, { query: 'What is the total amount due?', inputs, session_id: law.session_id });
    expect(total.answer).toBe('122.40');
    expect(total.citations.map((c) => c.doc_id)).toEqual([law.doc_ids[0]]);

    // Other inputs, or the same in another order, are not this session's.
    const swapped = await ask(t, { query: 'What is the total?', inputs: [inputs[1], inputs[0]], session_id: law.session_id });
    expect(validationLocs(swapped)).toContainEqual(['body', 'session_id']);
  });

  it('refuses unknown sessions (404), and requests without documents or question (422), before queueing', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: invoicePdf('122.40') });
    const first = await askOk(t, { query: 'What is the total amount due?', inputs: [{ file_id: file.file_id }] });
    const jobsBefore = (await t.runtime.stores.metadata.list('jobs')).length;

    for (const mode of ['sync', 'async']) {
      const unknown = await ask(t, { query: 'and the date?', session_id: 'session_id_00000000000000000000000000', execution_mode: mode });
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: 'Session not found' });
      const otherTenant = await ask(t, { query: 'and the date?', session_id: first.session_id, execution_mode: mode }, AUTH_B);
      expect(otherTenant.statusCode).toBe(404);
      expect(detailOf(otherTenant)).toBe('Session not found');
      expect(validationLocs(await ask(t, { query: 'What is the total?', execution_mode: mode }))).toContainEqual(['body', 'inputs']);
      expect(validationLocs(await ask(t, { query: '   ', inputs: [{ file_id: file.file_id }], execution_mode: mode }))).toContainEqual([
        'body',
        'query',
      ]);
      expect((await ask(t, { inputs: [{ file_id: file.file_id }], execution_mode: mode })).statusCode).toBe(422);
      expect((await ask(t, { query: 'x'.repeat(2001), inputs: [{ file_id: file.file_id }], execution_mode: mode })).statusCode).toBe(422);
    }
    const other = await uploadOne(t.app, { filename: 'other.pdf', bytes: invoicePdf('9.99') });
    const mismatch = await ask(t, { query: 'and the date?', inputs: [{ file_id: other.file_id }], session_id: first.session_id });
    expect(validationLocs(mismatch)).toContainEqual(['body', 'session_id']);
    expect((await t.runtime.stores.metadata.list('jobs')).length).toBe(jobsBefore);
  });

  it('answers an async request with what sync answers', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: invoicePdf('122.40') });
    const body = { query: 'What is the total amount due?', inputs: [{ file_id: file.file_id }] };
    const sync = await askOk(t, body);
    const res = await ask(t, { ...body, execution_mode: 'async' });
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json() as JobRefBody;
    expect(ref.operation).toBe('ask');
    expect((await waitForFinalJob(t.app, ref.job_id)).status).toBe('completed');
    const result = (await get(t.app, `/v1/jobs/${ref.job_id}/result`)).json() as AskBody;
    expect({ ...result, session_id: null }).toEqual({ ...sync, session_id: null });
    expect(result.session_id).toMatch(/^session_id_/);
  });
});

const haveNats = natsOrSkip('ask sessions on NATS');

describe.skipIf(!haveNats)('POST /api/v1/ask on the NATS adapters (sessions in KV)', () => {
  const natsApp = useNatsTestApp();

  it('keeps the session in KV: a follow-up answers, another tenant gets 404', async () => {
    const t = natsApp();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: invoicePdf('41.20') });
    const first = await askOk(t, { query: 'What is the total amount due?', inputs: [{ file_id: file.file_id }] });
    expect(first.answer).toBe('41.20');
    expect((await t.runtime.stores.metadata.get('sessions', first.session_id!))?.value).toMatchObject({
      tenant: 'a',
      file_ids: [file.file_id],
      doc_ids: first.doc_ids,
    });
    const second = await askOk(t, { query: 'and the invoice date?', session_id: first.session_id });
    expect(second.answer).toBe('15/03/2024');
    expect(detailOf(await ask(t, { query: 'and the date?', session_id: first.session_id }, AUTH_B))).toBe('Session not found');
  });
});

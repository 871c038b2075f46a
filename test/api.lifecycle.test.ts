/**
 * File and job lifecycle over HTTP (issue 26): GET /v1/files and GET /v1/jobs (tenant-scoped, newest first, cursor
 * pages, job filters), DELETE /v1/files/{id} (nothing of the file left: original, page images, cached analyses,
 * ask-index rows, records; checked in the data dir, the object store/KV and LanceDB), POST /v1/jobs/{id}/cancel
 * (pending: failed at once; running: stopped by its worker, whose slot then runs the next job) and
 * DELETE /v1/jobs/{id}. Everything runs on the embedded adapters and again on NATS.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../src/files/files.service.ts';
import { sweepExpiredFiles } from '../src/files/retention.ts';
import { nowSeconds } from '../src/shared/ids.ts';
import { LISTING_BACKFILLED } from '../src/storage/listing-backfill.ts';
import { AUTH_A, AUTH_B, type TestApp } from './helpers/app.ts';
import { get, parse, tinyPng, uploadOne, useTestApp, waitForFinalJob, type FileRefBody, type JobRefBody } from './helpers/api.ts';
import { invoicePdf } from './helpers/invoice-pdfs.ts';
import { waitFor } from './helpers/jobs-wait.ts';
import { natsOrSkip, startNatsServer, type NatsServer } from './helpers/nats-server.ts';

interface FilePage {
  files: FileRefBody[];
  next_cursor: string | null;
}
interface JobPage {
  jobs: JobRefBody[];
  next_cursor: string | null;
}

function del(t: TestApp, url: string, auth = AUTH_A) {
  return t.app.inject({ method: 'DELETE', url, headers: auth });
}

function cancel(t: TestApp, jobId: string, auth = AUTH_A) {
  return t.app.inject({ method: 'POST', url: `/v1/jobs/${jobId}/cancel`, headers: auth });
}

/** Every page of a listing, following next_cursor. */
async function allPages<T>(t: TestApp, url: string, key: 'files' | 'jobs', auth = AUTH_A): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(t.app, cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}` : url, auth);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Record<string, unknown> & { next_cursor: string | null };
    items.push(...(page[key] as T[]));
    cursor = page.next_cursor;
    pages++;
  } while (cursor && pages < 50);
  return { items, pages };
}

/** Everything the blob store and the files collection hold that names the file or its bytes. */
async function traces(t: TestApp, fileId: string, sha256: string): Promise<string[]> {
  const { blobs, metadata } = t.runtime.stores;
  const names = [...(await blobs.list('')), ...(await metadata.list('files')).map((r) => `record:${r.id}`)];
  if (!t.config.natsUrl) names.push(...(await filesUnder(path.join(t.dataDir, 'blobs'))).map((f) => `disk:${f}`));
  return names.filter((name) => name.includes(fileId) || name.includes(sha256));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Rows of the document in every LanceDB table (units, vectors, markers) of every tenant. */
async function indexRows(t: TestApp, docId: string): Promise<number> {
  const db = await lancedb.connect(t.config.lancedbUri);
  let rows = 0;
  for (const name of await db.tableNames()) {
    const table = await db.openTable(name);
    rows += await table.countRows(`doc_id = '${docId}'`);
    table.close();
  }
  db.close();
  return rows;
}

function lifecycleTests(app: () => TestApp): void {
  it('lists files and jobs stored before listings existed once the backfill ran (once per store)', async () => {
    const t = app();
    const { metadata } = t.runtime.stores;
    const file = await uploadOne(t.app, { filename: 'old.png', bytes: await tinyPng(21) }, AUTH_B);
    const job = (await parse(t.app, { input: { file_id: file.file_id } }, AUTH_B)).json() as JobRefBody;
    expect((await waitForFinalJob(t.app, job.job_id, AUTH_B)).status).toBe('completed');
    // As an older version stored them: records without listing entries, and no backfill marker yet.
    const entries = async (collection: 'files' | 'jobs', id: string) =>
      (await metadata.list(collection, 't.')).filter((r) => r.id.endsWith(id));
    for (const [collection, id] of [
      ['files', file.file_id],
      ['jobs', job.job_id],
    ] as const) {
      for (const entry of await entries(collection, id)) await metadata.delete(collection, entry.id);
      await metadata.delete(collection, LISTING_BACKFILLED);
    }
    const listedIds = async () => [
      ...((await get(t.app, '/v1/files?limit=200', AUTH_B)).json() as FilePage).files.map((f) => f.file_id),
      ...((await get(t.app, '/v1/jobs?limit=200', AUTH_B)).json() as JobPage).jobs.map((j) => j.job_id),
    ];
    expect(await listedIds()).not.toContain(file.file_id);

    expect(await t.runtime.files.backfillListing()).toBeGreaterThanOrEqual(1);
    expect(await t.runtime.jobs.service.backfillListing()).toBeGreaterThanOrEqual(1);
    expect(await listedIds()).toEqual(expect.arrayContaining([file.file_id, job.job_id]));
    expect(await t.runtime.files.backfillListing()).toBe(0);
    expect(await entries('files', file.file_id)).toHaveLength(1);
  });

  it("lists the tenant's files newest first in cursor pages; limit outside 1-200 and a forged cursor are 422", async () => {
    const t = app();
    const mine: FileRefBody[] = [];
    for (let i = 0; i < 5; i++) mine.push(await uploadOne(t.app, { filename: `p${i}.png`, bytes: await tinyPng(i) }));
    const theirs = await uploadOne(t.app, { filename: 'b.png', bytes: await tinyPng(9) }, AUTH_B);
    const { items, pages } = await allPages<FileRefBody>(t, '/v1/files?limit=2', 'files');
    const listed = items.filter((f) => mine.some((m) => m.file_id === f.file_id));
    expect(listed).toEqual([...mine].reverse());
    expect(items.map((f) => f.file_id)).not.toContain(theirs.file_id);
    expect(pages).toBeGreaterThanOrEqual(3);
    const first = (await get(t.app, '/v1/files?limit=1')).json() as FilePage;
    expect(first.files).toEqual([mine[4]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const ids = items.map((f) => f.file_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'cursor=bm90LWFuLWlk']) {
      const res = await get(t.app, `/v1/files?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json()), query).toMatch(/limit|cursor/);
    }
  });

  it('deletes a file with its page images, cached analyses and ask-index rows; jobs keep their results; others get 404', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: invoicePdf() });
    const sha256 = (await t.runtime.stores.metadata.get<FileRecord>('files', file.file_id))!.value.sha256;
    expect((await get(t.app, `/v1/files/${file.file_id}/pages/0/image`)).statusCode).toBe(200);
    const parsed = await parse(t.app, { input: { file_id: file.file_id }, execution_mode: 'sync' });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ask',
      headers: AUTH_A,
      payload: { query: 'What is the total?', inputs: [{ file_id: file.file_id }], execution_mode: 'sync' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const docId = (asked.json() as { doc_ids: string[] }).doc_ids[0];
    const job = (await parse(t.app, { input: { file_id: file.file_id } })).json() as JobRefBody;
    expect((await waitForFinalJob(t.app, job.job_id)).status).toBe('completed');
    // What a deletion must remove is there first (the analysis is written to the cache after the job answered).
    const before = await waitFor('the cached analysis', async () => {
      const names = await traces(t, file.file_id, sha256);
      return names.some((n) => n.includes('analyses/')) ? names : undefined;
    });
    expect(before.some((n) => n.includes('renders/'))).toBe(true);
    expect(await indexRows(t, docId)).toBeGreaterThan(0);

    expect((await del(t, `/v1/files/${file.file_id}`, AUTH_B)).statusCode).toBe(404);
    const res = await del(t, `/v1/files/${file.file_id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await traces(t, file.file_id, sha256)).toEqual([]);
    expect(await indexRows(t, docId)).toBe(0);
    expect((await get(t.app, `/v1/files/${file.file_id}`)).statusCode).toBe(404);
    expect((await del(t, `/v1/files/${file.file_id}`)).statusCode).toBe(404);
    const listed = (await allPages<FileRefBody>(t, '/v1/files', 'files')).items;
    expect(listed.map((f) => f.file_id)).not.toContain(file.file_id);
    const result = await get(t.app, `/v1/jobs/${job.job_id}/result`);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ metadata: { file_id: file.file_id } });
  });

  it('lists jobs newest first, filtered by status and operation, in pages; deletes a finished job and its result', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'one.png', bytes: await tinyPng(3) });
    const submitted: JobRefBody[] = [];
    for (let i = 0; i < 3; i++) submitted.push((await parse(t.app, { input: { file_id: file.file_id } })).json() as JobRefBody);
    for (const job of submitted) await waitForFinalJob(t.app, job.job_id);
    const foreign = (
      await parse(
        t.app,
        { input: { file_id: (await uploadOne(t.app, { filename: 'b.png', bytes: await tinyPng(4) }, AUTH_B)).file_id } },
        AUTH_B,
      )
    ).json() as JobRefBody;

    const { items } = await allPages<JobRefBody>(t, '/v1/jobs?limit=2&operation=parse&status=completed', 'jobs');
    const ids = items.map((j) => j.job_id);
    expect(ids.filter((id) => submitted.some((s) => s.job_id === id))).toEqual(submitted.map((s) => s.job_id).reverse());
    expect(ids).not.toContain(foreign.job_id);
    expect(items.every((j) => j.status === 'completed' && j.operation === 'parse')).toBe(true);
    expect((await get(t.app, '/v1/jobs?operation=classify')).json() as JobPage).toEqual({ jobs: [], next_cursor: null });
    expect(((await get(t.app, '/v1/jobs?status=failed&operation=parse')).json() as JobPage).jobs).toEqual([]);
    expect((await get(t.app, '/v1/jobs?status=done')).statusCode).toBe(422);
    expect((await get(t.app, '/v1/jobs?limit=500')).statusCode).toBe(422);

    const gone = submitted[0].job_id;
    expect((await del(t, `/v1/jobs/${gone}`, AUTH_B)).statusCode).toBe(404);
    expect((await t.runtime.stores.blobs.list(`jobs/${gone}/`)).length).toBeGreaterThan(0);
    expect((await del(t, `/v1/jobs/${gone}`)).statusCode).toBe(204);
    expect((await get(t.app, `/v1/jobs/${gone}`)).statusCode).toBe(404);
    expect((await get(t.app, `/v1/jobs/${gone}/result`)).statusCode).toBe(404);
    expect(await t.runtime.stores.blobs.list(`jobs/${gone}/`)).toEqual([]);
    expect((await t.runtime.stores.metadata.list('jobs')).map((r) => r.id).filter((id) => id.includes(gone))).toEqual([]);
    expect((await allPages<JobRefBody>(t, '/v1/jobs', 'jobs')).items.map((j) => j.job_id)).not.toContain(gone);
    // A finished job cannot be cancelled.
    const finished = await cancel(t, submitted[1].job_id);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({ detail: { status: 'completed', job_id: submitted[1].job_id } });
  });
}

/** Cancellation, on an app whose one worker slot holds every job (DOCINTEL_FAULTS job.delay_ms) until it is aborted. */
function cancelTests(app: () => TestApp): void {
  it('a running job stops and fails as cancelled, its slot runs the next job; a pending one fails at once; unfinished jobs are not deletable', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'c.png', bytes: await tinyPng(7) });
    const first = (await parse(t.app, { input: { file_id: file.file_id } })).json() as JobRefBody;
    await waitFor(
      'the first job to run',
      async () => ((await get(t.app, `/v1/jobs/${first.job_id}`)).json() as JobRefBody).status === 'processing' || undefined,
    );
    const second = (await parse(t.app, { input: { file_id: file.file_id } })).json() as JobRefBody;
    const third = (await parse(t.app, { input: { file_id: file.file_id } })).json() as JobRefBody;
    expect(((await get(t.app, `/v1/jobs/${second.job_id}`)).json() as JobRefBody).status).toBe('pending');

    expect((await del(t, `/v1/jobs/${first.job_id}`)).statusCode).toBe(409);
    expect((await cancel(t, first.job_id, AUTH_B)).statusCode).toBe(404);
    const asked = await cancel(t, first.job_id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ job_id: first.job_id, status: 'processing' });
    const stopped = await waitForFinalJob(t.app, first.job_id, AUTH_A, 10_000);
    expect(stopped).toMatchObject({ status: 'failed', error: { type: 'cancelled', msg: 'cancelled' } });
    // The only slot is free again: the next job runs.
    await waitFor(
      'the second job to run',
      async () => ((await get(t.app, `/v1/jobs/${second.job_id}`)).json() as JobRefBody).status === 'processing' || undefined,
    );

    const pending = await cancel(t, third.job_id);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ job_id: third.job_id, status: 'failed', error: { type: 'cancelled', msg: 'cancelled' } });
    expect((await cancel(t, third.job_id)).statusCode).toBe(409);
    expect((await cancel(t, second.job_id)).statusCode).toBe(200);
    expect(await waitForFinalJob(t.app, second.job_id, AUTH_A, 10_000)).toMatchObject({ status: 'failed', error: { type: 'cancelled' } });
    expect((await get(t.app, `/v1/jobs/${first.job_id}/result`)).statusCode).toBe(409);
    const failed = (await get(t.app, '/v1/jobs?status=failed')).json() as JobPage;
    expect(failed.jobs.map((j) => j.job_id)).toEqual([third.job_id, second.job_id, first.job_id]);
    expect((await del(t, `/v1/jobs/${first.job_id}`)).statusCode).toBe(204);
  });
}

// Every job is held in its worker slot for a minute unless cancelled; one slot.
const HELD = { DOCINTEL_FAULTS: 'job.delay_ms=60000', DOCINTEL_WORKER_CONCURRENCY: '1' };

describe('lifecycle on the embedded adapters (SQLite, data-dir blobs, SQLite queue)', () => {
  const app = useTestApp();
  lifecycleTests(app);

  it('file retention is off by default; when set, the sweep deletes files older than it with their data', async () => {
    const t = app();
    expect(t.config.fileRetentionDays).toBe(0);
    const file = await uploadOne(t.app, { filename: 'old.png', bytes: await tinyPng(11) });
    const sha256 = (await t.runtime.stores.metadata.get<FileRecord>('files', file.file_id))!.value.sha256;
    expect((await get(t.app, `/v1/files/${file.file_id}/pages/0/image`)).statusCode).toBe(200);
    const tenYears = nowSeconds() + 3650 * 86_400;
    await t.runtime.worker!.sweep(tenYears);
    expect((await get(t.app, `/v1/files/${file.file_id}`)).statusCode).toBe(200);
    expect(await sweepExpiredFiles(t.runtime.files, 2, t.runtime.logger, nowSeconds() + 86_400)).toBe(0);
    expect((await get(t.app, `/v1/files/${file.file_id}`)).statusCode).toBe(200);
    expect(await sweepExpiredFiles(t.runtime.files, 2, t.runtime.logger, nowSeconds() + 3 * 86_400)).toBeGreaterThanOrEqual(1);
    expect((await get(t.app, `/v1/files/${file.file_id}`)).statusCode).toBe(404);
    expect(await traces(t, file.file_id, sha256)).toEqual([]);
  });
  describe('cancel', () => cancelTests(useTestApp(HELD)));
});

const haveNats = natsOrSkip('API file and job lifecycle on NATS');

/** A fresh nats-server for the enclosing describe; its URL once started. */
function useNats(): () => string {
  let nats: NatsServer | null = null;
  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(() => nats?.stop());
  return () => {
    if (!nats) throw new Error('nats-server did not start');
    return nats.url;
  };
}

describe.skipIf(!haveNats)('lifecycle on the NATS adapters (KV, object store, JetStream queue)', () => {
  const natsUrl = useNats();
  const app = useTestApp(async () => ({ DOCINTEL_NATS_URL: natsUrl() }));
  it('runs on NATS', () => expect(app().config.natsUrl).toBe(natsUrl()));
  lifecycleTests(app);
});

// A server of its own: the other app's workers would take these jobs from a shared queue.
describe.skipIf(!haveNats)('cancel on the NATS adapters', () => {
  const natsUrl = useNats();
  cancelTests(useTestApp(async () => ({ DOCINTEL_NATS_URL: natsUrl(), ...HELD })));
});

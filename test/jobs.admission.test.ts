/**
 * Admission control for sync requests (DOCINTEL_MAX_QUEUED_JOBS): once the queue holds that many jobs, a sync
 * request is answered at once with 503 + Retry-After instead of waiting past its deadline; async requests still
 * queue. The apps run without a worker, so queued jobs stay queued and the depth is exact; an admitted sync
 * request then ends in its (short) sync budget's 504, a refused one in 503, which tells the two apart.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JobQueueBusyError, SyncAdmission } from '../src/jobs/admission.ts';
import { createLogger } from '../src/shared/logger.ts';
import { parse, storedFiles, tinyPng, uploadOne, useTestApp, type InjectResponse } from './helpers/api.ts';

const LIMIT = 3;
const ENV = {
  DOCINTEL_MAX_QUEUED_JOBS: String(LIMIT),
  DOCINTEL_SYNC_BUDGET_MS: '200',
  DOCINTEL_MAX_CONCURRENT_JOBS: '0',
  DOCINTEL_RATE_LIMIT_PER_MINUTE: '0',
};

async function storedFileId(app: FastifyInstance): Promise<string> {
  return (await uploadOne(app, { filename: 'page.png', bytes: await tinyPng(1) })).file_id;
}

function asyncParse(app: FastifyInstance, fileId: string): Promise<InjectResponse> {
  return parse(app, { input: { file_id: fileId }, execution_mode: 'async' });
}

function syncParse(app: FastifyInstance, fileId: string): Promise<InjectResponse> {
  return parse(app, { input: { file_id: fileId }, execution_mode: 'sync' });
}

function expectRefused(res: InjectResponse): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(String((res.json() as { detail: string }).detail)).toMatch(/busy.*queued or running/);
}

/** Admitted: the job was queued and the request waited out its sync budget (no worker runs it). */
function expectAdmitted(res: InjectResponse): void {
  expect(res.statusCode, res.body).toBe(504);
  expect(res.headers['x-job-id']).toMatch(/^job_/);
}

describe('sync admission at the queue bound', () => {
  const t = useTestApp(ENV, { worker: false });

  it('admits sync requests below the bound and refuses them with 503 + Retry-After at it, while async requests still queue', async () => {
    const { app, runtime } = t();
    const fileId = await storedFileId(app);
    for (let i = 0; i < LIMIT - 1; i++) expect((await asyncParse(app, fileId)).statusCode).toBe(200);
    expectAdmitted(await syncParse(app, fileId));
    expect(await runtime.jobs.queue.depth()).toBe(LIMIT);

    expectRefused(await syncParse(app, fileId));
    expect(await runtime.jobs.queue.depth()).toBe(LIMIT); // the refused request queued nothing
    expect((await asyncParse(app, fileId)).statusCode).toBe(200);
    expect(await runtime.jobs.queue.depth()).toBe(LIMIT + 1);
  });

  it('refuses before an inline input is stored: nothing is left behind', async () => {
    const { app, runtime } = t();
    const fileId = await storedFileId(app);
    while ((await runtime.jobs.queue.depth()) < LIMIT) expect((await asyncParse(app, fileId)).statusCode).toBe(200);
    const before = await storedFiles(runtime);
    const res = await parse(app, {
      input: { image_base64: (await tinyPng(2)).toString('base64'), filename: 'inline.png' },
      execution_mode: 'sync',
    });
    expectRefused(res);
    expect(await storedFiles(runtime)).toEqual(before);
  });
});

describe('a burst of sync requests', () => {
  const t = useTestApp(ENV, { worker: false });

  it('admits at most the bound; every other request answers 503 with Retry-After', async () => {
    const { app, runtime } = t();
    const fileId = await storedFileId(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => syncParse(app, fileId)));
    const admitted = answers.filter((r) => r.statusCode === 504);
    const refused = answers.filter((r) => r.statusCode !== 504);
    for (const res of admitted) expectAdmitted(res);
    for (const res of refused) expectRefused(res);
    expect(admitted.length).toBeGreaterThanOrEqual(1);
    expect(admitted.length).toBeLessThanOrEqual(LIMIT);
    expect(await runtime.jobs.queue.depth()).toBe(admitted.length);
  });
});

describe('DOCINTEL_MAX_QUEUED_JOBS=0', () => {
  const t = useTestApp({ ...ENV, DOCINTEL_MAX_QUEUED_JOBS: '0' }, { worker: false });

  it('admits sync requests whatever the queue holds', async () => {
    const { app } = t();
    const fileId = await storedFileId(app);
    for (let i = 0; i < LIMIT + 2; i++) expect((await asyncParse(app, fileId)).statusCode).toBe(200);
    expectAdmitted(await syncParse(app, fileId));
  });
});

describe('SyncAdmission', () => {
  const logger = createLogger('silent', 'test');
  const BUDGET_MS = 60_000;

  it('counts a job queued while a depth reading was under way, so a stale reading cannot over-admit', async () => {
    let queued = 0;
    let resolveStale: (n: number) => void = () => {};
    let stale = false;
    const depth = () =>
      stale
        ? new Promise<number>((resolve) => {
            resolveStale = resolve;
          })
        : Promise.resolve(queued);
    const admission = new SyncAdmission({ depth, limit: 1, logger });

    const first = await admission.reserve('parse', BUDGET_MS);
    stale = true;
    const second = admission.reserve('parse', BUDGET_MS); // its reading starts before the first job is queued...
    queued = 1;
    first.queued(); // ...and the first job is queued before the reading answers
    resolveStale(0);
    await expect(second).rejects.toBeInstanceOf(JobQueueBusyError);

    first.release();
    stale = false;
    await expect(admission.reserve('parse', BUDGET_MS)).rejects.toBeInstanceOf(JobQueueBusyError); // the queue itself now holds one job
    queued = 0;
    expect(admission.admitted).toBe(0);
    await expect(admission.reserve('parse', BUDGET_MS)).resolves.toBeDefined();
  });

  it('admits when the depth cannot be read (the queue reports its own failure on submit)', async () => {
    const admission = new SyncAdmission({ depth: () => Promise.reject(new Error('down')), limit: 1, logger });
    await expect(admission.reserve('parse', BUDGET_MS)).resolves.toBeDefined();
    await expect(admission.reserve('parse', BUDGET_MS)).resolves.toBeDefined();
  });
});

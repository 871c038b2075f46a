/**
 * A sync request whose client goes away before the answer: its job, if no worker has started it, is dropped
 * (failed with the `abandoned` error, never run), since nobody would read its result; a started job is cancelled
 * (its worker stops it, the job fails as `cancelled`).
 * JobService-level tests with the in-test `sum` handler, then a real listening server and an HTTP client that
 * aborts while its job is queued behind a job that holds the only worker slot (DOCINTEL_FAULTS job.delay_ms).
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CANCELLED_ERROR, SyncAbandonedError } from '../src/jobs/errors.ts';
import { heldAborts } from './helpers/jobs-test-handlers.ts';
import type { JobRecord } from '../src/jobs/ports.ts';
import { ABANDONED_ERROR } from '../src/jobs/service.ts';
import { embeddedStack, recordEvents, rejection, runCleanups, TENANT, until } from './helpers/job-stack.ts';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { tinyPng, uploadOne } from './helpers/api.ts';
import { waitFor } from './helpers/jobs-wait.ts';

afterEach(runCleanups);

describe('JobService: a sync caller that goes away', () => {
  it('drops its job while it is still pending: failed as abandoned, never run', async () => {
    const stack = await embeddedStack();
    const controller = new AbortController();
    const answer = rejection(stack.system.service.runSync(TENANT, 'sum', { numbers: [1] }, { signal: controller.signal }));
    const queued = await waitFor('the sync job', async () => (await stack.stores.metadata.list<JobRecord>('jobs', 'job_'))[0]?.value);
    controller.abort();
    const err = (await answer) as SyncAbandonedError;
    expect(err).toBeInstanceOf(SyncAbandonedError);
    expect(err.headers['x-job-id']).toBe(queued.job_id);
    expect(await stack.record(queued.job_id)).toMatchObject({ status: 'failed', error: ABANDONED_ERROR, attempts: 0 });
    // A worker that gets its delivery now acks it without running it.
    const refs = await recordEvents(stack, queued.job_id);
    stack.worker();
    await waitFor('queue drained', async () => (await stack.system.queue.depth()) === 0);
    expect(refs.map((r) => r.status)).toEqual(['failed']);
    expect(await stack.record(queued.job_id)).toMatchObject({ status: 'failed', attempts: 0 });
  });

  it('cancels a job a worker has started: the worker stops it and fails it as cancelled', async () => {
    const stack = await embeddedStack();
    const worker = stack.worker();
    const controller = new AbortController();
    const answer = rejection(
      stack.system.service.runSync(TENANT, 'sum', { numbers: [1], behavior: 'hold' }, { signal: controller.signal }),
    );
    const job = await waitFor('the sync job', async () => (await stack.stores.metadata.list<JobRecord>('jobs', 'job_'))[0]?.value);
    await until(stack, job.job_id, 'processing');
    controller.abort();
    expect(await answer).toBeInstanceOf(SyncAbandonedError);
    expect(await stack.record(job.job_id)).toMatchObject({ cancel_requested: true });
    await until(stack, job.job_id, 'failed');
    expect(await stack.record(job.job_id)).toMatchObject({ status: 'failed', error: CANCELLED_ERROR });
    expect(heldAborts.map((a) => a.jobId)).toContain(job.job_id);
    // The slot is free again: the next job runs.
    const next = await stack.system.service.runSync(TENANT, 'sum', { numbers: [2, 3] });
    expect(next).toMatchObject({ sum: 5 });
    await worker.stop();
  });

  it('submits nothing for a caller already gone', async () => {
    const stack = await embeddedStack();
    expect(await rejection(stack.system.service.runSync(TENANT, 'sum', { numbers: [1] }, { signal: AbortSignal.abort() }))).toBeInstanceOf(
      SyncAbandonedError,
    );
    expect(await stack.stores.metadata.list('jobs', 'job_')).toEqual([]);
  });
});

describe('a listening server', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('drops the queued job of a sync client that disconnected: it never runs', async () => {
    // One worker slot, each job held 60 s in processing: the sync job stays queued behind the first one.
    t = await createTestApp({
      DOCINTEL_WORKER_CONCURRENCY: '1',
      DOCINTEL_FAULTS: 'job.delay_ms=60000',
      DOCINTEL_RATE_LIMIT_PER_MINUTE: '0',
      DOCINTEL_MAX_CONCURRENT_JOBS: '0',
    });
    const { app, runtime } = t;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const file = await uploadOne(app, { filename: 'page.png', bytes: await tinyPng(1) });
    const post = (body: Record<string, unknown>, signal?: AbortSignal) =>
      fetch(`${base}/api/v1/parse`, {
        method: 'POST',
        headers: { ...AUTH_A, 'content-type': 'application/json' },
        body: JSON.stringify({ input: { file_id: file.file_id }, ...body }),
        signal,
      });
    const jobs = async () => (await runtime.stores.metadata.list<JobRecord>('jobs', 'job_')).map((r) => r.value);

    const blocker = (await (await post({ execution_mode: 'async' })).json()) as { job_id: string };
    await waitFor(
      'the blocking job to hold the slot',
      async () => (await jobs()).find((j) => j.job_id === blocker.job_id)?.status === 'processing',
    );
    const client = new AbortController();
    const sync = post({ execution_mode: 'sync' }, client.signal).then(
      () => 'answered',
      (err: Error) => err.name,
    );
    const queued = await waitFor('the sync job to be queued', async () => (await jobs()).find((j) => j.execution_mode === 'sync'));
    const seen: string[] = [];
    const unsubscribe = await runtime.jobs.service.subscribe(queued.tenant, queued.job_id, (ref) => seen.push(ref.status));
    client.abort();

    expect(await sync).toBe('AbortError');
    const dropped = await waitFor('the abandoned job to be dropped', async () =>
      (await jobs()).find((j) => j.job_id === queued.job_id && j.status === 'failed'),
    );
    expect(dropped).toMatchObject({ error: ABANDONED_ERROR, attempts: 0 });
    unsubscribe();
    expect(seen).not.toContain('processing');
    expect((await jobs()).find((j) => j.job_id === blocker.job_id)?.status, 'the worker is still busy with the first job').toBe(
      'processing',
    );
  });
});

/**
 * JobWorker + JobService on the embedded stack (real SQLite, real files, real processes), with a real
 * in-test handler (test/helpers/jobs-test-handlers.ts).
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobHandler } from '../src/jobs/handler.ts';
import { JobStore } from '../src/jobs/job-store.ts';
import { buildHandlerRegistry, HandlerRegistryError } from '../src/jobs/registry.ts';
import { lostRuns } from '../src/jobs/retry-policy.ts';
import { SyncJobFailedError } from '../src/jobs/service.ts';
import { tenantWebhookSecret } from '../src/jobs/webhook-signature.ts';
import { type AppError, ConflictError, NotFoundError, SyncTimeoutError } from '../src/shared/errors.ts';
import { nowSeconds } from '../src/shared/ids.ts';
import { cleanups, embeddedStack, recordEvents, rejection, runCleanups, SECRET, stacks, TENANT, until } from './helpers/job-stack.ts';
import { deferredRuns, sumHandler } from './helpers/jobs-test-handlers.ts';
import { waitFor } from './helpers/jobs-wait.ts';

afterEach(runCleanups);

describe.each(stacks)('job lifecycle ($name)', ({ make, skip }) => {
  it.skipIf(skip)('goes pending → processing → completed, with progress events in order and the result stored', async () => {
    const stack = await make();
    const job = await stack.submit({ numbers: [1, 2, 3] });
    expect(job).toMatchObject({ status: 'pending', execution_mode: 'async', operation: 'sum', attempts: 0 });
    const refs = await recordEvents(stack, job.job_id);
    stack.worker();
    await waitFor('completed event', () => refs.some((r) => r.status === 'completed'));

    const statuses = refs.map((r) => r.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual(['pending', 'processing', 'completed']);
    const progress = refs.filter((r) => r.progress).map((r) => r.progress!.done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const final = refs.at(-1)!;
    expect(final).toMatchObject({
      job_id: job.job_id,
      status: 'completed',
      result_url: `/v1/jobs/${job.job_id}/result`,
      progress: { done: 3, total: 3, unit: 'pages' },
    });
    for (let i = 1; i < refs.length; i++) expect(refs[i].updated_at).toBeGreaterThanOrEqual(refs[i - 1].updated_at);

    expect(await stack.system.service.result(TENANT, job.job_id)).toEqual({ sum: 6, count: 3 });
    const record = await stack.record(job.job_id);
    expect(record).toMatchObject({ attempts: 1, pages_processed: 3, result_key: `jobs/${job.job_id}/result.json` });
    expect(record.expires_at).toBeGreaterThan(nowSeconds() + 6 * 86_400);
  });

  it.skipIf(skip)('subscribe sends the current state first', async () => {
    const stack = await make();
    const job = await stack.submit({ numbers: [5] });
    const refs = await recordEvents(stack, job.job_id);
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ job_id: job.job_id, status: 'pending' });
  });

  it.skipIf(skip)("counts a tenant's unfinished jobs only", async () => {
    const stack = await make();
    const a = await stack.submit({ numbers: [1] });
    await stack.submit({ numbers: [2] });
    await stack.system.service.submit('tenant-b', 'sum', { numbers: [3] });
    expect(await stack.system.service.activeCount(TENANT)).toBe(2);
    expect(await stack.system.service.activeCount('tenant-b')).toBe(1);
    stack.worker();
    await until(stack, a.job_id, 'completed');
    await waitFor('no active jobs', async () => (await stack.system.service.activeCount(TENANT)) === 0);
    await waitFor('no active jobs of tenant-b', async () => (await stack.system.service.activeCount('tenant-b')) === 0);
  });
});

describe('job lookups and the result endpoint rules', () => {
  it('answers 409 with {status, job_id} while pending or processing, 404 for other tenants and unknown ids', async () => {
    const stack = await embeddedStack();
    const job = await stack.submit({ numbers: [1], behavior: 'hold' });
    const pending = await rejection(stack.system.service.result(TENANT, job.job_id));
    expect(pending).toBeInstanceOf(ConflictError);
    expect((pending as ConflictError).detail).toEqual({ status: 'pending', job_id: job.job_id });

    stack.worker();
    await until(stack, job.job_id, 'processing');
    const processing = (await rejection(stack.system.service.result(TENANT, job.job_id))) as ConflictError;
    expect(processing.status).toBe(409);
    expect(processing.detail).toEqual({ status: 'processing', job_id: job.job_id });

    for (const lookup of [
      stack.system.service.get('tenant-b', job.job_id),
      stack.system.service.result('tenant-b', job.job_id),
      stack.system.service.get(TENANT, 'job_0000000000aaaaaaaaaaaaaaaa'),
      stack.system.service.get(TENANT, '../../etc/passwd'),
      stack.system.service.subscribe('tenant-b', job.job_id, () => {}),
    ]) {
      const err = await rejection(lookup);
      expect(err).toBeInstanceOf(NotFoundError);
      expect((err as NotFoundError).detail).toBe('Job not found');
    }
  });

  it('fails a job on an input error: error {type, msg}, result 409 with the error, sync 422', async () => {
    const stack = await embeddedStack();
    stack.worker();
    const job = await stack.submit({ numbers: [], behavior: 'input_error' });
    const failed = await until(stack, job.job_id, 'failed');
    expect(failed.error).toEqual({ type: 'empty_input', msg: 'numbers must not be empty' });
    const conflict = (await rejection(stack.system.service.result(TENANT, job.job_id))) as ConflictError;
    expect(conflict.status).toBe(409);
    expect(conflict.detail).toEqual({ status: 'failed', job_id: job.job_id, error: failed.error });

    const sync = (await rejection(stack.system.service.runSync(TENANT, 'sum', { numbers: [] }))) as AppError;
    expect(sync).toBeInstanceOf(SyncJobFailedError);
    expect(sync.status).toBe(422);
    expect(sync.body()).toEqual({ detail: 'numbers must not be empty' });
  });

  it('fails a job on an unexpected error without leaking its message; sync answers 500', async () => {
    const stack = await embeddedStack();
    stack.worker();
    const job = await stack.submit({ numbers: [1], behavior: 'crash' });
    const failed = await until(stack, job.job_id, 'failed');
    expect(failed.error).toEqual({ type: 'internal_error', msg: 'Internal error while running sum' });
    const sync = (await rejection(stack.system.service.runSync(TENANT, 'sum', { numbers: [1], behavior: 'crash' }))) as AppError;
    expect(sync.status).toBe(500);
    expect(JSON.stringify(sync.body())).not.toContain('secret');
  });

  it('retries a retryable error (back to pending) and completes on the next attempt', async () => {
    const stack = await embeddedStack();
    const job = await stack.submit({ numbers: [4, 5], behavior: 'retry_once' });
    const refs = await recordEvents(stack, job.job_id);
    stack.worker();
    const done = await until(stack, job.job_id, 'completed');
    expect(done.attempts).toBe(2);
    await waitFor('completed event', () => refs.some((r) => r.status === 'completed'));
    const statuses = refs.map((r) => r.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual(['pending', 'processing', 'pending', 'processing', 'completed']);
  });

  it('fails a job that outlives its time limit', async () => {
    const stack = await embeddedStack();
    stack.worker({ jobs: { timeoutMs: 1000 } });
    const job = await stack.submit({ numbers: [1], behavior: 'hang' });
    const failed = await until(stack, job.job_id, 'failed');
    expect(failed.error).toEqual({ type: 'timeout', msg: 'Job exceeded its time limit of 1 s' });
  });
});

describe('at-least-once delivery', () => {
  it.each(stacks)('fails a job with worker_lost once maxAttempts of its runs were lost ($name)', async ({ make, skip }) => {
    if (skip) return;
    const stack = await make({ DOCINTEL_JOB_MAX_ATTEMPTS: '3' });
    const job = await stack.submit({ numbers: [1] });
    // Three runs whose workers died: each marked the job processing, as a worker does, and vanished without
    // settling it (the third given back late, so that the worker below takes the next delivery).
    const store = new JobStore(stack.stores.metadata);
    let runs = 0;
    const dying = stack.system.queue.consume(async (d) => {
      await store.mutate(d.jobId, (current) => ({ ...current, status: 'processing', attempts: d.attempt, lost_runs: lostRuns(current) }));
      runs++;
      await d.nak(runs < 3 ? 0 : 1500);
    }, 1);
    await waitFor('three lost runs', () => runs === 3);
    await dying.stop();
    stack.worker();
    const failed = await until(stack, job.job_id, 'failed');
    expect(failed.error).toEqual({
      type: 'worker_lost',
      msg: 'The worker running this job stopped unexpectedly; gave up after 3 attempts',
    });
    expect(failed.lost_runs).toBe(2); // the third lost run is the one the failing delivery found
    await waitFor('queue drained', async () => (await stack.system.queue.depth()) === 0);
  });

  it.each(stacks)('deliveries that never started a run spend no attempts ($name)', async ({ make, skip }) => {
    if (skip) return;
    const stack = await make({ DOCINTEL_JOB_MAX_ATTEMPTS: '1' });
    const job = await stack.submit({ numbers: [4] });
    // Given back before running, as a stopping worker does with what it takes.
    let seen = 0;
    const stopping = stack.system.queue.consume(async (d) => {
      seen++;
      await d.nak(seen < 3 ? 0 : 1500);
    }, 1);
    await waitFor('three deliveries', () => seen === 3);
    await stopping.stop();
    stack.worker();
    expect(await until(stack, job.job_id, 'completed')).toMatchObject({ attempts: 4, lost_runs: 0 });
  });

  it('re-runs a job whose worker process was killed with SIGKILL mid-job', async () => {
    const stack = await embeddedStack();
    const job = await stack.submit({ numbers: [2, 3] });
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/helpers/jobs-worker-child.ts')], {
      env: {
        ...process.env,
        DOCINTEL_DATA_DIR: stack.config.dataDir,
        DOCINTEL_JOB_LEASE_MS: '600',
        DOCINTEL_FAULTS: 'job.delay_ms=60000',
        DOCINTEL_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    await new Promise((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
    const refs = await recordEvents(stack, job.job_id);
    // The api side sees the other process's change through the store poll.
    await waitFor('processing event from the child', () => refs.some((r) => r.status === 'processing'), 15_000);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    stack.worker();
    const done = await until(stack, job.job_id, 'completed');
    expect(done.attempts).toBe(2);
    expect(await stack.system.service.result(TENANT, job.job_id)).toEqual({ sum: 5, count: 2 });
  });

  it('announces on the redelivery a job whose worker stored its final state but died before announcing it', async () => {
    const { url, received } = await webhookReceiver();
    const stack = await embeddedStack({ DOCINTEL_WEBHOOK_ALLOW_PRIVATE: 'true' });
    const job = await stack.submit({ numbers: [2, 2] }, { webhookUrl: url });
    // What such a worker leaves behind: the record completed, no event, no webhook, the delivery not acked.
    await new JobStore(stack.stores.metadata).mutate(job.job_id, (current) => ({
      ...current,
      status: 'completed',
      updated_at: nowSeconds(),
    }));
    const refs = await recordEvents(stack, job.job_id);

    stack.worker();
    await waitFor('the webhook', () => received.length > 0);
    expect(JSON.parse(received[0].body)).toMatchObject({ job_id: job.job_id, status: 'completed' });
    await waitFor('the completed event', () => refs.some((r) => r.status === 'completed'));
    await waitFor('the job marked announced', async () => (await stack.record(job.job_id)).announced === true);
    await waitFor('queue drained', async () => (await stack.system.queue.depth()) === 0);
    expect(received).toHaveLength(1);
  });

  it("leaves a finished job to the worker still announcing it, and announces it only once that worker's lease is over", async () => {
    const { url, received } = await webhookReceiver();
    const stack = await embeddedStack({ DOCINTEL_WEBHOOK_ALLOW_PRIVATE: 'true' });
    const job = await stack.submit({ numbers: [4, 4] }, { webhookUrl: url });
    // What a worker leaves while it announces: the record completed, announce_by_ms a moment ahead, no webhook yet.
    const announceBy = Date.now() + 1500;
    await new JobStore(stack.stores.metadata).mutate(job.job_id, (current) => ({
      ...current,
      status: 'completed',
      updated_at: nowSeconds(),
      announce_by_ms: announceBy,
    }));

    stack.worker();
    await waitFor('the webhook', () => received.length > 0);
    // Had that worker been alive, it would have announced before then: the delivery did not announce it a second time.
    expect(Date.now()).toBeGreaterThanOrEqual(announceBy);
    await waitFor('the job marked announced', async () => (await stack.record(job.job_id)).announced === true);
    expect(received).toHaveLength(1);
  });

  it('marks a job announced once its worker has published its final state', async () => {
    const stack = await embeddedStack();
    stack.worker();
    const job = await stack.submit({ numbers: [3] });
    await until(stack, job.job_id, 'completed');
    await waitFor('the job marked announced', async () => (await stack.record(job.job_id)).announced === true);
  });

  it('graceful stop releases a running job (back to pending) and another worker completes it', async () => {
    const stack = await embeddedStack();
    const slow = stack.worker({ faults: { 'job.delay_ms': '60000' } });
    const job = await stack.submit({ numbers: [7, 8] });
    await until(stack, job.job_id, 'processing');
    await slow.stop();
    expect((await stack.record(job.job_id)).status).toBe('pending');
    stack.worker();
    const done = await until(stack, job.job_id, 'completed');
    expect(done.attempts).toBe(2);
    expect(await stack.system.service.result(TENANT, job.job_id)).toEqual({ sum: 15, count: 2 });
  });
});

describe('work deferred after the answer', () => {
  it('runs after the result is stored and the job completed, even when an earlier task fails', async () => {
    const stack = await embeddedStack();
    stack.worker();
    const job = await stack.submit({ numbers: [2, 3], behavior: 'defer' });
    await waitFor('job completed', async () => (await stack.record(job.job_id)).status === 'completed');
    await waitFor('deferred task ran', () => deferredRuns.some((r) => r.jobId === job.job_id));
    expect(deferredRuns.find((r) => r.jobId === job.job_id)).toEqual({ jobId: job.job_id, status: 'completed' });
    expect(await stack.system.service.result(TENANT, job.job_id)).toEqual({ sum: 5, count: 2 });
  });
});

describe('sync execution', () => {
  it('returns the result inline', async () => {
    const stack = await embeddedStack();
    stack.worker();
    expect(await stack.system.service.runSync(TENANT, 'sum', { numbers: [10, 20] })).toEqual({ sum: 30, count: 2 });
  });

  it('answers 504 (SyncTimeoutError naming the job) past its budget; the job goes on', async () => {
    const stack = await embeddedStack();
    const worker = stack.worker();
    const err = (await rejection(
      stack.system.service.runSync(TENANT, 'sum', { numbers: [1], behavior: 'hold' }, { budgetMs: 300 }),
    )) as SyncTimeoutError;
    expect(err).toBeInstanceOf(SyncTimeoutError);
    expect(err.status).toBe(504);
    const jobId = err.headers['x-job-id'];
    expect((await stack.record(jobId)).execution_mode).toBe('sync');
    await until(stack, jobId, 'processing');
    await worker.stop();
  });
});

/** A local webhook receiver: what it was sent, and its URL. */
async function webhookReceiver(): Promise<{ url: string; received: { body: string; signature: string | undefined }[] }> {
  const received: { body: string; signature: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-docintel-signature'] as string | undefined });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, received };
}

describe('webhooks', () => {
  it('POSTs the final JobRef with a verifiable HMAC-SHA256 signature', async () => {
    const { url, received } = await webhookReceiver();
    const stack = await embeddedStack({ DOCINTEL_WEBHOOK_ALLOW_PRIVATE: 'true' });
    stack.worker();
    const job = await stack.submit({ numbers: [1, 1] }, { webhookUrl: url });
    await waitFor('webhook delivery', () => received.length > 0);
    const [{ body, signature }] = received;
    // Signed with the tenant's secret (derived from the worker's secret) over "<timestamp>.<body>".
    const tenantSecret = tenantWebhookSecret(SECRET, TENANT);
    const timestamp = /^t=(\d+),/.exec(signature ?? '')?.[1];
    expect(signature).toBe(`t=${timestamp},v1=${createHmac('sha256', tenantSecret).update(`${timestamp}.${body}`).digest('hex')}`);
    expect(JSON.parse(body)).toMatchObject({ job_id: job.job_id, status: 'completed', result_url: `/v1/jobs/${job.job_id}/result` });
  });
});

describe('retention', () => {
  it('deletes finished jobs and their results once expired, not before', async () => {
    const stack = await embeddedStack();
    const worker = stack.worker();
    const job = await stack.submit({ numbers: [1] });
    const done = await until(stack, job.job_id, 'completed');
    expect(await worker.sweep()).toBe(0);
    expect(await stack.stores.blobs.stat(`jobs/${job.job_id}/result.json`)).toBeDefined();

    expect(await worker.sweep(done.expires_at! + 1)).toBe(1);
    expect(await rejection(stack.system.service.get(TENANT, job.job_id))).toBeInstanceOf(NotFoundError);
    expect(await stack.stores.blobs.stat(`jobs/${job.job_id}/result.json`)).toBeUndefined();
  });
});

describe('handler registry', () => {
  const other: JobHandler = { operation: 'other', run: async () => ({}) };

  it('refuses to start when an operation has no handler', () => {
    expect(() => buildHandlerRegistry([sumHandler], ['sum', 'parse'])).toThrow(HandlerRegistryError);
    expect(() => buildHandlerRegistry([sumHandler], ['sum', 'parse'])).toThrow(/no handler for: parse/);
  });

  it('refuses to start when an operation has two handlers', () => {
    expect(() => buildHandlerRegistry([sumHandler, other, { ...sumHandler }], ['sum'])).toThrow(/more than one handler for: sum/);
  });

  it('looks handlers up by operation', () => {
    const registry = buildHandlerRegistry([sumHandler, other], ['sum']);
    expect(registry.get('sum')).toBe(sumHandler);
    expect(registry.get('nope')).toBeUndefined();
    expect(registry.operations()).toEqual(['other', 'sum']);
  });
});

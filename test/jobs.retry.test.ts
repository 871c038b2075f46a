/**
 * Outages of a dependency (inference UNAVAILABLE / DEADLINE_EXCEEDED / RESOURCE_EXHAUSTED, NATS unreachable, a full
 * disk) delay a job with backoff, bounded by DOCINTEL_JOB_RETRY_BUDGET_MS, and spend none of its attempts, which
 * count runs whose worker vanished. Unit tests of the classification and the policy, then both queue adapters.
 */
import { status as GrpcStatus } from '@grpc/grpc-js';
import { RequestError, TimeoutError } from '@nats-io/transport-node';
import { afterEach, describe, expect, it } from 'vitest';
import { InferenceCallError, InferenceUnavailableError } from '../src/inference/errors.ts';
import { classifyJobError, MAX_RETRY_DELAY_MS, retryDelayMs } from '../src/jobs/errors.ts';
import type { JobRecord } from '../src/jobs/ports.ts';
import { decideRetry, lostRuns } from '../src/jobs/retry-policy.ts';
import { SyncJobFailedError } from '../src/jobs/service.ts';
import { InsufficientStorageError } from '../src/shared/errors.ts';
import { rejection, runCleanups, stacks, TENANT, until } from './helpers/job-stack.ts';

afterEach(runCleanups);

function job(changes: Partial<JobRecord> = {}): JobRecord {
  return {
    job_id: 'job_x',
    tenant: TENANT,
    operation: 'ocr',
    status: 'processing',
    execution_mode: 'async',
    created_at: 0,
    updated_at: 0,
    attempts: 1,
    request: {},
    billing_profile: 'standard',
    ...changes,
  };
}

describe('what a handler error means for the job', () => {
  it('an unavailable dependency is a delay; a failed call or a bug fails the job', () => {
    const infra = [
      new InferenceUnavailableError(GrpcStatus.UNAVAILABLE, 'no connection', 2),
      new InferenceUnavailableError(GrpcStatus.DEADLINE_EXCEEDED, 'too slow', 5),
      new InferenceUnavailableError(GrpcStatus.RESOURCE_EXHAUSTED, 'queue full', 1),
      new RequestError('request failed', { cause: new TimeoutError() }),
      new InsufficientStorageError('blob'),
    ];
    for (const err of infra) expect(classifyJobError(err, 'ocr', 1), err.message).toMatchObject({ kind: 'retry' });
    expect(classifyJobError(new InferenceCallError(GrpcStatus.INTERNAL, 'model exploded'), 'ocr', 1)).toMatchObject({
      kind: 'fail',
      httpStatus: 500,
    });
    expect(classifyJobError(new Error('bug'), 'ocr', 1)).toMatchObject({ kind: 'fail', httpStatus: 500 });
  });

  it("backs off exponentially from the dependency's hint, capped at a few seconds", () => {
    const down = new InferenceUnavailableError(GrpcStatus.UNAVAILABLE, 'no connection', 1);
    const delays = [1, 2, 3, 4, 5, 40].map((retry) => (classifyJobError(down, 'ocr', retry) as { delayMs: number }).delayMs);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(MAX_RETRY_DELAY_MS).toBe(8000);
    expect(retryDelayMs(1_000_000, 1000)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('the retry policy', () => {
  it('counts a lost run only when a delivery finds the job still processing', () => {
    expect(lostRuns(job({ status: 'pending', attempts: 0 }))).toBe(0);
    expect(lostRuns(job({ status: 'pending', attempts: 9, retries: 8 }))).toBe(0); // delayed eight times
    expect(lostRuns(job({ status: 'processing' }))).toBe(1);
    expect(lostRuns(job({ status: 'processing', lost_runs: 2 }))).toBe(3);
  });

  it('delays within the budget counted from the first delay, then gives up naming the last problem', () => {
    const info = { type: 'temporarily_unavailable', msg: 'Inference service unavailable (UNAVAILABLE)' };
    const outage = { timeMs: 60_000, maxAttempts: 3, slow: false };
    const first = decideRetry(job(), info, 1000, outage, 5_000);
    expect(first).toEqual({
      kind: 'delay',
      delayMs: 1000,
      changes: { retry_error: info, retries: 1, retrying_since_ms: 5_000, slow_retries: 0 },
    });
    const later = decideRetry(job({ retries: 7, retrying_since_ms: 5_000 }), info, 8000, outage, 64_999);
    expect(later).toMatchObject({ kind: 'delay', changes: { retries: 8, retrying_since_ms: 5_000 } });
    const spent = decideRetry(job({ retries: 8, retrying_since_ms: 5_000 }), info, 8000, outage, 65_000);
    expect(spent).toEqual({ kind: 'give_up', info: { type: info.type, msg: `Gave up after 60 s of retries (8 delays): ${info.msg}` } });
  });

  it('stops delaying a job whose calls keep running past the deadline after its attempts, well within the time budget', () => {
    const info = { type: 'temporarily_unavailable', msg: 'The inference service did not answer in time; retry later' };
    const slow = { timeMs: 600_000, maxAttempts: 3, slow: true };
    const second = decideRetry(job({ retries: 1, slow_retries: 1, retrying_since_ms: 0 }), info, 2000, slow, 1_000);
    expect(second).toMatchObject({ kind: 'delay', changes: { slow_retries: 2 } });
    const third = decideRetry(job({ retries: 2, slow_retries: 2, retrying_since_ms: 0 }), info, 4000, slow, 2_000);
    expect(third).toEqual({
      kind: 'give_up',
      info: { type: info.type, msg: `Gave up after 3 calls that did not answer in time: ${info.msg}` },
    });
    // An outage between slow calls does not count toward that bound.
    const outage = decideRetry(job({ retries: 5, slow_retries: 2, retrying_since_ms: 0 }), info, 8000, { ...slow, slow: false }, 3_000);
    expect(outage).toMatchObject({ kind: 'delay', changes: { slow_retries: 2 } });
  });

  it('marks a deadline answer of the inference service as slow, and an unavailable one not', () => {
    const late = classifyJobError(new InferenceUnavailableError(GrpcStatus.DEADLINE_EXCEEDED, 'deadline', 1), 'ocr', 1);
    const down = classifyJobError(new InferenceUnavailableError(GrpcStatus.UNAVAILABLE, 'connect failed', 1), 'ocr', 1);
    expect(late).toMatchObject({ kind: 'retry', slow: true });
    expect(down).toMatchObject({ kind: 'retry', slow: false });
  });
});

describe.each(stacks)('a dependency down for a while ($name)', ({ make, skip }) => {
  it.skipIf(skip)('a job delayed more often than it has attempts completes, having spent none of them', async () => {
    const stack = await make({ DOCINTEL_JOB_MAX_ATTEMPTS: '3' });
    stack.worker();
    const submitted = await stack.submit({ numbers: [2, 3], behavior: 'unavailable', unavailableRuns: 6 });
    const done = await until(stack, submitted.job_id, 'completed');
    expect(done).toMatchObject({ attempts: 7, retries: 6, lost_runs: 0 });
    expect(done.retry_error).toBeUndefined();
    expect(await stack.system.service.result(TENANT, submitted.job_id)).toEqual({ sum: 5, count: 2 });
  });

  it.skipIf(skip)('a job whose dependency stays down past the retry budget fails with 503; a sync caller gets the 503', async () => {
    const stack = await make({ DOCINTEL_JOB_RETRY_BUDGET_MS: '1000' });
    stack.worker();
    const submitted = await stack.submit({ numbers: [1], behavior: 'unavailable' });
    const failed = await until(stack, submitted.job_id, 'failed');
    expect(failed.error?.type).toBe('inference_unavailable');
    expect(failed.error?.msg).toMatch(/^Gave up after \d+ s of retries \(\d+ delays\): inference service unavailable$/);
    expect(failed.lost_runs).toBe(0);
    const sync = (await rejection(
      stack.system.service.runSync(TENANT, 'sum', { numbers: [1], behavior: 'unavailable' }),
    )) as SyncJobFailedError;
    expect(sync).toBeInstanceOf(SyncJobFailedError);
    expect(sync.status).toBe(503);
    expect(Number(sync.headers['retry-after'])).toBeGreaterThan(0);
  });
});

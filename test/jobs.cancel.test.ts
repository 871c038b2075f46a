/**
 * Job cancellation in the job system, on both stacks (embedded and NATS): the handler of a running job gets its
 * signal aborted (JobCancelledError) and the job fails as cancelled, its worker slot runs the next job; a pending
 * job fails at once and is never run; a job cancelled while its worker was gone fails on its next delivery;
 * finished jobs answer 409 and only they can be deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CANCELLED_ERROR } from '../src/jobs/errors.ts';
import { ConflictError } from '../src/shared/errors.ts';
import { heldAborts } from './helpers/jobs-test-handlers.ts';
import { rejection, runCleanups, stacks, TENANT, until } from './helpers/job-stack.ts';

afterEach(runCleanups);

describe.each(stacks)('cancelling jobs ($name)', ({ make, skip }) => {
  it.skipIf(skip)('aborts a running handler through its signal; the slot then runs the next job', async () => {
    const stack = await make();
    stack.worker({ jobs: { workerConcurrency: 1 } });
    const held = await stack.submit({ numbers: [1], behavior: 'hold' });
    await until(stack, held.job_id, 'processing');
    const next = await stack.submit({ numbers: [2, 3] });
    expect((await stack.record(next.job_id)).status).toBe('pending');
    const asked = await stack.system.service.cancel(TENANT, held.job_id);
    expect(asked).toMatchObject({ status: 'processing', cancel_requested: true });
    const failed = await until(stack, held.job_id, 'failed');
    expect(failed).toMatchObject({ error: CANCELLED_ERROR, error_status: 409 });
    expect(heldAborts).toContainEqual({ jobId: held.job_id, reason: 'JobCancelledError' });
    expect((await until(stack, next.job_id, 'completed')).pages_processed).toBe(2);
  });

  it.skipIf(skip)('fails a pending job at once, never runs it; finished jobs are 409 to cancel and deletable', async () => {
    const stack = await make();
    const pending = await stack.submit({ numbers: [1] });
    const cancelled = await stack.system.service.cancel(TENANT, pending.job_id);
    expect(cancelled).toMatchObject({ status: 'failed', error: CANCELLED_ERROR, attempts: 0 });
    stack.worker();
    const after = await stack.submit({ numbers: [4] });
    await until(stack, after.job_id, 'completed');
    expect(await stack.record(pending.job_id)).toMatchObject({ status: 'failed', attempts: 0 });
    for (const jobId of [pending.job_id, after.job_id]) {
      expect(await rejection(stack.system.service.cancel(TENANT, jobId))).toBeInstanceOf(ConflictError);
    }
    expect(await stack.stores.blobs.list(`jobs/${after.job_id}/`)).not.toEqual([]);
    await stack.system.service.remove(TENANT, after.job_id);
    expect(await stack.stores.blobs.list(`jobs/${after.job_id}/`)).toEqual([]);
    expect(await stack.stores.metadata.get('jobs', after.job_id)).toBeUndefined();
  });

  it.skipIf(skip)('a job marked for cancel while no worker ran it fails on its next delivery without running', async () => {
    const stack = await make();
    const job = await stack.submit({ numbers: [1] });
    // As if its worker had marked it processing, then died before the cancel reached it.
    const record = (await stack.stores.metadata.get<Record<string, unknown>>('jobs', job.job_id))!;
    await stack.stores.metadata.update('jobs', job.job_id, { ...record.value, status: 'processing' }, record.revision);
    await stack.system.service.cancel(TENANT, job.job_id);
    expect(await rejection(stack.system.service.remove(TENANT, job.job_id))).toBeInstanceOf(ConflictError);
    stack.worker();
    const failed = await until(stack, job.job_id, 'failed');
    expect(failed.error).toEqual(CANCELLED_ERROR);
    expect(failed.progress).toBeUndefined(); // the sum handler reports progress per number: it never ran
  });
});

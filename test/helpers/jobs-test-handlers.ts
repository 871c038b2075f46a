/**
 * A real job handler for the job-system tests: sums `request.numbers`, reporting one "page" of progress per
 * number. `request.behavior` makes it fail in the ways handlers fail in production.
 */
import { JobInputError, RetryableJobError } from '../../src/jobs/errors.ts';
import type { JobHandler } from '../../src/jobs/handler.ts';

export type SumBehavior = 'input_error' | 'crash' | 'retry_once' | 'unavailable' | 'hold' | 'hang' | 'defer';

/** Jobs whose `hold` run saw its signal abort, with the abort reason's name. */
export const heldAborts: { jobId: string; reason: string }[] = [];

/** What the `defer` behaviour's after-answer tasks saw: the job's status when they ran. */
export const deferredRuns: { jobId: string; status: string }[] = [];

export interface SumRequest {
  numbers: number[];
  behavior?: SumBehavior;
  /** `unavailable`: the first this many deliveries find a dependency down (all of them when absent). */
  unavailableRuns?: number;
}

export const sumHandler: JobHandler = {
  operation: 'sum',
  async run(ctx) {
    const { numbers, behavior, unavailableRuns = Infinity } = ctx.request as unknown as SumRequest;
    if (behavior === 'input_error' || numbers.length === 0) {
      throw new JobInputError('numbers must not be empty', { type: 'empty_input' });
    }
    if (behavior === 'crash') throw new Error('disk /srv/secret/path exploded');
    if (behavior === 'retry_once' && ctx.job.attempts === 1) {
      throw new RetryableJobError('inference service unavailable', 'inference_unavailable', 50);
    }
    if (behavior === 'unavailable' && ctx.job.attempts <= unavailableRuns) {
      throw new RetryableJobError('inference service unavailable', 'inference_unavailable', 20);
    }
    if (behavior === 'hold') {
      // Runs until the worker aborts it (shutdown or time limit), like a long document honouring its signal.
      await new Promise((_, reject) =>
        ctx.signal.addEventListener(
          'abort',
          () => {
            heldAborts.push({ jobId: ctx.job.job_id, reason: (ctx.signal.reason as Error | undefined)?.name ?? String(ctx.signal.reason) });
            reject(ctx.signal.reason);
          },
          { once: true },
        ),
      );
    }
    if (behavior === 'hang') await new Promise(() => {}); // ignores its signal entirely
    if (behavior === 'defer') {
      ctx.afterAnswer(() => {
        throw new Error('a failing deferred task does not stop the next one');
      });
      ctx.afterAnswer(async () => {
        const record = await ctx.deps.metadata.get<{ status: string }>('jobs', ctx.job.job_id);
        deferredRuns.push({ jobId: ctx.job.job_id, status: record?.value.status ?? 'missing' });
      });
    }
    let sum = 0;
    for (let i = 0; i < numbers.length; i++) {
      sum += numbers[i];
      await ctx.progress(i + 1, numbers.length);
    }
    return { sum, count: numbers.length };
  },
};

import type { JobErrorInfo, JobRecord } from './ports.ts';

/**
 * Two budgets bound how often a job is tried again. Attempts (config.jobs.maxAttempts) count runs whose worker
 * vanished: a job that kills its worker must not take down every worker in turn. Time (config.jobs.retryBudgetMs)
 * bounds the delays while a dependency is down: an outage says nothing about the job, so a crash loop of the
 * inference sidecar or a NATS restart must not fail jobs that would complete a few seconds later.
 */

/**
 * Runs of `job` lost so far, counting the one a delivery that finds it still `processing` implies: its last
 * worker died or lost its lease (a worker that gives a job back, for a delay or at shutdown, sets `pending`).
 */
export function lostRuns(job: JobRecord): number {
  return (job.lost_runs ?? 0) + (job.status === 'processing' ? 1 : 0);
}

/** The 1-based number of the retry a temporary problem of this run would lead to (it sets the backoff). */
export function nextRetry(job: JobRecord): number {
  return (job.retries ?? 0) + 1;
}

/**
 * `timeMs` bounds the delays of an outage; `maxAttempts` bounds the delays where the dependency answered too
 * slowly (`slow`), since a page that always runs past the deadline would otherwise be retried for the whole time.
 */
export interface RetryBudget {
  timeMs: number;
  maxAttempts: number;
  slow: boolean;
}

export type RetryDecision =
  | { kind: 'delay'; delayMs: number; changes: Pick<JobRecord, 'retry_error' | 'retries' | 'retrying_since_ms' | 'slow_retries'> }
  | { kind: 'give_up'; info: JobErrorInfo };

/**
 * After a temporary problem (`info`, backoff `delayMs`): delay the job again, or give up once the retry budget,
 * counted from its first delay, is spent. The changes go into the record as it goes back to `pending`.
 */
export function decideRetry(job: JobRecord, info: JobErrorInfo, delayMs: number, budget: RetryBudget, now = Date.now()): RetryDecision {
  const since = job.retrying_since_ms ?? now;
  const slowRetries = (job.slow_retries ?? 0) + (budget.slow ? 1 : 0);
  if (slowRetries >= budget.maxAttempts) {
    return {
      kind: 'give_up',
      info: { type: info.type, msg: `Gave up after ${slowRetries} calls that did not answer in time: ${info.msg}` },
    };
  }
  if (now - since >= budget.timeMs) {
    const seconds = Math.round((now - since) / 1000);
    return {
      kind: 'give_up',
      info: { type: info.type, msg: `Gave up after ${seconds} s of retries (${nextRetry(job) - 1} delays): ${info.msg}` },
    };
  }
  return {
    kind: 'delay',
    delayMs,
    changes: { retry_error: info, retries: nextRetry(job), retrying_since_ms: since, slow_retries: slowRetries },
  };
}

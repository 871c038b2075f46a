/**
 * How long a sync request would wait for its answer. Admission by job count alone (DOCINTEL_MAX_QUEUED_JOBS)
 * admitted requests that then waited past their budget behind slow jobs, and told refused callers to come back
 * in 2 s while a minute and more of work was queued. So workers publish how many jobs they run at once and
 * moving averages of how long their jobs take (worker-stats.ts); the api estimates the wait from the queue depth.
 */

/** Weight of the newest duration in the moving averages: roughly the last ten jobs count. */
const EWMA_WEIGHT = 0.2;
/** Bounds of the Retry-After a refused sync request is given, in seconds. */
export const MIN_RETRY_AFTER_SECONDS = 1;
export const MAX_RETRY_AFTER_SECONDS = 300;

/** Exponentially weighted moving averages of job run times (ms): per operation and over all jobs. */
export class DurationAverages {
  private overall: number | undefined;
  private readonly byOperation = new Map<string, number>();

  constructor(private readonly weight = EWMA_WEIGHT) {}

  observe(operation: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.overall = this.blend(this.overall, ms);
    this.byOperation.set(operation, this.blend(this.byOperation.get(operation), ms));
  }

  /** What a worker publishes (WorkerStats without its slots and time). */
  snapshot(): Pick<WorkerStats, 'overall_ms' | 'operations'> {
    const operations = Object.fromEntries([...this.byOperation].map(([op, ms]) => [op, Math.round(ms)]));
    return this.overall === undefined ? { operations } : { overall_ms: Math.round(this.overall), operations };
  }

  private blend(previous: number | undefined, ms: number): number {
    return previous === undefined ? ms : previous + this.weight * (ms - previous);
  }
}

/** One worker process as it describes itself in the `workers` collection. */
export interface WorkerStats {
  /** Jobs it runs at once (config.jobs.workerConcurrency). */
  slots: number;
  /** Epoch ms of this description; a worker that stopped refreshing it is taken as gone. */
  seen_at_ms: number;
  /** Moving average of its completed jobs' run times; absent until one completed. */
  overall_ms?: number;
  operations: Record<string, number>;
}

/** All live workers together. */
export interface Capacity {
  slots: number;
  /** Average job run time, weighted by slots; undefined while no worker has completed a job. */
  meanMs: number | undefined;
  /** Average run time per operation, over the workers that ran it. */
  operationMs: Record<string, number>;
}

/** The workers described within `staleMs` of `now`, merged. */
export function mergeWorkerStats(records: WorkerStats[], now: number, staleMs: number): Capacity {
  const live = records.filter((r) => now - r.seen_at_ms <= staleMs && r.slots > 0);
  const timed = live.filter((r) => r.overall_ms !== undefined);
  const timedSlots = timed.reduce((n, r) => n + r.slots, 0);
  const meanMs = timedSlots > 0 ? timed.reduce((sum, r) => sum + r.overall_ms! * r.slots, 0) / timedSlots : undefined;
  const operationMs: Record<string, number> = {};
  for (const op of new Set(live.flatMap((r) => Object.keys(r.operations)))) {
    const ran = live.filter((r) => r.operations[op] !== undefined);
    operationMs[op] = ran.reduce((sum, r) => sum + r.operations[op], 0) / ran.length;
  }
  return { slots: live.reduce((n, r) => n + r.slots, 0), meanMs, operationMs };
}

/** Time for `jobs` queued jobs to drain through every slot; undefined without durations or workers. */
export function drainMs(capacity: Capacity, jobs: number): number | undefined {
  if (capacity.slots <= 0 || capacity.meanMs === undefined) return undefined;
  return (Math.max(0, jobs) * capacity.meanMs) / capacity.slots;
}

/** When a job submitted now would start and finish, in ms from now. */
export interface WaitEstimate {
  startMs: number;
  finishMs: number;
}

/**
 * A job of `operation` submitted now starts once the `queued` jobs ahead (waiting or running) leave it a slot, then
 * runs for its operation's average. Undefined while nothing is known (no worker, or no job completed yet).
 */
export function estimateWait(capacity: Capacity, queued: number, operation: string): WaitEstimate | undefined {
  const startMs = drainMs(capacity, queued + 1 - capacity.slots);
  if (startMs === undefined) return undefined;
  return { startMs, finishMs: startMs + (capacity.operationMs[operation] ?? capacity.meanMs!) };
}

/**
 * How long until a sync request with `budgetMs` should be admitted: 0 when it would start at once (refusing it
 * would only leave a slot idle; whether it finishes in time depends on its own document) or finish within its
 * budget; else the time until the backlog shrinks enough, or until a slot would be free, whichever comes first.
 */
export function admissibleInMs(estimate: WaitEstimate, budgetMs: number): number {
  if (estimate.startMs <= 0 || estimate.finishMs <= budgetMs) return 0;
  return Math.min(estimate.startMs, estimate.finishMs - budgetMs);
}

/** Retry-After for a wait of `ms` (the time until the backlog would admit the request), in bounded seconds. */
export function retryAfterSeconds(ms: number): number {
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(MIN_RETRY_AFTER_SECONDS, Math.ceil(ms / 1000)));
}

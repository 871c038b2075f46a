import type { Logger } from '../shared/logger.ts';
import { nowSeconds } from '../shared/ids.ts';
import type { HandlerDeps, JobContext } from './handler.ts';
import type { JobStore } from './job-store.ts';
import type { JobRecord } from './ports.ts';

/** How long after a job's answer its deferred work starts. */
const DEFERRED_DELAY_MS = 200;

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (the work may go on unseen). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (err) => (signal.removeEventListener('abort', onAbort), reject(err)),
    );
  });
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return untilAborted(new Promise<void>((resolve) => setTimeout(resolve, ms).unref()), signal);
}

/**
 * The JobContext of one run: progress writes are serialized (a handler may fire them without awaiting)
 * and stop once the run is aborted or the job left `processing`.
 */
export class RunContext {
  private chain: Promise<void> = Promise.resolve();
  private pages: number | undefined;
  private lastDone: number | undefined;
  private readonly deferred: (() => Promise<void> | void)[] = [];

  constructor(
    private readonly store: JobStore,
    private readonly publish: (job: JobRecord) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  context(job: JobRecord, signal: AbortSignal, deps: HandlerDeps): JobContext {
    return {
      job,
      request: job.request,
      tenant: job.tenant,
      logger: this.logger,
      signal,
      deps,
      progress: (done, total) => this.progress(job.job_id, done, total, signal),
      recordPages: (pages) => {
        this.pages = pages;
      },
      afterAnswer: (task) => {
        this.deferred.push(task);
      },
    };
  }

  /**
   * Runs the tasks handed to `afterAnswer`, one after another, in the background, a moment after the answer: a
   * sync caller reads the stored result right after the final event, and that read (a few megabytes for a big
   * parse) should not queue behind seconds of sliced cache encoding.
   */
  runDeferred(): Promise<void> {
    const tasks = this.deferred.splice(0);
    if (!tasks.length) return Promise.resolve();
    return new Promise<void>((resolve) => setTimeout(() => void this.runInOrder(tasks).finally(resolve), DEFERRED_DELAY_MS));
  }

  private async runInOrder(tasks: (() => Promise<void> | void)[]): Promise<void> {
    for (const task of tasks) {
      try {
        await task();
      } catch (err) {
        this.logger.warn({ err }, 'work deferred past a job answer failed');
      }
    }
  }

  /** Pages processed: what the handler recorded, else the last progress `done`. */
  pagesProcessed(): number | undefined {
    return this.pages ?? this.lastDone;
  }

  /** Resolves once every progress write issued so far has landed. */
  settled(): Promise<void> {
    return this.chain;
  }

  private progress(jobId: string, done: number, total: number, signal: AbortSignal): Promise<void> {
    if (!Number.isFinite(done) || !Number.isFinite(total)) return Promise.resolve();
    this.lastDone = done;
    const write = async () => {
      if (signal.aborted) return;
      const updated = await this.store.mutate(jobId, (job) =>
        job.status !== 'processing' ? undefined : { ...job, progress: { done, total, unit: 'pages' }, updated_at: nowSeconds() },
      );
      if (updated?.status === 'processing') await this.publish(updated);
    };
    const next = this.chain.then(write).catch((err) => this.logger.warn({ err }, 'progress update failed'));
    this.chain = next;
    return next;
  }
}

import { UsageLedger } from './usage.ts';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import { nowSeconds } from '../shared/ids.ts';
import type { BlobStore, MetadataStore } from '../storage/mod.ts';
import {
  CANCELLED_DETAIL,
  CANCELLED_ERROR,
  CANCELLED_STATUS,
  classifyJobError,
  JobCancelledError,
  JobTimeoutError,
  LeaseLostError,
  WorkerStoppingError,
  type ErrorOutcome,
} from './errors.ts';

type RetryOutcome = Extract<ErrorOutcome, { kind: 'retry' }>;
import { abortableSleep, RunContext, untilAborted } from './execution.ts';
import type { ExtraHandlerDeps, HandlerDeps, JobHandler } from './handler.ts';
import { isFinished, JobStore } from './job-store.ts';
import { toJobRef, type Consumer, type Delivery, type JobErrorInfo, type JobEvents, type JobQueue, type JobRecord } from './ports.ts';
import type { HandlerRegistry } from './registry.ts';
import { resultKey, sweepExpiredJobs } from './retention.ts';
import { decideRetry, lostRuns, nextRetry } from './retry-policy.ts';
import { WebhookSender } from './webhook.ts';
import { WorkerStatsPublisher } from './worker-stats.ts';
import { jobDuration, jobsFinished, pagesProcessed } from '../shared/metrics.ts';

export interface JobWorkerOptions {
  queue: JobQueue;
  metadata: MetadataStore;
  blobs: BlobStore;
  events: JobEvents;
  registry: HandlerRegistry;
  config: Config;
  logger: Logger;
  /** Extra handler dependencies (metadata and blobs are added). */
  deps?: ExtraHandlerDeps;
  /** Server secret each tenant's webhook signing secret is derived from; without one, webhooks are not sent (a warning is logged). */
  webhookSecret?: string | null;
  /** How often the retention sweep runs (default hourly; 0 disables the timer). */
  sweepIntervalMs?: number;
  /** Other retention sweeps (expired files) run after the job sweep; each answers how many things it deleted. */
  sweeps?: ((now: number) => Promise<number>)[];
  /** How often a running job's record is read for a cancel request (default 1 s). */
  cancelPollMs?: number;
}

/**
 * Runs jobs from the queue: one delivery at a time per slot, at-least-once. Every step is safe to repeat:
 * a finished job's redelivery is just acked, the `processing` mark uses compare-and-set, and a job whose runs
 * were lost maxAttempts times (its workers kept dying) is failed instead of run again. A job whose dependency
 * is down goes back to `pending` with a backoff, within the retry budget (see retry-policy.ts).
 */
export class JobWorker {
  private readonly store: JobStore;
  private readonly webhooks: WebhookSender;
  private readonly usage: UsageLedger;
  private readonly stats: WorkerStatsPublisher;
  private readonly running = new Set<AbortController>();
  /** Work handlers deferred past their answers (cache writes); stop() lets it land. */
  private readonly deferred = new Set<Promise<void>>();
  private consumer: Consumer | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: JobWorkerOptions) {
    this.store = new JobStore(options.metadata);
    this.usage = new UsageLedger(options.metadata);
    this.stats = new WorkerStatsPublisher(options.metadata, options.config.jobs.workerConcurrency, options.logger);
    const { maxAttempts, retryBaseMs, timeoutMs, allowPrivate } = options.config.webhooks;
    this.webhooks = new WebhookSender({
      secret: options.webhookSecret ?? null,
      logger: options.logger,
      store: this.store,
      maxAttempts,
      retryBaseMs,
      timeoutMs,
      allowPrivate,
    });
  }

  start(): void {
    if (this.consumer) return;
    this.stopping = false;
    this.consumer = this.options.queue.consume((d) => this.handle(d), this.options.config.jobs.workerConcurrency);
    this.stats.start();
    const every = this.options.sweepIntervalMs ?? 3600_000;
    if (every > 0) {
      this.sweepTimer = setInterval(() => void this.sweep(), every);
      this.sweepTimer.unref();
    }
  }

  /** Stops taking jobs; running jobs are aborted and released (back to `pending`) for another worker. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    for (const run of this.running) run.abort(new WorkerStoppingError());
    await this.consumer?.stop();
    this.consumer = undefined;
    await Promise.allSettled([...this.deferred]);
    await this.webhooks.drain();
    await this.stats.stop();
  }

  /** Deletes expired jobs and their results, then runs the other sweeps; runs on a timer, callable directly. */
  async sweep(now = nowSeconds()): Promise<number> {
    let deleted = 0;
    for (const run of [
      (at: number) => sweepExpiredJobs(this.store, this.options.blobs, this.options.logger, at),
      ...(this.options.sweeps ?? []),
    ]) {
      try {
        deleted += await run(now);
      } catch (err) {
        this.options.logger.warn({ err }, 'retention sweep failed');
      }
    }
    return deleted;
  }

  private async handle(delivery: Delivery): Promise<void> {
    if (this.stopping) return delivery.nak(0);
    // Every line logged about this job (the handler's included) carries its id, operation and attempt.
    const log = this.options.logger.child({ jobId: delivery.jobId, operation: delivery.operation, attempt: delivery.attempt });
    try {
      await this.process(delivery, log);
    } catch (err) {
      // The store or queue failed around the handler: let the job come back later.
      log.error({ err }, 'job delivery failed; will be redelivered');
      await delivery.nak(5000).catch(() => {});
    }
  }

  private async process(delivery: Delivery, log: Logger): Promise<void> {
    const loaded = await this.store.get(delivery.jobId);
    if (!loaded) {
      log.warn('job record missing (expired or deleted); dropping the delivery');
      return delivery.ack();
    }
    const job = loaded.value;
    if (isFinished(job)) {
      if (job.announced) return delivery.ack();
      // Its finisher may still be announcing it (a redelivery after a missed heartbeat): leave it that long.
      const waitMs = (job.announce_by_ms ?? 0) - Date.now();
      if (waitMs > 0) return delivery.nak(waitMs);
      // Its worker stored the final state but died before announcing it: announce it now.
      await this.announce(job);
      return delivery.ack();
    }
    const { maxAttempts } = this.options.config.jobs;
    if (lostRuns(job) >= maxAttempts) {
      log.warn('job ran out of attempts');
      await this.fail(job.job_id, workerLost(maxAttempts), 500);
      return delivery.ack();
    }
    if (job.cancel_requested) {
      // Cancelled while running on a worker that is gone, or between a retry delay and this delivery.
      log.info('job cancelled before this run');
      await this.fail(job.job_id, CANCELLED_ERROR, CANCELLED_STATUS, CANCELLED_DETAIL);
      return delivery.ack();
    }
    const handler = this.options.registry.get(job.operation);
    if (!handler) {
      log.error({ operation: job.operation }, 'no handler for the job operation');
      await this.fail(job.job_id, { type: 'unsupported_operation', msg: `This worker cannot run ${job.operation} jobs` }, 500);
      return delivery.ack();
    }
    const started = await this.store.mutate(job.job_id, (current) =>
      isFinished(current)
        ? undefined
        : { ...current, status: 'processing', attempts: delivery.attempt, lost_runs: lostRuns(current), updated_at: nowSeconds() },
    );
    if (!started || isFinished(started)) return delivery.ack();
    await this.publish(started);
    await this.execute(delivery, handler, started, log);
  }

  private async execute(delivery: Delivery, handler: JobHandler, job: JobRecord, log: Logger): Promise<void> {
    const { leaseMs, timeoutMs } = this.options.config.jobs;
    const controller = new AbortController();
    this.running.add(controller);
    // stop() may have run while this job was being marked processing.
    if (this.stopping) controller.abort(new WorkerStoppingError());
    const timer = setTimeout(() => controller.abort(new JobTimeoutError(timeoutMs)), timeoutMs);
    const heartbeat = setInterval(
      () => {
        delivery.heartbeat().catch((err) => {
          if (err instanceof LeaseLostError) controller.abort(err);
          else log.warn({ err }, 'job heartbeat failed');
        });
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    const cancelPoll = this.watchForCancel(job.job_id, controller, log);
    const run = new RunContext(this.store, (j) => this.publish(j), log);
    let stage: 'run' | 'store' = 'run';
    const stopTimer = jobDuration.startTimer({ operation: job.operation });
    const startedAt = Date.now();
    try {
      await this.faultDelay(controller.signal, log);
      const deps: HandlerDeps = { ...this.options.deps, metadata: this.options.metadata, blobs: this.options.blobs };
      const result = await untilAborted(handler.run(run.context(job, controller.signal, deps)), controller.signal);
      stage = 'store';
      await run.settled();
      await this.complete(job.job_id, result, run.pagesProcessed());
      stopTimer();
      // The slot's whole time, the fault-injection hold included: admission estimates waits from it.
      this.stats.observe(job.operation, Date.now() - startedAt);
      await delivery.ack();
    } catch (err) {
      // Storing the result failed (store outage): not the job's fault; handle() gives it back for a retry.
      if (stage === 'store') throw err;
      stopTimer();
      await this.settleFailure(delivery, job, controller.signal.aborted ? controller.signal.reason : err, log);
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
      clearInterval(cancelPoll);
      this.running.delete(controller);
      const deferred = run.runDeferred();
      this.deferred.add(deferred);
      void deferred.finally(() => this.deferred.delete(deferred));
    }
  }

  /**
   * Reads the job record every cancelPollMs while it runs and aborts the run once a cancel was asked for (or the
   * job was finished elsewhere). Polling the store works the same with every queue and across processes.
   */
  private watchForCancel(jobId: string, controller: AbortController, log: Logger): NodeJS.Timeout {
    let reading = false;
    return setInterval(() => {
      if (reading || controller.signal.aborted) return;
      reading = true;
      this.store
        .get(jobId)
        .then(
          (found) => {
            if (!found || found.value.cancel_requested || isFinished(found.value)) controller.abort(new JobCancelledError());
          },
          (err) => log.warn({ err }, 'cancel check failed'),
        )
        .finally(() => {
          reading = false;
        });
    }, this.options.cancelPollMs ?? 1000);
  }

  private async settleFailure(delivery: Delivery, job: JobRecord, err: unknown, log: Logger): Promise<void> {
    if (err instanceof JobCancelledError) {
      log.info('job cancelled while running: stopped');
      await this.fail(job.job_id, CANCELLED_ERROR, CANCELLED_STATUS, CANCELLED_DETAIL);
      return delivery.ack();
    }
    if (err instanceof LeaseLostError) {
      // Another worker owns the job now (this one was too slow to renew); leave the record to it.
      log.warn('job lease lost; abandoning this run');
      return delivery.nak(0);
    }
    if (err instanceof WorkerStoppingError) {
      log.info('worker stopping: job released for another worker');
      await this.release(job.job_id);
      return delivery.nak(0);
    }
    const outcome = classifyJobError(err, job.operation, nextRetry(job));
    if (outcome.kind === 'retry') return this.delay(delivery, job, outcome, err, log);
    if (outcome.internal) log.error({ err }, 'job failed with an unexpected error');
    else log.info({ error: outcome.info }, 'job failed');
    await this.fail(job.job_id, outcome.info, outcome.httpStatus, outcome.httpDetail);
    await delivery.ack();
  }

  /** A dependency is down: back to `pending` for a later try, or failed (503) once the retry budget is spent. */
  private async delay(delivery: Delivery, job: JobRecord, outcome: RetryOutcome, err: unknown, log: Logger): Promise<void> {
    const { jobs } = this.options.config;
    const budget = { timeMs: jobs.retryBudgetMs, maxAttempts: jobs.maxAttempts, slow: outcome.slow === true };
    const decision = decideRetry(job, outcome.info, outcome.delayMs, budget);
    if (decision.kind === 'give_up') {
      log.warn({ err: String(err), error: decision.info }, 'job gave up: a dependency stayed unavailable past the retry budget');
      await this.fail(job.job_id, decision.info, 503);
      return delivery.ack();
    }
    log.warn({ err: String(err), delayMs: decision.delayMs, retry: decision.changes.retries }, 'job hit a temporary problem; retrying');
    await this.release(job.job_id, decision.changes);
    return delivery.nak(decision.delayMs);
  }

  private async complete(jobId: string, result: unknown, pages: number | undefined): Promise<void> {
    const key = resultKey(jobId);
    await this.options.blobs.put(key, Buffer.from(JSON.stringify(result ?? null)), { contentType: 'application/json' });
    await this.finish(jobId, (job) => {
      const done: JobRecord = { ...job, status: 'completed', result_key: key, updated_at: nowSeconds(), expires_at: this.expiry() };
      if (pages !== undefined) done.pages_processed = pages;
      delete done.retry_error;
      return done;
    });
  }

  private async fail(jobId: string, error: JobErrorInfo, httpStatus: number, httpDetail: unknown = error.msg): Promise<void> {
    await this.finish(jobId, (job) => ({
      ...job,
      status: 'failed',
      error,
      error_status: httpStatus,
      error_detail: httpDetail,
      updated_at: nowSeconds(),
      expires_at: this.expiry(),
    }));
  }

  /** Back to `pending` (shutdown or a delay, with its `changes`); the queue delivers it again. */
  private async release(jobId: string, changes: Partial<JobRecord> = {}): Promise<void> {
    const job = await this.store.mutate(jobId, (current) =>
      isFinished(current) ? undefined : { ...current, ...changes, status: 'pending', updated_at: nowSeconds() },
    );
    if (job && !isFinished(job)) await this.publish(job);
  }

  private async finish(jobId: string, change: (job: JobRecord) => JobRecord): Promise<void> {
    let changed = false;
    const announceBy = Date.now() + this.options.config.jobs.leaseMs;
    const job = await this.store.mutate(jobId, (current) =>
      isFinished(current) ? undefined : ((changed = true), { ...change(current), announce_by_ms: announceBy }),
    );
    if (!job || !changed) return;
    jobsFinished.inc({ operation: job.operation, status: job.status });
    if (job.status === 'completed' && job.pages_processed) pagesProcessed.inc({ operation: job.operation }, job.pages_processed);
    await this.usage.record(job).catch((err) => this.options.logger.warn({ err, jobId }, 'usage not recorded'));
    await this.announce(job);
  }

  /** The final state to event subscribers and the webhook, then marked announced (see JobRecord.announced). */
  private async announce(job: JobRecord): Promise<void> {
    await this.publish(job);
    if (job.webhook_url) this.webhooks.send({ url: job.webhook_url, tenant: job.tenant, ref: toJobRef(job) });
    await this.store
      .mutate(job.job_id, (current) => (current.announced ? undefined : { ...current, announced: true }))
      .catch((err) => this.options.logger.warn({ err, jobId: job.job_id }, 'job not marked announced; a redelivery may announce it again'));
  }

  private async publish(job: JobRecord): Promise<void> {
    try {
      await this.options.events.publish(toJobRef(job));
    } catch (err) {
      this.options.logger.warn({ err, jobId: job.job_id }, 'job event not published');
    }
  }

  private expiry(): number {
    return nowSeconds() + this.options.config.jobs.retentionDays * 86_400;
  }

  /** Test hook (DOCINTEL_FAULTS=job.delay_ms=N): hold every job in `processing` for N ms before running it. */
  private async faultDelay(signal: AbortSignal, log: Logger): Promise<void> {
    const ms = Number(this.options.config.faults['job.delay_ms'] ?? 0);
    if (ms <= 0) return;
    // Says which worker holds the job: fault tests kill that one.
    log.info({ ms }, 'fault injection: holding the job');
    await abortableSleep(ms, signal);
  }
}

function workerLost(maxAttempts: number): JobErrorInfo {
  return { type: 'worker_lost', msg: `The worker running this job stopped unexpectedly; gave up after ${maxAttempts} attempts` };
}

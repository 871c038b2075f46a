import type { Config } from '../shared/config.ts';
import { AppError, ConflictError, NotFoundError, SyncTimeoutError, UnavailableError } from '../shared/errors.ts';
import { looksLikeId, newId, nowSeconds } from '../shared/ids.ts';
import type { Logger } from '../shared/logger.ts';
import { BlobNotFoundError, type BlobStore, type MetadataStore } from '../storage/mod.ts';
import { SyncAdmission, type SyncTicket } from './admission.ts';
import { decodeCursor, encodeCursor, pageSize, type Page, type PageRequest } from '../shared/paging.ts';
import { CANCELLED_DETAIL, CANCELLED_ERROR, CANCELLED_STATUS, SyncAbandonedError } from './errors.ts';
import { deleteJobData } from './retention.ts';
import { changesOnly } from './events.ts';
import { isFinished, JobStore } from './job-store.ts';
import {
  toJobRef,
  type ExecutionMode,
  type JobEvents,
  type JobListener,
  type JobQueue,
  type JobRecord,
  type JobRef,
  type JobStatus,
} from './ports.ts';
import { WorkerStatsReader } from './worker-stats.ts';

export interface SubmitOptions {
  executionMode?: ExecutionMode;
  billingProfile?: JobRecord['billing_profile'];
  webhookUrl?: string | null;
  /** A sync request's admission ticket, stamped once the job is queued. */
  ticket?: SyncTicket;
}

export interface SyncOptions extends SubmitOptions {
  /** Defaults to config.limits.syncBudgetMs. */
  budgetMs?: number;
  /** Aborts when the caller went away (its HTTP client disconnected): a job not started yet is dropped, a started one cancelled. */
  signal?: AbortSignal;
}

/** The error a sync job dropped because its caller went away is failed with. */
export const ABANDONED_ERROR = {
  type: 'abandoned',
  msg: 'The sync request was abandoned by its client before the job started; it was not run',
};

export interface JobListRequest extends PageRequest {
  status?: JobStatus;
  operation?: string;
}

/** Index entries read at once while listing (a filtered listing may read several batches for one page). */
const LIST_BATCH = 100;

export interface JobServiceOptions {
  metadata: MetadataStore;
  blobs: BlobStore;
  queue: JobQueue;
  events: JobEvents;
  config: Config;
  logger: Logger;
}

/**
 * A sync request whose job failed: the status and detail the handler's error called for (422 for input
 * problems, 404 for a missing file, ...), or a 500 that names the job instead of leaking internals.
 */
export class SyncJobFailedError extends AppError {
  constructor(readonly job: JobRecord) {
    const status = job.error_status ?? 500;
    const detail = status >= 500 ? (status === 503 ? job.error?.msg : 'Internal server error') : (job.error_detail ?? job.error?.msg);
    super(status, detail, status === 503 ? { 'retry-after': '5', 'x-job-id': job.job_id } : { 'x-job-id': job.job_id });
  }

  override body(): Record<string, unknown> {
    return this.status === 500 ? { detail: this.detail, job_id: this.job.job_id, error: this.job.error } : { detail: this.detail };
  }
}

/** What the HTTP routes call: submit, look up, wait for and subscribe to jobs, always scoped to a tenant. */
export class JobService {
  private readonly store: JobStore;
  private readonly admission: SyncAdmission;

  constructor(private readonly options: JobServiceOptions) {
    this.store = new JobStore(options.metadata);
    const workers = new WorkerStatsReader(options.metadata);
    this.admission = new SyncAdmission({
      depth: () => options.queue.depth(),
      capacity: () => workers.capacity(),
      limit: options.config.limits.maxQueuedJobs,
      logger: options.logger,
    });
  }

  /**
   * Room for one sync job of `operation` while its estimated wait fits its budget and the queue is below
   * config.limits.maxQueuedJobs; JobQueueBusyError (503 + Retry-After) otherwise. Routes reserve before storing
   * inline inputs (a refused request leaves nothing behind), pass the ticket to runSyncJson and release it when the
   * request is over (runSyncJson releases the ones it takes itself).
   */
  reserveSync(operation: string, budgetMs = this.options.config.limits.syncBudgetMs): Promise<SyncTicket> {
    return this.admission.reserve(operation, budgetMs);
  }

  async submit(tenant: string, operation: string, request: Record<string, unknown>, options: SubmitOptions = {}): Promise<JobRecord> {
    const now = nowSeconds();
    const job: JobRecord = {
      job_id: newId('job'),
      tenant,
      operation,
      status: 'pending',
      execution_mode: options.executionMode ?? 'async',
      created_at: now,
      updated_at: now,
      attempts: 0,
      request,
      billing_profile: options.billingProfile ?? 'standard',
      webhook_url: options.webhookUrl ?? null,
      expires_at: now + this.options.config.jobs.retentionDays * 86_400,
    };
    await this.store.create(job);
    try {
      await this.options.queue.enqueue(job.job_id, operation);
      options.ticket?.queued();
    } catch (err) {
      this.options.logger.error({ err, jobId: job.job_id }, 'enqueue failed');
      await this.store.mutate(job.job_id, (j) => ({
        ...j,
        status: 'failed',
        error: { type: 'queue_unavailable', msg: 'The job queue was unavailable' },
        error_status: 503,
        updated_at: nowSeconds(),
      }));
      throw new UnavailableError('The job queue is unavailable; retry shortly');
    }
    await this.publish(job);
    return job;
  }

  /** The job, if it exists and belongs to the tenant; NotFoundError('Job') otherwise. */
  async get(tenant: string, jobId: string): Promise<JobRecord> {
    if (!looksLikeId(jobId, 'job')) throw new NotFoundError('Job');
    const found = await this.store.get(jobId);
    if (!found || found.value.tenant !== tenant) throw new NotFoundError('Job');
    return found.value;
  }

  /** The original endpoint's success body; 409 while pending/processing and for failed jobs. */
  async result(tenant: string, jobId: string): Promise<unknown> {
    return JSON.parse(await this.resultJson(tenant, jobId));
  }

  /** The success body as the stored JSON text (what the API sends; parsing and re-serializing a big one costs). */
  async resultJson(tenant: string, jobId: string): Promise<string> {
    const job = await this.get(tenant, jobId);
    if (job.status === 'failed') throw new ConflictError({ status: 'failed', job_id: job.job_id, error: job.error });
    if (job.status !== 'completed') throw new ConflictError({ status: job.status, job_id: job.job_id });
    return this.readResult(job);
  }

  /** Runs the operation as a job with execution_mode sync and waits for it within the sync budget. */
  async runSync(tenant: string, operation: string, request: Record<string, unknown>, options: SyncOptions = {}): Promise<unknown> {
    return JSON.parse(await this.runSyncJson(tenant, operation, request, options));
  }

  /** `runSync` with the result as its stored JSON text. */
  async runSyncJson(tenant: string, operation: string, request: Record<string, unknown>, options: SyncOptions = {}): Promise<string> {
    const budgetMs = options.budgetMs ?? this.options.config.limits.syncBudgetMs;
    const ticket = options.ticket ?? (await this.reserveSync(operation, budgetMs));
    try {
      return await this.submitAndWait(tenant, operation, request, { ...options, ticket }, budgetMs);
    } finally {
      if (!options.ticket) ticket.release();
    }
  }

  private async submitAndWait(
    tenant: string,
    operation: string,
    request: Record<string, unknown>,
    options: SyncOptions,
    budgetMs: number,
  ): Promise<string> {
    if (options.signal?.aborted) throw new SyncAbandonedError();
    const submitted = await this.submit(tenant, operation, request, { ...options, executionMode: 'sync' });
    const final = await this.waitForFinal(tenant, submitted.job_id, budgetMs, options.signal);
    if (final === 'abandoned') {
      await this.abandon(submitted.job_id);
      throw new SyncAbandonedError(submitted.job_id);
    }
    // The job keeps running after a timeout; its id is in the 504's X-Job-Id header.
    if (!final) throw new SyncTimeoutError(budgetMs, submitted.job_id);
    const job = await this.get(tenant, submitted.job_id);
    if (job.status === 'failed') throw new SyncJobFailedError(job);
    return this.readResult(job);
  }

  /** Calls `listener` with the current JobRef, then with every change. Returns the unsubscribe function. */
  async subscribe(tenant: string, jobId: string, listener: JobListener): Promise<() => void> {
    await this.get(tenant, jobId);
    const deliver = changesOnly(listener);
    const unsubscribe = await this.options.events.subscribe(jobId, deliver);
    const current = await this.store.get(jobId);
    if (current) deliver(toJobRef(current.value));
    return unsubscribe;
  }

  /**
   * The tenant's jobs, newest first, filtered by status and operation, one page at a time. A next page is announced
   * only when a further matching job exists.
   */
  async list(tenant: string, request: JobListRequest = {}): Promise<Page<JobRef>> {
    const limit = pageSize(request.limit);
    const matches = (job: JobRecord) =>
      (!request.status || job.status === request.status) && (!request.operation || job.operation === request.operation);
    const items: JobRef[] = [];
    let after = decodeCursor(request.cursor, 'job');
    for (;;) {
      const ids = await this.store.pageIds(tenant, after, Math.max(limit + 1, LIST_BATCH));
      const jobs = await Promise.all(ids.map((id) => this.store.get(id)));
      for (const found of jobs) {
        if (!found || found.value.tenant !== tenant || !matches(found.value)) continue;
        if (items.length === limit) return { items, nextCursor: encodeCursor(items.at(-1)!.job_id) };
        items.push(toJobRef(found.value));
      }
      if (ids.length === 0 || ids.length < Math.max(limit + 1, LIST_BATCH)) return { items, nextCursor: null };
      after = ids.at(-1);
    }
  }

  /**
   * Cancels an unfinished job: a pending one is failed at once (a worker that gets its delivery acks it unrun); a
   * running one is marked, and its worker, which reads the mark within about a second, aborts the run and fails it.
   * Either ends `failed` with CANCELLED_ERROR. A finished job is a 409.
   */
  async cancel(tenant: string, jobId: string): Promise<JobRecord> {
    await this.get(tenant, jobId);
    let failedNow = false;
    const job = await this.store.mutate(jobId, (current) => {
      if (isFinished(current) || current.cancel_requested) return undefined;
      if (current.status !== 'pending') return { ...current, cancel_requested: true };
      failedNow = true;
      const now = nowSeconds();
      return {
        ...current,
        status: 'failed',
        cancel_requested: true,
        error: CANCELLED_ERROR,
        error_status: CANCELLED_STATUS,
        error_detail: CANCELLED_DETAIL,
        updated_at: now,
        expires_at: now + this.options.config.jobs.retentionDays * 86_400,
      };
    });
    if (!job) throw new NotFoundError('Job');
    if (isFinished(job) && !failedNow) throw new ConflictError({ status: job.status, job_id: job.job_id, error: job.error });
    this.options.logger.info({ jobId, status: job.status }, failedNow ? 'pending job cancelled' : 'running job asked to cancel');
    if (failedNow) await this.publish(job);
    return job;
  }

  /** Listing entries for jobs stored before listings existed (once per store). */
  backfillListing(): Promise<number> {
    return this.store.backfillListing(this.options.logger);
  }

  /** Deletes a finished job and its result; an unfinished one is a 409 (cancel it first). */
  async remove(tenant: string, jobId: string): Promise<void> {
    const job = await this.get(tenant, jobId);
    if (!isFinished(job)) throw new ConflictError({ status: job.status, job_id: job.job_id });
    await deleteJobData(this.store, this.options.blobs, job);
    this.options.logger.info({ jobId }, 'job deleted');
  }

  /** Unfinished jobs of the tenant (the per-key concurrent-jobs limit). */
  activeCount(tenant: string): Promise<number> {
    return this.store.countActive(tenant);
  }

  private async readResult(job: JobRecord): Promise<string> {
    try {
      return (await this.options.blobs.getBuffer(job.result_key ?? '')).toString('utf8');
    } catch (err) {
      // Deleted by the retention sweep between the status read and this one.
      if (err instanceof BlobNotFoundError) throw new NotFoundError('Job');
      throw err;
    }
  }

  /**
   * A sync job whose caller went away: nobody will read its result. Not started yet, it is failed (ABANDONED_ERROR)
   * and the worker that gets its delivery acks it without running it; started, it is cancelled like
   * POST /v1/jobs/{job_id}/cancel (its worker stops it within a cancel poll), freeing the worker for others.
   */
  private async abandon(jobId: string): Promise<void> {
    let outcome: 'dropped' | 'cancelling' | null = null;
    const job = await this.store.mutate(jobId, (current) => {
      if (isFinished(current) || current.cancel_requested) return undefined;
      if (current.status !== 'pending') return ((outcome = 'cancelling'), { ...current, cancel_requested: true });
      outcome = 'dropped';
      return { ...current, status: 'failed', error: ABANDONED_ERROR, updated_at: nowSeconds() };
    });
    if (!job || !outcome) return;
    if (outcome === 'cancelling') {
      this.options.logger.info({ jobId }, 'sync job abandoned by its client while running: cancelled');
      return;
    }
    this.options.logger.info({ jobId }, 'sync job abandoned by its client before it started: dropped');
    await this.publish(job);
  }

  /** The final JobRef, undefined once `budgetMs` passed, or 'abandoned' once `signal` aborted. */
  private waitForFinal(tenant: string, jobId: string, budgetMs: number, signal?: AbortSignal): Promise<JobRef | undefined | 'abandoned'> {
    return new Promise((resolve, reject) => {
      let settled = false;
      let unsubscribe: () => void = () => {};
      const onAbort = () => finish('abandoned');
      const finish = (ref: JobRef | undefined | 'abandoned') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        unsubscribe();
        resolve(ref);
      };
      const timer = setTimeout(() => finish(undefined), budgetMs);
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.subscribe(tenant, jobId, (ref) => {
        if (ref.status === 'completed' || ref.status === 'failed') finish(ref);
      }).then(
        (unsub) => {
          unsubscribe = unsub;
          if (settled) unsub();
        },
        (err) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          settled = true;
          reject(err);
        },
      );
    });
  }

  private async publish(job: JobRecord): Promise<void> {
    try {
      await this.options.events.publish(toJobRef(job));
    } catch (err) {
      this.options.logger.warn({ err, jobId: job.job_id }, 'job event not published');
    }
  }
}

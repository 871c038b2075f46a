import { UnavailableError } from '../shared/errors.ts';
import type { Logger } from '../shared/logger.ts';
import { admissibleInMs, drainMs, estimateWait, retryAfterSeconds, type Capacity } from './wait-estimate.ts';

/**
 * Admission control for sync requests. A sync request holds its connection until its job finishes; when the work
 * queued ahead would take longer than the caller's sync budget, the request would time out while its job still
 * costs a worker later (congestion collapse). So a sync request is refused at once with 503 and a Retry-After
 * derived from the backlog when its estimated wait (wait-estimate.ts: queue depth, worker slots, recent job
 * durations) exceeds its budget, or when the queue (jobs waiting or running, every process's) holds `limit` jobs.
 * Async requests are not bounded here (the per-key limit on unfinished jobs applies to them): queueing is what
 * they are for.
 */
export class JobQueueBusyError extends UnavailableError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(`The service is busy: ${detail}; retry later or use execution_mode async`, retryAfterSeconds);
  }
}

/** Room reserved for one sync job. queued(): its job is in the queue now; release(): the request is over (idempotent). */
export interface SyncTicket {
  queued(): void;
  release(): void;
}

export interface SyncAdmissionOptions {
  /** Jobs waiting or running in the queue (JobQueue.depth). */
  depth: () => Promise<number>;
  /** config.limits.maxQueuedJobs; 0 turns admission off (every sync request is admitted). */
  limit: number;
  /** Live worker slots and job durations (WorkerStatsReader); without it, or while nothing is known, only `limit` applies. */
  capacity?: () => Promise<Capacity>;
  /** Seconds a caller refused by the count is told to wait while no duration is known. */
  retryAfterSeconds?: number;
  logger: Logger;
}

const RETRY_AFTER_SECONDS = 2;

interface Held {
  /** Sequence number of the moment its job was queued; null while it is not. */
  queuedAt: number | null;
}

/**
 * The depth is read asynchronously (a NATS round trip), so a reading may predate jobs this process queued
 * meanwhile. Each admitted request's ticket is therefore held until the request ends, stamped with a sequence
 * number when its job is queued; a reading counts the tickets whose job it may have missed (not queued yet,
 * or queued after the reading began). A job is never missed; one queued while a reading was under way may be
 * counted twice, which only refuses a little early.
 */
export class SyncAdmission {
  private readonly held = new Set<Held>();
  private sequence = 0;

  constructor(private readonly options: SyncAdmissionOptions) {}

  /** Throws JobQueueBusyError (503 + Retry-After) when a job of `operation` would not finish within `budgetMs`. */
  async reserve(operation: string, budgetMs: number): Promise<SyncTicket> {
    const { limit } = this.options;
    if (limit <= 0) return this.admit();
    const readingStart = this.sequence;
    const [depth, capacity] = await Promise.all([this.readDepth(), this.readCapacity()]);
    // An unreadable depth is the queue's problem to report (submit answers 503 if it is down): admit.
    if (depth === undefined) return this.admit();
    // No await from here to the add: concurrent requests of this process cannot all pass on one reading.
    const total = depth + this.missedBy(readingStart);
    const estimate = capacity && estimateWait(capacity, total, operation);
    const refusedForMs = estimate ? admissibleInMs(estimate, budgetMs) : 0;
    if (estimate && refusedForMs > 0) {
      const detail = `the ${total} jobs queued or running need about ${Math.ceil(estimate.finishMs / 1000)} s before this request could be answered, past its ${Math.round(budgetMs / 1000)} s sync budget`;
      throw new JobQueueBusyError(detail, retryAfterSeconds(refusedForMs));
    }
    if (total >= limit) {
      const drain = capacity && drainMs(capacity, total - limit + 1);
      const retryAfter = drain === undefined ? (this.options.retryAfterSeconds ?? RETRY_AFTER_SECONDS) : retryAfterSeconds(drain);
      throw new JobQueueBusyError(`${total} jobs are queued or running (sync requests are admitted below ${limit})`, retryAfter);
    }
    return this.admit();
  }

  /** Requests admitted and not yet over (for tests and metrics). */
  get admitted(): number {
    return this.held.size;
  }

  private admit(): SyncTicket {
    const held: Held = { queuedAt: null };
    this.held.add(held);
    return {
      queued: () => {
        held.queuedAt ??= ++this.sequence;
      },
      release: () => {
        this.held.delete(held);
      },
    };
  }

  private async readDepth(): Promise<number | undefined> {
    try {
      return await this.options.depth();
    } catch (err) {
      this.options.logger.warn({ err }, 'sync admission: queue depth unavailable; admitting');
      return undefined;
    }
  }

  /** Unknown (undefined) when the worker records cannot be read: the count bound still applies. */
  private async readCapacity(): Promise<Capacity | undefined> {
    try {
      return await this.options.capacity?.();
    } catch (err) {
      this.options.logger.warn({ err }, 'sync admission: worker stats unavailable; bounding by count only');
      return undefined;
    }
  }

  /** Tickets a depth reading begun at `readingStart` may not include. */
  private missedBy(readingStart: number): number {
    let count = 0;
    for (const held of this.held) if (held.queuedAt === null || held.queuedAt > readingStart) count++;
    return count;
  }
}

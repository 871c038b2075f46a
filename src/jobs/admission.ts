import { UnavailableError } from '../shared/errors.ts';
import type { Logger } from '../shared/logger.ts';

/**
 * Admission control for sync requests. A sync request holds its connection until its job finishes; when more
 * jobs wait than the workers can finish within the callers' patience, every new sync request would wait past
 * its deadline while its job still costs a worker later (congestion collapse). So a sync request is admitted
 * only while the queue (jobs waiting or running, every process's) holds fewer than `limit` jobs; otherwise it
 * is answered at once with 503 and Retry-After. Async requests are not bounded here (the per-key limit on
 * unfinished jobs applies to them): queueing is what they are for.
 */
export class JobQueueBusyError extends UnavailableError {
  constructor(depth: number, limit: number, retryAfterSeconds: number) {
    super(`The service is busy: ${depth} jobs are queued or running (sync requests are admitted below ${limit}); retry later or use execution_mode async`, retryAfterSeconds);
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
  /** config.limits.maxQueuedJobs; 0 admits everything. */
  limit: number;
  /** Seconds a refused caller is told to wait. */
  retryAfterSeconds?: number;
  logger: Logger;
}

const NO_TICKET: SyncTicket = { queued() {}, release() {} };
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

  /** Throws JobQueueBusyError (503 + Retry-After) when the queue is full. */
  async reserve(): Promise<SyncTicket> {
    const { limit } = this.options;
    if (limit <= 0) return NO_TICKET;
    const readingStart = this.sequence;
    let depth: number;
    try {
      depth = await this.options.depth();
    } catch (err) {
      // An unreadable depth is the queue's problem to report (submit answers 503 if it is down): admit.
      this.options.logger.warn({ err }, 'sync admission: queue depth unavailable; admitting');
      return NO_TICKET;
    }
    // No await from here to the add: concurrent requests of this process cannot all pass on one reading.
    const total = depth + this.missedBy(readingStart);
    if (total >= limit) throw new JobQueueBusyError(total, limit, this.options.retryAfterSeconds ?? RETRY_AFTER_SECONDS);
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

  /** Tickets a depth reading begun at `readingStart` may not include. */
  private missedBy(readingStart: number): number {
    let count = 0;
    for (const held of this.held) if (held.queuedAt === null || held.queuedAt > readingStart) count++;
    return count;
  }

  /** Requests admitted and not yet over (for tests and metrics). */
  get admitted(): number {
    return this.held.size;
  }
}

import { EventEmitter } from 'node:events';
import type { Database, Statement } from 'better-sqlite3';
import type { Logger } from '../shared/logger.ts';
import { LeaseLostError } from './errors.ts';
import type { Consumer, Delivery, DeliveryHandler, JobQueue } from './ports.ts';

export interface EmbeddedQueueOptions {
  /** A silent consumer keeps a job this long before it is delivered again (config.jobs.leaseMs). */
  leaseMs: number;
  /** How often idle consumers look for work enqueued by other processes and for expired leases. */
  pollMs?: number;
  logger?: Logger;
  /** Close the database in close() (when the queue opened it). */
  ownsDb?: boolean;
}

interface Claimed {
  job_id: string;
  operation: string;
  attempts: number;
}

/** Wakes idle consumers of the same database file in this process as soon as something is enqueued. */
const wakeups = new EventEmitter();
wakeups.setMaxListeners(0);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS job_queue (
  job_id TEXT PRIMARY KEY,
  operation TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('ready', 'leased')),
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until INTEGER,
  available_at INTEGER NOT NULL,
  enqueued_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS job_queue_ready ON job_queue (state, available_at);
CREATE INDEX IF NOT EXISTS job_queue_leased ON job_queue (state, lease_until);`;

/**
 * SQLite work queue. Several processes may share the database file (WAL): a claim is one atomic
 * UPDATE..RETURNING, so a job is leased by one consumer at a time. A lease that is not renewed expires and
 * the job is claimed again with attempts + 1: this is the crash recovery for jobs of a dead process.
 * `attempts` also identifies the claim, so a consumer that lost its lease cannot ack or renew the new one.
 */
export class EmbeddedQueue implements JobQueue {
  private readonly pollMs: number;
  private readonly sql: Record<'enqueue' | 'claim' | 'renew' | 'ack' | 'nak' | 'depth' | 'ping', Statement>;

  constructor(
    private readonly db: Database,
    private readonly options: EmbeddedQueueOptions,
  ) {
    this.pollMs = options.pollMs ?? 250;
    db.exec(SCHEMA);
    this.sql = {
      enqueue: db.prepare(`INSERT OR IGNORE INTO job_queue (job_id, operation, state, attempts, lease_until, available_at, enqueued_at)
        VALUES (?, ?, 'ready', 0, NULL, ?, ?)`),
      claim: db.prepare(`UPDATE job_queue SET state = 'leased', attempts = attempts + 1, lease_until = @leaseUntil
        WHERE job_id = (SELECT job_id FROM job_queue
          WHERE (state = 'ready' AND available_at <= @now) OR (state = 'leased' AND lease_until <= @now)
          ORDER BY available_at, enqueued_at LIMIT 1)
        RETURNING job_id, operation, attempts`),
      renew: db.prepare(`UPDATE job_queue SET lease_until = ? WHERE job_id = ? AND attempts = ? AND state = 'leased'`),
      ack: db.prepare(`DELETE FROM job_queue WHERE job_id = ? AND attempts = ?`),
      nak: db.prepare(`UPDATE job_queue SET state = 'ready', lease_until = NULL, available_at = ?
        WHERE job_id = ? AND attempts = ? AND state = 'leased'`),
      depth: db.prepare(`SELECT COUNT(*) AS n FROM job_queue`),
      ping: db.prepare(`SELECT 1`),
    };
  }

  async enqueue(jobId: string, operation: string): Promise<void> {
    const now = Date.now();
    this.sql.enqueue.run(jobId, operation, now, now);
    wakeups.emit(this.db.name);
  }

  consume(handler: DeliveryHandler, concurrency: number): Consumer {
    return new EmbeddedConsumer(this, handler, Math.max(1, concurrency), this.pollMs, this.db.name);
  }

  async depth(): Promise<number> {
    return (this.sql.depth.get() as { n: number }).n;
  }

  async ping(): Promise<void> {
    this.sql.ping.get();
  }

  async close(): Promise<void> {
    if (this.options.ownsDb && this.db.open) this.db.close();
  }

  /** @internal Lease the next available job, if any. */
  claim(): Delivery | undefined {
    const now = Date.now();
    const row = this.sql.claim.get({ now, leaseUntil: now + this.options.leaseMs }) as Claimed | undefined;
    return row ? this.delivery(row) : undefined;
  }

  /** @internal */
  get logger(): Logger | undefined {
    return this.options.logger;
  }

  private delivery(row: Claimed): Delivery {
    const { job_id: jobId, attempts } = row;
    let settled = false;
    const settle = (what: string): boolean => {
      if (settled) {
        this.options.logger?.warn({ jobId, attempt: attempts }, `embedded queue: ${what} after the delivery was settled`);
        return false;
      }
      return (settled = true);
    };
    return {
      jobId,
      operation: row.operation,
      attempt: attempts,
      heartbeat: async () => {
        const { changes } = this.sql.renew.run(Date.now() + this.options.leaseMs, jobId, attempts);
        if (changes === 0 && !settled) throw new LeaseLostError(jobId);
      },
      ack: async () => {
        if (settle('ack')) this.sql.ack.run(jobId, attempts);
      },
      nak: async (delayMs = 0) => {
        if (!settle('nak')) return;
        this.sql.nak.run(Date.now() + Math.max(0, delayMs), jobId, attempts);
        if (delayMs <= 0) wakeups.emit(this.db.name);
      },
    };
  }
}

/** Claims while below the concurrency bound; sleeps until an enqueue, a finished delivery or the poll tick. */
class EmbeddedConsumer implements Consumer {
  private running = true;
  private readonly inflight = new Set<Promise<void>>();
  private wake: () => void = () => {};
  private readonly onEnqueue = () => this.wake();
  private readonly loop: Promise<void>;

  constructor(
    private readonly queue: EmbeddedQueue,
    private readonly handler: DeliveryHandler,
    private readonly concurrency: number,
    private readonly pollMs: number,
    private readonly channel: string,
  ) {
    wakeups.on(channel, this.onEnqueue);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    wakeups.off(this.channel, this.onEnqueue);
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inflight]);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.claimWhileFree();
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wake = () => {};
          resolve();
        };
        const timer = setTimeout(done, this.pollMs);
        this.wake = done;
      });
    }
  }

  private claimWhileFree(): void {
    while (this.running && this.inflight.size < this.concurrency) {
      let delivery: Delivery | undefined;
      try {
        delivery = this.queue.claim();
      } catch (err) {
        // SQLITE_BUSY beyond the busy timeout or a closed database: try again on the next tick.
        this.queue.logger?.warn({ err }, 'embedded queue: claim failed');
        return;
      }
      if (!delivery) return;
      const task: Promise<void> = this.dispatch(delivery).finally(() => {
        this.inflight.delete(task);
        this.wake();
      });
      this.inflight.add(task);
    }
  }

  private async dispatch(delivery: Delivery): Promise<void> {
    try {
      await this.handler(delivery);
    } catch (err) {
      // A delivery handler should settle deliveries itself; if it throws, give the job back after a pause.
      this.queue.logger?.error({ err, jobId: delivery.jobId }, 'embedded queue: delivery handler threw');
      await delivery.nak(1000).catch(() => {});
    }
  }
}

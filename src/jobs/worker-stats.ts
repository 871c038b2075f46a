import { newId } from '../shared/ids.ts';
import type { Logger } from '../shared/logger.ts';
import type { MetadataStore } from '../storage/mod.ts';
import { DurationAverages, mergeWorkerStats, type Capacity, type WorkerStats } from './wait-estimate.ts';

/**
 * Workers describe themselves in the metadata collection `workers` (one record per worker process: its slots and
 * the moving averages of its job durations), refreshed every PUBLISH_INTERVAL_MS, so that an api process, which may
 * run no worker at all (NATS deployments), can estimate how long a sync request would wait.
 */
export const PUBLISH_INTERVAL_MS = 5_000;
/** A record not refreshed for this long belongs to a worker that is gone (killed without deleting it). */
export const STALE_MS = 3 * PUBLISH_INTERVAL_MS;
/** Records of gone workers older than this are deleted when a worker starts. */
const FORGET_MS = 3600_000;
/** Admission reads the records at most this often; requests in between share the reading. */
const READ_TTL_MS = 1_000;

/** The worker side: measures its jobs and publishes its record until stopped. */
export class WorkerStatsPublisher {
  private readonly id = newId('worker');
  private readonly averages = new DurationAverages();
  private timer: NodeJS.Timeout | undefined;
  /** Store writes one after another; stop() waits for them, so no write lands after the record's removal. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly metadata: MetadataStore,
    private readonly slots: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.enqueue(() => this.forgetGoneWorkers());
    this.enqueue(() => this.publish());
    this.timer = setInterval(() => this.enqueue(() => this.publish()), PUBLISH_INTERVAL_MS);
    this.timer.unref();
  }

  /** A completed job's run time. */
  observe(operation: string, ms: number): void {
    this.averages.observe(operation, ms);
  }

  /** Resolves once the writes issued so far (the first record, at start) have landed. */
  published(): Promise<void> {
    return this.writes;
  }

  /** Stops publishing and removes the record: this worker's slots no longer count. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.writes;
    await this.metadata.delete('workers', this.id).catch((err) => this.logger.warn({ err }, 'worker stats record not removed'));
  }

  private enqueue(write: () => Promise<void>): void {
    this.writes = this.writes.then(write);
  }

  private async publish(): Promise<void> {
    const record: WorkerStats = { slots: this.slots, seen_at_ms: Date.now(), ...this.averages.snapshot() };
    try {
      await this.metadata.put('workers', this.id, record);
    } catch (err) {
      this.logger.warn({ err }, 'worker stats not published');
    }
  }

  private async forgetGoneWorkers(): Promise<void> {
    try {
      const records = await this.metadata.list<WorkerStats>('workers');
      const old = records.filter((r) => Date.now() - r.value.seen_at_ms > FORGET_MS);
      for (const r of old) await this.metadata.delete('workers', r.id);
    } catch (err) {
      this.logger.warn({ err }, 'old worker stats not removed');
    }
  }
}

/** The api side: every live worker's record, merged, read at most once per READ_TTL_MS. */
export class WorkerStatsReader {
  private cached: { at: number; value: Promise<Capacity> } | undefined;

  constructor(private readonly metadata: MetadataStore) {}

  capacity(now = Date.now()): Promise<Capacity> {
    if (!this.cached || now - this.cached.at > READ_TTL_MS) {
      const value = this.metadata.list<WorkerStats>('workers').then((rows) =>
        mergeWorkerStats(
          rows.map((r) => r.value),
          Date.now(),
          STALE_MS,
        ),
      );
      // A failed reading is not kept: the next request reads again.
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
      this.cached = { at: now, value };
    }
    return this.cached.value;
  }
}

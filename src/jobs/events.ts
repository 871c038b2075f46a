import { EventEmitter } from 'node:events';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from '../shared/logger.ts';
import type { MetadataStore } from '../storage/mod.ts';
import { isFinished } from './job-store.ts';
import { toJobRef, type JobEvents, type JobListener, type JobRecord, type JobRef } from './ports.ts';

/**
 * Wraps a listener so it sees each JobRef change once and never goes back in time: the same change may
 * arrive twice (an in-process event and a store poll) and events from other processes may race. `updated_at`
 * has whole seconds, so it cannot order changes made within one second: a finished job is final (a late
 * progress event of its last attempt is dropped), and within one second and one status progress only grows.
 * A retry goes back to `pending` first, so its progress may start again from zero.
 */
export function changesOnly(listener: JobListener): JobListener {
  let last: JobRef | undefined;
  let lastJson = '';
  return (ref) => {
    if (last && isStale(ref, last)) return;
    const json = JSON.stringify(ref);
    if (json === lastJson) return;
    last = ref;
    lastJson = json;
    listener(ref);
  };
}

function isStale(ref: JobRef, last: JobRef): boolean {
  if (ref.updated_at < last.updated_at) return true;
  if (isFinished(last) && !isFinished(ref)) return true;
  const sameMoment = ref.updated_at === last.updated_at && ref.status === last.status;
  return sameMoment && (ref.progress?.done ?? 0) < (last.progress?.done ?? 0);
}

function safeCall(listener: JobListener, ref: JobRef, logger?: Logger): void {
  try {
    listener(ref);
  } catch (err) {
    logger?.warn({ err, jobId: ref.job_id }, 'job event listener threw');
  }
}

/**
 * Embedded events: an in-process EventEmitter for changes made in this process, plus a poll of the job
 * record per active subscription, so an api process sees the changes a worker process sharing the SQLite
 * file makes.
 */
export class EmbeddedJobEvents implements JobEvents {
  private readonly emitter = new EventEmitter();
  private readonly pollers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly metadata: MetadataStore,
    private readonly options: { pollMs?: number; logger?: Logger } = {},
  ) {
    this.emitter.setMaxListeners(0);
  }

  async publish(ref: JobRef): Promise<void> {
    this.emitter.emit(ref.job_id, ref);
  }

  async subscribe(jobId: string, listener: JobListener): Promise<() => void> {
    const deliver = changesOnly((ref) => safeCall(listener, ref, this.options.logger));
    this.emitter.on(jobId, deliver);
    let polling = false;
    const poller = setInterval(async () => {
      if (polling) return;
      polling = true;
      try {
        const record = await this.metadata.get<JobRecord>('jobs', jobId);
        if (record && this.pollers.has(poller)) deliver(toJobRef(record.value));
      } catch (err) {
        this.options.logger?.warn({ err, jobId }, 'job events: poll failed');
      } finally {
        polling = false;
      }
    }, this.options.pollMs ?? 300);
    poller.unref();
    this.pollers.add(poller);
    return () => {
      this.emitter.off(jobId, deliver);
      clearInterval(poller);
      this.pollers.delete(poller);
    };
  }

  async close(): Promise<void> {
    for (const poller of this.pollers) clearInterval(poller);
    this.pollers.clear();
    this.emitter.removeAllListeners();
  }
}

/** NATS events: core pub/sub on docintel.events.jobs.<job_id> (fire and forget; the record is the truth). */
export class NatsJobEvents implements JobEvents {
  private readonly subscriptions = new Set<Subscription>();
  private readonly prefix: string;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: { subjectPrefix?: string; logger?: Logger } = {},
  ) {
    this.prefix = options.subjectPrefix ?? 'docintel.events.jobs';
  }

  async publish(ref: JobRef): Promise<void> {
    this.nc.publish(`${this.prefix}.${ref.job_id}`, JSON.stringify(ref));
  }

  async subscribe(jobId: string, listener: JobListener): Promise<() => void> {
    const deliver = changesOnly((ref) => safeCall(listener, ref, this.options.logger));
    const sub = this.nc.subscribe(`${this.prefix}.${jobId}`, {
      callback: (err, msg) => {
        if (err) return this.options.logger?.warn({ err, jobId }, 'job events: subscription error');
        try {
          deliver(msg.json<JobRef>());
        } catch (parseErr) {
          this.options.logger?.warn({ err: parseErr, jobId }, 'job events: bad event payload');
        }
      },
    });
    this.subscriptions.add(sub);
    // Make sure the server has the interest before the caller reads the current state (no lost change).
    await this.nc.flush();
    return () => {
      this.subscriptions.delete(sub);
      sub.unsubscribe();
    };
  }

  async close(): Promise<void> {
    for (const sub of this.subscriptions) sub.unsubscribe();
    this.subscriptions.clear();
  }
}

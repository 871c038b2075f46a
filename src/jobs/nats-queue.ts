import { AckPolicy, DeliverPolicy, JetStreamApiError, RetentionPolicy, StorageType, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { JetStreamClient, JetStreamManager, JsMsg, Consumer as JsConsumer } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../shared/logger.ts';
import type { Consumer, Delivery, DeliveryHandler, JobQueue } from './ports.ts';

export interface NatsQueueOptions {
  /** ack_wait: a silent worker keeps a job this long before JetStream redelivers it (config.jobs.leaseMs). */
  leaseMs: number;
  stream?: string;
  subjectPrefix?: string;
  durable?: string;
  duplicateWindowMs?: number;
  logger?: Logger;
}

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;
const PULL_EXPIRES_MS = 1000;
/**
 * No max_deliver: a job delayed while a dependency is down is delivered again and again without spending its
 * attempts, and the worker fails one whose runs were lost too often itself (JobRecord.lost_runs). A server-side
 * bound would leave such jobs undelivered and `pending` for ever.
 */
const UNLIMITED_DELIVERIES = -1;
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/**
 * JetStream work queue: stream DOCINTEL_JOBS (work-queue retention) with subjects docintel.jobs.<operation>,
 * one durable pull consumer shared by all workers, explicit acks. Publishing uses the job id as msgID, so the
 * stream drops duplicates within its duplicate window.
 */
export class NatsQueue implements JobQueue {
  private readonly stream: string;
  private readonly prefix: string;
  private readonly durable: string;

  private constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsQueueOptions,
  ) {
    this.stream = options.stream ?? 'DOCINTEL_JOBS';
    this.prefix = options.subjectPrefix ?? 'docintel.jobs';
    this.durable = options.durable ?? 'docintel-workers';
  }

  /** Connects JetStream and creates (or updates) the stream and the consumer; safe to call from every process. */
  static async create(nc: NatsConnection, options: NatsQueueOptions): Promise<NatsQueue> {
    const jsm = await jetstreamManager(nc);
    const queue = new NatsQueue(jetstream(nc), jsm, options);
    await queue.ensureStream();
    await queue.ensureConsumer();
    return queue;
  }

  private async ensureStream(): Promise<void> {
    const config = {
      subjects: [`${this.prefix}.>`],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: nanos(this.options.duplicateWindowMs ?? 2 * 60_000),
    };
    try {
      await this.jsm.streams.info(this.stream);
      return;
    } catch (err) {
      if (!isApiError(err, STREAM_NOT_FOUND)) throw err;
    }
    try {
      await this.jsm.streams.add({ name: this.stream, ...config });
    } catch (err) {
      // Another process created it between our info and add.
      await this.jsm.streams.info(this.stream).catch(() => Promise.reject(err));
    }
  }

  private async ensureConsumer(): Promise<void> {
    const wanted = { ack_wait: nanos(this.options.leaseMs), max_deliver: UNLIMITED_DELIVERIES };
    try {
      const info = await this.jsm.consumers.info(this.stream, this.durable);
      if (info.config.ack_wait !== wanted.ack_wait || info.config.max_deliver !== wanted.max_deliver) {
        await this.jsm.consumers.update(this.stream, this.durable, wanted);
      }
      return;
    } catch (err) {
      if (!isApiError(err, CONSUMER_NOT_FOUND)) throw err;
    }
    const config = { durable_name: this.durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...wanted };
    try {
      await this.jsm.consumers.add(this.stream, config);
    } catch (err) {
      await this.jsm.consumers.info(this.stream, this.durable).catch(() => Promise.reject(err));
    }
  }

  async enqueue(jobId: string, operation: string): Promise<void> {
    if (!SUBJECT_TOKEN.test(operation)) throw new Error(`operation "${operation}" is not a valid subject token`);
    await this.js.publish(`${this.prefix}.${operation}`, jobId, { msgID: jobId });
  }

  consume(handler: DeliveryHandler, concurrency: number): Consumer {
    return new NatsConsumer(
      () => this.js.consumers.get(this.stream, this.durable),
      handler,
      Math.max(1, concurrency),
      this.prefix,
      this.options.logger,
    );
  }

  async depth(): Promise<number> {
    return (await this.jsm.streams.info(this.stream)).state.messages;
  }

  async ping(): Promise<void> {
    await this.jsm.streams.info(this.stream);
  }

  /** The connection belongs to the caller; nothing to release here. */
  async close(): Promise<void> {}
}

/** One pull loop per slot (no prefetch): a message is only pulled when a slot is free to run it. */
class NatsConsumer implements Consumer {
  private running = true;
  private readonly slots: Promise<void>[];
  private consumer: Promise<JsConsumer> | null = null;

  constructor(
    private readonly lookup: () => Promise<JsConsumer>,
    private readonly handler: DeliveryHandler,
    concurrency: number,
    private readonly prefix: string,
    private readonly logger?: Logger,
  ) {
    this.slots = Array.from({ length: concurrency }, () => this.slot());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.allSettled(this.slots);
  }

  private async slot(): Promise<void> {
    while (this.running) {
      let msg: JsMsg | null;
      try {
        msg = await (await this.durableConsumer()).next({ expires: PULL_EXPIRES_MS });
      } catch (err) {
        this.logger?.warn({ err }, 'nats queue: pull failed');
        await new Promise((r) => setTimeout(r, PULL_EXPIRES_MS));
        continue;
      }
      if (!msg) continue;
      if (!this.running) {
        msg.nak();
        break;
      }
      await this.dispatch(msg);
    }
  }

  /**
   * The durable consumer, looked up once and shared by the slots. A lookup that failed (NATS down or restarting
   * when the worker started, which may be late: it waits for its inference process) is forgotten so the next pull
   * looks it up again; kept, its rejection would stop this worker from ever taking a job.
   */
  private durableConsumer(): Promise<JsConsumer> {
    if (!this.consumer) {
      const lookup = this.lookup();
      this.consumer = lookup;
      lookup.catch(() => {
        if (this.consumer === lookup) this.consumer = null;
      });
    }
    return this.consumer;
  }

  private async dispatch(msg: JsMsg): Promise<void> {
    const delivery = this.delivery(msg);
    try {
      await this.handler(delivery);
    } catch (err) {
      this.logger?.error({ err, jobId: delivery.jobId }, 'nats queue: delivery handler threw');
      await delivery.nak(1000).catch(() => {});
    }
  }

  private delivery(msg: JsMsg): Delivery {
    let settled = false;
    return {
      jobId: msg.string(),
      operation: msg.subject.slice(this.prefix.length + 1),
      attempt: msg.info.deliveryCount,
      heartbeat: async () => {
        if (!settled) msg.working();
      },
      ack: async () => {
        if (settled) return;
        settled = true;
        await msg.ackAck();
      },
      nak: async (delayMs = 0) => {
        if (settled) return;
        settled = true;
        msg.nak(delayMs > 0 ? delayMs : undefined);
      },
    };
  }
}

import type { Config } from '../shared/config.ts';
import { createLogger, type Logger } from '../shared/logger.ts';
import { type BlobStore, type MetadataStore, type NatsConnection, openSqlite, sqlitePath } from '../storage/mod.ts';
import { EmbeddedQueue } from './embedded-queue.ts';
import { EmbeddedJobEvents, NatsJobEvents } from './events.ts';
import type { ExtraHandlerDeps, JobHandler } from './handler.ts';
import { NatsQueue } from './nats-queue.ts';
import type { JobEvents, JobQueue } from './ports.ts';
import { buildHandlerRegistry } from './registry.ts';
import { JobService } from './service.ts';
import { JobWorker, type JobWorkerOptions } from './worker.ts';

// The request schemas of the operations: the routes validate them, the handlers' request types are read from them.
export { closedProperties, processingProperties, type ProcessingRequest } from './requests/common.ts';
export {
  chartsProperties,
  classifyProperties,
  equationsProperties,
  layoutProperties,
  ocrProperties,
  parseProperties,
  splitProperties,
  tablesProperties,
} from './requests/documents.ts';
export { extractProperties, schemaAutoProperties } from './requests/extract.ts';
export { askProperties } from './requests/ask.ts';
export { synthesizeProperties, type SynthesizeRequest } from './requests/synthesize.ts';

export interface JobSystem {
  queue: JobQueue;
  events: JobEvents;
  service: JobService;
  /** Closes the queue and events (not the stores or the NATS connection, which belong to the caller). */
  close(): Promise<void>;
}

export interface JobSystemDeps {
  metadata: MetadataStore;
  blobs: BlobStore;
  /** Required when config.natsUrl is set. */
  nats?: NatsConnection;
  logger?: Logger;
}

/** Embedded (SQLite queue in DATA_DIR/docintel.db + in-process events) or NATS, by config.natsUrl. */
export async function createJobSystem(config: Config, deps: JobSystemDeps): Promise<JobSystem> {
  const logger = deps.logger ?? silentLogger();
  let queue: JobQueue;
  let events: JobEvents;
  if (config.natsUrl === null) {
    const db = openSqlite(sqlitePath(config));
    queue = new EmbeddedQueue(db, { leaseMs: config.jobs.leaseMs, logger, ownsDb: true });
    events = new EmbeddedJobEvents(deps.metadata, { logger });
  } else {
    if (!deps.nats) throw new Error('createJobSystem: config.natsUrl is set but no NATS connection was given');
    queue = await NatsQueue.create(deps.nats, { leaseMs: config.jobs.leaseMs, logger });
    events = new NatsJobEvents(deps.nats, { logger });
  }
  const service = new JobService({ metadata: deps.metadata, blobs: deps.blobs, queue, events, config, logger });
  return {
    queue,
    events,
    service,
    async close() {
      await events.close();
      await queue.close();
    },
  };
}

export interface WorkerSetup {
  handlers: JobHandler[];
  /** Operations the API accepts: startup fails when one has no handler. */
  requiredOperations: string[];
  /** Extra handler dependencies (inference client, ...). */
  deps?: ExtraHandlerDeps;
  webhookSecret?: string | null;
  /** Other retention sweeps (files) run on the job sweep's timer. */
  sweeps?: JobWorkerOptions['sweeps'];
}

/** A JobWorker over a job system; throws HandlerRegistryError when handlers and operations do not match. */
export function createJobWorker(config: Config, system: JobSystem, stores: JobSystemDeps, setup: WorkerSetup): JobWorker {
  const registry = buildHandlerRegistry(setup.handlers, setup.requiredOperations);
  return new JobWorker({
    queue: system.queue,
    events: system.events,
    metadata: stores.metadata,
    blobs: stores.blobs,
    registry,
    config,
    logger: stores.logger ?? silentLogger(),
    deps: setup.deps,
    webhookSecret: setup.webhookSecret,
    sweeps: setup.sweeps,
  });
}

function silentLogger(): Logger {
  return createLogger('silent', 'jobs');
}

export type { JobProgress, JobQueue, JobRef } from './ports.ts';
export type { JobListRequest, JobService } from './service.ts';
export type { JobWorker } from './worker.ts';
export { lazyChunkIndex } from './handlers/ask-documents.ts';
export { derivedDataRemover } from './handlers/derived-data.ts';
export { requestedSchema } from './handlers/extract.handler.ts';
export { allHandlers } from './handlers/index.ts';
export { schemaAutoFileIds } from './handlers/schema-auto.handler.ts';
export { toJobRef } from './ports.ts';
export { UsageLedger, utcDay } from './usage.ts';
export { deliveriesOf, deliveryStatus } from './webhook-log.ts';
export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, TIMESTAMP_HEADER, tenantWebhookSecret } from './webhook-signature.ts';
export { webhookTargetProblem } from './webhook-target.ts';

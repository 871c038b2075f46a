import { mkdir } from 'node:fs/promises';
import type { Config } from './shared/config.ts';
import type { Logger } from './shared/logger.ts';
import { ENGINE_VERSION } from './shared/version.ts';
import { connectNats, createStores, type NatsConnection, type Stores } from './storage/mod.ts';
import {
  allHandlers,
  createJobSystem,
  createJobWorker,
  derivedDataRemover,
  type JobSystem,
  type JobWorker,
  lazyChunkIndex,
} from './jobs/mod.ts';
import { createDocumentPool, type DocumentPool } from './pipeline/document/mod.ts';
import { InferenceClient, InferenceSupervisor } from './inference/mod.ts';
import { FileService, sweepExpiredFiles } from './files/mod.ts';
import { createLlmPort } from './pipeline/extract/mod.ts';
import { openChunkIndex } from './index/mod.ts';
import { type AppContext, type KeyRing, PROCESSING_OPERATIONS, type ReadinessCheck, type ReadinessFacts } from './api/mod.ts';
import { PRIVATE_DIR_MODE } from './shared/private-fs.ts';
import { loadWebhookSecret } from './shared/secrets.ts';
import { applyHeapGrowth } from './shared/heap.ts';
import { recordInferenceProviders } from './shared/metrics.ts';

/**
 * The composition root: builds the stores, job system, document pool, inference connection, file service and
 * (optionally) a worker, for one process role. Tests build the same runtime with their own configuration.
 */
export interface RuntimeOptions {
  worker: boolean;
  /** 'spawn': supervise a local sidecar when no DOCINTEL_INFERENCE_ADDR is set; 'connect': only use configured addresses. */
  inference: 'spawn' | 'connect';
  /** Where a spawned sidecar listens; default the supervisor's (unix:DATA_DIR/inference.sock). */
  inferenceAddress?: string;
}

export interface Runtime {
  config: Config;
  logger: Logger;
  version: string;
  stores: Stores;
  jobs: JobSystem;
  pool: DocumentPool;
  files: FileService;
  inference: InferenceClient | null;
  supervisor: InferenceSupervisor | null;
  worker: JobWorker | null;
  readiness: ReadinessCheck[];
  /** Settles when the spawned sidecar first answers (at once without one); rejects if closed before then. */
  inferenceReady: Promise<void>;
  /** Stops the worker (running jobs are released for redelivery), then closes everything else. */
  close(): Promise<void>;
}

async function startInference(config: Config, logger: Logger, options: RuntimeOptions) {
  if (config.inferenceAddrs.length > 0) return { client: InferenceClient.fromConfig(config), supervisor: null, ready: null };
  if (options.inference === 'connect') return { client: null, supervisor: null, ready: null };
  const supervisor = new InferenceSupervisor({
    config,
    logger: logger.child({ component: 'inference-supervisor' }),
    address: options.inferenceAddress,
  });
  // Not awaited: the api listens (and /readyz reports inference failing) while the sidecar starts; a sidecar
  // that cannot start must not take /healthz down with it.
  const ready = supervisor.start().then(() => undefined);
  ready.catch(() => undefined); // it rejects only when closed first: nothing waits for it then
  return { client: InferenceClient.fromConfig(config, [supervisor.address]), supervisor, ready };
}

/** The worker takes jobs once its sidecar first answers, so jobs are not failed for inference still loading. */
function startWorkerWhenReady(worker: JobWorker, ready: Promise<void> | null, closing: () => boolean): void {
  if (!ready) return worker.start();
  void ready.then(
    () => {
      if (!closing()) worker.start();
    },
    () => undefined,
  );
}

async function checkInference(client: InferenceClient, supervisor: InferenceSupervisor | null): Promise<ReadinessFacts> {
  const health = await client.health({ deadlineMs: 2000 });
  // A server some earlier process left on our socket (an orphaned sidecar, until ours takes over) answers too.
  if (supervisor && health.pid !== supervisor.pid)
    throw new Error(`answered by pid ${health.pid}, not by our sidecar (${supervisor.pid ?? 'none running'})`);
  recordInferenceProviders(health.execution_providers);
  return { execution_providers: health.execution_providers, onnxruntime_version: health.onnxruntime_version };
}

export async function createRuntime(config: Config, logger: Logger, options: RuntimeOptions): Promise<Runtime> {
  applyHeapGrowth(config.heapGrowthPercent);
  await mkdir(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const nats: NatsConnection | undefined = config.natsUrl
    ? await connectNats(config.natsUrl, `docintel-${process.pid}`, logger)
    : undefined;
  const stores = await createStores(config, { nats, logger });
  const jobs = await createJobSystem(config, { metadata: stores.metadata, blobs: stores.blobs, nats, logger });
  const pool = createDocumentPool(config.jobs.renderThreads, {
    limits: { maxPages: config.limits.maxPages, maxPagePixels: config.limits.maxPagePixels },
    taskTimeoutMs: config.jobs.documentTaskTimeoutMs,
  });
  // The ask chunk index (LanceDB), opened by the first ask this worker runs (or the first file deletion).
  const askIndex = lazyChunkIndex(() => openChunkIndex({ uri: config.lancedbUri, logger: logger.child({ component: 'ask-index' }) }));
  const removeDerived = derivedDataRemover(stores.blobs, askIndex);
  const files = new FileService({ metadata: stores.metadata, blobs: stores.blobs, pool, limits: config.limits, logger, removeDerived });
  const { client: inference, supervisor, ready: inferenceReady } = await startInference(config, logger, options);
  let closing = false;

  let worker: JobWorker | null = null;
  if (options.worker) {
    worker = createJobWorker(
      config,
      jobs,
      { metadata: stores.metadata, blobs: stores.blobs, logger },
      {
        handlers: allHandlers,
        requiredOperations: PROCESSING_OPERATIONS,
        // `llm`: the optional LLM port extraction may ask (null: extraction uses its own rules only).
        deps: {
          pool,
          files,
          inference,
          llm: config.llm ? createLlmPort(config.llm) : null,
          askIndex,
          extractCalibration: config.extractCalibration,
        },
        webhookSecret: await loadWebhookSecret(config),
        sweeps: [(now) => sweepExpiredFiles(files, config.fileRetentionDays, logger, now)],
      },
    );
    // Once per store (a marker after): older records get their listing entries before this worker takes jobs.
    await Promise.all([files.backfillListing(), jobs.service.backfillListing()]).catch((err) =>
      logger.warn({ err }, 'listing backfill failed; it runs again at the next start'),
    );
    startWorkerWhenReady(worker, inferenceReady, () => closing);
  }

  const readiness: ReadinessCheck[] = [
    { name: 'metadata', check: () => stores.metadata.ping() },
    { name: 'blobs', check: () => stores.blobs.ping() },
    { name: 'queue', check: () => jobs.queue.ping() },
  ];
  if (inference) readiness.push({ name: 'inference', check: () => checkInference(inference, supervisor) });

  return {
    config,
    logger,
    version: ENGINE_VERSION,
    stores,
    jobs,
    pool,
    files,
    inference,
    supervisor,
    worker,
    readiness,
    inferenceReady: inferenceReady ?? Promise.resolve(),
    async close() {
      closing = true;
      await worker?.stop();
      await jobs.close();
      await askIndex.close();
      await stores.close();
      if (nats && !nats.isClosed()) await nats.drain();
      inference?.close();
      await supervisor?.stop();
      await pool.destroy();
    },
  };
}

/** What the HTTP app needs from a runtime, with the API keys it accepts. */
export function appContext(runtime: Runtime, keys: KeyRing): AppContext {
  return {
    config: runtime.config,
    logger: runtime.logger,
    version: runtime.version,
    keys,
    metadata: runtime.stores.metadata,
    blobs: runtime.stores.blobs,
    queue: runtime.jobs.queue,
    jobs: runtime.jobs.service,
    files: runtime.files,
    readiness: runtime.readiness,
  };
}

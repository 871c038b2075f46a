import { existsSync, readFileSync } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import { blobsDir, FsBlobStore } from '../storage/mod.ts';
import { EmbeddingModels, EmbeddingModelUnavailableError, InvalidEmbedRequestError } from './embed/models.ts';
import { embedTexts } from './embed/rpc.ts';
import { QueueAbortedError, QueueFullError, ServerDrainingError } from './errors.ts';
import { ModelRegistry, toModelInfo } from './models.ts';
import { callDeadline, callSignal, InvalidOcrRequestError, recognizeOne, type OcrRpcDeps } from './ocr-rpc.ts';
import { OcrEngines, OcrModelUnavailableError } from './ocr/engines.ts';
import { OcrLanes } from './ocr/lanes/lanes.ts';
import { ImageDecodeError } from './ocr/image.ts';
import { REPO_ROOT } from '../shared/repo-root.ts';
import { loadInferenceProto, MAX_MESSAGE_BYTES } from './proto.ts';
import { BoundedQueue } from './queue.ts';
import { IdleRelease } from './idle-release.ts';
import { probeRuntime } from './runtime.ts';
import type { ServerContext } from './server-context.ts';
import { forgetOwner, recordOwner, takeOverFromOrphan } from './socket-owner.ts';
import type {
  EmbedRequest,
  EmbedResponse,
  HealthResponse,
  ListModelsResponse,
  RecognizePageRequest,
  RecognizePageResponse,
} from './types.ts';

export interface InferenceServerOptions {
  /** 'unix:/path/to.sock' or 'host:port' (port 0 picks a free one). */
  listen: string;
  config: Config;
  logger: Logger;
  manifestPath?: string;
  modelsDir?: string;
  /**
   * Heavy requests run at once (default: one per OCR lane, at least one); more wait in the queue (bounded by
   * config.inference.queueLimit).
   */
  queueConcurrency?: number;
  /** How long stop() lets running calls finish before cutting them off. */
  shutdownGraceMs?: number;
}

export interface InferenceServer {
  /** The bound address, with the real port when 0 was asked for. */
  address: string;
  queue: BoundedQueue;
  registry: ModelRegistry;
  /** Closes the models after quiet spells (config.inference.idleReleaseMs). */
  idleRelease: IdleRelease;
  stop(): Promise<void>;
}

export async function startInferenceServer(options: InferenceServerOptions): Promise<InferenceServer> {
  const { config, logger } = options;
  const registry = await ModelRegistry.load({ manifestPath: options.manifestPath, modelsDir: options.modelsDir });
  const ctx: ServerContext = {
    queue: new BoundedQueue(options.queueConcurrency ?? Math.max(1, config.inference.ocrLanes), config.inference.queueLimit),
    registry,
    runtime: await probeRuntime(),
    version: readPackageVersion(),
    startedAt: Date.now(),
    draining: false,
    logger,
  };
  for (const warning of ctx.runtime.warnings) logger.warn(warning);
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  const engines = new OcrEngines(registry, {
    executionProviders: ctx.runtime.executionProviders,
    threads: config.inference.threads,
    recognizerThreads: config.inference.ocrRecognizerThreads,
  });
  const ocr: OcrRpcDeps = {
    engines,
    // Embedded deployments share DATA_DIR; with NATS the object store is the api's, and callers send bytes.
    blobs: config.natsUrl ? null : new FsBlobStore(blobsDir(config)),
    lanes: ocrLanes(engines, config),
  };
  const embeddings = new EmbeddingModels(registry, {
    executionProviders: ctx.runtime.executionProviders,
    threads: config.inference.threads,
  });
  const closeModels = async () => {
    await Promise.all([ocr.engines.close(), ocr.lanes?.close(), embeddings.close()]);
  };
  const idleRelease = new IdleRelease(config.inference.idleReleaseMs, () => ctx.queue.idle, closeModels, logger);
  ctx.queue.observe(idleRelease);
  server.addService(loadInferenceProto().service, {
    Health: unary(ctx, async () => health(ctx)),
    ListModels: unary(ctx, async (): Promise<ListModelsResponse> => ({ models: (await registry.list()).map(toModelInfo) })),
    RecognizePage: unary<RecognizePageRequest, RecognizePageResponse>(ctx, (request, call) =>
      recognizeOne(ctx, ocr, request, callSignal(call), callDeadline(call)),
    ),
    RecognizePages: unary<{ pages: RecognizePageRequest[] }, { pages: RecognizePageResponse[] }>(ctx, async (request, call) => {
      const signal = callSignal(call);
      const deadline = callDeadline(call);
      return { pages: await Promise.all(request.pages.map((page) => recognizeOne(ctx, ocr, page, signal, deadline))) };
    }),
    Embed: unary<EmbedRequest, EmbedResponse>(ctx, (request, call) =>
      embedTexts(ctx, embeddings, request, callSignal(call), callDeadline(call)),
    ),
  });
  const address = await bind(server, options.listen, logger);
  logger.info(
    { address, providers: ctx.runtime.executionProviders, onnxruntime: ctx.runtime.onnxruntimeVersion },
    'inference server listening',
  );
  void logModels(registry, logger);
  const stopServer = async () => {
    await stop(server, ctx, address, options.shutdownGraceMs ?? 5000);
    idleRelease.stop();
    await closeModels();
  };
  return { address, queue: ctx.queue, registry, idleRelease, stop: stopServer };
}

/** Lanes share the intra-op threads between them: each lane's sessions get threads / lanes (at least one). */
function ocrLanes(engines: OcrEngines, config: Config): OcrLanes | null {
  const count = config.inference.ocrLanes;
  if (count < 1) return null;
  const intraOpThreads = Math.max(1, Math.floor(config.inference.threads / count));
  return new OcrLanes(count, async () => ({ engine: { ...(await engines.ppOcrOptions()), intraOpThreads, recognitionThreads: 0 } }));
}

function health(ctx: ServerContext): HealthResponse {
  return {
    status: ctx.draining ? 'NOT_SERVING' : 'SERVING',
    version: ctx.version,
    pid: process.pid,
    uptime_seconds: (Date.now() - ctx.startedAt) / 1000,
    execution_providers: ctx.runtime.executionProviders,
    onnxruntime_version: ctx.runtime.onnxruntimeVersion,
    models_loaded: ctx.registry.availableCount,
    queue_depth: ctx.queue.depth,
    in_flight: ctx.queue.inFlight,
    warnings: ctx.runtime.warnings,
  };
}

/** Adapts an async handler to grpc-js, mapping our errors to status codes. */
export function unary<Req, Res>(
  ctx: ServerContext,
  handler: (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handler(call.request, call).then(
      (response) => callback(null, response),
      (err: Error) => callback(toServiceError(err, ctx.logger)),
    );
  };
}

export function toServiceError(err: Error, logger: Logger): Partial<grpc.StatusObject> {
  if (err instanceof QueueFullError) {
    const metadata = new grpc.Metadata();
    metadata.set('retry-after-seconds', String(err.retryAfterSeconds));
    return { code: grpc.status.RESOURCE_EXHAUSTED, details: err.message, metadata };
  }
  if (err instanceof ServerDrainingError) return { code: grpc.status.UNAVAILABLE, details: err.message };
  if (err instanceof QueueAbortedError) return { code: grpc.status.CANCELLED, details: err.message };
  if (err instanceof InvalidOcrRequestError || err instanceof ImageDecodeError || err instanceof InvalidEmbedRequestError)
    return { code: grpc.status.INVALID_ARGUMENT, details: err.message };
  if (err instanceof OcrModelUnavailableError || err instanceof EmbeddingModelUnavailableError)
    return { code: grpc.status.FAILED_PRECONDITION, details: err.message };
  logger.error({ err }, 'inference call failed');
  return { code: grpc.status.INTERNAL, details: err.message };
}

async function bind(server: grpc.Server, listen: string, logger: Logger): Promise<string> {
  const socketPath = unixSocketPath(listen);
  if (socketPath) await clearStaleSocket(socketPath, logger);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(listen, grpc.ServerCredentials.createInsecure(), (err, boundPort) => (err ? reject(err) : resolve(boundPort)));
  });
  if (socketPath) {
    await recordOwner(socketPath);
    return listen;
  }
  return `${listen.slice(0, listen.lastIndexOf(':'))}:${port}`;
}

export function unixSocketPath(address: string): string | null {
  return address.startsWith('unix:') ? address.replace(/^unix:(\/\/)?/, '') : null;
}

/**
 * A socket file left by a killed server blocks bind; one that still answers belongs to a live server, which
 * keeps it unless it is a sidecar orphaned by its dead supervisor (socket-owner.ts).
 */
async function clearStaleSocket(socketPath: string, logger: Logger): Promise<void> {
  await mkdir(path.dirname(socketPath), { recursive: true });
  if (!existsSync(socketPath)) return;
  const live = await new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (live && (await takeOverFromOrphan(socketPath, logger))) return;
  if (live) throw new Error(`${socketPath} is in use by another running server`);
  await unlink(socketPath);
}

async function stop(server: grpc.Server, ctx: ServerContext, address: string, graceMs: number): Promise<void> {
  if (ctx.draining) return;
  ctx.draining = true;
  ctx.queue.rejectWaiting(new ServerDrainingError());
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
  const socketPath = unixSocketPath(address);
  if (socketPath) await Promise.all([unlink(socketPath).catch(() => undefined), forgetOwner(socketPath)]);
}

async function logModels(registry: ModelRegistry, logger: Logger): Promise<void> {
  try {
    for (const model of await registry.list()) {
      logger.info({ model: model.entry.id, available: model.available, status: model.status }, 'model slot');
    }
  } catch (err) {
    logger.warn({ err }, 'could not check model slots');
  }
}

function readPackageVersion(): string {
  try {
    return JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version ?? '';
  } catch {
    return '';
  }
}

import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './shared/config.ts';
import type { Logger } from './shared/logger.ts';
import { buildApp, ensureKeys } from './api/mod.ts';
import { appContext, createRuntime, type Runtime } from './runtime.ts';

type ServiceRole = 'serve' | 'api' | 'worker';

const SHUTDOWN_GRACE_MS = 30_000;

/** Starts a long-running role and stops it gracefully on SIGTERM/SIGINT. */
export async function runService(role: ServiceRole, config: Config, logger: Logger): Promise<void> {
  const runtime = await createRuntime(config, logger, {
    worker: role !== 'api',
    inference: role === 'api' ? 'connect' : 'spawn',
    // Workers may share a data dir with each other and with `serve` (embedded mode): each worker's sidecar
    // needs a socket of its own, or it finds DATA_DIR/inference.sock taken and never starts.
    inferenceAddress: role === 'worker' ? `unix:${path.join(config.dataDir, `inference-${process.pid}.sock`)}` : undefined,
  });
  let http: HttpServer | null = null;
  if (role !== 'worker') http = trackResponses(await startApi(runtime));
  logger.info({ role, dataDir: config.dataDir, nats: config.natsUrl ?? 'embedded' }, `docintel ${role} started`);
  installShutdown(runtime, http, logger);
}

interface HttpServer {
  app: FastifyInstance;
  /** Responses not yet finished (their requests are in flight). */
  open: Set<ServerResponse>;
}

function trackResponses(app: FastifyInstance): HttpServer {
  const open = new Set<ServerResponse>();
  app.server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return { app, open };
}

/**
 * Stops taking connections and waits for the requests in flight (a sync request waits for its job, which the
 * still-running worker finishes). Keep-alive connections would hold the close until their clients leave
 * (Fastify's keepAliveTimeout is 72 s): Node closes the idle ones only when close() starts, so each in-flight
 * response is sent with `Connection: close`, and connections idle by then are closed as they turn idle.
 */
async function drainHttp({ app, open }: HttpServer): Promise<void> {
  for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
  const closed = app.close();
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await closed;
  } finally {
    clearInterval(sweeper);
  }
}

async function startApi(runtime: Runtime): Promise<FastifyInstance> {
  const { config } = runtime;
  const keys = await ensureKeys(config.apiKeys, process.env.DOCINTEL_API_KEYS, config.dataDir);
  const app = await buildApp(appContext(runtime, keys.ring));
  const address = await app.listen({ host: config.host, port: config.port });
  const lines = [`docintel API listening on ${address} (docs: ${address}/docs)`];
  if (keys.createdKey) {
    lines.push(
      `Created an API key (shown once): ${keys.createdKey}`,
      `It is also in ${keys.createdKeyPath} (mode 0600) until the key is first used.`,
    );
  } else if (keys.source === 'keys-file') {
    lines.push(
      `API keys: hashes in ${keys.keysFilePath}; the first generated key is in ${keys.keysFilePath.replace(/api-keys\.json$/, 'initial-api-key.txt')} until the key is first used.`,
    );
  } else {
    lines.push(`API keys: ${keys.ring.size} from DOCINTEL_API_KEYS.`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return app;
}

function installShutdown(runtime: Runtime, http: HttpServer | null, logger: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: no new requests, running jobs finish or go back to the queue');
    const force = setTimeout(() => {
      logger.error('graceful shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // HTTP first, while the worker still runs the jobs in-flight sync requests wait for; then the worker.
      if (http) await drainHttp(http);
      await runtime.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

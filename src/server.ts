import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './shared/config.ts';
import type { Logger } from './shared/logger.ts';
import { buildApp } from './api/app.ts';
import { ensureKeys } from './api/keys.ts';
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
  let app: FastifyInstance | null = null;
  if (role !== 'worker') app = await startApi(runtime);
  logger.info({ role, dataDir: config.dataDir, nats: config.natsUrl ?? 'embedded' }, `docintel ${role} started`);
  installShutdown(runtime, app, logger);
}

async function startApi(runtime: Runtime): Promise<FastifyInstance> {
  const { config } = runtime;
  const keys = await ensureKeys(config.apiKeys, process.env.DOCINTEL_API_KEYS, config.dataDir);
  const app = await buildApp(appContext(runtime, keys.ring));
  const address = await app.listen({ host: config.host, port: config.port });
  const lines = [`docintel API listening on ${address} (docs: ${address}/docs)`];
  if (keys.createdKey) {
    lines.push(`Created an API key (shown once): ${keys.createdKey}`, `It is also in ${keys.createdKeyPath} (mode 0600).`);
  } else if (keys.source === 'keys-file') {
    lines.push(`API keys: hashes in ${keys.keysFilePath}; the first generated key is in ${keys.keysFilePath.replace(/api-keys\.json$/, 'initial-api-key.txt')} if you kept it.`);
  } else {
    lines.push(`API keys: ${keys.ring.size} from DOCINTEL_API_KEYS.`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return app;
}

function installShutdown(runtime: Runtime, app: FastifyInstance | null, logger: Logger): void {
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
      await app?.close();
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

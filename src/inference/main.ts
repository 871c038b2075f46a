import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import { startInferenceServer, type InferenceServer } from './server.ts';

export class InferenceUsageError extends Error {
  constructor(message: string) {
    super(`${message}\nusage: docintel inference [--listen unix:/path.sock|HOST:PORT] [--manifest models/manifest.json]`);
    this.name = 'InferenceUsageError';
  }
}

export interface InferenceArgs {
  listen: string;
  manifestPath?: string;
}

export function parseInferenceArgs(args: string[], config: Config): InferenceArgs {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { listen: { type: 'string' }, manifest: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new InferenceUsageError((err as Error).message);
  }
  const listen = values.listen ?? `unix:${path.join(config.dataDir, 'inference.sock')}`;
  if (!listen.startsWith('unix:') && !/^[\w.-]*:\d{1,5}$/.test(listen) && !/^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(listen)) {
    throw new InferenceUsageError(`--listen "${listen}" is not unix:/path or host:port`);
  }
  return { listen, manifestPath: values.manifest };
}

/**
 * The `docintel inference` role: serve the gRPC API until SIGTERM/SIGINT, then drain and exit 0.
 * When spawned by a supervisor (an IPC channel exists), it also exits when that parent goes away; before this
 * runs (while modules load), bin/orphan-guard.js watches the parent instead.
 */
export async function runInference(args: string[], config: Config, logger: Logger): Promise<InferenceServer> {
  const { listen, manifestPath } = parseInferenceArgs(args, config);
  // Handlers go in before the server starts: a supervisor may signal as soon as it sees the socket.
  let stopReason: string | null = null;
  let server: InferenceServer | null = null;
  const shutdown = (reason: string) => {
    if (stopReason) return;
    stopReason = reason;
    if (server) drainAndExit(server, reason, logger);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  if (process.send) process.once('disconnect', () => shutdown('supervisor gone'));
  server = await startInferenceServer({ listen, config, logger, manifestPath });
  if (stopReason) drainAndExit(server, stopReason, logger);
  return server;
}

function drainAndExit(server: InferenceServer, reason: string, logger: Logger): void {
  logger.info({ reason }, 'inference server stopping');
  server.stop().then(
    () => process.exit(0),
    (err) => {
      logger.error({ err }, 'inference server did not stop cleanly');
      process.exit(1);
    },
  );
}

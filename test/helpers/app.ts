import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.ts';
import { KeyRing } from '../../src/api/keys.ts';
import { loadConfig, type Config } from '../../src/shared/config.ts';
import { createLogger } from '../../src/shared/logger.ts';
import { appContext, createRuntime, type Runtime } from '../../src/runtime.ts';

export const KEY_A = 'test-key-tenant-a-0123456789';
export const KEY_B = 'test-key-tenant-b-0123456789';
export const AUTH_A = { authorization: `Bearer ${KEY_A}` };
export const AUTH_B = { authorization: `Bearer ${KEY_B}` };

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app over a real runtime (SQLite + files in a temp dir, embedded worker, document pool) with two
 * tenants, `a` and `b`. `env` overrides configuration variables (e.g. limits, DOCINTEL_NATS_URL).
 * The inference sidecar is not spawned unless `inference: 'spawn'`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { worker?: boolean; inference?: 'spawn' | 'connect' } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-test-'));
  const config = loadConfig({ DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'silent', DOCINTEL_RENDER_THREADS: '2', ...env }, 2);
  const logger = createLogger(config.logLevel, 'test');
  const runtime = await createRuntime(config, logger, { worker: options.worker ?? true, inference: options.inference ?? 'connect' });
  // The runtime no longer waits for its sidecar (the api answers meanwhile); tests expect OCR at once.
  await runtime.inferenceReady;
  const keys = KeyRing.fromSpecs([
    { name: 'a', key: KEY_A, named: true },
    { name: 'b', key: KEY_B, named: true },
  ]);
  const app = await buildApp(appContext(runtime, keys));
  await app.ready();
  return {
    app,
    runtime,
    config,
    dataDir,
    async close() {
      await app.close();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body with repeated `files` parts (what curl -F sends). */
export function multipartBody(files: { filename: string; content: Buffer; contentType?: string; field?: string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----docintel${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

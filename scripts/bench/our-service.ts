import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.ts';
import { KeyRing } from '../../src/api/keys.ts';
import { loadConfig } from '../../src/shared/config.ts';
import { createLogger } from '../../src/shared/logger.ts';
import { createRuntime, type Runtime } from '../../src/runtime.ts';

/**
 * Our service as a benchmark drives it: the production runtime (SQLite + files in a temp dir, embedded worker,
 * document pool sized by the machine's defaults) and, when asked, the real HTTP app answered through `inject`.
 * Rate and concurrency limits are off so they cannot shape the timings.
 */
export const BENCH_KEY = 'bench-key-0123456789abcdef';
export const BENCH_AUTH = { authorization: `Bearer ${BENCH_KEY}` };

export interface OurService {
  runtime: Runtime;
  /** Null unless started with `http: true`. */
  app: FastifyInstance | null;
  close(): Promise<void>;
}

/** `inference: 'spawn'` supervises a local inference sidecar (OCR); by default there is none. */
export async function startOurService(options: {
  http: boolean;
  inference?: 'spawn' | 'connect';
  env?: Record<string, string>;
}): Promise<OurService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-bench-'));
  const env = {
    ...options.env,
    DOCINTEL_DATA_DIR: dataDir,
    DOCINTEL_LOG_LEVEL: 'silent',
    DOCINTEL_RATE_LIMIT_PER_MINUTE: '0',
    DOCINTEL_MAX_CONCURRENT_JOBS: '0',
  };
  const config = loadConfig(env, os.availableParallelism());
  const logger = createLogger(config.logLevel, 'bench');
  const runtime = await createRuntime(config, logger, { worker: options.http, inference: options.inference ?? 'connect' });
  // The api side no longer waits for the sidecar; measurements (and direct gRPC probes) start once it answers.
  await runtime.inferenceReady;
  let app: FastifyInstance | null = null;
  if (options.http) {
    app = await buildApp({
      config,
      logger,
      version: runtime.version,
      keys: KeyRing.fromSpecs([{ name: 'bench', key: BENCH_KEY, named: true }]),
      metadata: runtime.stores.metadata,
      blobs: runtime.stores.blobs,
      queue: runtime.jobs.queue,
      jobs: runtime.jobs.service,
      files: runtime.files,
      readiness: runtime.readiness,
    });
    await app.ready();
  }
  return {
    runtime,
    app,
    async close() {
      await app?.close();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 }); // cache writes may still be landing
    },
  };
}

export interface ParseChunk {
  markdown: string;
  page_index: number | null;
}

export interface ParseBody {
  markdown: string;
  pages: unknown[];
  chunks: ParseChunk[];
}

/** POST /api/v1/parse, synchronous, with the PDF inline: one request carries the whole real path. */
export async function parseViaHttp(app: FastifyInstance, pdf: Buffer, filename: string): Promise<ParseBody> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/parse',
    headers: BENCH_AUTH,
    payload: { input: { pdf_base64: pdf.toString('base64'), filename }, execution_mode: 'sync' },
  });
  if (response.statusCode !== 200) throw new Error(`parse answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.json() as ParseBody;
}

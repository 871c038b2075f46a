import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../test/helpers/nats-server.ts';
import { startDocintel, stopGracefully, treeRssBytes, waitForReady } from '../../../test/helpers/processes.ts';
import { BENCH_KEY } from '../our-service.ts';
import { compiledCli } from '../../../bin/server-build.js';
import { multipart } from '../load/documents.ts';
import { procStatusMb } from '../stats.ts';

/**
 * One grounded parse of a long PDF by a real `docintel serve` started for it with the defaults `npm start` uses
 * (api, embedded job worker and document pool threads in one process, a supervised inference sidecar that OCRs
 * the pages without a trustworthy text layer), through HTTP as a user sends it: the file uploaded, parsed sync,
 * the answer streamed and counted. Memory is the RSS of serve and of its child processes, sampled together every
 * SAMPLE_MS: the peak of their sum is what the machine must hold.
 */
const SAMPLE_MS = 100;
const START_TIMEOUT_MS = 90_000;

export interface BigParseResult {
  pages: number;
  ms: number;
  status: number;
  /** Highest sampled sum of serve's RSS and its child processes' (MB). */
  peakMb: number;
  /** serve's own RSS in that sample, and its children's (the inference sidecar). */
  servePeakMb: number;
  childrenPeakMb: number;
  /** Response size (MB). */
  bodyMb: number;
  /** Whether serve ran the compiled build (dist/server) or the sources through tsx. */
  build: 'compiled' | 'source';
}

/** The sample with the highest sum of serve's RSS and its children's, until stopped. */
function sampleTree(pid: number) {
  const peak = { total: 0, serve: 0, children: 0 };
  const timer = setInterval(() => {
    const serve = procStatusMb(pid, 'VmRSS') ?? 0;
    const total = treeRssBytes(pid) / (1024 * 1024);
    if (total > peak.total) Object.assign(peak, { total, serve, children: total - serve });
  }, SAMPLE_MS);
  return { peak, stop: () => clearInterval(timer) };
}

export async function bigParseServed(file: string): Promise<BigParseResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-bigparse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${BENCH_KEY}` };
  const build = compiledCli().cli ? 'compiled' : 'source';
  const serve = startDocintel('serve', {
    DOCINTEL_DATA_DIR: dataDir,
    DOCINTEL_API_KEYS: `bench:${BENCH_KEY}`,
    DOCINTEL_LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  let sampler: ReturnType<typeof sampleTree> | undefined;
  try {
    await serve.waitForOutput(/docintel API listening/, START_TIMEOUT_MS);
    await waitForReady(base, { inference: true, timeoutMs: START_TIMEOUT_MS });
    const form = multipart(path.basename(file), readFileSync(file));
    const upload = await fetch(`${base}/api/v1/upload`, {
      method: 'POST',
      headers: { ...auth, 'content-type': form.contentType },
      body: form.body,
    });
    if (!upload.ok) throw new Error(`upload answered ${upload.status}: ${(await upload.text()).slice(0, 300)}`);
    const ref = ((await upload.json()) as { files: { file_id: string; page_count: number }[] }).files[0];
    sampler = sampleTree(serve.pid);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/parse`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { file_id: ref.file_id }, profile: 'grounded', execution_mode: 'sync' }),
    });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    const ms = performance.now() - started;
    // Work deferred past the answer (the analysis cache's compressed write) lands before serve stops: sampled too.
    await stopGracefully(serve);
    sampler.stop();
    const { total, serve: servePeak, children } = sampler.peak;
    return {
      pages: ref.page_count,
      ms,
      status: res.status,
      peakMb: total,
      servePeakMb: servePeak,
      childrenPeakMb: children,
      bodyMb: bytes / 1e6,
      build,
    };
  } finally {
    sampler?.stop();
    if (serve.isRunning()) await stopGracefully(serve);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

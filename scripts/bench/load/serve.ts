import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../test/helpers/nats-server.ts';
import { startDocintel, stopGracefully, waitFor, waitForReady, type DocintelProcess } from '../../../test/helpers/processes.ts';
import { multipart, uniquePdf, type LoadDocuments } from './documents.ts';
import { MixState, type HttpTarget, type Tenant } from './http-mix.ts';

/**
 * A real `docintel serve` (embedded SQLite queue and files in a temp dir, supervised inference sidecar) with
 * `keys` API keys, and per key what the mix needs: a stored file and a pool of finished async parse jobs.
 */
export interface ServeSettings {
  keys: number;
  /** DOCINTEL_RATE_LIMIT_PER_MINUTE (0: off). */
  rateLimitPerMinute: number;
  /** DOCINTEL_MAX_QUEUED_JOBS when given; otherwise the service's default. */
  maxQueuedJobs: number | null;
  timeoutMs: number;
}

export interface LoadService {
  base: string;
  pid: number;
  tenants: Tenant[];
  /** The environment serve ran with (the docintel settings only), for the report. */
  env: Record<string, string>;
  queueDepth(): Promise<number>;
  /** Waits (bounded) until no job waits or runs, so one step does not inherit the last one's backlog. */
  drain(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

const JOBS_PER_KEY = 8;

function keyOf(i: number): string {
  return `load-key-${i}-0123456789abcdef`;
}

export async function startLoadService(settings: ServeSettings, docs: LoadDocuments): Promise<LoadService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DOCINTEL_API_KEYS: Array.from({ length: settings.keys }, (_, i) => `load${i}:${keyOf(i)}`).join(','),
    DOCINTEL_RATE_LIMIT_PER_MINUTE: String(settings.rateLimitPerMinute),
    DOCINTEL_LOG_LEVEL: 'warn',
    ...(settings.maxQueuedJobs === null ? {} : { DOCINTEL_MAX_QUEUED_JOBS: String(settings.maxQueuedJobs) }),
  };
  let serve: DocintelProcess | undefined;
  try {
    serve = startDocintel('serve', { ...env, DOCINTEL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await serve.waitForOutput(/docintel API listening/, 90_000);
    await waitForReady(base, { inference: true, timeoutMs: 90_000 });
    const tenants: Tenant[] = [];
    for (let i = 0; i < settings.keys; i++) {
      const target: HttpTarget = { base, auth: { authorization: `Bearer ${keyOf(i)}` }, timeoutMs: settings.timeoutMs };
      tenants.push(await prepareTenant(target, docs));
    }
    const queueDepth = () => readQueueDepth(base);
    const proc = serve;
    return {
      base,
      pid: serve.pid,
      tenants,
      env,
      queueDepth,
      drain: (timeoutMs = 180_000) =>
        waitFor('the job queue to drain', async () => ((await queueDepth()) === 0 ? true : undefined), timeoutMs, 500).catch(() => false),
      async close() {
        await stopGracefully(proc);
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
      },
    };
  } catch (err) {
    await serve?.killGroup();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    throw err;
  }
}

async function call(target: HttpTarget, url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${target.base}${url}`, { ...init, headers: { ...target.auth, ...init.headers } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** One stored file and JOBS_PER_KEY finished async parse jobs of unique copies of the PDF. */
async function prepareTenant(target: HttpTarget, docs: LoadDocuments): Promise<Tenant> {
  const form = multipart('seed.pdf', uniquePdf(docs.pdf));
  const uploaded = (await call(target, '/api/v1/upload', {
    method: 'POST',
    headers: { 'content-type': form.contentType },
    body: form.body,
  })) as { files: { file_id: string }[] };
  const jobIds: string[] = [];
  for (let i = 0; i < JOBS_PER_KEY; i++) {
    const body = JSON.stringify({
      input: { pdf_base64: uniquePdf(docs.pdf).toString('base64'), filename: 'seed.pdf' },
      execution_mode: 'async',
    });
    const job = (await call(target, '/api/v1/parse', { method: 'POST', headers: { 'content-type': 'application/json' }, body })) as {
      job_id: string;
    };
    jobIds.push(job.job_id);
  }
  await waitFor(
    'the seed jobs to finish',
    async () => {
      const jobs = await Promise.all(jobIds.map((id) => call(target, `/v1/jobs/${id}`) as Promise<{ status: string }>));
      return jobs.every((j) => j.status === 'completed' || j.status === 'failed') ? true : undefined;
    },
    120_000,
    250,
  );
  return { target, state: new MixState(docs, jobIds, uploaded.files[0].file_id) };
}

async function readQueueDepth(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const match = /^\w*queue_depth(?:\{[^}]*\})? (\d+)/m.exec(text);
  if (!match) throw new Error('no queue_depth in /metrics');
  return Number(match[1]);
}

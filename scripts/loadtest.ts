/**
 * Load test of a real `docintel serve` (npm run loadtest). Starts serve in a temp data dir on a free port with
 * rate limiting off and a known key, then measures:
 *   1. uploads: a few concurrent clients POST real documents (generated ones and ../shared/eval PDFs/images)
 *      one file per request, round robin, for a fixed time: MB/s, files/s, p50/p99 latency;
 *   2. job status: autocannon, 50 connections, GET /v1/jobs/{id} over a mix of existing job ids;
 * and the peak RSS of the serve process tree (serve, its inference sidecar, helpers) during each phase.
 * Prints a markdown table and writes it to docs/loadtest.md.
 *
 * Environment: LOADTEST_SECONDS (per phase, default 10), LOADTEST_UPLOAD_CLIENTS (default 4).
 */
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFixtures } from '../test/helpers/fixtures.ts';
import { freePort } from '../test/helpers/nats-server.ts';
import { killAllDocintel, REPO_ROOT, startDocintel, treeRssBytes, waitFor, waitForReady, type DocintelProcess } from '../test/helpers/processes.ts';

const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 10);
const UPLOAD_CLIENTS = Number(process.env.LOADTEST_UPLOAD_CLIENTS ?? 4);
const STATUS_CONNECTIONS = 50;
const JOBS_TO_CREATE = 40;
const KEY = 'loadtest-key-0123456789abcdef';
const AUTH = { authorization: `Bearer ${KEY}` };
const EVAL_DIR = path.resolve(REPO_ROOT, '../shared/eval');
const DOCUMENT_EXTENSIONS = new Set(['.pdf', '.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.gif', '.bmp']);

/** The slice of autocannon's API used here (the package ships no types). */
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}
interface AutocannonResult {
  latency: Histogram;
  requests: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { method: 'GET'; setupRequest: (request: { path: string }) => { path: string } }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

interface Document {
  name: string;
  bytes: Buffer;
  /** The whole multipart request body, built once. */
  body: Buffer;
  contentType: string;
}

function multipart(name: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----docintelload${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name.replace(/"/g, '')}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function evalDocuments(dir: string): Promise<{ name: string; bytes: Buffer }[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const files = entries.filter((e) => e.isFile() && DOCUMENT_EXTENSIONS.has(path.extname(e.name).toLowerCase()));
  return Promise.all(files.map(async (e) => {
    const full = path.join(e.parentPath, e.name);
    return { name: path.relative(dir, full), bytes: await readFile(full) };
  }));
}

async function loadDocuments(): Promise<Document[]> {
  const fixtures = await createFixtures();
  const generated = Object.values(fixtures.good).filter((f) => f.contentType !== 'application/json').map((f) => ({ name: f.filename, bytes: f.bytes }));
  await fixtures.cleanup();
  const all = [...generated, ...(await evalDocuments(EVAL_DIR))];
  return all.map((d) => ({ ...d, ...multipart(path.basename(d.name), d.bytes) }));
}

async function upload(base: string, doc: Document): Promise<{ status: number; fileId?: string }> {
  const res = await fetch(`${base}/api/v1/upload`, { method: 'POST', headers: { ...AUTH, 'content-type': doc.contentType }, body: doc.body });
  const body = (await res.json()) as { files?: { file_id: string }[] };
  return { status: res.status, fileId: body.files?.[0]?.file_id };
}

/** Runs `clients` loops of `work` until the deadline. */
async function runClients(clients: number, seconds: number, work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) await work();
  }));
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Samples the serve tree's RSS; `take()` returns the peak since the last take. */
function rssSampler(pid: number) {
  let peak = 0;
  let overall = 0;
  const timer = setInterval(() => {
    const rss = treeRssBytes(pid);
    peak = Math.max(peak, rss);
    overall = Math.max(overall, rss);
  }, 100);
  return {
    take() {
      const value = Math.max(peak, treeRssBytes(pid));
      peak = 0;
      return value;
    },
    stop: () => (clearInterval(timer), overall),
  };
}

interface UploadStats {
  seconds: number;
  files: number;
  bytes: number;
  failed: number;
  p50: number;
  p99: number;
}

async function uploadPhase(base: string, docs: Document[]): Promise<UploadStats> {
  let next = 0;
  let bytes = 0;
  let failed = 0;
  const latencies: number[] = [];
  const seconds = await runClients(UPLOAD_CLIENTS, SECONDS, async () => {
    const doc = docs[next++ % docs.length];
    const t0 = performance.now();
    const { status } = await upload(base, doc);
    if (status !== 200) return void failed++;
    latencies.push(performance.now() - t0);
    bytes += doc.bytes.length;
  });
  latencies.sort((a, b) => a - b);
  return { seconds, files: latencies.length, bytes, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Parse jobs over the accepted documents; waits (bounded) for them to settle, so the ids are a mix of finished and maybe unfinished jobs. */
async function createJobs(base: string, fileIds: string[]): Promise<{ ids: string[]; statuses: Record<string, number> }> {
  const ids: string[] = [];
  for (let i = 0; i < JOBS_TO_CREATE; i++) {
    const res = await fetch(`${base}/api/v1/parse`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { file_id: fileIds[i % fileIds.length] }, execution_mode: 'async' }),
    });
    if (res.status !== 200) throw new Error(`parse submit: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { job_id: string }).job_id);
  }
  const statusOf = async (id: string) => ((await (await fetch(`${base}/v1/jobs/${id}`, { headers: AUTH })).json()) as { status: string }).status;
  let statuses: string[] = [];
  await waitFor('jobs to settle', async () => {
    statuses = await Promise.all(ids.map(statusOf));
    return statuses.every((s) => s === 'completed' || s === 'failed') ? true : undefined;
  }, 60_000, 500).catch(() => undefined);
  const counts: Record<string, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return { ids, statuses: counts };
}

async function statusPhase(base: string, ids: string[]): Promise<AutocannonResult> {
  let next = 0;
  return autocannon({
    url: base,
    connections: STATUS_CONNECTIONS,
    duration: SECONDS,
    headers: AUTH,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/v1/jobs/${ids[next++ % ids.length]}` }) }],
  });
}

const mb = (bytes: number) => bytes / 1e6;
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function report(ctx: { loadBefore: number; docs: Document[]; accepted: number; uploads: UploadStats; status: AutocannonResult; jobMix: Record<string, number>; rss: { upload: number; status: number; overall: number } }): string {
  const { uploads, status } = ctx;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const total = status.requests.total;
  const mix = Object.entries(ctx.jobMix).map(([s, n]) => `${n} ${s}`).join(', ');
  return [
    '# Load test',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run loadtest\` (scripts/loadtest.ts) on ${os.availableParallelism()} cores (${cpu}), Node ${process.version}.`,
    `One \`docintel serve\` (embedded SQLite + files, log level warn, rate limit off); the load generator runs on the same machine and shares its CPUs (1-minute load average before the run: ${fixed(ctx.loadBefore, 2)}).`,
    `Documents: ${ctx.docs.length} files (${fixed(mb(ctx.docs.reduce((s, d) => s + d.bytes.length, 0)))} MB: generated fixtures and ../shared/eval PDFs/images), ${ctx.accepted} accepted.`,
    '',
    '| measurement | value |',
    '|---|---|',
    `| upload throughput (${UPLOAD_CLIENTS} clients, ${fixed(uploads.seconds)} s, one file per request) | **${fixed(mb(uploads.bytes) / uploads.seconds)} MB/s**, ${fixed(uploads.files / uploads.seconds)} files/s |`,
    `| upload latency p50 / p99 | ${fixed(uploads.p50, 0)} ms / ${fixed(uploads.p99, 0)} ms |`,
    `| uploads failed | ${uploads.failed} |`,
    `| GET /v1/jobs/{id} (${STATUS_CONNECTIONS} connections, ${status.duration} s, ${JOBS_TO_CREATE} job ids: ${mix}) | **${fixed(total / status.duration, 0)} req/s** |`,
    `| GET /v1/jobs/{id} latency p50 / p99 | ${status.latency.p50} ms / ${status.latency.p99} ms |`,
    `| GET /v1/jobs/{id} non-2xx / errors / timeouts | ${status.non2xx} / ${status.errors} / ${status.timeouts} |`,
    `| peak RSS, serve process tree: uploads / job status / whole run | ${fixed(mb(ctx.rss.upload), 0)} MB / ${fixed(mb(ctx.rss.status), 0)} MB / ${fixed(mb(ctx.rss.overall), 0)} MB |`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const docs = await loadDocuments();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-loadtest-'));
  let serve: DocintelProcess | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    serve = startDocintel('serve', {
      DOCINTEL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DOCINTEL_API_KEYS: `load:${KEY}`,
      DOCINTEL_RATE_LIMIT_PER_MINUTE: '0', DOCINTEL_MAX_CONCURRENT_JOBS: '0', DOCINTEL_LOG_LEVEL: 'warn',
    });
    await serve.waitForOutput(/docintel API listening/, 60_000);
    await waitForReady(base, { inference: true });
    const rss = rssSampler(serve.pid);

    // Warm-up and validation: every document once; the ones the service rejects are left out of the timed run.
    const accepted: Document[] = [];
    const fileIds: string[] = [];
    for (const doc of docs) {
      const { status, fileId } = await upload(base, doc);
      if (status !== 200) continue;
      accepted.push(doc);
      if (fileId) fileIds.push(fileId);
    }
    if (accepted.length === 0) throw new Error('the service accepted none of the documents');
    console.error(`warm-up: ${accepted.length}/${docs.length} documents accepted; uploading for ${SECONDS} s with ${UPLOAD_CLIENTS} clients`);
    rss.take();
    const uploads = await uploadPhase(base, accepted);
    const uploadRss = rss.take();

    const jobs = await createJobs(base, fileIds);
    console.error(`jobs: ${JSON.stringify(jobs.statuses)}; GET /v1/jobs/{id} with ${STATUS_CONNECTIONS} connections for ${SECONDS} s`);
    rss.take();
    const status = await statusPhase(base, jobs.ids);
    const statusRss = rss.take();
    const overall = rss.stop();

    const table = report({ loadBefore, docs, accepted: accepted.length, uploads, status, jobMix: jobs.statuses, rss: { upload: uploadRss, status: statusRss, overall } });
    process.stdout.write(table);
    await mkdir(path.join(REPO_ROOT, 'docs'), { recursive: true });
    await writeFile(path.join(REPO_ROOT, 'docs/loadtest.md'), table);
    console.error('written to docs/loadtest.md');

    serve.signal('SIGTERM');
    const exit = await serve.exited;
    if (exit.code !== 0) console.error(`serve exited with ${exit.code ?? exit.signal}`);
  } finally {
    await killAllDocintel();
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.once('SIGINT', () => {
  void killAllDocintel().finally(() => process.exit(130));
});

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

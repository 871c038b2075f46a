/**
 * Helpers of the fault tests (test/faults.test.ts): an HTTP client that records every answer's status under a
 * time budget, a nats-server that can be stopped and started again on the same port and store dir, a small
 * tmpfs for a full disk, result comparison without timing fields, and the FAULTS_SUMMARY report.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FileRecord } from '../../src/files/files.service.ts';
import type { JobRecord } from '../../src/jobs/ports.ts';
import { loadConfig } from '../../src/shared/config.ts';
import { createStores, type Stores } from '../../src/storage/mod.ts';
import { freePort, natsOrSkip } from './nats-server.ts';
import { startDocintel, waitFor, waitForReady, type DocintelProcess } from './processes.ts';

// ---------------------------------------------------------------------------------------------------------
// An api and its workers on NATS

/**
 * Settings every fault deployment runs with. The per-key rate limit is off: these tests poll job states and fire
 * bursts of sync requests as fast as the machine allows, so on a fast machine the default 1200 per minute would
 * answer 429 and fail a test about something else. test/api.errors.test.ts tests the limit itself.
 */
export const FAULT_DEPLOYMENT_ENV = { DOCINTEL_RATE_LIMIT_PER_MINUTE: '0' } as const;

export interface NatsDeployment {
  base: string;
  api: DocintelProcess;
  workers: DocintelProcess[];
}

/**
 * An api on a free port and `workers` workers, each process with its own data dir from `dataDir` (they share only
 * NATS, through `env`), started and ready.
 */
export async function startNatsDeployment(
  env: Record<string, string>,
  dataDir: () => Promise<string>,
  options: { workers: number; workerEnv?: Record<string, string> },
): Promise<NatsDeployment> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startDocintel('api', {
    ...FAULT_DEPLOYMENT_ENV,
    ...env,
    DOCINTEL_DATA_DIR: await dataDir(),
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const workers: DocintelProcess[] = [];
  for (let i = 0; i < options.workers; i++) {
    workers.push(startDocintel('worker', { ...env, DOCINTEL_DATA_DIR: await dataDir(), ...options.workerEnv }));
  }
  await Promise.all([api.waitForOutput(/docintel api started/), ...workers.map((w) => w.waitForOutput(/docintel worker started/, 60_000))]);
  await waitForReady(base);
  return { base, api, workers };
}

// ---------------------------------------------------------------------------------------------------------
// HTTP with outcomes

/** One answer as a fault test judges it: the status (0 for a network error, -1 past the budget). */
export interface Outcome {
  status: number;
  retryAfter: string | null;
  body: string;
}

export const NETWORK_ERROR = 0;
export const PAST_BUDGET = -1;

/** Counts answers by status for one scenario. */
export class OutcomeLog {
  readonly byStatus: Record<string, number> = {};
  readonly bad: string[] = [];

  record(what: string, outcome: Outcome, acceptable: (o: Outcome) => boolean): void {
    const key =
      outcome.status === PAST_BUDGET ? 'past_budget' : outcome.status === NETWORK_ERROR ? 'network_error' : String(outcome.status);
    this.byStatus[key] = (this.byStatus[key] ?? 0) + 1;
    if (!acceptable(outcome)) this.bad.push(`${what}: ${key} retry-after=${outcome.retryAfter} ${outcome.body.slice(0, 300)}`);
  }

  count(status: number): number {
    return this.byStatus[String(status)] ?? 0;
  }
}

/** 200, or 503 with Retry-After: what a request may answer while a dependency is down. */
export function okOrRetryLater(o: Outcome): boolean {
  return o.status === 200 || (o.status === 503 && o.retryAfter !== null && Number(o.retryAfter) > 0);
}

/** fetch under a budget: never throws; a network error is status 0, no answer within the budget -1. */
export async function request(url: string, init: RequestInit, budgetMs: number): Promise<Outcome> {
  const signal = AbortSignal.timeout(budgetMs);
  try {
    const res = await fetch(url, { ...init, signal });
    const body = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
  } catch (err) {
    if (signal.aborted) return { status: PAST_BUDGET, retryAfter: null, body: `no answer within ${budgetMs} ms` };
    return { status: NETWORK_ERROR, retryAfter: null, body: String((err as Error).cause ?? err) };
  }
}

export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

export function jsonPost(key: string, body: unknown): RequestInit {
  return { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function uploadInit(key: string, filename: string, bytes: Buffer, type: string): RequestInit {
  const form = new FormData();
  form.append('files', new Blob([bytes], { type }), filename);
  return { method: 'POST', headers: bearer(key), body: form };
}

/** Uploads one file; throws unless 200. */
export async function uploadFile(base: string, key: string, filename: string, bytes: Buffer, type: string): Promise<string> {
  const o = await request(`${base}/api/v1/upload`, uploadInit(key, filename, bytes, type), 30_000);
  if (o.status !== 200) throw new Error(`upload ${filename}: ${o.status} ${o.body}`);
  return (JSON.parse(o.body) as { files: { file_id: string }[] }).files[0].file_id;
}

/** Submits an async job; throws unless 200. */
export async function submitAsync(base: string, key: string, url: string, body: Record<string, unknown>): Promise<string> {
  const o = await request(`${base}${url}`, jsonPost(key, { ...body, execution_mode: 'async' }), 30_000);
  if (o.status !== 200) throw new Error(`POST ${url}: ${o.status} ${o.body}`);
  return (JSON.parse(o.body) as { job_id: string }).job_id;
}

export interface JobState {
  job_id: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  error?: unknown;
}

/** Polls until each job is completed or failed; answers the final states (a job still unfinished at the deadline stays as last seen). */
export async function finalStates(base: string, key: string, jobIds: string[], timeoutMs: number): Promise<JobState[]> {
  const deadline = Date.now() + timeoutMs;
  const states = new Map<string, JobState>();
  const open = new Set(jobIds);
  while (open.size > 0 && Date.now() < deadline) {
    for (const id of [...open]) {
      const o = await request(`${base}/v1/jobs/${id}`, { headers: bearer(key) }, 10_000);
      if (o.status !== 200) continue; // a 503 while a dependency comes back: ask again
      const state = JSON.parse(o.body) as JobState;
      states.set(id, state);
      if (state.status === 'completed' || state.status === 'failed') open.delete(id);
    }
    if (open.size > 0) await sleep(200);
  }
  return jobIds.map((id) => states.get(id) ?? { job_id: id, status: 'pending' });
}

export async function jobResult(base: string, key: string, jobId: string): Promise<unknown> {
  const o = await request(`${base}/v1/jobs/${jobId}/result`, { headers: bearer(key) }, 30_000);
  if (o.status !== 200) throw new Error(`result of ${jobId}: ${o.status} ${o.body}`);
  return JSON.parse(o.body);
}

/** /readyz's status code (0 when nothing answers). */
export async function readyStatus(base: string): Promise<number> {
  return (await request(`${base}/readyz`, {}, 8_000)).status;
}

export function waitForReadyz(base: string, status: 200 | 503, timeoutMs = 30_000): Promise<true> {
  return waitFor(
    `${base}/readyz to answer ${status}`,
    async () => ((await readyStatus(base)) === status ? true : undefined),
    timeoutMs,
    100,
  );
}

/** The value without members that hold times or durations (they differ between two runs of one job). */
export function withoutTiming(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTiming);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (/(_ms|_seconds|_at|duration|elapsed|timing|timings)$/i.test(k)) continue;
    out[k] = withoutTiming(v);
  }
  return out;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether a TCP connection to the port on 127.0.0.1 opens. */
export function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// ---------------------------------------------------------------------------------------------------------
// What the stores hold, read beside the running processes (SQLite in WAL mode, or NATS)

async function withStores<T>(env: Record<string, string>, read: (stores: Stores) => Promise<T>): Promise<T> {
  const stores = await createStores(loadConfig({ DOCINTEL_LOG_LEVEL: 'silent', ...env }));
  try {
    return await read(stores);
  } finally {
    await stores.close();
  }
}

/** Status of every job, by id. */
export function jobStatuses(env: Record<string, string>): Promise<Record<string, string>> {
  return withStores(env, async (stores) => {
    const jobs = await stores.metadata.list<JobRecord>('jobs', 'job_');
    return Object.fromEntries(jobs.map((j) => [j.id, j.value.status]));
  });
}

/** The stored job record (the public JobRef does not show attempts). */
export function jobRecord(env: Record<string, string>, jobId: string): Promise<JobRecord> {
  return withStores(env, async (stores) => {
    const found = await stores.metadata.get<JobRecord>('jobs', jobId);
    if (!found) throw new Error(`job ${jobId} not in the metadata store`);
    return found.value;
  });
}

/** Every file record, by id. */
export function fileRecords(env: Record<string, string>): Promise<Record<string, FileRecord>> {
  return withStores(env, async (stores) =>
    Object.fromEntries((await stores.metadata.list<FileRecord>('files', 'file_')).map((r) => [r.id, r.value])),
  );
}

/** sha256 of a blob's bytes as they lie in an embedded data dir (FsBlobStore keeps key `k` at blobs/k). */
export function blobSha256(dataDir: string, key: string): string {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(dataDir, 'blobs', key)))
    .digest('hex');
}

/** PRAGMA integrity_check of the embedded database ('ok' when sound). */
export function sqliteIntegrity(dataDir: string): string {
  const db = new Database(path.join(dataDir, 'docintel.db'), { readonly: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// A nats-server that can be stopped and started again on the same port and store dir

export interface RestartableNats {
  url: string;
  port: number;
  storeDir: string;
  /** SIGTERM (a clean shutdown that flushes the store) and wait for the exit; the store dir stays. */
  stop(): Promise<void>;
  /** Starts the server again on the same port and store dir; resolves once JetStream answers. */
  start(): Promise<void>;
  /** Stops it and removes the store dir. */
  dispose(): Promise<void>;
}

const NATS_BINARY = process.env.NATS_SERVER_BIN ?? 'nats-server';
const natsChildren = new Set<ChildProcess>();

/** null when nats-server is not installed (natsOrSkip warns, or throws under CI). */
export async function startRestartableNats(): Promise<RestartableNats | null> {
  if (!natsOrSkip('nats-server restart fault')) return null;
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docintel-faults-nats-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const nats: RestartableNats = {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = await launchNats(port, storeDir);
    },
    async stop() {
      if (child) await terminate(child);
      child = null;
    },
    async dispose() {
      await nats.stop();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
  await nats.start();
  return nats;
}

async function launchNats(port: number, storeDir: string): Promise<ChildProcess> {
  let lastError: unknown;
  // Right after a stop the port may still be held for a moment: try again briefly.
  for (let attempt = 0; attempt < 20; attempt++) {
    const child = spawn(NATS_BINARY, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    natsChildren.add(child);
    child.once('exit', () => natsChildren.delete(child));
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (log.length < 20_000) log += chunk.toString();
    });
    try {
      await waitFor(
        `nats-server on ${port} to announce JetStream`,
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.exitCode ?? child.signalCode})`);
          return /Server is ready/.test(log) ? true : undefined;
        },
        15_000,
        50,
      );
      return child;
    } catch (err) {
      child.kill('SIGKILL');
      lastError = new Error(`${(err as Error).message}\n${log.slice(-2000)}`);
      await sleep(250);
    }
  }
  throw lastError;
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

process.once('exit', () => {
  for (const child of natsChildren) child.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------------------
// A small tmpfs: the disk that fills up

export interface SmallDisk {
  dir: string;
  /** Unmounts (lazily if busy) and removes the mount point. */
  unmount(): void;
}

/**
 * Mounts a tmpfs of `sizeKb` at a new temp dir. When mount is refused (not root, no CAP_SYS_ADMIN) this warns
 * loudly and answers null, except under CI, where it throws: CI runs as root and must not skip.
 */
export function mountSmallDisk(sizeKb: number): SmallDisk | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docintel-faults-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    const message = `mount -t tmpfs failed (${(mounted.stderr || String(mounted.error ?? '')).trim()}): the disk-full fault test needs it`;
    if (process.env.CI) throw new Error(`${message}; CI must not skip it`);
    console.warn(`\n${'!'.repeat(80)}\n!! SKIPPING disk full: ${message}\n${'!'.repeat(80)}\n`);
    return null;
  }
  return {
    dir,
    unmount() {
      if (spawnSync('umount', [dir]).status !== 0) spawnSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the file system of `dir` with one file until ENOSPC; answers its path (delete it to free the space). */
export function fillDisk(dir: string): string {
  const file = path.join(dir, 'filler.bin');
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(4096, 7);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

// ---------------------------------------------------------------------------------------------------------
// The summary the lead quotes in the issue note (FAULTS_SUMMARY=path)

export interface ScenarioSummary {
  scenario: string;
  jobs_submitted: number;
  jobs_completed: number;
  jobs_lost: number;
  requests_by_status: Record<string, number>;
  notes?: string;
}

const summaries: ScenarioSummary[] = [];

export function recordScenario(summary: ScenarioSummary): void {
  summaries.push(summary);
}

/** Writes the JSON report when FAULTS_SUMMARY names a file. */
export function writeFaultsSummary(): void {
  const file = process.env.FAULTS_SUMMARY;
  if (!file) return;
  const jobsLost = summaries.reduce((n, s) => n + s.jobs_lost, 0);
  fs.writeFileSync(file, `${JSON.stringify({ scenarios: summaries, jobs_lost_total: jobsLost }, null, 2)}\n`);
}

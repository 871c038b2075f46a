/**
 * The real processes (`node bin/docintel.js serve|api|worker`) over HTTP: first start and its API key, the
 * inference sidecar's restart after kill -9, a worker killed mid-job (embedded SQLite and NATS), graceful
 * SIGTERM, and invalid configuration. Every process runs in its own process group and is SIGKILLed after
 * its tests, whatever their outcome.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord, JobRef } from '../src/jobs/ports.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createStores } from '../src/storage/mod.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import { freePort, natsOrSkip, startNatsServer, type NatsServer } from './helpers/nats-server.ts';
import {
  childPids,
  commandLine,
  groupPids,
  isAlive,
  killAllDocintel,
  sidecarPids,
  startDocintel,
  waitFor,
  waitForReady,
  type DocintelProcess,
  type Exit,
} from './helpers/processes.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const KEY = 'processes-test-key-0123456789';
const LEASE_MS = '1500';
/** Long enough that a job held by the delay fault is surely still `processing` when the test acts on it. */
const HELD_JOB_FAULT = 'job.delay_ms=60000';

let fixtures: Fixtures;
const temp = new TempDirs('proc');

beforeAll(async () => {
  fixtures = await createFixtures();
});

afterAll(async () => {
  await killAllDocintel();
  await fixtures?.cleanup();
  await temp.removeAll();
});

function auth(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

async function getJson<T>(url: string, key: string): Promise<T> {
  const res = await fetch(url, { headers: auth(key) });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

async function uploadPdf(base: string, key: string): Promise<{ file_id: string; page_count: number; content_type: string }> {
  const form = new FormData();
  form.append('files', new Blob([fixtures.good.pdf.bytes], { type: 'application/pdf' }), fixtures.good.pdf.filename);
  const res = await fetch(`${base}/api/v1/upload`, { method: 'POST', headers: auth(key), body: form });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { files: { file_id: string; page_count: number; content_type: string }[] }).files[0];
}

async function submitParse(base: string, key: string, fileId: string): Promise<JobRef> {
  const res = await fetch(`${base}/api/v1/parse`, {
    method: 'POST',
    headers: { ...auth(key), 'content-type': 'application/json' },
    body: JSON.stringify({ input: { file_id: fileId }, execution_mode: 'async' }),
  });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as JobRef;
}

function waitForJobStatus(base: string, key: string, jobId: string, status: JobRef['status'], timeoutMs = 30_000): Promise<JobRef> {
  return waitFor(
    `job ${jobId} to be ${status}`,
    async () => {
      const ref = await getJson<JobRef>(`${base}/v1/jobs/${jobId}`, key);
      if (ref.status === 'failed' && status !== 'failed') throw new Error(`job failed: ${JSON.stringify(ref.error)}`);
      return ref.status === status ? ref : undefined;
    },
    timeoutMs,
    100,
  );
}

/** The parse result of the generated 3-page PDF must hold its text and its three pages. */
async function expectCorrectParse(base: string, key: string, jobId: string): Promise<void> {
  const result = await getJson<{ markdown: string; pages: { page_index: number }[] }>(`${base}/v1/jobs/${jobId}/result`, key);
  expect(result.markdown).toContain('Quarterly report for the northern region');
  expect(result.markdown).toContain('INV-2024-0042');
  expect(result.pages.map((p) => p.page_index)).toEqual([0, 1, 2]);
}

/** The job record as the stores hold it (the public JobRef does not show attempts). */
async function readJobRecord(env: Record<string, string>, jobId: string): Promise<JobRecord> {
  const stores = await createStores(loadConfig({ DOCINTEL_LOG_LEVEL: 'silent', ...env }));
  try {
    const found = await stores.metadata.get<JobRecord>('jobs', jobId);
    if (!found) throw new Error(`job ${jobId} not in the metadata store`);
    return found.value;
  } finally {
    await stores.close();
  }
}

/** Reads a job's SSE stream until the server closes it (after the final event). */
async function collectJobEvents(base: string, key: string, jobId: string): Promise<JobRef[]> {
  const res = await fetch(`${base}/v1/jobs/${jobId}/events`, { headers: auth(key), signal: AbortSignal.timeout(50_000) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: JobRef[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body!) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data) events.push(JSON.parse(data) as JobRef);
    }
  }
  return events;
}

function expectProcessingThenCompleted(events: JobRef[]): void {
  const statuses = events.map((e) => e.status);
  const processing = statuses.indexOf('processing');
  expect(processing, `events: ${statuses.join(' ')}`).toBeGreaterThanOrEqual(0);
  expect(statuses.lastIndexOf('completed'), `events: ${statuses.join(' ')}`).toBeGreaterThan(processing);
  expect(statuses.at(-1)).toBe('completed');
  expect(statuses).not.toContain('failed');
}

function exitWithin(proc: DocintelProcess, ms: number): Promise<Exit> {
  return Promise.race([
    proc.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`docintel ${proc.role} still running after ${ms} ms\n${proc.stdout().slice(-2000)}`)), ms),
    ),
  ]);
}

/** The one inference sidecar a serve or worker process runs. */
function sidecarOf(proc: DocintelProcess): number {
  const sidecars = sidecarPids(proc.pid);
  const children = childPids(proc.pid)
    .map((pid) => `${pid}: ${commandLine(pid)}`)
    .join('\n');
  expect(sidecars, `docintel ${proc.role} must run exactly one inference sidecar; its children:\n${children}`).toHaveLength(1);
  return sidecars[0];
}

describe('serve: first start, sidecar restart, graceful SIGTERM', () => {
  let dataDir: string;
  let base: string;
  let serve: DocintelProcess;
  let key: string;
  let fileId: string;

  beforeAll(async () => {
    dataDir = await temp.make();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // No DOCINTEL_API_KEYS: the first start generates a key. The delay fault only matters to the SIGTERM test.
    serve = startDocintel('serve', { DOCINTEL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DOCINTEL_FAULTS: HELD_JOB_FAULT });
    await serve.waitForOutput(/docintel serve started/);
  });

  afterAll(() => killAllDocintel());

  it('prints where its generated API key is, keeps only a hash, and serves uploads and page images with it', async () => {
    key = (await serve.waitForOutput(/Created an API key \(shown once\): (\S+)/))[1];
    const keyFile = path.join(dataDir, 'initial-api-key.txt');
    expect(serve.stdout()).toContain(`It is also in ${keyFile} (mode 0600) until the key is first used.`);
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(key);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const keysFile = await readFile(path.join(dataDir, 'api-keys.json'), 'utf8');
    expect(keysFile).not.toContain(key);
    expect(keysFile).toContain(createHash('sha256').update(key).digest('hex'));

    const ready = await waitForReady(base, { inference: true });
    expect(ready.checks).toEqual({ metadata: 'ok', blobs: 'ok', queue: 'ok', inference: 'ok' });

    expect((await fetch(`${base}/v1/files/file_00000000000000000000000000`)).status).toBe(401);
    const uploaded = await uploadPdf(base, key);
    expect(uploaded).toMatchObject({ content_type: 'application/pdf', page_count: 3 });
    // The operator has the key once it was used: its plaintext leaves the data dir.
    await expect(stat(keyFile)).rejects.toMatchObject({ code: 'ENOENT' });
    fileId = uploaded.file_id;
    expect(await getJson(`${base}/v1/files/${fileId}`, key)).toMatchObject({
      file_id: fileId,
      filename: fixtures.good.pdf.filename,
      page_count: 3,
    });

    const image = await fetch(`${base}/v1/files/${fileId}/pages/0/image`, { headers: auth(key) });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(fixtures.good.pdf.pages[0]);
  });

  it('restarts the inference sidecar after kill -9 and becomes ready again', async () => {
    const before = sidecarOf(serve);
    expect(serve.stdout()).toContain(`"childPid":${before}`);
    process.kill(before, 'SIGKILL');
    await waitFor('the sidecar to die', () => (isAlive(before) ? undefined : true), 5_000, 20);
    const after = await waitFor('a new sidecar', () => sidecarPids(serve.pid).find((pid) => pid !== before), 15_000);
    expect(after).not.toBe(before);
    const ready = await waitForReady(base, { inference: true });
    expect(ready.checks.inference).toBe('ok');
    expect(sidecarOf(serve)).toBe(after);
    expect(serve.isRunning()).toBe(true);
    await serve.waitForOutput(new RegExp(`"childPid":${after}[^\\n]*inference process ready`));
  });

  it('lets a worker share its data dir: the worker runs its own sidecar on its own socket', async () => {
    const worker = startDocintel('worker', { DOCINTEL_DATA_DIR: dataDir });
    try {
      await worker.waitForOutput(/docintel worker started/);
      const sidecar = sidecarOf(worker);
      expect(sidecar).not.toBe(sidecarOf(serve));
      expect(commandLine(sidecar)).toContain(`--listen unix:${path.join(dataDir, `inference-${worker.pid}.sock`)}`);
      expect((await waitForReady(base, { inference: true })).checks.inference).toBe('ok');
    } finally {
      await worker.killGroup();
    }
  });

  it('exits 0 on SIGTERM, stops its sidecar, releases the running job, and a fresh serve completes it', async () => {
    const job = await submitParse(base, key, fileId);
    await waitForJobStatus(base, key, job.job_id, 'processing');
    const sidecar = sidecarOf(serve);

    serve.signal('SIGTERM');
    const exit = await exitWithin(serve, 10_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(isAlive(sidecar), 'the sidecar must not outlive serve').toBe(false);
    // Helpers such as tsx's esbuild service notice their parent's exit on their own, a moment later.
    await waitFor("serve's process group to be empty", () => (groupPids(serve.pid).length === 0 ? true : undefined), 5_000, 50);
    expect((await readJobRecord({ DOCINTEL_DATA_DIR: dataDir }, job.job_id)).status).toBe('pending');

    const port = await freePort();
    const freshBase = `http://127.0.0.1:${port}`;
    const fresh = startDocintel('serve', { DOCINTEL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await fresh.waitForOutput(/docintel serve started/);
    expect(fresh.stdout(), 'the key exists already: no new one').not.toContain('Created an API key');
    await waitForJobStatus(freshBase, key, job.job_id, 'completed');
    await expectCorrectParse(freshBase, key, job.job_id);
  });
});

/**
 * An `api` and a `worker` process; the worker holds the job (delay fault) and is killed with its sidecar;
 * a second worker without the fault picks the job up once the lease expires and completes it.
 */
async function workerKilledMidJob(shared: Record<string, string>, separateDataDirs: boolean): Promise<void> {
  const common = { ...shared, DOCINTEL_API_KEYS: `tester:${KEY}`, DOCINTEL_JOB_LEASE_MS: LEASE_MS };
  const sharedDir = await temp.make();
  const dataDir = async () => ({ DOCINTEL_DATA_DIR: separateDataDirs ? await temp.make() : sharedDir });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startDocintel('api', { ...common, ...(await dataDir()), PORT: String(port), HOST: '127.0.0.1' });
  const doomed = startDocintel('worker', { ...common, ...(await dataDir()), DOCINTEL_FAULTS: HELD_JOB_FAULT });
  await Promise.all([api.waitForOutput(/docintel api started/), doomed.waitForOutput(/docintel worker started/)]);
  await waitForReady(base);

  const file = await uploadPdf(base, KEY);
  const job = await submitParse(base, KEY, file.file_id);
  const events = collectJobEvents(base, KEY, job.job_id);
  events.catch(() => undefined); // awaited below; a failure before then must not also surface as an unhandled rejection
  await waitForJobStatus(base, KEY, job.job_id, 'processing');

  const doomedSidecar = sidecarOf(doomed);
  await doomed.killGroup();
  await waitFor("the killed worker's sidecar to die", () => (isAlive(doomedSidecar) ? undefined : true), 5_000, 20);

  const rescuer = startDocintel('worker', { ...common, ...(await dataDir()) });
  const done = await waitForJobStatus(base, KEY, job.job_id, 'completed', 40_000);
  expect(done.result_url).toBe(`/v1/jobs/${job.job_id}/result`);
  await expectCorrectParse(base, KEY, job.job_id);
  expect(rescuer.isRunning()).toBe(true);

  const record = await readJobRecord({ ...common, ...(await dataDir()) }, job.job_id);
  expect(record.status).toBe('completed');
  expect(record.attempts).toBeGreaterThanOrEqual(2);
  expectProcessingThenCompleted(await events);
}

describe('worker killed mid-job', () => {
  afterEach(() => killAllDocintel());

  it('embedded (shared data dir): a new worker completes the job after the lease expires', async () => {
    await workerKilledMidJob({}, false);
  });

  const haveNats = natsOrSkip('worker killed mid-job (NATS)');
  describe.skipIf(!haveNats)('NATS', () => {
    let nats: NatsServer;
    beforeAll(async () => {
      nats = (await startNatsServer())!;
    });
    afterAll(() => nats?.stop());

    it('a new worker completes the job after the ack wait expires (separate data dirs)', async () => {
      await workerKilledMidJob({ DOCINTEL_NATS_URL: nats.url }, true);
    });
  });
});

describe('invalid configuration', () => {
  afterEach(() => killAllDocintel());

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DOCINTEL_NATS_URL', { DOCINTEL_NATS_URL: 'http://x' }],
    ['DOCINTEL_MAX_PAGES', { DOCINTEL_MAX_PAGES: '-1' }],
  ])('%s: exits non-zero with one stderr line naming it', async (variable, env) => {
    const proc = startDocintel('serve', { DOCINTEL_DATA_DIR: await temp.make(), HOST: '127.0.0.1', PORT: '0', ...env });
    const exit = await exitWithin(proc, 15_000);
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const lines = proc.stderr().trimEnd().split('\n');
    expect(lines, proc.stderr()).toHaveLength(1);
    expect(lines[0]).toContain(variable);
  });
});

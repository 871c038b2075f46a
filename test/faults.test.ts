/**
 * Faults with real processes (issue 13, item 2): the inference sidecar killed under load, a worker killed
 * mid-job on NATS with another worker running, nats-server restarted, a full data disk, and SIGTERM during
 * a burst. test/processes.test.ts covers the quiet versions (idle sidecar kill, lease redelivery to a worker
 * started later, SIGTERM releasing one job); these add load and check that no job is lost.
 * With FAULTS_SUMMARY=file, a JSON report of jobs submitted/completed/lost and answers by status is written.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { RequestError, TimeoutError } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InferenceUnavailableError } from '../src/inference/errors.ts';
import { classifyJobError } from '../src/jobs/errors.ts';
import { InsufficientStorageError, isStorageFull } from '../src/shared/errors.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import {
  FAULT_DEPLOYMENT_ENV,
  bearer,
  blobSha256,
  connects,
  fileRecords,
  fillDisk,
  finalStates,
  jobRecord,
  jobResult,
  jobStatuses,
  jsonPost,
  mountSmallDisk,
  okOrRetryLater,
  OutcomeLog,
  recordScenario,
  request,
  sqliteIntegrity,
  startNatsDeployment,
  startRestartableNats,
  submitAsync,
  uploadFile,
  uploadInit,
  waitForReadyz,
  withoutTiming,
  writeFaultsSummary,
  type JobState,
  type Outcome,
  type RestartableNats,
  type SmallDisk,
} from './helpers/faults.ts';
import { freePort, natsOrSkip } from './helpers/nats-server.ts';
import { isAlive, killAllDocintel, sidecarPids, startDocintel, waitFor, waitForReady, type DocintelProcess } from './helpers/processes.ts';
import { scannedPdf, textImage } from './helpers/ocr-images.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const KEY = 'faults-test-key-0123456789';
/** Short leases: a dead worker's job comes back within seconds. */
const LEASE_MS = '1500';
/** Server-side sync budget; the client gives each request this plus a margin before calling it a hang. */
const SYNC_BUDGET_MS = 45_000;
const CLIENT_BUDGET_MS = SYNC_BUDGET_MS + 10_000;

let fixtures: Fixtures;
const temp = new TempDirs('faults');

beforeAll(async () => {
  fixtures = await createFixtures();
});

afterAll(async () => {
  await killAllDocintel();
  await fixtures?.cleanup();
  await temp.removeAll();
  writeFaultsSummary();
});

interface Service {
  proc: DocintelProcess;
  base: string;
}

async function startServe(env: Record<string, string>): Promise<Service> {
  const port = await freePort();
  const proc = startDocintel('serve', {
    ...FAULT_DEPLOYMENT_ENV,
    DOCINTEL_API_KEYS: `tester:${KEY}`,
    DOCINTEL_JOB_LEASE_MS: LEASE_MS,
    DOCINTEL_SYNC_BUDGET_MS: String(SYNC_BUDGET_MS),
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  await proc.waitForOutput(/docintel serve started/);
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base, { inference: true });
  return { proc, base };
}

function completedCount(states: JobState[]): number {
  return states.filter((s) => s.status === 'completed').length;
}

function describeStates(states: JobState[]): string {
  return states
    .filter((s) => s.status !== 'completed')
    .map((s) => `${s.job_id}: ${s.status} ${JSON.stringify(s.error ?? '')}`)
    .join('\n');
}

/** Job runs the worker gave back for a retry (a temporary problem such as the sidecar being down). */
function retriedRuns(proc: DocintelProcess): number {
  return proc.stdout().match(/job hit a temporary problem; retrying/g)?.length ?? 0;
}

describe('the inference sidecar killed under load', () => {
  let svc: Service;
  let imageId: string;
  let scanId: string;

  beforeAll(async () => {
    svc = await startServe({ DOCINTEL_DATA_DIR: await temp.make() });
    const image = textImage();
    imageId = await uploadFile(svc.base, KEY, 'scan.png', image.png, 'image/png');
    scanId = await uploadFile(svc.base, KEY, 'scan.pdf', scannedPdf([{ scan: image.png }]), 'application/pdf');
  }, 120_000);

  afterAll(() => svc?.proc.killGroup());

  it('sync requests answer 200 or 503 with Retry-After, the sidecar comes back, and every async job completes', async () => {
    const log = new OutcomeLog();
    const syncRequests = [
      () => ({ url: '/v1/ocr', body: { input: { file_id: imageId }, execution_mode: 'sync' } }),
      () => ({ url: '/api/v1/parse', body: { input: { file_id: scanId }, execution_mode: 'sync' } }),
    ];
    let stop = false;
    let completedSync = 0;
    let inFlight = 0;
    const client = async (n: number) => {
      for (let i = n; !stop; i++) {
        const { url, body } = syncRequests[i % syncRequests.length]();
        inFlight++;
        const outcome = await request(`${svc.base}${url}`, jsonPost(KEY, body), CLIENT_BUDGET_MS);
        inFlight--;
        log.record(`POST ${url}`, outcome, okOrRetryLater);
        if (outcome.status === 200) completedSync++;
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));

    const asyncJobs: string[] = [];
    const submitSome = async (count: number) => {
      for (let i = 0; i < count; i++)
        asyncJobs.push(await submitAsync(svc.base, KEY, '/api/v1/parse', { input: { file_id: i % 2 ? scanId : imageId } }));
    };
    try {
      // Warm: the burst is running and answering before the kill.
      await waitFor('a few sync answers before the kill', () => (completedSync >= 4 ? true : undefined), 60_000, 50);
      await submitSome(4);
      const before = sidecarPids(svc.proc.pid);
      expect(before).toHaveLength(1);
      const inFlightAtKill = inFlight;
      const killedAt = Date.now();
      process.kill(before[0], 'SIGKILL');
      await waitFor('the sidecar to die', () => (isAlive(before[0]) ? undefined : true), 5_000, 20);
      await submitSome(2);
      const after = await waitFor('a new sidecar', () => sidecarPids(svc.proc.pid).find((pid) => pid !== before[0]), 30_000);
      await waitForReady(svc.base, { inference: true, timeoutMs: 40_000 });
      const downMs = Date.now() - killedAt;
      // The burst goes on against the restarted sidecar for a moment.
      const answeredAtReady = completedSync;
      await waitFor('sync answers after the restart', () => (completedSync >= answeredAtReady + 4 ? true : undefined), 60_000, 50);
      await submitSome(2);
      stop = true;
      await Promise.all(clients);

      const states = await finalStates(svc.base, KEY, asyncJobs, 90_000);
      recordScenario({
        scenario: 'inference sidecar SIGKILL under load (serve, 8 sync clients + async parse jobs)',
        jobs_submitted: asyncJobs.length,
        jobs_completed: completedCount(states),
        jobs_lost: asyncJobs.length - completedCount(states),
        requests_by_status: log.byStatus,
        notes: `sync requests in flight at the kill: ${inFlightAtKill}; job runs retried: ${retriedRuns(svc.proc)}; sidecar ${before[0]} -> ${after}, ready again after ${downMs} ms`,
      });
      expect(inFlightAtKill, 'the kill must land during the burst').toBeGreaterThan(0);
      expect(log.bad, 'every sync answer is 200 or 503 with Retry-After').toEqual([]);
      expect(describeStates(states), 'every async job completed').toBe('');
      expect(svc.proc.isRunning()).toBe(true);
    } finally {
      stop = true;
      await Promise.all(clients);
    }
  }, 120_000);
});

describe('SIGTERM during a burst', () => {
  it('lets the in-flight sync requests finish with 200, exits 0, and a restarted serve completes the queued jobs', async () => {
    const dataDir = await temp.make();
    // Eight slots, each job held 3 s: the eight sync requests are surely in flight when SIGTERM comes.
    const svc = await startServe({ DOCINTEL_DATA_DIR: dataDir, DOCINTEL_WORKER_CONCURRENCY: '8', DOCINTEL_FAULTS: 'job.delay_ms=3000' });
    const fileId = await uploadFile(svc.base, KEY, fixtures.good.pdf.filename, fixtures.good.pdf.bytes, 'application/pdf');
    const log = new OutcomeLog();

    const sync = Array.from({ length: 8 }, async () => {
      const outcome = await request(
        `${svc.base}/api/v1/parse`,
        jsonPost(KEY, { input: { file_id: fileId }, execution_mode: 'sync' }),
        CLIENT_BUDGET_MS,
      );
      log.record('in-flight sync parse', outcome, (o) => o.status === 200);
      return outcome;
    });
    const processing = () =>
      jobStatuses({ DOCINTEL_DATA_DIR: dataDir }).then((s) => Object.values(s).filter((v) => v === 'processing').length);
    await waitFor('eight sync jobs processing', async () => ((await processing()) === 8 ? true : undefined), 60_000, 100);
    const asyncJobs: string[] = [];
    for (let i = 0; i < 4; i++) asyncJobs.push(await submitAsync(svc.base, KEY, '/api/v1/parse', { input: { file_id: fileId } }));

    svc.proc.signal('SIGTERM');
    await svc.proc.waitForOutput(/shutting down/);
    const port = Number(new URL(svc.base).port);
    const refused = await waitFor(
      'the port to refuse new connections',
      async () => ((await connects(port)) ? undefined : true),
      10_000,
      50,
    );
    const exit = await svc.proc.exited;
    const answers = await Promise.all(sync);
    const statuses = await jobStatuses({ DOCINTEL_DATA_DIR: dataDir });

    const again = await startServe({ DOCINTEL_DATA_DIR: dataDir });
    const states = await finalStates(again.base, KEY, asyncJobs, 60_000);
    recordScenario({
      scenario: 'SIGTERM during a burst (serve, 8 in-flight sync parse + 4 queued async parse, restart on the same data dir)',
      jobs_submitted: asyncJobs.length,
      jobs_completed: completedCount(states),
      jobs_lost: asyncJobs.length - completedCount(states),
      requests_by_status: log.byStatus,
      notes: `exit ${JSON.stringify(exit)}; async jobs at exit: ${asyncJobs.map((id) => statuses[id]).join(', ')}`,
    });
    expect(refused).toBe(true);
    expect(log.bad, 'every in-flight sync request finishes with 200').toEqual([]);
    for (const answer of answers) expect((JSON.parse(answer.body) as { markdown: string }).markdown).toContain('Quarterly report');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(
      asyncJobs.map((id) => statuses[id]),
      'queued jobs are left pending for the next start',
    ).not.toContain('processing');
    expect(describeStates(states), 'every queued async job completes after the restart').toBe('');
    await again.proc.killGroup();
  }, 150_000);
});

describe('disk full in the data dir', () => {
  let disk: SmallDisk | null = null;
  let svc: Service | undefined;
  afterAll(async () => {
    await svc?.proc.killGroup(); // before the unmount: nothing may hold files there
    disk?.unmount();
  });

  it('answers 507 with a JSON detail while full, stores nothing partial, and works again once space is freed', async (ctx) => {
    disk = mountSmallDisk(24 * 1024);
    if (!disk) return ctx.skip();
    const dataDir = disk.dir;
    const where = { DOCINTEL_DATA_DIR: dataDir };
    svc = await startServe(where);
    const log = new OutcomeLog();
    const png = textImage().png;

    // Before the disk fills: two files and a finished job.
    const pdfId = await uploadFile(svc.base, KEY, fixtures.good.pdf.filename, fixtures.good.pdf.bytes, 'application/pdf');
    const pngId = await uploadFile(svc.base, KEY, 'scan.png', png, 'image/png');
    const jobBefore = await submitAsync(svc.base, KEY, '/api/v1/parse', { input: { file_id: pdfId } });
    expect(describeStates(await finalStates(svc.base, KEY, [jobBefore], 30_000))).toBe('');
    const resultBefore = await jobResult(svc.base, KEY, jobBefore);
    const recordsBefore = await fileRecords(where);
    const idsBefore = Object.keys(recordsBefore).sort();

    const filler = fillDisk(dataDir);
    const full = (o: Outcome) =>
      (o.status === 507 || o.status === 503) && Number(o.retryAfter) > 0 && typeof JSON.parse(o.body).detail === 'string';
    for (let i = 0; i < 3; i++) {
      log.record(
        'upload while full',
        await request(`${svc.base}/api/v1/upload`, uploadInit(KEY, `full-${i}.png`, png, 'image/png'), 30_000),
        full,
      );
    }
    // A job may still be accepted (SQLite can reuse its WAL pages); then it must complete once there is room.
    const during = await request(`${svc.base}/api/v1/parse`, jsonPost(KEY, { input: { file_id: pngId }, execution_mode: 'async' }), 30_000);
    log.record('async parse while full', during, (o) => o.status === 200 || full(o));
    log.record(
      'file metadata while full',
      await request(`${svc.base}/v1/files/${pdfId}`, { headers: bearer(KEY) }, 30_000),
      (o) => o.status === 200,
    );
    // A write still in flight (the accepted parse job's cache entries) holds its .part until it lands or is removed;
    // a refused upload's temp file would stay, so a bounded wait tells the two apart.
    const tempFiles = () => readdirSync(path.join(dataDir, 'blobs', '.tmp'));
    await waitFor('blob writes in flight to settle', () => (tempFiles().length === 0 ? true : undefined), 10_000, 100).catch(
      () => undefined,
    );
    const leftWhileFull = {
      temp: tempFiles(),
      records: Object.keys(await fileRecords(where)).sort(),
      blobs: readdirSync(path.join(dataDir, 'blobs', 'files')).sort(),
    };

    rmSync(filler);
    const pngAfter = await uploadFile(svc.base, KEY, 'after.png', png, 'image/png');
    const jobs = [jobBefore, await submitAsync(svc.base, KEY, '/api/v1/parse', { input: { file_id: pngAfter } })];
    if (during.status === 200) jobs.push((JSON.parse(during.body) as { job_id: string }).job_id);
    const states = await finalStates(svc.base, KEY, jobs, 60_000);
    const resultAfter = await jobResult(svc.base, KEY, jobBefore);
    log.record(
      'page image after freeing',
      await request(`${svc.base}/v1/files/${pdfId}/pages/0/image`, { headers: bearer(KEY) }, 30_000),
      (o) => o.status === 200,
    );
    await svc.proc.killGroup();
    recordScenario({
      scenario: 'disk full in the data dir (serve on a 24 MiB tmpfs filled to ENOSPC, then freed)',
      jobs_submitted: jobs.length,
      jobs_completed: completedCount(states),
      jobs_lost: jobs.length - completedCount(states),
      requests_by_status: log.byStatus,
      notes: `async parse while full answered ${during.status}`,
    });

    expect(log.bad, 'uploads answer 507/503 with Retry-After and a detail; reads keep working').toEqual([]);
    expect(log.count(507), 'a full disk is a 507').toBeGreaterThan(0);
    expect(leftWhileFull, 'a refused upload leaves no temp file, record or blob').toEqual({
      temp: [],
      records: idsBefore,
      blobs: idsBefore,
    });
    expect(describeStates(states), 'every job completes once space is freed').toBe('');
    expect(resultAfter, 'an earlier result reads back unchanged').toEqual(resultBefore);
    for (const [id, record] of Object.entries(recordsBefore))
      expect(blobSha256(dataDir, record.blob_key), `blob of ${id}`).toBe(record.sha256);
    expect(sqliteIntegrity(dataDir)).toBe('ok');
  }, 120_000);
});

function mentions(proc: DocintelProcess, jobId: string, message: string): number {
  return proc
    .stdout()
    .split('\n')
    .filter((line) => line.includes(`"jobId":"${jobId}"`) && line.includes(message)).length;
}

const haveNats = natsOrSkip('faults with NATS (worker killed mid-job, nats-server restart)');
describe.skipIf(!haveNats)('NATS: an api and two workers, each with its own data dir', () => {
  let nats: RestartableNats;
  let base: string;
  let api: DocintelProcess;
  let workers: DocintelProcess[];
  let natsEnv: Record<string, string>;
  let pdfId: string;

  beforeAll(async () => {
    nats = (await startRestartableNats())!;
    // Each job is held 2 s in `processing`, long enough to kill its worker mid-job.
    natsEnv = { DOCINTEL_NATS_URL: nats.url, DOCINTEL_API_KEYS: `tester:${KEY}`, DOCINTEL_JOB_LEASE_MS: LEASE_MS };
    ({ base, api, workers } = await startNatsDeployment(natsEnv, () => temp.make(), {
      workers: 2,
      workerEnv: { DOCINTEL_FAULTS: 'job.delay_ms=2000' },
    }));
    pdfId = await uploadFile(base, KEY, fixtures.good.pdf.filename, fixtures.good.pdf.bytes, 'application/pdf');
  }, 120_000);

  afterAll(async () => {
    await killAllDocintel();
    await nats?.dispose();
  });

  it('a worker killed mid-job: the other worker completes the job once, with the result of an undisturbed run', async () => {
    const parse = { input: { file_id: pdfId } };
    const killed = await submitAsync(base, KEY, '/api/v1/parse', parse);
    const holder = await waitFor(
      'a worker to hold the job',
      () => workers.find((w) => mentions(w, killed, 'holding the job') > 0),
      30_000,
      50,
    );
    const survivor = workers.find((w) => w !== holder)!;
    await holder.killGroup();

    const undisturbed = await submitAsync(base, KEY, '/api/v1/parse', parse);
    const states = await finalStates(base, KEY, [killed, undisturbed], 60_000);
    const record = await jobRecord(natsEnv, killed);
    recordScenario({
      scenario: 'worker SIGKILLed mid-job (NATS: api + 2 workers; redelivered after ack wait to the other worker)',
      jobs_submitted: 2,
      jobs_completed: completedCount(states),
      jobs_lost: 2 - completedCount(states),
      requests_by_status: {},
      notes: `attempts of the killed job: ${record.attempts}`,
    });
    expect(describeStates(states)).toBe('');
    expect(record).toMatchObject({ status: 'completed', attempts: 2 });
    expect(mentions(survivor, killed, 'holding the job'), 'redelivered to the other worker').toBe(1);
    expect(withoutTiming(await jobResult(base, KEY, killed))).toEqual(withoutTiming(await jobResult(base, KEY, undisturbed)));
    workers = [survivor];
  }, 120_000);

  it('nats-server restarted: readiness 503 then 200, requests meanwhile answer 503 with Retry-After, no job lost', async () => {
    const log = new OutcomeLog();
    const jobs: string[] = [];
    for (let i = 0; i < 3; i++) jobs.push(await submitAsync(base, KEY, '/api/v1/parse', { input: { file_id: pdfId } }));

    await nats.stop();
    const budget = 25_000;
    const during = [
      request(`${base}/v1/jobs/${jobs[0]}`, { headers: bearer(KEY) }, budget).then((o) =>
        log.record('job status while down', o, okOrRetryLater),
      ),
      request(`${base}/api/v1/parse`, jsonPost(KEY, { input: { file_id: pdfId }, execution_mode: 'async' }), budget).then((o) =>
        log.record('async parse while down', o, okOrRetryLater),
      ),
      request(`${base}/api/v1/upload`, uploadInit(KEY, 'down.png', textImage().png, 'image/png'), budget).then((o) =>
        log.record('upload while down', o, okOrRetryLater),
      ),
    ];
    await waitForReadyz(base, 503);
    // The server stays down until every request above has answered: they must not wait for it to come back.
    await Promise.all(during);
    await nats.start();
    await waitForReadyz(base, 200, 40_000);

    for (let i = 0; i < 2; i++) jobs.push(await submitAsync(base, KEY, '/api/v1/parse', { input: { file_id: pdfId } }));
    const states = await finalStates(base, KEY, jobs, 90_000);
    recordScenario({
      scenario: 'nats-server stopped (SIGTERM) and started again on the same port and store dir (api + worker)',
      jobs_submitted: jobs.length,
      jobs_completed: completedCount(states),
      jobs_lost: jobs.length - completedCount(states),
      requests_by_status: log.byStatus,
    });
    expect(log.bad, 'requests during the outage answer 503 with Retry-After').toEqual([]);
    expect(log.count(503), 'the outage outlasted the wait for a reconnect').toBeGreaterThan(0);
    expect(describeStates(states), 'every job submitted before and after the restart completes').toBe('');
    expect(api.isRunning() && workers[0].isRunning()).toBe(true);
  }, 120_000);
});

describe('how faults are classified', () => {
  it('a full disk is a 507 with Retry-After, and a job that meets one is retried, not failed', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL']) expect(isStorageFull(Object.assign(new Error('full'), { code }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    const full = new InsufficientStorageError('blob');
    expect(full.status).toBe(507);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(classifyJobError(full, 'parse', 1)).toMatchObject({ kind: 'retry' });
  });

  it('a NATS call lost with the connection is retried by workers, and a dependency gets longer at each attempt', () => {
    const lost = new RequestError('request failed', { cause: new TimeoutError() });
    expect(classifyJobError(lost, 'parse', 1)).toMatchObject({ kind: 'retry', info: { type: 'temporarily_unavailable' } });
    expect(classifyJobError(new Error('bug'), 'parse', 1)).toMatchObject({ kind: 'fail', httpStatus: 500 });
    const down = new InferenceUnavailableError(14, 'no connection', 2);
    const delays = [1, 2, 3].map((attempt) => (classifyJobError(down, 'ocr', attempt) as { delayMs: number }).delayMs);
    expect(delays).toEqual([2000, 4000, 8000]);
  });
});

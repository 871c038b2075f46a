/**
 * A short crash loop of the inference sidecar (real `serve` and sidecar processes): it is SIGKILLed five times in
 * about 15 s while async OCR jobs are queued and running. An outage of a dependency delays jobs (back to pending,
 * exponential backoff, bounded by DOCINTEL_JOB_RETRY_BUDGET_MS) instead of spending their attempts, which are
 * kept for workers that die: every job completes. Before, each "inference unavailable" retry spent one of the
 * three attempts and such a loop failed many jobs for good, including ones that had only been queued.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  FAULT_DEPLOYMENT_ENV,
  finalStates,
  recordScenario,
  sleep,
  submitAsync,
  uploadFile,
  writeFaultsSummary,
  type JobState,
} from './helpers/faults.ts';
import { freePort } from './helpers/nats-server.ts';
import { textImage } from './helpers/ocr-images.ts';
import { isAlive, killAllDocintel, sidecarPids, startDocintel, waitFor, waitForReady, type DocintelProcess } from './helpers/processes.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const KEY = 'outage-test-key-0123456789';
const JOBS = 16;
const KILLS = 5;
/** Kills are this far apart (or later, when the supervisor's restart backoff brings the sidecar back later). */
const KILL_SPACING_MS = 3_000;

const temp = new TempDirs('outage');
afterAll(async () => {
  await killAllDocintel();
  await temp.removeAll();
  writeFaultsSummary();
});

async function startServe(): Promise<{ proc: DocintelProcess; base: string }> {
  const dataDir = await temp.make();
  const port = await freePort();
  const proc = startDocintel('serve', {
    ...FAULT_DEPLOYMENT_ENV,
    DOCINTEL_DATA_DIR: dataDir,
    DOCINTEL_API_KEYS: `tester:${KEY}`,
    DOCINTEL_JOB_LEASE_MS: '1500',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  await proc.waitForOutput(/docintel serve started/);
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base, { inference: true });
  return { proc, base };
}

/** SIGKILLs the sidecar `kills` times, each once the supervisor has started a new one and KILL_SPACING_MS passed. */
async function crashLoop(proc: DocintelProcess, kills: number): Promise<number[]> {
  const killed: number[] = [];
  let last = 0;
  for (let i = 0; i < kills; i++) {
    const pid = await waitFor('a sidecar to kill', () => sidecarPids(proc.pid).find((p) => !killed.includes(p)), 30_000, 20);
    await sleep(Math.max(0, last + KILL_SPACING_MS - Date.now()));
    process.kill(pid, 'SIGKILL');
    last = Date.now();
    killed.push(pid);
    await waitFor('the sidecar to die', () => (isAlive(pid) ? undefined : true), 5_000, 20);
  }
  return killed;
}

function notCompleted(states: JobState[]): string {
  return states
    .filter((s) => s.status !== 'completed')
    .map((s) => `${s.job_id}: ${s.status} ${JSON.stringify(s.error ?? '')}`)
    .join('\n');
}

describe('the inference sidecar in a short crash loop', () => {
  it('every queued and running OCR job completes: the outage delays jobs instead of spending their attempts', async () => {
    const svc = await startServe();
    // A different image per job: the analysis cache would answer repeated files without calling inference.
    const fileIds: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      fileIds.push(
        await uploadFile(
          svc.base,
          KEY,
          `scan-${i}.png`,
          textImage([`Invoice ${1000 + i} from Acme`, `Total due ${i}.50 EUR`]).png,
          'image/png',
        ),
      );
    }
    const jobs: string[] = [];
    for (const fileId of fileIds) jobs.push(await submitAsync(svc.base, KEY, '/v1/ocr', { input: { file_id: fileId } }));

    const startedAt = Date.now();
    const killed = await crashLoop(svc.proc, KILLS);
    const loopMs = Date.now() - startedAt;
    const states = await finalStates(svc.base, KEY, jobs, 150_000);
    const delayed = svc.proc.stdout().match(/job hit a temporary problem; retrying/g)?.length ?? 0;
    const completed = states.filter((s) => s.status === 'completed').length;
    recordScenario({
      scenario: `inference sidecar SIGKILLed ${KILLS} times in a row (serve, ${JOBS} async OCR jobs)`,
      jobs_submitted: JOBS,
      jobs_completed: completed,
      jobs_lost: JOBS - completed,
      requests_by_status: {},
      notes: `kills over ${loopMs} ms (sidecars ${killed.join(', ')}); job runs delayed: ${delayed}`,
    });
    expect(delayed, 'the outage must hit running jobs').toBeGreaterThan(0);
    expect(notCompleted(states), 'every job completes').toBe('');
    expect(svc.proc.isRunning()).toBe(true);
  }, 240_000);
});

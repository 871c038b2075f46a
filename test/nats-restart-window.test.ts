/**
 * The window right after nats-server comes back (same port, same store dir): the API's connection is still
 * reconnecting, or has just reconnected, and the requests that waited for it all go at once. Every request fired
 * then must be answered within a bound, with success or 503 + Retry-After, and no job may be lost or left
 * half-created (a job record stored but never queued stays `pending` forever).
 * What it caught: an async submit counts the tenant's unfinished jobs by listing KV keys, and that listing could
 * wait ~30 s for an end that never came (NatsMetadataStore.list bounds it now).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import {
  bearer,
  connects,
  finalStates,
  jobStatuses,
  jsonPost,
  OutcomeLog,
  request,
  sleep,
  startNatsDeployment,
  startRestartableNats,
  submitAsync,
  uploadFile,
  uploadInit,
  waitForReadyz,
  type Outcome,
  type RestartableNats,
} from './helpers/faults.ts';
import { natsOrSkip } from './helpers/nats-server.ts';
import { killAllDocintel, waitFor, type DocintelProcess } from './helpers/processes.ts';
import { textImage } from './helpers/ocr-images.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const KEY = 'restart-window-key-0123456789';
/** Past this a request counts as unanswered (a hang); the stalled listing this catches held a submit ~30 s. */
const REQUEST_BUDGET_MS = 15_000;
/** Restarts per run: the window is short, so it is hit several times. */
const RESTARTS = Number(process.env.RESTART_WINDOW_ROUNDS ?? 3);
/** How long requests keep being fired after the port accepts again. */
const STORM_MS = 4_000;
/** Async submits fired together every tick: each one lists the tenant's active jobs while others add and remove them. */
const SUBMITS_PER_TICK = Number(process.env.RESTART_WINDOW_SUBMITS ?? 2);

/** 200 (a JobRef, a status, an upload), or 503 with Retry-After. */
function answeredInTime(o: Outcome): boolean {
  return (o.status >= 200 && o.status < 300) || (o.status === 503 && o.retryAfter !== null && Number(o.retryAfter) > 0);
}

/** Stored jobs neither completed nor failed, as `id: status`. */
async function unfinishedJobRecords(env: Record<string, string>): Promise<string[]> {
  const statuses = Object.entries(await jobStatuses(env)).filter(([id]) => id.startsWith('job_'));
  return statuses.filter(([, status]) => status !== 'completed' && status !== 'failed').map(([id, status]) => `${id}: ${status}`);
}

describe.skipIf(!natsOrSkip('nats-server restart window'))('requests right after nats-server restarts', () => {
  let fixtures: Fixtures;
  let nats: RestartableNats;
  let natsEnv: Record<string, string>;
  let api: DocintelProcess;
  let base: string;
  let pdfId: string;
  const temp = new TempDirs('restart-window');

  beforeAll(async () => {
    fixtures = await createFixtures();
    nats = (await startRestartableNats())!;
    natsEnv = {
      DOCINTEL_NATS_URL: nats.url,
      DOCINTEL_API_KEYS: `tester:${KEY}`,
      DOCINTEL_JOB_LEASE_MS: '1500',
      DOCINTEL_MAX_CONCURRENT_JOBS: '1000',
    };
    ({ base, api } = await startNatsDeployment(natsEnv, () => temp.make(), { workers: 1 }));
    pdfId = await uploadFile(base, KEY, fixtures.good.pdf.filename, fixtures.good.pdf.bytes, 'application/pdf');
  }, 120_000);

  afterAll(async () => {
    await killAllDocintel();
    await nats?.dispose();
    await fixtures?.cleanup();
    await temp.removeAll();
  });

  it('every request is answered in time with success or 503 + Retry-After, and every accepted job completes', async () => {
    const log = new OutcomeLog();
    const accepted: string[] = [await submitAsync(base, KEY, '/api/v1/parse', { input: { file_id: pdfId } })];
    const image = textImage().png;

    const submit = (): Promise<void> =>
      request(`${base}/api/v1/parse`, jsonPost(KEY, { input: { file_id: pdfId }, execution_mode: 'async' }), REQUEST_BUDGET_MS).then(
        (o) => {
          log.record('async parse', o, answeredInTime);
          if (o.status === 200) accepted.push((JSON.parse(o.body) as { job_id: string }).job_id);
        },
      );
    const fire = (): Promise<void>[] => [
      ...Array.from({ length: SUBMITS_PER_TICK }, submit),
      request(`${base}/v1/jobs/${accepted[accepted.length - 1]}`, { headers: bearer(KEY) }, REQUEST_BUDGET_MS).then((o) =>
        log.record('job status', o, answeredInTime),
      ),
      request(`${base}/api/v1/upload`, uploadInit(KEY, 'window.png', image, 'image/png'), REQUEST_BUDGET_MS).then((o) =>
        log.record('upload', o, answeredInTime),
      ),
    ];

    for (let round = 0; round < RESTARTS; round++) {
      await nats.stop();
      const starting = nats.start();
      // Fire from the moment the port accepts: the API is still reconnecting, or JetStream is still recovering.
      await waitFor('nats-server to accept connections', async () => ((await connects(nats.port)) ? true : undefined), 20_000, 5);
      const inFlight: Promise<void>[] = [];
      const stormEnd = Date.now() + STORM_MS;
      while (Date.now() < stormEnd) {
        inFlight.push(...fire());
        await sleep(150);
      }
      await starting;
      await Promise.all(inFlight);
      await waitForReadyz(base, 200, 30_000);
    }

    const states = await finalStates(base, KEY, accepted, 90_000);
    const unfinished = states
      .filter((s) => s.status !== 'completed')
      .map((s) => `${s.job_id}: ${s.status} ${JSON.stringify(s.error ?? '')}`);
    // A job refused with 503 may have been stored before its enqueue failed: it must end failed, not stay pending.
    const stuck = await waitFor(
      'every stored job to be finished',
      async () => ((await unfinishedJobRecords(natsEnv)).length === 0 ? [] : undefined),
      60_000,
      500,
    ).catch(() => unfinishedJobRecords(natsEnv));

    console.info(`restart window: ${RESTARTS} restarts, answers ${JSON.stringify(log.byStatus)}, ${accepted.length} jobs accepted`);
    expect(log.bad, 'every request answered within the budget with 2xx or 503 + Retry-After').toEqual([]);
    expect(unfinished, 'every accepted job completes').toEqual([]);
    expect(stuck, 'no stored job left pending or processing').toEqual([]);
    expect(api.isRunning()).toBe(true);
  }, 300_000);
});

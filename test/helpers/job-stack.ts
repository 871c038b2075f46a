/**
 * A job system (JobService, queue, events, stores) with workers running the in-test `sum` handler
 * (test/helpers/jobs-test-handlers.ts), on the embedded stack or on a fresh nats-server, for the job tests.
 * Everything a stack starts is registered with `cleanups`; the test file runs them after each test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJobSystem, createJobWorker, type JobSystem } from '../../src/jobs/mod.ts';
import type { JobRecord, JobRef } from '../../src/jobs/ports.ts';
import type { JobWorker } from '../../src/jobs/worker.ts';
import { loadConfig, type Config } from '../../src/shared/config.ts';
import { connectNats, createStores, type Stores } from '../../src/storage/mod.ts';
import { natsOrSkip, startNatsServer } from './nats-server.ts';
import { sumHandler, type SumRequest } from './jobs-test-handlers.ts';
import { waitFor } from './jobs-wait.ts';

export const TENANT = 'tenant-a';
export const SECRET = 'webhook-secret-for-tests';

export interface Stack {
  config: Config;
  stores: Stores;
  system: JobSystem;
  /** Starts a worker; `jobs`/`faults` override the stack's config for this worker only. */
  worker(overrides?: { jobs?: Partial<Config['jobs']>; faults?: Record<string, string> }): JobWorker;
  submit(request: SumRequest, options?: { webhookUrl?: string }): Promise<JobRecord>;
  record(jobId: string): Promise<JobRecord>;
}

/** Run (in reverse order) after each test by the test file: `afterEach(runCleanups)`. */
export const cleanups: (() => Promise<void> | void)[] = [];

export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export function embeddedStack(env: Record<string, string> = {}): Promise<Stack> {
  return makeStack(env);
}

/** The same stack on a fresh nats-server: JetStream queue, KV records, object-store blobs, NATS events. */
export async function natsStack(env: Record<string, string> = {}): Promise<Stack> {
  const server = (await startNatsServer())!;
  cleanups.push(() => server.stop());
  return makeStack({ ...env, DOCINTEL_NATS_URL: server.url });
}

const haveNats = natsOrSkip('job worker on NATS');
/** Both stacks, for it.each / describe.each (`skip` when nats-server is not installed). */
export const stacks = [
  { name: 'embedded', make: embeddedStack, skip: false },
  { name: 'NATS', make: natsStack, skip: !haveNats },
];

async function makeStack(env: Record<string, string>): Promise<Stack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docintel-jobs-'));
  const config = loadConfig({ DOCINTEL_DATA_DIR: dir, DOCINTEL_JOB_LEASE_MS: '600', DOCINTEL_JOB_TIMEOUT_MS: '60000', ...env });
  const nats = config.natsUrl ? await connectNats(config.natsUrl, 'jobs-worker-test') : undefined;
  const stores = await createStores(config, { nats });
  const system = await createJobSystem(config, { ...stores, nats });
  cleanups.push(async () => {
    await system.close();
    await stores.close();
    await nats?.drain();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    config,
    stores,
    system,
    worker(overrides = {}) {
      const workerConfig = { ...config, jobs: { ...config.jobs, ...overrides.jobs }, faults: { ...config.faults, ...overrides.faults } };
      const worker = createJobWorker(workerConfig, system, stores, {
        handlers: [sumHandler],
        requiredOperations: ['sum'],
        webhookSecret: SECRET,
      });
      worker.start();
      cleanups.push(() => worker.stop());
      return worker;
    },
    submit: (request, options = {}) => system.service.submit(TENANT, 'sum', { ...request }, { webhookUrl: options.webhookUrl }),
    record: (jobId) => system.service.get(TENANT, jobId),
  };
}

export async function recordEvents(stack: Stack, jobId: string): Promise<JobRef[]> {
  const refs: JobRef[] = [];
  const unsubscribe = await stack.system.service.subscribe(TENANT, jobId, (ref) => refs.push(ref));
  cleanups.push(unsubscribe);
  return refs;
}

export async function until(stack: Stack, jobId: string, status: JobRecord['status']): Promise<JobRecord> {
  return waitFor(
    `job ${jobId} to be ${status}`,
    async () => {
      const job = await stack.record(jobId);
      return job.status === status ? job : undefined;
    },
    15_000,
  );
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err) => err,
  );
}

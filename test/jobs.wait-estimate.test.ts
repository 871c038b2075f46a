/**
 * Sync admission by estimated waiting time: the moving averages of job durations, the workers' records merged, the
 * wait estimate and the Retry-After a refused request gets, with injected durations and queue depths (no timing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JobQueueBusyError, SyncAdmission } from '../src/jobs/admission.ts';
import {
  admissibleInMs,
  DurationAverages,
  estimateWait,
  MAX_RETRY_AFTER_SECONDS,
  mergeWorkerStats,
  retryAfterSeconds,
  type Capacity,
  type WorkerStats,
} from '../src/jobs/wait-estimate.ts';
import { STALE_MS, WorkerStatsPublisher, WorkerStatsReader } from '../src/jobs/worker-stats.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createLogger } from '../src/shared/logger.ts';
import { createStores, type Stores } from '../src/storage/mod.ts';
import { embeddedStack, runCleanups } from './helpers/job-stack.ts';

const logger = createLogger('silent', 'test');

describe('DurationAverages', () => {
  it('keeps an exponentially weighted average per operation and over all jobs', () => {
    const averages = new DurationAverages(0.5);
    expect(averages.snapshot()).toEqual({ operations: {} });
    averages.observe('parse', 1000);
    averages.observe('parse', 3000);
    averages.observe('ocr', 500);
    averages.observe('ocr', Number.NaN); // ignored
    // overall: 1000 → 2000 → 1250; parse: 1000 → 2000; ocr: 500
    expect(averages.snapshot()).toEqual({ overall_ms: 1250, operations: { parse: 2000, ocr: 500 } });
  });
});

describe('mergeWorkerStats', () => {
  const now = 1_000_000;
  const worker = (slots: number, ageMs: number, overall?: number, operations: Record<string, number> = {}): WorkerStats => ({
    slots,
    seen_at_ms: now - ageMs,
    ...(overall === undefined ? {} : { overall_ms: overall }),
    operations,
  });

  it("sums the live workers' slots, weights their averages by slots and ignores stale records", () => {
    const merged = mergeWorkerStats(
      [
        worker(2, 0, 1000, { parse: 1000 }),
        worker(6, 1000, 3000, { parse: 4000, ocr: 2000 }),
        worker(1, 0), // started, nothing completed yet: its slot counts, it has no average
        worker(8, STALE_MS + 1, 99_000, { parse: 99_000 }), // gone
      ],
      now,
      STALE_MS,
    );
    expect(merged).toEqual({ slots: 9, meanMs: (2 * 1000 + 6 * 3000) / 8, operationMs: { parse: 2500, ocr: 2000 } });
  });

  it('knows no duration before any job completed', () => {
    expect(mergeWorkerStats([worker(2, 0)], now, STALE_MS)).toEqual({ slots: 2, meanMs: undefined, operationMs: {} });
    expect(mergeWorkerStats([], now, STALE_MS).slots).toBe(0);
  });
});

describe('estimateWait and admissibleInMs', () => {
  const capacity: Capacity = { slots: 2, meanMs: 10_000, operationMs: { parse: 20_000 } };

  it("a job starts once the jobs ahead leave it a slot, then runs for its operation's average", () => {
    expect(estimateWait(capacity, 0, 'parse')).toEqual({ startMs: 0, finishMs: 20_000 });
    expect(estimateWait(capacity, 1, 'parse')).toEqual({ startMs: 0, finishMs: 20_000 }); // one slot still free
    expect(estimateWait(capacity, 2, 'parse')).toEqual({ startMs: 5_000, finishMs: 25_000 });
    expect(estimateWait(capacity, 11, 'ocr')).toEqual({ startMs: 50_000, finishMs: 60_000 }); // no ocr average: the mean
    expect(estimateWait({ ...capacity, meanMs: undefined }, 11, 'parse')).toBeUndefined();
    expect(estimateWait({ ...capacity, slots: 0 }, 11, 'parse')).toBeUndefined();
  });

  it('admits what fits its budget or starts at once; otherwise says when the backlog would admit it', () => {
    expect(admissibleInMs({ startMs: 50_000, finishMs: 60_000 }, 60_000)).toBe(0);
    expect(admissibleInMs({ startMs: 0, finishMs: 200_000 }, 60_000)).toBe(0); // a free slot: refusing gains nothing
    expect(admissibleInMs({ startMs: 95_000, finishMs: 105_000 }, 60_000)).toBe(45_000);
    expect(admissibleInMs({ startMs: 5_000, finishMs: 205_000 }, 60_000)).toBe(5_000); // a slot frees sooner
  });

  it('Retry-After is the wait in whole seconds, bounded', () => {
    expect(retryAfterSeconds(45_000)).toBe(45);
    expect(retryAfterSeconds(45_001)).toBe(46);
    expect(retryAfterSeconds(10)).toBe(1);
    expect(retryAfterSeconds(3_600_000)).toBe(MAX_RETRY_AFTER_SECONDS);
  });
});

describe('SyncAdmission by estimated wait', () => {
  const capacity: Capacity = { slots: 2, meanMs: 10_000, operationMs: { parse: 10_000 } };

  function admission(depth: number, limit = 1000, known: Capacity = capacity): SyncAdmission {
    return new SyncAdmission({ depth: async () => depth, capacity: async () => known, limit, logger });
  }

  async function refusal(promise: Promise<unknown>): Promise<JobQueueBusyError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(JobQueueBusyError);
    return err as JobQueueBusyError;
  }

  it('refuses a sync request that would wait past its budget, with a Retry-After from the backlog', async () => {
    // 20 queued on 2 slots of 10 s: it would start in (20 + 1 - 2) * 10 / 2 = 95 s and finish at 105 s.
    const refused = await refusal(admission(20).reserve('parse', 60_000));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('45');
    expect(String(refused.detail)).toMatch(/busy: the 20 jobs queued or running need about 105 s .* past its 60 s sync budget/);
    await expect(admission(20).reserve('parse', 120_000)).resolves.toBeDefined();
    // A slot is free: it starts at once, admitted although its operation's average exceeds the budget.
    await expect(admission(1).reserve('parse', 5_000)).resolves.toBeDefined();
  });

  it("counts tickets of this process's sync jobs the depth reading may have missed", async () => {
    const gate = admission(11);
    const held = [await gate.reserve('parse', 60_000)]; // 11 queued: 50 + 10 = 60 s, just fits
    const refused = await refusal(gate.reserve('parse', 60_000)); // 11 + 1 unqueued ticket: 65 s
    expect(refused.headers['retry-after']).toBe('5');
    held[0].release();
    await expect(gate.reserve('parse', 60_000)).resolves.toBeDefined();
  });

  it('the count bound still applies; its Retry-After is the time to drain the excess', async () => {
    const refused = await refusal(admission(6, 4).reserve('parse', 600_000));
    expect(refused.headers['retry-after']).toBe('15'); // 3 jobs over the bound, 2 slots of 10 s
    expect(String(refused.detail)).toMatch(/busy: 6 jobs are queued or running \(sync requests are admitted below 4\)/);
    const unknown = await refusal(admission(6, 4, { slots: 2, meanMs: undefined, operationMs: {} }).reserve('parse', 600_000));
    expect(unknown.headers['retry-after']).toBe('2');
  });

  it('bounds by count only while the worker records cannot be read', async () => {
    const gate = new SyncAdmission({ depth: async () => 50, capacity: () => Promise.reject(new Error('down')), limit: 51, logger });
    await expect(gate.reserve('parse', 1_000)).resolves.toBeDefined();
    await refusal(gate.reserve('parse', 1_000)); // 50 queued + the ticket above
  });
});

describe('DOCINTEL_MAX_QUEUED_JOBS=0', () => {
  it('turns admission off: nothing is read, everything admitted', async () => {
    const read = () => Promise.reject(new Error('must not be read'));
    const gate = new SyncAdmission({ depth: read, capacity: read, limit: 0, logger });
    await expect(gate.reserve('parse', 1)).resolves.toBeDefined();
  });
});

describe('worker records in the metadata store', () => {
  let stores: Stores | undefined;
  let dir = '';
  afterEach(async () => {
    await stores?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a worker publishes its slots and averages; the reader merges them; a stopped worker no longer counts', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docintel-stats-'));
    stores = await createStores(loadConfig({ DOCINTEL_DATA_DIR: dir }));
    const publisher = new WorkerStatsPublisher(stores.metadata, 3, logger);
    publisher.observe('parse', 4000);
    publisher.start();
    await publisher.published();
    const reader = new WorkerStatsReader(stores.metadata);
    expect(await reader.capacity()).toEqual({ slots: 3, meanMs: 4000, operationMs: { parse: 4000 } });
    await publisher.stop();
    expect(await new WorkerStatsReader(stores.metadata).capacity()).toEqual({ slots: 0, meanMs: undefined, operationMs: {} });
  });
});

describe("JobService admission from the workers' records", () => {
  afterEach(runCleanups);

  it("refuses a sync job the queued work would delay past its budget, with the backlog's Retry-After", async () => {
    const stack = await embeddedStack();
    // No worker runs: five jobs stay queued. One worker process's record says: one slot, sum jobs take 10 s.
    for (let i = 0; i < 5; i++) await stack.submit({ numbers: [i] });
    const publisher = new WorkerStatsPublisher(stack.stores.metadata, 1, logger);
    publisher.observe('sum', 10_000);
    publisher.start();
    await publisher.published();
    // It would start in 50 s and finish in 60 s: past a 30 s budget, admissible in min(50, 60 - 30) s.
    const refused = (await stack.system.service.reserveSync('sum', 30_000).then(
      () => undefined,
      (e: unknown) => e,
    )) as JobQueueBusyError;
    expect(refused).toBeInstanceOf(JobQueueBusyError);
    expect(refused.headers['retry-after']).toBe('30');
    (await stack.system.service.reserveSync('sum', 60_000)).release();
    await publisher.stop();
  });
});

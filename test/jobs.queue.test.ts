/**
 * One conformance suite for the JobQueue port, run against the embedded SQLite queue and the NATS JetStream
 * queue (real nats-server). Crash recovery is tested with a real crash: a consumer in a child process is
 * killed with SIGKILL while it holds a job, and a consumer here gets the redelivery with attempt + 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, jetstreamManager, RetentionPolicy } from '@nats-io/jetstream';
import { EmbeddedQueue } from '../src/jobs/embedded-queue.ts';
import { NatsQueue } from '../src/jobs/nats-queue.ts';
import type { Consumer, Delivery, JobQueue } from '../src/jobs/ports.ts';
import { connectNats, type NatsConnection } from '../src/storage/nats-connection.ts';
import { openSqlite } from '../src/storage/sqlite-metadata.ts';
import { natsOrSkip, startNatsServer, type NatsServer } from './helpers/nats-server.ts';
import { sleep, waitFor } from './helpers/jobs-wait.ts';
import { startRestartableNats, type RestartableNats } from './helpers/faults.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

interface QueueUnderTest {
  /** A fresh, empty queue (each test gets its own). */
  open(): Promise<JobQueue>;
  /** Another handle on the same queue, as a second process would have. */
  reopen(): Promise<JobQueue>;
  /** Arguments for test/helpers/jobs-queue-child.ts that open the same queue. */
  childArgs(): string[];
  leaseMs: number;
}

const CHILD = path.resolve('test/helpers/jobs-queue-child.ts');
let testNo = 0;

function conformance(name: string, setup: () => QueueUnderTest) {
  describe(`JobQueue conformance: ${name}`, () => {
    let q: QueueUnderTest;
    const opened: JobQueue[] = [];
    const consumers: Consumer[] = [];
    const children: ChildProcess[] = [];

    async function open(again = false): Promise<JobQueue> {
      if (!again) q = setup();
      const queue = again ? await q.reopen() : await q.open();
      opened.push(queue);
      return queue;
    }

    function consume(queue: JobQueue, handler: (d: Delivery) => Promise<void>, concurrency = 1): Consumer {
      const consumer = queue.consume(handler, concurrency);
      consumers.push(consumer);
      return consumer;
    }

    afterEach(async () => {
      for (const child of children.splice(0)) child.kill('SIGKILL');
      await Promise.all(consumers.splice(0).map((c) => c.stop()));
      await Promise.all(opened.splice(0).map((o) => o.close()));
    });

    it('delivers each enqueued job once, with its operation and attempt 1; ack removes it', async () => {
      const queue = await open();
      await queue.enqueue('job_a', 'parse');
      await queue.enqueue('job_b', 'extract');
      expect(await queue.depth()).toBe(2);
      const seen: Delivery[] = [];
      consume(queue, async (d) => {
        seen.push(d);
        await d.ack();
      });
      await waitFor('two deliveries', () => seen.length === 2);
      expect(seen.map((d) => [d.jobId, d.operation, d.attempt]).sort()).toEqual([
        ['job_a', 'parse', 1],
        ['job_b', 'extract', 1],
      ]);
      await waitFor('empty queue', async () => (await queue.depth()) === 0);
      await queue.ping();
    });

    it('drops a second enqueue of the same job id', async () => {
      const queue = await open();
      await queue.enqueue('job_dup', 'parse');
      await queue.enqueue('job_dup', 'parse');
      await queue.enqueue('job_other', 'parse');
      expect(await queue.depth()).toBe(2);
      const seen: string[] = [];
      consume(queue, async (d) => {
        seen.push(d.jobId);
        await d.ack();
      });
      await waitFor('both jobs', () => seen.includes('job_dup') && seen.includes('job_other'));
      await waitFor('empty queue', async () => (await queue.depth()) === 0);
      await sleep(300);
      expect(seen.filter((id) => id === 'job_dup')).toHaveLength(1);
    });

    it('redelivers a nak(delay) job with attempt + 1', async () => {
      const queue = await open();
      await queue.enqueue('job_nak', 'parse');
      const attempts: number[] = [];
      consume(queue, async (d) => {
        attempts.push(d.attempt);
        if (d.attempt === 1) await d.nak(300);
        else await d.ack();
      });
      await waitFor('redelivery', () => attempts.length === 2);
      expect(attempts).toEqual([1, 2]);
      await waitFor('empty queue', async () => (await queue.depth()) === 0);
    });

    it('keeps delivering a job given back many times (delays while a dependency is down spend no attempts)', async () => {
      const queue = await open();
      await queue.enqueue('job_delayed', 'parse');
      const attempts: number[] = [];
      consume(queue, async (d) => {
        attempts.push(d.attempt);
        if (d.attempt < 8) await d.nak(10);
        else await d.ack();
      });
      await waitFor('the eighth delivery', () => attempts.length === 8, 15_000);
      expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      await waitFor('empty queue', async () => (await queue.depth()) === 0);
    });

    it('redelivers, with attempt + 1, a job whose consumer process was killed with SIGKILL', async () => {
      const queue = await open();
      await queue.enqueue('job_crash', 'parse');
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...q.childArgs()], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`child exited (${code}) before taking the job`)));
      });
      expect(JSON.parse(line)).toEqual({ jobId: 'job_crash', attempt: 1 });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const attempts: number[] = [];
      consume(await open(true), async (d) => {
        attempts.push(d.attempt);
        await d.ack();
      });
      await waitFor('redelivery after the lease expired', () => attempts.length > 0, 15_000);
      expect(attempts).toEqual([2]);
    });

    it('keeps a heartbeating job leased past the lease length (no second delivery)', async () => {
      const queue = await open();
      await queue.enqueue('job_long', 'parse');
      const attempts: number[] = [];
      let finished = false;
      consume(
        queue,
        async (d) => {
          attempts.push(d.attempt);
          if (d.attempt > 1) return d.ack();
          for (let waited = 0; waited < q.leaseMs * 2.5; waited += q.leaseMs / 4) {
            await d.heartbeat();
            await sleep(q.leaseMs / 4);
          }
          await d.ack();
          finished = true;
        },
        2,
      );
      await waitFor('the long job to finish', () => finished, 20_000);
      await sleep(q.leaseMs / 2);
      expect(attempts).toEqual([1]);
    });

    it('never runs more deliveries at once than the concurrency bound', async () => {
      const queue = await open();
      for (let i = 0; i < 6; i++) await queue.enqueue(`job_c${i}`, 'parse');
      let active = 0;
      let maxActive = 0;
      let done = 0;
      consume(
        queue,
        async (d) => {
          active++;
          maxActive = Math.max(maxActive, active);
          await sleep(100);
          active--;
          await d.ack();
          done++;
        },
        2,
      );
      await waitFor('all six jobs', () => done === 6, 20_000);
      expect(maxActive).toBe(2);
    });

    it('stop() waits for the delivery in flight and takes no more', async () => {
      const queue = await open();
      await queue.enqueue('job_s1', 'parse');
      await queue.enqueue('job_s2', 'parse');
      let started = 0;
      let settled = 0;
      const consumer = queue.consume(async (d) => {
        started++;
        await sleep(200);
        await d.nak(0);
        settled++;
      }, 1);
      await waitFor('first delivery', () => started === 1);
      await consumer.stop();
      expect(settled).toBe(started);
      const startedAtStop = started;
      await sleep(300);
      expect(started).toBe(startedAtStop);
      expect(await queue.depth()).toBe(2);
    });
  });
}

const temp = new TempDirs('queue');
afterAll(() => temp.removeAll());

conformance('embedded (SQLite)', () => {
  const dir = temp.makeSync();
  const file = path.join(dir, 'docintel.db');
  const leaseMs = 400;
  const make = async () => new EmbeddedQueue(openSqlite(file), { leaseMs, pollMs: 50, ownsDb: true });
  return { open: make, reopen: make, childArgs: () => ['embedded', file, String(leaseMs)], leaseMs };
});

const haveNats = natsOrSkip('job queue conformance on NATS');
describe.skipIf(!haveNats)('on NATS', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  beforeAll(async () => {
    server = (await startNatsServer())!;
    nc = await connectNats(server.url, 'jobs-queue-test');
  });
  afterAll(async () => {
    await nc?.drain();
    await server?.stop();
  });

  conformance('NATS JetStream', () => {
    // Each test gets its own stream and consumer, so leftovers of one test never reach another.
    const n = ++testNo;
    const names = { stream: `TEST_JOBS_${n}`, subjectPrefix: `test${n}.jobs`, durable: `workers-${n}` };
    const leaseMs = 1000;
    const options = { leaseMs, ...names };
    const make = () => NatsQueue.create(nc, options);
    return {
      open: make,
      reopen: make,
      childArgs: () => ['nats', server.url, String(leaseMs), names.stream, names.subjectPrefix, names.durable],
      leaseMs,
    };
  });

  it('creating the stream and consumer twice is harmless (idempotent)', async () => {
    const options = { leaseMs: 1000, stream: 'TEST_IDEMPOTENT', subjectPrefix: 'idem.jobs', durable: 'idem' };
    const first = await NatsQueue.create(nc, options);
    await first.enqueue('job_x', 'parse');
    const second = await NatsQueue.create(nc, { ...options, leaseMs: 2000 });
    expect(await second.depth()).toBe(1);
  });

  it('lifts the delivery bound of a consumer created by an older version (max_deliver = attempts + 1)', async () => {
    const names = { stream: 'TEST_BOUNDED', subjectPrefix: 'bounded.jobs', durable: 'bounded' };
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: names.stream, subjects: [`${names.subjectPrefix}.>`], retention: RetentionPolicy.Workqueue });
    await jsm.consumers.add(names.stream, { durable_name: names.durable, ack_policy: AckPolicy.Explicit, max_deliver: 4 });
    await NatsQueue.create(nc, { leaseMs: 1000, ...names });
    expect((await jsm.consumers.info(names.stream, names.durable)).config.max_deliver).toBe(-1);
  });
});

describe.skipIf(!haveNats)('on NATS, started during an outage', () => {
  let nats: RestartableNats | null;
  let nc: NatsConnection | undefined;
  afterAll(async () => {
    await nc?.close().catch(() => undefined);
    await nats?.dispose();
  });

  // A worker starts consuming once its inference process is ready, which can fall inside a nats-server restart:
  // the consumer lookup then fails, and a consumer that kept that failed lookup never took a job again.
  it('a consumer started while nats-server is down takes jobs once it is back', async () => {
    nats = await startRestartableNats();
    nc = await connectNats(nats!.url, 'jobs-queue-outage-test');
    const options = { leaseMs: 1000, stream: 'TEST_OUTAGE', subjectPrefix: 'outage.jobs', durable: 'outage' };
    const queue = await NatsQueue.create(nc, options);
    await nats!.stop();
    const seen: string[] = [];
    const consumer = queue.consume(async (d) => {
      seen.push(d.jobId);
      await d.ack();
    }, 1);
    try {
      // Long enough for the slot's first lookup to fail while the server is down.
      await sleep(1500);
      await nats!.start();
      await waitFor(
        'the queue to accept again',
        async () =>
          (await queue.enqueue('job_after_outage', 'parse').then(
            () => true,
            () => false,
          ))
            ? true
            : undefined,
        30_000,
        200,
      );
      await waitFor('the job to be delivered', () => (seen.includes('job_after_outage') ? true : undefined), 30_000, 50);
    } finally {
      await consumer.stop();
    }
  });
});

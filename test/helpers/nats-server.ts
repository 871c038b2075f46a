/**
 * A real `nats-server -js` for tests, on a free random port with its own temp store dir.
 *
 *   const haveNats = natsOrSkip('job queue (NATS)');        // warns loudly, or throws when CI is set
 *   describe.skipIf(!haveNats)('job queue (NATS)', () => {
 *     let nats: NatsServer;
 *     beforeAll(async () => { nats = (await startNatsServer())!; });
 *     afterAll(() => nats.stop());
 *   });
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/cluster-processes.ts';

/** A free port (shared with the cluster script's helpers). */
export { freePort };

export interface NatsServer {
  url: string;
  port: number;
  /** JetStream store dir (removed by stop()). */
  storeDir: string;
  /** SIGTERM, wait for exit, remove the store dir. */
  stop(): Promise<void>;
  /** SIGKILL without waiting or cleaning up: a crash. The store dir stays, so restart() can recover it. */
  kill9(): void;
  /** Starts the server again on the same port and store dir (after kill9() or a stop of the process only). */
  restart(): Promise<void>;
}

const BINARY = process.env.NATS_SERVER_BIN ?? 'nats-server';
const START_TIMEOUT_MS = 15_000;
const running = new Set<ChildProcess>();

let available: boolean | undefined;

/** Whether the nats-server binary can be run here. */
export function natsAvailable(): boolean {
  available ??= spawnSync(BINARY, ['--version'], { stdio: 'ignore' }).status === 0;
  return available;
}

/**
 * For `describe.skipIf(!natsOrSkip(name))`: true when nats-server is installed. Otherwise warns loudly and
 * returns false, except under CI (process.env.CI set), where a missing server is a failure, not a skip.
 */
export function natsOrSkip(suite: string): boolean {
  if (natsAvailable()) return true;
  const message = `nats-server not found (tried "${BINARY}"): ${suite} needs it`;
  if (process.env.CI) throw new Error(`${message}; CI must not skip NATS tests`);
  console.warn(`\n${'!'.repeat(80)}\n!! SKIPPING ${suite}: ${message}\n${'!'.repeat(80)}\n`);
  return false;
}

/** Starts a server; null when nats-server is not installed (throws instead under CI). */
export async function startNatsServer(): Promise<NatsServer | null> {
  if (!natsOrSkip('NATS-backed tests')) return null;
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docintel-nats-'));
  let port = 0;
  let child: ChildProcess | undefined;
  // A port found free can be taken before the server binds it; try a few.
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, storeDir);
    } catch (err) {
      if (attempt >= 3) {
        fs.rmSync(storeDir, { recursive: true, force: true });
        throw err;
      }
    }
  }
  let current: ChildProcess = child;
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    async stop() {
      await terminate(current);
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
    kill9() {
      current.kill('SIGKILL');
    },
    async restart() {
      await terminate(current);
      current = await launch(port, storeDir);
    },
  };
}

async function launch(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(BINARY, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (log.length < 20_000) log += chunk.toString();
  });
  try {
    await waitForJetStream(child, port);
    return child;
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`nats-server did not start on port ${port}: ${(err as Error).message}\n${log}`);
  }
}

/** Ready = accepts a TCP connection whose INFO line announces JetStream. */
async function waitForJetStream(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.exitCode ?? child.signalCode})`);
    const info = await readInfoLine(port).catch(() => '');
    if (/"jetstream":\s*true/.test(info)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

function readInfoLine(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(1_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

// A test run that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

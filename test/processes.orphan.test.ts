/**
 * Crash recovery of `docintel serve` and its inference sidecar, as real processes: a serve SIGKILLed right
 * after spawning its sidecar must leave no orphan that holds DATA_DIR/inference.sock; a sidecar orphaned
 * anyway (here: one started without the parent watch) is taken over by the next serve, while a sidecar
 * whose serve is alive never is; and the api answers /healthz while its sidecar cannot start.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InferenceClient } from '../src/inference/client.ts';
import { sleep } from './helpers/jobs-wait.ts';
import { freePort } from './helpers/nats-server.ts';
import {
  commandLine,
  groupPids,
  isAlive,
  killAllDocintel,
  REPO_ROOT,
  sidecarPids,
  startDocintel,
  waitFor,
  waitForReady,
  type DocintelProcess,
} from './helpers/processes.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const KEY = 'orphan-test-key-0123456789';
/** The acceptance bound for a restarted serve to be ready, inference included, from when its api listens. */
const RESTART_READY_MS = 15_000;
/** How long a serve may take to boot (load its modules and listen) on a busy machine; not the bound under test. */
const BOOT_WAIT_MS = 60_000;
const ENTRY = path.join(REPO_ROOT, 'test/helpers/inference-entry.ts');

const temp = new TempDirs('orphan');
/** Process groups whose leader exited (the helpers stop tracking those): their members are ours to kill. */
const orphanGroups: number[] = [];

afterAll(async () => {
  await killAllDocintel();
  for (const pgid of orphanGroups) killQuietly(-pgid);
  killProcessesUsing(temp.paths);
  await temp.removeAll();
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** Last resort against a leftover sidecar: whatever runs with one of our data dirs on its command line. */
function killProcessesUsing(dirs: readonly string[]): void {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    const cmd = commandLine(Number(entry));
    if (dirs.some((dir) => cmd.includes(dir))) killQuietly(Number(entry));
  }
}

async function startServe(dataDir: string): Promise<{ serve: DocintelProcess; base: string }> {
  const port = await freePort();
  const serve = startDocintel('serve', {
    DOCINTEL_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DOCINTEL_API_KEYS: `tester:${KEY}`,
  });
  return { serve, base: `http://127.0.0.1:${port}` };
}

/** Live inference sidecars listening (or about to) on `dataDir`'s socket, whoever their parent is. */
function sidecarsOn(dataDir: string): number[] {
  const listen = `--listen unix:${path.join(dataDir, 'inference.sock')}`;
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => commandLine(pid).includes(listen) && isAlive(pid));
}

describe('serve SIGKILLed right after spawning its sidecar', () => {
  let dataDir: string;

  // One data dir for every round: each restart also meets the socket and owner files the last one left.
  it.each([0, 50, 100, 300])(
    'at %i ms: a restart on the same data dir is ready within 15 s, and no orphan remains',
    async (delayMs) => {
      dataDir ??= await temp.make();
      const { serve: victim } = await startServe(dataDir);
      orphanGroups.push(victim.pid);
      const sidecar = await waitFor('the sidecar to be spawned', () => sidecarPids(victim.pid)[0], 60_000, 2);
      await sleep(delayMs);
      victim.signal('SIGKILL');
      await victim.exited;

      const { serve, base } = await startServe(dataDir);
      // The bound starts once the restarted api listens: its own boot (module loading, slow on a loaded machine)
      // is the same with or without an orphan; what an orphan blocked was the sidecar, and with it readiness.
      await serve.waitForOutput(/docintel API listening/, BOOT_WAIT_MS);
      const listeningAt = Date.now();
      await waitForReady(base, { inference: true, timeoutMs: RESTART_READY_MS });
      expect(Date.now() - listeningAt).toBeLessThan(RESTART_READY_MS);

      await waitFor(`the killed serve's sidecar ${sidecar} to exit`, () => (isAlive(sidecar) ? undefined : true), 15_000, 50);
      const [own] = sidecarPids(serve.pid);
      expect(sidecarsOn(dataDir), "the only sidecar on the socket is the running serve's").toEqual([own]);
      // Helpers such as tsx's esbuild service notice their parent's exit on their own, a moment later.
      await waitFor(
        "the killed serve's process group to be empty",
        () => (groupPids(victim.pid).length === 0 ? true : undefined),
        15_000,
        50,
      );
      await serve.killGroup();
    },
    120_000,
  );
});

/**
 * A sidecar whose recorded supervisor is dead, started without the parent watch of bin/docintel.js (the test
 * entry runs the inference role directly): a shell starts it in the background and exits at once.
 */
async function startOrphanSidecar(dataDir: string): Promise<number> {
  const socket = path.join(dataDir, 'inference.sock');
  const script = `DOCINTEL_PARENT_PID=$$ "${process.execPath}" --import tsx "${ENTRY}" --listen "unix:${socket}" >/dev/null 2>&1 & echo $!`;
  const shell = spawn('sh', ['-c', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'info' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  orphanGroups.push(shell.pid!);
  let out = '';
  shell.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => shell.once('close', resolve));
  const pid = Number(out.trim());
  const client = new InferenceClient([`unix:${socket}`], { deadlineMs: 2000, retries: 0 });
  try {
    await waitFor('the orphan to answer on the socket', async () => ((await client.health()).pid === pid ? true : undefined), 60_000);
  } finally {
    client.close();
  }
  await waitFor("the orphan's owner record", () => (existsSync(path.join(dataDir, 'inference.pid')) ? true : undefined), 10_000, 20);
  return pid;
}

describe('an orphaned sidecar on the socket', () => {
  it('is taken over by the next serve; a sidecar whose serve is alive is never taken over', async () => {
    const dataDir = await temp.make();
    const orphan = await startOrphanSidecar(dataDir);
    const { serve, base } = await startServe(dataDir);
    await waitForReady(base, { inference: true, timeoutMs: 60_000 });
    expect(isAlive(orphan)).toBe(false);
    await serve.waitForOutput(new RegExp(`"orphanPid":${orphan}[^\\n]*taking over the inference socket`));
    const [own] = sidecarPids(serve.pid);

    const intruder = startDocintel('inference', { DOCINTEL_DATA_DIR: dataDir }, [
      '--listen',
      `unix:${path.join(dataDir, 'inference.sock')}`,
    ]);
    const exit = await intruder.exited;
    expect(exit.code, intruder.stderr()).toBe(1);
    expect(intruder.stderr()).toContain('is in use by another running server');
    expect(isAlive(own)).toBe(true);
    expect((await waitForReady(base, { inference: true })).checks.inference).toBe('ok');
    await serve.killGroup();
  }, 180_000);
});

describe('serve whose sidecar cannot start', () => {
  it('answers /healthz 200 and /readyz 503 (inference failing), then is ready once the socket is free', async () => {
    const dataDir = await temp.make();
    // Not a gRPC server: the sidecar finds the socket taken by something it cannot identify, and gives up.
    const blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(path.join(dataDir, 'inference.sock'), resolve));
    try {
      const { serve, base } = await startServe(dataDir);
      await serve.waitForOutput(/docintel serve started/, 60_000);
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { checks: Record<string, string> };
      expect(body.checks).toMatchObject({ metadata: 'ok', blobs: 'ok', queue: 'ok', inference: expect.stringMatching(/^failing/) });
      await new Promise((resolve) => blocker.close(resolve));
      expect((await waitForReady(base, { inference: true, timeoutMs: 60_000 })).checks.inference).toBe('ok');
      await serve.killGroup();
    } finally {
      if (blocker.listening) blocker.close();
    }
  }, 180_000);
});

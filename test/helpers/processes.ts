/**
 * Real `docintel` processes for tests and the load test: `node bin/docintel.js <role>` in its own process
 * group (detached), so one kill(-pid) also reaches the inference sidecar it spawned. Every process started
 * here is SIGKILLed by killAllDocintel() and, as a last resort, when the test process exits.
 *
 *   const serve = startDocintel('serve', { DOCINTEL_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' });
 *   await serve.waitForOutput(/docintel serve started/);
 *   ...
 *   await killAllDocintel();
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pollUntil } from '../../scripts/cluster-processes.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(REPO_ROOT, 'bin/docintel.js');
/** Output kept per process; a chatty process (info logs per request) must not grow the test's memory without bound. */
const MAX_OUTPUT_CHARS = 4_000_000;

export type Role = 'serve' | 'api' | 'worker' | 'inference';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface DocintelProcess {
  role: Role;
  pid: number;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Settles when the process has exited. */
  exited: Promise<Exit>;
  isRunning(): boolean;
  /** Resolves with the first match in stdout+stderr (already printed or yet to come); rejects on exit or timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** A signal to the process only (not its group): what an orchestrator sends to the service. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL to the whole process group (the process and its sidecar), then waits for the exit. */
  killGroup(): Promise<Exit>;
}

const started = new Set<DocintelProcess>();

/** The caller's environment minus every docintel setting, so a developer's DOCINTEL_* never leaks into a test. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('DOCINTEL_') && name !== 'PORT' && name !== 'HOST') env[name] = value;
  }
  return env;
}

export function startDocintel(role: Role, env: Record<string, string>, args: string[] = []): DocintelProcess {
  const child = spawn(process.execPath, [BIN, role, ...args], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start docintel ${role}`);
  let out = '';
  let err = '';
  const watchers = new Set<() => void>();
  const append = (current: string, chunk: Buffer) => {
    const next = current + chunk.toString('utf8');
    return next.length > MAX_OUTPUT_CHARS ? next.slice(next.length - MAX_OUTPUT_CHARS) : next;
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out = append(out, chunk);
    for (const w of watchers) w();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err = append(err, chunk);
    for (const w of watchers) w();
  });
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      started.delete(proc);
      for (const w of watchers) w();
      resolve(exit);
    });
  });
  const pid = child.pid;
  const proc: DocintelProcess = {
    role,
    pid,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    isRunning: () => exit === null,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = (out + '\n' + err).match(pattern);
          if (match) return done(() => resolve(match));
          if (exit)
            return done(() =>
              reject(new Error(`docintel ${role} exited (${exit!.code ?? exit!.signal}) before printing ${pattern}\n${tail(out, err)}`)),
            );
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`docintel ${role} did not print ${pattern} within ${timeoutMs} ms\n${tail(out, err)}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          watchers.delete(check);
          settle();
        };
        watchers.add(check);
        check();
      });
    },
    signal(signal) {
      if (exit === null) process.kill(pid, signal);
    },
    async killGroup() {
      killGroupNow(pid);
      return exited;
    },
  };
  started.add(proc);
  return proc;
}

function tail(out: string, err: string): string {
  return `--- stdout (tail) ---\n${out.slice(-3000)}\n--- stderr (tail) ---\n${err.slice(-3000)}`;
}

function killGroupNow(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** SIGTERM, as an orchestrator stops the service; SIGKILL to its whole group if it has not exited within `graceMs`. */
export async function stopGracefully(proc: DocintelProcess, graceMs = 15_000): Promise<void> {
  proc.signal('SIGTERM');
  const stopped = await Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, graceMs, null))]);
  if (!stopped) await proc.killGroup();
}

/** SIGKILLs every process group started here and waits for the leaders to exit. */
export async function killAllDocintel(): Promise<void> {
  const all = [...started];
  for (const p of all) killGroupNow(p.pid);
  await Promise.all(all.map((p) => p.exited));
}

// A test run that dies must not leave processes behind.
process.once('exit', () => {
  for (const p of started) killGroupNow(p.pid);
});

/** How a command run to completion ended: its exit code (-1 when it was killed or did not start) and output. */
export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to completion (a CLI call, a build script) and never rejects: the exit code is the result.
 * It is killed after `timeoutMs`; `env` replaces the environment (default: this process's).
 */
export function runToExit(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Finished> {
  const { cwd = REPO_ROOT, env = process.env, timeoutMs = 60_000 } = options;
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** A finished command for an assertion message: its exit code and both outputs. */
export function describeFinished(run: Finished): string {
  return `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
}

/** Whether `pid` is a live process (a zombie waiting to be reaped counts as dead). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3, after the parenthesized command name (which may itself hold spaces or parentheses).
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Live direct children of `pid`, from /proc (each task's `children` list, else every process's parent pid). */
export function childPids(pid: number): number[] {
  const found = new Set<number>();
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of list.split(/\s+/).filter(Boolean)) found.add(Number(child));
    }
  } catch {
    for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.add(Number(entry));
      } catch {
        // Exited while we looked.
      }
    }
  }
  return [...found].filter(isAlive);
}

/** The command line of `pid`, arguments joined by spaces ('' once gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * The inference sidecars `pid` runs: its children running `docintel inference --listen`. (Not every child
 * is one: tsx starts an esbuild service process when it first transforms a module at run time.)
 */
export function sidecarPids(pid: number): number[] {
  return childPids(pid).filter((child) => / inference --listen /.test(commandLine(child)));
}

/** Live processes of process group `pgid` (a detached process started here leads its own group). */
export function groupPids(pgid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name: state, ppid, pgrp.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid && isAlive(Number(entry))) found.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return found;
}

/** Resident set size of `pid` and all its descendants, in bytes (0 once gone). */
export function treeRssBytes(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
    if (kb) total += Number(kb[1]) * 1024;
  } catch {
    return 0;
  }
  for (const child of childPids(pid)) total += treeRssBytes(child);
  return total;
}

/** Polls `probe` until it returns a value other than undefined; the last error explains a timeout. */
export function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  return pollUntil(what, probe, timeoutMs, everyMs);
}

export interface Readiness {
  status: string;
  checks: Record<string, string>;
}

/** /readyz once it answers 200 (with `inference: ok` when `inference` is set). */
export function waitForReady(baseUrl: string, options: { inference?: boolean; timeoutMs?: number } = {}): Promise<Readiness> {
  return waitFor(
    `${baseUrl}/readyz`,
    async () => {
      const res = await fetch(`${baseUrl}/readyz`);
      const body = (await res.json()) as Readiness;
      if (res.status !== 200) throw new Error(`readyz ${res.status}: ${JSON.stringify(body)}`);
      if (options.inference && body.checks.inference !== 'ok') throw new Error(`inference not ok: ${JSON.stringify(body.checks)}`);
      return body;
    },
    options.timeoutMs ?? 30_000,
    100,
  );
}

/**
 * The processes of a one-machine cluster (scripts/cluster-core.ts): `node bin/docintel.js <role>` and nats-server,
 * each in its own process group (detached), so a kill reaches whatever it spawned and a Ctrl-C in the terminal
 * reaches only the cluster script, which then stops them in order. Output goes to a log file per process, and its
 * tail is kept in memory to explain a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCINTEL_BIN = path.join(REPO_ROOT, 'bin/docintel.js');
/** Output kept in memory per process (the log file has all of it). */
const TAIL_CHARS = 64_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ClusterProcess {
  /** e.g. `api-a`, `worker-1`, `inference-2`, `nats`. */
  name: string;
  pid: number;
  logFile: string;
  /** Settles when the process has exited. */
  exited: Promise<Exit>;
  isRunning(): boolean;
  /** The last output (stdout and stderr interleaved). */
  tail(): string;
  /** Resolves with the first match in the output (past or future); rejects on exit or timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** A signal to the whole process group (the process and anything it spawned). */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<Exit>;
}

/** Every process started here, killed as a last resort when this process exits. */
const live = new Set<ClusterProcess>();

/** SIGKILLs every process started here that still runs (a last resort: stop() is the orderly way). */
export function killAllNow(): void {
  for (const proc of live) proc.kill('SIGKILL');
}

process.once('exit', killAllNow);

/** The environment without docintel settings, so a developer's DOCINTEL_* never leaks into a node. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('DOCINTEL_') && name !== 'PORT' && name !== 'HOST') env[name] = value;
  }
  return env;
}

export function startDocintelProcess(
  name: string,
  role: string,
  args: string[],
  env: Record<string, string>,
  logDir: string,
): ClusterProcess {
  return startProcess(name, process.execPath, [DOCINTEL_BIN, role, ...args], { ...cleanEnv(), ...env }, logDir);
}

export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): ClusterProcess {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  // A binary that cannot be found fails asynchronously; the 'exit' below still settles `exited`.
  child.once('error', (err) => log.write(`spawn failed: ${err.message}\n`));
  return track(name, child, log, logFile);
}

function track(name: string, child: ChildProcess, log: WriteStream, logFile: string): ClusterProcess {
  let output = '';
  let exit: Exit | null = null;
  const watchers = new Set<() => void>();
  const notify = () => {
    for (const watcher of [...watchers]) watcher();
  };
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    output += chunk.toString('utf8');
    if (output.length > TAIL_CHARS * 2) output = output.slice(-TAIL_CHARS);
    notify();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<Exit>((resolve) => {
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exit) return;
      exit = { code, signal };
      live.delete(proc);
      log.end(`\n[${name} exited: ${code ?? signal}]\n`);
      notify();
      resolve(exit);
    };
    child.once('exit', settle);
    child.once('error', () => settle(127, null));
  });
  const pid = child.pid ?? -1;
  const proc: ClusterProcess = {
    name,
    pid,
    logFile,
    exited,
    isRunning: () => exit === null,
    tail: () => output.slice(-TAIL_CHARS),
    waitForOutput(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => finish(() => reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms\n${lastLines(output)}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          watchers.delete(check);
          settle();
        };
        const check = () => {
          const match = output.match(pattern);
          if (match) finish(() => resolve(match));
          else if (exit)
            finish(() =>
              reject(new Error(`${name} exited (${exit!.code ?? exit!.signal}) before printing ${pattern}\n${lastLines(output)}`)),
            );
        };
        watchers.add(check);
        check();
      });
    },
    kill(signal = 'SIGKILL') {
      if (exit !== null || pid < 0) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is gone already.
      }
    },
    async stop(graceMs = 15_000) {
      if (exit) return exit;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      // Whatever the leader left behind in its group (e.g. tsx's esbuild service) goes too.
      proc.kill('SIGKILL');
      return result;
    },
  };
  if (pid > 0) live.add(proc);
  return proc;
}

export function lastLines(output: string, lines = 40): string {
  return output.trimEnd().split('\n').slice(-lines).join('\n');
}

/** A port that was free a moment ago (bind port 0, read it, release it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns a value; the last error explains a timeout. */
export async function pollUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message ?? String(last)}` : ''}`);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import { InferenceClient } from './client.ts';
import { REPO_ROOT } from '../shared/repo-root.ts';
import type { HealthResponse } from './types.ts';

export interface SupervisorCommand {
  file: string;
  args: string[];
}

export interface SupervisorOptions {
  config: Config;
  logger: Logger;
  /** Where the child listens; default unix:<dataDir>/inference.sock. */
  address?: string;
  /** How to start the child for a listen address; default: this docintel binary's `inference` role. */
  command?: (listen: string) => SupervisorCommand;
  /** Extra environment for the child. */
  env?: NodeJS.ProcessEnv;
  backoff?: { initialMs?: number; maxMs?: number; resetAfterMs?: number };
  readyTimeoutMs?: number;
  /** SIGTERM, then SIGKILL after this long. */
  stopGraceMs?: number;
  /** Health probe period once ready (0: off); three failures in a row kill the child. */
  healthIntervalMs?: number;
  /** Receives each line the child prints; default: JSON lines to our stdout, others through the logger. */
  onLogLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface ExitEvent {
  pid: number | null;
  code: number | null;
  signal: NodeJS.Signals | null;
  expected: boolean;
}

export interface RestartEvent {
  attempt: number;
  delayMs: number;
}

const MAX_HEALTH_FAILURES = 3;

/**
 * glibc's malloc arenas for the sidecar unless the operator set MALLOC_ARENA_MAX. By default glibc gives up to
 * eight arenas per core to threads that allocate at once (onnxruntime's kernels, the recognizer threads), and
 * each keeps what was freed into it: with two, the sidecar of a 2,000-page parse that OCRs its scanned pages
 * peaked 660-673 MB instead of 696-725 MB, no slower (measured on 2 cores).
 */
const SIDECAR_MALLOC_ARENAS = '2';

/** The settings the child reads from its environment, taken from our (already validated) config. */
function childConfigEnv(config: Config): NodeJS.ProcessEnv {
  return {
    DOCINTEL_DATA_DIR: config.dataDir,
    DOCINTEL_LOG_LEVEL: config.logLevel,
    DOCINTEL_INFERENCE_DEADLINE_MS: String(config.inference.deadlineMs),
    DOCINTEL_INFERENCE_THREADS: String(config.inference.threads),
    DOCINTEL_INFERENCE_QUEUE_LIMIT: String(config.inference.queueLimit),
    DOCINTEL_INFERENCE_IDLE_RELEASE_MS: String(config.inference.idleReleaseMs),
  };
}

export function defaultInferenceCommand(listen: string): SupervisorCommand {
  return { file: process.execPath, args: [path.join(REPO_ROOT, 'bin/docintel.js'), 'inference', '--listen', listen] };
}

/**
 * Keeps one local inference process alive: spawns it, waits for its gRPC Health, restarts it with
 * exponential backoff whenever it dies (except through stop()). Events: 'ready' (HealthResponse),
 * 'exit' (ExitEvent), 'restart' (RestartEvent).
 */
export class InferenceSupervisor extends EventEmitter {
  readonly address: string;
  private readonly client: InferenceClient;
  private readonly logger: Logger;
  private child: ChildProcess | null = null;
  private spawnedAt = 0;
  private ready = false;
  private started = false;
  private stopping = false;
  private restarts = 0;
  private delayMs: number;
  private restartTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SupervisorOptions) {
    super();
    this.address = options.address ?? `unix:${path.join(options.config.dataDir, 'inference.sock')}`;
    this.logger = options.logger.child({ component: 'inference-supervisor' });
    this.client = new InferenceClient([this.address], { deadlineMs: options.config.inference.deadlineMs, retries: 0 });
    this.delayMs = this.backoff.initialMs;
  }

  isReady(): boolean {
    return this.ready;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get restartCount(): number {
    return this.restarts;
  }

  /** Spawns the child; resolves when it first answers Health (it keeps retrying until then or stop()). */
  start(): Promise<HealthResponse> {
    if (this.started) throw new Error('InferenceSupervisor already started');
    this.started = true;
    const firstReady = new Promise<HealthResponse>((resolve, reject) => {
      this.once('ready', resolve);
      this.once('stopped', () => reject(new Error('inference supervisor stopped before the process was ready')));
    });
    firstReady.catch(() => undefined); // callers that do not await start() must not see an unhandled rejection
    this.spawnChild();
    return firstReady;
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.ready = false;
    this.clearTimers();
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), this.options.stopGraceMs ?? 5000);
      await exited;
      clearTimeout(killer);
    }
    this.client.close();
    this.emit('stopped');
  }

  private get backoff() {
    const b = this.options.backoff ?? {};
    return { initialMs: b.initialMs ?? 250, maxMs: b.maxMs ?? 10_000, resetAfterMs: b.resetAfterMs ?? 30_000 };
  }

  private spawnChild(): void {
    const { file, args } = (this.options.command ?? defaultInferenceCommand)(this.address);
    // DOCINTEL_PARENT_PID: the child exits as soon as we are gone (bin/orphan-guard.js), and records us as the
    // socket owner's parent, so a later server may take the socket over from it once we are dead.
    const env = {
      MALLOC_ARENA_MAX: SIDECAR_MALLOC_ARENAS,
      ...process.env,
      ...childConfigEnv(this.options.config),
      DOCINTEL_PARENT_PID: String(process.pid),
      ...this.options.env,
    };
    // The IPC channel lets the child notice our death (its 'disconnect') and exit instead of lingering.
    const child = spawn(file, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    this.child = child;
    this.spawnedAt = Date.now();
    this.logger.info({ childPid: child.pid, address: this.address }, 'inference process spawned');
    this.pipeLogs(child.stdout!, 'stdout');
    this.pipeLogs(child.stderr!, 'stderr');
    let gone = false;
    const onGone = (code: number | null, signal: NodeJS.Signals | null) => {
      if (gone) return;
      gone = true;
      this.onChildExit(child, code, signal);
    };
    child.once('error', (err) => {
      this.logger.error({ err }, 'inference process could not be started');
      onGone(null, null);
    });
    child.once('exit', onGone);
    void this.awaitReady(child);
  }

  private async awaitReady(child: ChildProcess): Promise<void> {
    const abort = new AbortController();
    child.once('exit', () => abort.abort());
    const until = Date.now() + (this.options.readyTimeoutMs ?? 60_000);
    try {
      for (;;) {
        const health = await this.client.waitForReady(Math.max(1, until - Date.now()), abort.signal);
        if (this.child !== child || this.stopping) return;
        // Another live server on the same address (a lingering old child) must not pass for ours.
        if (health.pid === child.pid) return this.markReady(health);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } catch (err) {
      if (this.child !== child || this.stopping || abort.signal.aborted) return;
      this.logger.error({ err, childPid: child.pid }, 'inference process did not become ready; killing it');
      child.kill('SIGKILL');
    }
  }

  private markReady(health: HealthResponse): void {
    this.ready = true;
    this.logger.info({ childPid: health.pid, providers: health.execution_providers }, 'inference process ready');
    this.emit('ready', health);
    this.watchHealth();
  }

  private onChildExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child === child) this.child = null;
    this.ready = false;
    this.clearTimers();
    this.emit('exit', { pid: child.pid ?? null, code, signal, expected: this.stopping } satisfies ExitEvent);
    if (this.stopping) return;
    const { initialMs, maxMs, resetAfterMs } = this.backoff;
    if (Date.now() - this.spawnedAt >= resetAfterMs) this.delayMs = initialMs;
    const delayMs = this.delayMs;
    this.delayMs = Math.min(delayMs * 2, maxMs);
    this.restarts++;
    this.logger.warn({ childPid: child.pid, code, signal, delayMs, attempt: this.restarts }, 'inference process died; restarting');
    this.emit('restart', { attempt: this.restarts, delayMs } satisfies RestartEvent);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopping) this.spawnChild();
    }, delayMs);
  }

  /** A child that is alive but stuck answers nothing: after a few failed probes it is killed and restarted. */
  private watchHealth(): void {
    const interval = this.options.healthIntervalMs ?? 5000;
    if (interval <= 0) return;
    let failures = 0;
    this.healthTimer = setInterval(() => {
      this.client.health({ deadlineMs: Math.min(2000, interval) }).then(
        () => {
          failures = 0;
          this.ready = this.child !== null && !this.stopping;
        },
        (err) => {
          if (this.stopping || !this.child) return;
          failures++;
          this.ready = false;
          this.logger.warn({ err, failures }, 'inference health probe failed');
          if (failures >= MAX_HEALTH_FAILURES) this.child.kill('SIGKILL');
        },
      );
    }, interval);
    this.healthTimer.unref();
  }

  private clearTimers(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.restartTimer = null;
    this.healthTimer = null;
  }

  private pipeLogs(stream: Readable, name: 'stdout' | 'stderr'): void {
    const sink = this.options.onLogLine ?? ((line: string) => this.forwardLine(line, name));
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => sink(line, name));
  }

  private forwardLine(line: string, stream: 'stdout' | 'stderr'): void {
    // The child logs with pino already (role "inference"): pass JSON through untouched.
    if (line.startsWith('{')) process.stdout.write(`${line}\n`);
    else if (line.trim()) this.logger[stream === 'stderr' ? 'warn' : 'info']({ childPid: this.child?.pid, stream }, line);
  }
}

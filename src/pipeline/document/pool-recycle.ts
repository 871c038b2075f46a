import type { Piscina } from 'piscina';

/**
 * mupdf's WebAssembly memory only grows: a worker that read a long document keeps its fonts, parsed objects and
 * its store high-water mark for good (with its JS heap, near 200 MB a worker on a 2,000-page file), long after
 * the answer left.
 * The pool replaces such workers once it has been idle a moment, so a big document's memory is given back while
 * the main thread still lays out, writes and answers it, and a later document starts from a fresh worker.
 */
export const WORKER_RECYCLE = {
  /**
   * A worker whose WebAssembly memory passed this many MB marks the pool for replacement. Workers read a kept
   * document in place (no copy of the file in their heap): measured ~63–75 MB each while reading a 2,000-page
   * file, ~22 MB fresh and after an 18-page one, so 48 MB catches a long document's workers and not a short one's.
   */
  wasmMb: 48,
  /** How long (ms) the pool must have run nothing before its workers are replaced. */
  idleMs: 1_000,
} as const;

export interface RecyclingOptions {
  /** Builds a fresh pool of workers. */
  create: () => Piscina;
  /** WORKER_RECYCLE.wasmMb unless given. */
  wasmMb?: number;
  /** WORKER_RECYCLE.idleMs unless given. */
  idleMs?: number;
}

/**
 * The current piscina, replaced by a fresh one once idle after a worker reported heavy WebAssembly memory (the
 * `wasmBytes` of a task's reply).
 */
export class RecyclingPiscina {
  /** Null once replaced, until the next task starts a fresh pool: an idle service holds no big worker. */
  private current: Piscina | null;
  private inFlight = 0;
  private heavy = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly retiring = new Set<Promise<void>>();
  private recycledCount = 0;
  private closed = false;
  private readonly wasmBytes: number;
  private readonly idleMs: number;

  constructor(private readonly options: RecyclingOptions) {
    this.current = options.create();
    this.wasmBytes = (options.wasmMb ?? WORKER_RECYCLE.wasmMb) * 1024 * 1024;
    this.idleMs = options.idleMs ?? WORKER_RECYCLE.idleMs;
  }

  /** How many times the workers were replaced (for tests and metrics). */
  get recycled(): number {
    return this.recycledCount;
  }

  async run<T>(task: unknown, options: Parameters<Piscina['run']>[1]): Promise<T> {
    clearTimeout(this.timer);
    this.inFlight++;
    try {
      if (this.closed) throw new Error('the document pool is closed');
      this.current ??= this.options.create();
      const reply = (await this.current.run(task, options)) as T & { wasmBytes?: number };
      if ((reply?.wasmBytes ?? 0) > this.wasmBytes) this.heavy = true;
      return reply;
    } finally {
      this.inFlight--;
      this.scheduleRecycle();
    }
  }

  /**
   * The caller is done with the pool for a while (a big document's last pool stage finished): heavy workers are
   * replaced now if nothing runs, instead of after the idle wait, which cannot start while the main thread is busy
   * laying out and writing the answer. With tasks in flight the idle wait decides as usual.
   */
  releaseHeavy(): void {
    clearTimeout(this.timer); // pending only when idle and heavy, which is when recycle() acts
    this.recycle();
  }

  async destroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.retiring]);
    await this.current?.destroy();
    this.current = null;
  }

  private scheduleRecycle(): void {
    if (!this.heavy || this.inFlight > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.recycle(), this.idleMs).unref();
  }

  /** Tasks that arrive from now on start a fresh pool; the old one has nothing left to run. */
  private recycle(): void {
    if (this.inFlight > 0 || !this.heavy) return;
    const old = this.current;
    this.current = null;
    this.heavy = false;
    if (!old) return;
    this.recycledCount++;
    const retired = old.destroy().catch(() => undefined);
    this.retiring.add(retired);
    void retired.finally(() => this.retiring.delete(retired));
  }
}

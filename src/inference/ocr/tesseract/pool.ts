import type Tesseract from 'tesseract.js';
import { TesseractEngineError } from './errors.ts';
import { stopWorker } from './worker.ts';

type Task<T> = (worker: Tesseract.Worker) => Promise<T>;

interface Queued {
  run: Task<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
  signal?: AbortSignal;
}

/**
 * Runs tasks on a fixed set of tesseract workers, one task per worker at a time (each worker is a single-threaded
 * WASM instance). Unlike tesseract.js's scheduler, it rejects queued and running tasks on close instead of
 * leaving them pending, and drops tasks whose caller aborted while they waited.
 */
export class WorkerPool {
  private readonly idle: Tesseract.Worker[];
  private readonly queue: Queued[] = [];
  private readonly running = new Set<Queued>();
  private closed = false;

  constructor(private readonly workers: Tesseract.Worker[]) {
    this.idle = [...workers];
  }

  run<T>(task: Task<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new TesseractEngineError('closed', 'engine is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const job: Queued = { run: task, resolve: resolve as (v: unknown) => void, reject, signal };
      // Abort while waiting: leave the queue. Abort while running: answer now; the worker finishes in the background.
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.queue.indexOf(job);
          if (at >= 0) this.queue.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
      this.queue.push(job);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Tesseract.Worker;
      const job = this.queue.shift() as Queued;
      this.running.add(job);
      job
        .run(worker)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running.delete(job);
          if (this.closed) return;
          this.idle.push(worker);
          this.dispatch();
        });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new TesseractEngineError('closed', 'engine closed while the request was pending');
    for (const job of [...this.queue.splice(0), ...this.running]) job.reject(gone);
    this.running.clear();
    await Promise.all(this.workers.map(stopWorker));
  }
}

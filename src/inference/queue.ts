import { DeadlineUnreachableError, QueueAbortedError, QueueFullError } from './errors.ts';

interface Waiter {
  start: () => void;
  reject: (err: Error) => void;
}

/** Weight of the newest task in the running mean of task durations. */
const MEAN_WEIGHT = 0.2;

/**
 * Bounded FIFO in front of heavy work: at most `concurrency` tasks run; at most `limit` wait.
 * One more waiter than `limit` is refused at once with QueueFullError (RESOURCE_EXHAUSTED), and so is a
 * request that, by the mean duration of recent tasks, could not finish before its caller's deadline: an
 * overloaded server sheds load instead of letting callers pile up until their deadlines pass.
 */
export class BoundedQueue {
  private readonly waiting: Waiter[] = [];
  private running = 0;
  /** Mean duration of recent tasks (ms); null until one has finished. */
  private meanTaskMs: number | null = null;

  constructor(readonly concurrency: number, readonly limit: number) {
    if (concurrency < 1 || limit < 0) throw new RangeError('concurrency must be >= 1 and limit >= 0');
  }

  /** Requests waiting for a slot (not counting the running ones). */
  get depth(): number {
    return this.waiting.length;
  }

  get inFlight(): number {
    return this.running;
  }

  /** `deadline`: when the caller stops waiting (epoch ms); a request that cannot make it is refused now. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal, deadline?: number): Promise<T> {
    if (signal?.aborted) throw new QueueAbortedError();
    if (deadline !== undefined) this.refuseIfLate(deadline);
    if (this.running >= this.concurrency) await this.waitForSlot(signal);
    else this.running++;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.recordDuration(performance.now() - started);
      this.release();
    }
  }

  /** How long a request arriving now would wait for a slot, by the recent mean task duration. */
  expectedWaitMs(): number {
    if (this.meanTaskMs === null || this.running < this.concurrency) return 0;
    // Those waiting go first, `concurrency` at a time; the running ones are half done on average.
    return (this.waiting.length / this.concurrency + 0.5) * this.meanTaskMs;
  }

  private refuseIfLate(deadline: number): void {
    if (this.meanTaskMs === null || !Number.isFinite(deadline)) return;
    const waitMs = this.expectedWaitMs();
    if (Date.now() + waitMs + this.meanTaskMs > deadline) throw new DeadlineUnreachableError(this.waiting.length, waitMs);
  }

  private recordDuration(ms: number): void {
    this.meanTaskMs = this.meanTaskMs === null ? ms : this.meanTaskMs + MEAN_WEIGHT * (ms - this.meanTaskMs);
  }

  private waitForSlot(signal?: AbortSignal): Promise<void> {
    if (this.waiting.length >= this.limit) return Promise.reject(new QueueFullError(this.limit));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new QueueAbortedError());
      };
      // The slot is handed over by release(): `running` stays counted for the next task.
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }

  /** Refuses everyone still waiting (server shutdown). */
  rejectWaiting(err: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(err);
  }
}

import { QueueAbortedError, QueueFullError } from './errors.ts';

interface Waiter {
  start: () => void;
  reject: (err: Error) => void;
}

/**
 * Bounded FIFO in front of heavy work: at most `concurrency` tasks run; at most `limit` wait.
 * One more waiter than `limit` is refused at once with QueueFullError (RESOURCE_EXHAUSTED), so an
 * overloaded server sheds load instead of letting callers pile up until their deadlines pass.
 */
export class BoundedQueue {
  private readonly waiting: Waiter[] = [];
  private running = 0;

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

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new QueueAbortedError();
    if (this.running >= this.concurrency) await this.waitForSlot(signal);
    else this.running++;
    try {
      return await task();
    } finally {
      this.release();
    }
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

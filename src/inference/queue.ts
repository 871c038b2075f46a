import { DeadlineUnreachableError, QueueAbortedError, QueueFullError } from './errors.ts';

interface Waiter {
  start: () => void;
  reject: (err: Error) => void;
  kind: string;
}

/** What the queue may know about a request before it admits it. */
export interface QueueAdmission {
  /** When the caller stops waiting (epoch ms); a request that could not finish by then is refused at once. */
  deadline?: number;
  /** Requests of one kind cost alike (an OCR page, an embedding batch); waits are estimated per kind. */
  kind?: string;
}

/** Weight of the newest task in the running mean of task durations. */
const MEAN_WEIGHT = 0.2;
/**
 * Means hide spread: a request estimated to finish just before its deadline often misses it, after taking its turn
 * from others. Measured with `npm run bench -- load` (64 callers, OCR and embed): 1.0 left 4% of calls timing out.
 */
const ESTIMATE_MARGIN = 1.25;

/** Told when a task starts and after one ends (idle-release.ts watches for quiet spells this way). */
export interface QueueObserver {
  started(): void;
  settled(): void;
}

/**
 * Bounded FIFO in front of heavy work: at most `concurrency` tasks run; at most `limit` wait.
 * One more waiter than `limit` is refused at once with QueueFullError (RESOURCE_EXHAUSTED), and so is a
 * request that, by the mean durations of recent tasks of each kind, could not finish before its caller's
 * deadline: an overloaded server sheds load instead of letting callers pile up until their deadlines pass.
 */
export class BoundedQueue {
  private readonly waiting: Waiter[] = [];
  private running = 0;
  /** Kinds of the tasks running now. */
  private readonly runningKinds: string[] = [];
  /** Mean duration (ms) of recent tasks, per kind. */
  private readonly meanMs = new Map<string, number>();
  private observer: QueueObserver | null = null;

  constructor(
    readonly concurrency: number,
    readonly limit: number,
  ) {
    if (concurrency < 1 || limit < 0) throw new RangeError('concurrency must be >= 1 and limit >= 0');
  }

  observe(observer: QueueObserver): void {
    this.observer = observer;
  }

  /** Nothing runs and nothing waits. */
  get idle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }

  /** Requests waiting for a slot (not counting the running ones). */
  get depth(): number {
    return this.waiting.length;
  }

  get inFlight(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal, admission: QueueAdmission = {}): Promise<T> {
    const kind = admission.kind ?? 'task';
    if (signal?.aborted) throw new QueueAbortedError();
    if (admission.deadline !== undefined) this.refuseIfLate(admission.deadline, kind);
    if (this.running >= this.concurrency) await this.waitForSlot(signal, kind);
    else this.running++;
    this.runningKinds.push(kind);
    this.observer?.started();
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.runningKinds.splice(this.runningKinds.indexOf(kind), 1);
      this.recordDuration(kind, performance.now() - started);
      this.release();
      this.observer?.settled();
    }
  }

  /** How long a request arriving now would wait for a slot, by the recent mean durations (0 while unknown). */
  expectedWaitMs(): number {
    if (this.running < this.concurrency) return 0;
    // Those waiting go first, `concurrency` at a time; the running ones are half done on average.
    let work = 0;
    for (const kind of this.runningKinds) work += (this.meanMs.get(kind) ?? 0) / 2;
    for (const waiter of this.waiting) work += this.meanMs.get(waiter.kind) ?? 0;
    return work / this.concurrency;
  }

  private refuseIfLate(deadline: number, kind: string): void {
    const ownMs = this.meanMs.get(kind);
    if (ownMs === undefined || !Number.isFinite(deadline)) return;
    const waitMs = this.expectedWaitMs();
    if (Date.now() + ESTIMATE_MARGIN * (waitMs + ownMs) > deadline) throw new DeadlineUnreachableError(this.waiting.length, waitMs);
  }

  private recordDuration(kind: string, ms: number): void {
    const mean = this.meanMs.get(kind);
    this.meanMs.set(kind, mean === undefined ? ms : mean + MEAN_WEIGHT * (ms - mean));
  }

  private waitForSlot(signal: AbortSignal | undefined, kind: string): Promise<void> {
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
        kind,
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

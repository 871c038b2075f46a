import { type TransferListItem, Worker } from 'node:worker_threads';

/** Every reply of a channel's thread names the request it answers. */
export interface ChannelReply {
  id: number;
}

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (err: Error) => void;
}

/**
 * A worker thread that answers requests by id (the OCR lanes, the recognizer threads): started on first use, and
 * started again on the next request after it dies. Its death, or closing the channel, rejects every request it
 * holds, so no caller waits forever on a lost thread.
 */
export class WorkerChannel<Reply extends ChannelReply, T> {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting<T>>();

  /** `outcome`: the value a reply resolves its request with, or the error it rejects it with. */
  constructor(
    private readonly entry: URL,
    private readonly workerData: unknown,
    private readonly label: string,
    private readonly outcome: (reply: Reply) => T | Error,
  ) {}

  get running(): boolean {
    return this.worker !== null;
  }

  /** Requests sent and not yet answered. */
  get load(): number {
    return this.waiting.size;
  }

  /** Starts the thread now, so that it opens its models before the first request. */
  start(): void {
    this.started();
  }

  request(id: number, message: ChannelReply, transfer: TransferListItem[] = []): Promise<T> {
    const worker = this.started();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage(message, transfer);
    });
  }

  /** A message that needs no answer (an abort), for the running thread only. */
  notify(message: unknown): void {
    this.worker?.postMessage(message);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error(`${this.label} closed`));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, { workerData: this.workerData });
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (err) => this.lost(worker, err));
    worker.on('exit', (code) => this.lost(worker, new Error(`${this.label} exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    const outcome = this.outcome(reply);
    if (outcome instanceof Error) waiter.reject(outcome);
    else waiter.resolve(outcome);
  }

  private lost(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(err);
  }

  private failAll(err: Error): void {
    const waiters = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiter of waiters) waiter.reject(err);
  }
}

import { Worker } from 'node:worker_threads';
import { OcrModelUnavailableError } from '../engines.ts';
import { ImageDecodeError } from '../image.ts';
import type { EncodedPageRead } from '../recognize-page.ts';
import type { LaneError, LaneMessage, LaneReply, LaneSetup } from './protocol.ts';

export interface LaneRead {
  /** The encoded image (copied to the lane). */
  bytes: Uint8Array;
  assumeUpright: boolean;
  signal?: AbortSignal;
}

/** Errors the RPC layer maps to a status of their own, rebuilt by class name when a lane reports one. */
const KNOWN_ERRORS: Record<string, { prototype: Error }> = {
  ImageDecodeError,
  OcrModelUnavailableError,
};

function revive(error: LaneError): Error {
  const known = KNOWN_ERRORS[error.name];
  const err = new Error(error.message);
  if (known) Object.setPrototypeOf(err, known.prototype);
  err.name = error.name;
  return err;
}

interface Waiting {
  resolve: (result: EncodedPageRead) => void;
  reject: (err: Error) => void;
}

/** One lane thread, started on its first page and started again after it dies. */
class Lane {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly setup: LaneSetup) {}

  get running(): boolean {
    return this.worker !== null;
  }

  /** Pages sent to this lane and not yet answered. */
  get load(): number {
    return this.waiting.size;
  }

  read(id: number, request: LaneRead): Promise<EncodedPageRead> {
    const worker = this.started();
    const bytes = new Uint8Array(request.bytes); // own buffer, moved to the lane without a second copy
    return new Promise<EncodedPageRead>((resolve, reject) => {
      const onAbort = () => worker.postMessage({ type: 'abort', id } satisfies LaneMessage);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => request.signal?.removeEventListener('abort', onAbort);
      this.waiting.set(id, {
        resolve: (result) => (done(), resolve(result)),
        reject: (err) => (done(), reject(err)),
      });
      worker.postMessage({ type: 'read', id, bytes, assumeUpright: request.assumeUpright } satisfies LaneMessage, [bytes.buffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('OCR lanes closed'));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./entry.mjs', import.meta.url), { workerData: this.setup });
    worker.on('message', (reply: LaneReply) => this.settle(reply));
    worker.on('error', (err) => this.lost(worker, err));
    worker.on('exit', (code) => this.lost(worker, new Error(`OCR lane exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: LaneReply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiter.resolve({ page: reply.page, decodeMs: reply.decodeMs });
    else waiter.reject(revive(reply.error));
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

/**
 * Regular-mode OCR pages spread over lane threads, each with its own PP-OCR sessions: a page goes to the lane
 * with the fewest pages in hand (the first of equals), so one client at a time only ever starts the first lane
 * and a second lane's thread and sessions exist only once pages overlap.
 */
export class OcrLanes {
  private lanes: Promise<Lane[]> | null = null;
  private made: Lane[] = [];
  private nextId = 1;

  /** `setup` resolves where the models are (and throws OcrModelUnavailableError when one is missing). */
  constructor(
    readonly count: number,
    private readonly setup: () => Promise<LaneSetup>,
  ) {
    if (count < 1) throw new RangeError('OCR lanes: count must be >= 1');
  }

  /** Lanes whose thread is running now. */
  get startedLanes(): number {
    return this.made.filter((l) => l.running).length;
  }

  async read(request: LaneRead): Promise<EncodedPageRead> {
    request.signal?.throwIfAborted();
    const lanes = await this.opened();
    const lane = lanes.reduce((best, l) => (l.load < best.load ? l : best));
    return lane.read(this.nextId++, request);
  }

  async close(): Promise<void> {
    const lanes = this.lanes;
    this.lanes = null;
    this.made = [];
    if (lanes) await Promise.allSettled((await lanes).map((l) => l.close()));
  }

  private opened(): Promise<Lane[]> {
    this.lanes ??= this.setup().then(
      (setup) => {
        this.made = Array.from({ length: this.count }, () => new Lane(setup));
        return this.made;
      },
      (err) => {
        this.lanes = null;
        throw err;
      },
    );
    return this.lanes;
  }
}

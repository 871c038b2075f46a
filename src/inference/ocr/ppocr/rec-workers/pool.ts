import { Worker } from 'node:worker_threads';
import { StageClock } from '../../stage-clock.ts';
import type { RgbImage } from '../../types.ts';
import type { Recognition, RecognitionBatch, Recognizer } from '../recognize.ts';
import type { BatchReply, BatchRequest, BatchStages, RecognizerSetup } from './protocol.ts';

interface Waiting {
  resolve: (reply: { readings: Recognition[]; stagesMs: BatchStages }) => void;
  reject: (err: Error) => void;
}

/** One recognizer thread, started with the pool and started again on the next batch after it dies. */
class RecognizerThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly setup: RecognizerSetup) {
    this.started();
  }

  read(crops: RgbImage[], batch: Omit<RecognitionBatch, 'indices'>): Promise<{ readings: Recognition[]; stagesMs: BatchStages }> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, crops, batch: { widths: batch.widths, batchWidth: batch.batchWidth } } satisfies BatchRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('recognizer threads closed'));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./entry.mjs', import.meta.url), { workerData: this.setup });
    worker.on('message', (reply: BatchReply) => this.settle(reply));
    worker.on('error', (err) => this.lost(worker, err));
    worker.on('exit', (code) => this.lost(worker, new Error(`recognizer thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: BatchReply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiter.resolve(reply);
    else waiter.reject(new Error(`recognizer thread: ${reply.message}`));
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

const STAGES = ['preprocess', 'recognition_model', 'ctc_decode'] as const;

/**
 * The threads' stage times summed exceed the wall time when they run side by side; the clock gets the wall time
 * split in the stages' proportions, so that a response's stages still add up to (at most) its total.
 */
function addWallShares(clock: StageClock, threadMs: BatchStages, wallMs: number): void {
  const total = STAGES.reduce((sum, stage) => sum + threadMs[stage], 0);
  if (total <= 0) return;
  for (const stage of STAGES) clock.ms[stage] += (wallMs * threadMs[stage]) / total;
}

/**
 * A page's recognizer batches spread over threads that each run a single-threaded recognizer session: on a
 * large page (dozens of wide lines) the recognizer is most of the time, and two single-threaded runs side by side
 * take about a quarter less CPU than one run on two intra-op threads, while resizing crops and CTC decoding move
 * off the calling thread too. Each idle thread takes the next batch, so a slow thread (a busy core) holds up
 * only the batch it has. The batches are planned by the caller, so the readings equal a read on one thread.
 */
export class RecognizerThreads implements Recognizer {
  private readonly threads: RecognizerThread[];

  constructor(count: number, setup: RecognizerSetup) {
    if (count < 1) throw new RangeError('recognizer threads: count must be >= 1');
    this.threads = Array.from({ length: count }, () => new RecognizerThread(setup));
  }

  async recognize(crops: RgbImage[], batches: RecognitionBatch[], clock = new StageClock(), signal?: AbortSignal): Promise<Recognition[]> {
    const started = performance.now();
    const results = new Array<Recognition>(crops.length);
    const threadMs: BatchStages = { preprocess: 0, recognition_model: 0, ctc_decode: 0 };
    let next = 0;
    const drain = async (thread: RecognizerThread) => {
      while (next < batches.length) {
        signal?.throwIfAborted();
        const batch = batches[next++];
        const { readings, stagesMs } = await thread.read(
          batch.indices.map((i) => crops[i]),
          batch,
        );
        batch.indices.forEach((cropIndex, k) => (results[cropIndex] = readings[k]));
        for (const stage of STAGES) threadMs[stage] += stagesMs[stage];
      }
    };
    await Promise.all(this.threads.map(drain));
    addWallShares(clock, threadMs, performance.now() - started);
    return results;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }
}

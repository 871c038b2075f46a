import { StageClock } from '../../stage-clock.ts';
import type { RgbImage } from '../../types.ts';
import type { Recognition, RecognitionBatch, Recognizer } from '../recognize.ts';
import type { BatchReply, BatchRequest, BatchStages, RecognizerSetup } from './protocol.ts';
import { WorkerChannel } from '../../worker-channel.ts';

type BatchRead = { readings: Recognition[]; stagesMs: BatchStages };

function outcomeOf(reply: BatchReply): BatchRead | Error {
  return reply.ok ? reply : new Error(`recognizer thread: ${reply.message}`);
}

/** One recognizer thread, started with the pool (its session opens at once) and started again after it dies. */
class RecognizerThread {
  private readonly channel: WorkerChannel<BatchReply, BatchRead>;
  private nextId = 1;

  constructor(setup: RecognizerSetup) {
    this.channel = new WorkerChannel(new URL('./entry.mjs', import.meta.url), setup, 'recognizer thread', outcomeOf);
    this.channel.start();
  }

  read(crops: RgbImage[], batch: Omit<RecognitionBatch, 'indices'>): Promise<BatchRead> {
    const id = this.nextId++;
    const message = { id, crops, batch: { widths: batch.widths, batchWidth: batch.batchWidth } } satisfies BatchRequest;
    return this.channel.request(id, message);
  }

  close(): Promise<void> {
    return this.channel.close();
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

import { parentPort, workerData } from 'node:worker_threads';
import { StageClock } from '../../stage-clock.ts';
import { loadDictionary } from '../dictionary.ts';
import { recognizeBatch } from '../recognize.ts';
import { loadOnnxModel } from '../sessions.ts';
import type { BatchReply, BatchRequest, RecognizerSetup } from './protocol.ts';

/**
 * A recognizer thread: reads the batches it is handed with its own single-threaded recognizer session, crop
 * resizing and CTC decoding included, so that those run beside another thread's instead of after them.
 */
const setup = workerData as RecognizerSetup;
const port = parentPort!;

const opened = Promise.all([
  loadOnnxModel(setup.recModel, { executionProviders: setup.executionProviders, intraOpThreads: 1 }),
  loadDictionary(setup.dictionary),
]);
// Reported by the first read: an unhandled rejection here would end the thread before it could answer.
opened.catch(() => {});

async function read(request: BatchRequest): Promise<BatchReply> {
  try {
    const [model, dictionary] = await opened;
    const clock = new StageClock();
    const readings = await recognizeBatch(model, dictionary, request.crops, request.batch, clock);
    const { preprocess, recognition_model, ctc_decode } = clock.ms;
    return { id: request.id, ok: true, readings, stagesMs: { preprocess, recognition_model, ctc_decode } };
  } catch (err) {
    return { id: request.id, ok: false, message: (err as Error).message };
  }
}

port.on('message', (request: BatchRequest) => {
  void read(request).then((reply) => port.postMessage(reply));
});

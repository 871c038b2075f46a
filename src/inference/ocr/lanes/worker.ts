import { parentPort, workerData } from 'node:worker_threads';
import { createPpOcrEngine, type PpOcrEngine } from '../ppocr/engine.ts';
import { recognizeEncodedPage, type PageEngines } from '../recognize-page.ts';
import type { LaneMessage, LaneReadMessage, LaneReply, LaneSetup } from './protocol.ts';

/**
 * One OCR lane: a thread with its own PP-OCR sessions, so that its JavaScript (decoding, crops, CTC decoding,
 * detection post-processing) and its kernels run beside another lane's instead of after them: onnxruntime-node
 * runs a session on the calling thread's event loop, so one thread serializes everything.
 */
const setup = workerData as LaneSetup;
const port = parentPort!;

let engine: Promise<PpOcrEngine> | null = null;

/** Sessions open on the lane's first page; a failed opening is tried again on the next. */
function regular(): Promise<PpOcrEngine> {
  engine ??= createPpOcrEngine(setup.engine).catch((err) => {
    engine = null;
    throw err;
  });
  return engine;
}

const engines: PageEngines = {
  regular,
  classic: () => Promise.reject(new Error('an OCR lane reads regular mode only')),
};

const running = new Map<number, AbortController>();

async function read(message: LaneReadMessage): Promise<LaneReply> {
  const controller = new AbortController();
  running.set(message.id, controller);
  try {
    const { page, decodeMs } = await recognizeEncodedPage(engines, message.bytes, {
      mode: 'regular',
      language: 'auto',
      assumeUpright: message.assumeUpright,
      signal: controller.signal,
    });
    return { id: message.id, ok: true, page, decodeMs };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    return { id: message.id, ok: false, error: { name: error.name, message: error.message } };
  } finally {
    running.delete(message.id);
  }
}

port.on('message', (message: LaneMessage) => {
  if (message.type === 'abort') running.get(message.id)?.abort(new Error('call cancelled'));
  else void read(message).then((reply) => port.postMessage(reply));
});

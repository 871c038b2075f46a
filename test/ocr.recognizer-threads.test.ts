import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPpOcrEngine, type PpOcrEngine } from '../src/inference/ocr/ppocr/engine.ts';
import { RecognizerThreads } from '../src/inference/ocr/ppocr/rec-workers/pool.ts';
import { planBatches } from '../src/inference/ocr/ppocr/recognize.ts';
import { OCR_STAGES, StageClock } from '../src/inference/ocr/stage-clock.ts';
import { loadConfig } from '../src/shared/config.ts';
import { renderTextPage } from './helpers/ocr-images.ts';
import { PPOCR_ASSETS, ppOcrModels } from './helpers/ppocr-models.ts';

const OPTIONS = ppOcrModels(2);

// Lines of many lengths, so that the recognizer's batches (4 crops each) differ in width and number > 2.
const LINES = [
  'Order 18',
  'Delivery note for the second quarter',
  'Item count 42',
  'Packed and shipped on 2021-07-09 by road',
  'Net 118.40',
  'Questions about this order go to the front desk',
  'Page 2 of 3',
  'Batch 7',
  'Carrier reference 55120 and pallet 3',
  'Signed',
  'All goods remain ours until paid in full',
];

const page = renderTextPage(
  { lines: LINES, page: { width: 420, height: 600 }, fontSize: 14, left: 24, firstBaseline: 570, leading: 48, tiltDegrees: 0 },
  3,
);

describe('recognizer threads', () => {
  let onThread: PpOcrEngine;
  let threaded: PpOcrEngine;

  beforeAll(async () => {
    [onThread, threaded] = await Promise.all([createPpOcrEngine(OPTIONS), createPpOcrEngine({ ...OPTIONS, recognitionThreads: 2 })]);
  });
  afterAll(async () => Promise.all([onThread?.close(), threaded?.close()]));

  it('read a page exactly as the calling thread reads it: texts, confidences, words and boxes', async () => {
    const alone = await onThread.recognize(page);
    const clock = new StageClock();
    const split = await threaded.recognize(page, undefined, clock);
    expect(alone.lines.length).toBeGreaterThan(8);
    expect(split).toEqual(alone);
    // The threads' recognizer stages are on the caller's clock.
    for (const stage of OCR_STAGES.filter((s) => s !== 'detect' && s !== 'orientation_classify'))
      expect(clock.ms[stage], stage).toBeGreaterThan(0);
  });

  it('read two pages at once on the same threads, each page its own readings', async () => {
    const direct = await onThread.recognize(page);
    const [first, second] = await Promise.all([threaded.recognize(page), threaded.recognize(page)]);
    expect(first).toEqual(direct);
    expect(second).toEqual(direct);
  });

  it('turn a thread that cannot open its session into a rejected read', async () => {
    const broken = new RecognizerThreads(1, { recModel: path.join(PPOCR_ASSETS, 'missing.onnx'), dictionary: OPTIONS.dictionary });
    try {
      const batches = planBatches([page], 4);
      await expect(broken.recognize([page], batches)).rejects.toThrow(/recognizer thread/);
    } finally {
      await broken.close();
    }
  });
});

describe('recognizer threads by default', () => {
  const threadsOf = (env: Record<string, string>, cores: number) => loadConfig(env, cores).inference.ocrRecognizerThreads;

  it('one per intra-op thread with OCR lanes off on two or more cores, none otherwise unless set', () => {
    expect(threadsOf({}, 2)).toBe(2);
    expect(threadsOf({}, 1)).toBe(0);
    expect(threadsOf({ DOCINTEL_INFERENCE_THREADS: '3' }, 2)).toBe(3);
    expect(threadsOf({ DOCINTEL_INFERENCE_OCR_LANES: '2' }, 2)).toBe(0);
    expect(threadsOf({ DOCINTEL_INFERENCE_OCR_RECOGNIZER_THREADS: '0' }, 4)).toBe(0);
    expect(threadsOf({ DOCINTEL_INFERENCE_OCR_RECOGNIZER_THREADS: '1', DOCINTEL_INFERENCE_OCR_LANES: '2' }, 2)).toBe(1);
  });
});

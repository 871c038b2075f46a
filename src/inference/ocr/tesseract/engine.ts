import type Tesseract from 'tesseract.js';
import type { LineReading, OcrEngine, Orientation, OrientationGuess, PageLines, RgbImage } from '../types.ts';
import { orientationConfidence, pageLinesFromBlocks } from './blocks.ts';
import { TesseractEngineError, describeTesseractFailure } from './errors.ts';
import { encodePpm, hasInk } from './image.ts';
import { languageDirectory, traineddataFile, type LanguageDirectory } from './paths.ts';
import { OSD_TRUSTED, voteOrientation } from './orientation.ts';
import { WorkerPool } from './pool.ts';
import { OEM_LEGACY, OEM_LSTM, startWorker, stopWorker } from './worker.ts';

export interface TesseractEngineOptions {
  /** Tesseract language codes, each installed as @tesseract.js-data/<code>. Default ['eng']. */
  languages?: string[];
  /** Parallel recognition workers (one WASM thread each). Default 1. */
  workers?: number;
}

export type TesseractEngine = OcrEngine & { readonly name: 'tesseract' };

// Page segmentation modes (tesseract.js passes them as strings).
const PSM_AUTO = '3';
const PSM_SINGLE_LINE = '7';

const ORIENTATIONS: readonly number[] = [0, 90, 180, 270];

type RecognizeOptionsWithParams = Partial<Tesseract.RecognizeOptions> & { tessedit_pageseg_mode?: string };

/** Starts `count` LSTM workers; if any fails, stops the others. */
async function startRecognizers(langs: string[], langPath: string, count: number): Promise<Tesseract.Worker[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startWorker({ langs, oem: OEM_LSTM, langPath, parameters: { tessedit_pageseg_mode: PSM_AUTO } })),
  );
  const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) {
    await Promise.all(workers.map(stopWorker));
    throw failure.reason;
  }
  return workers;
}

/** Orientation and script detection needs the legacy engine and osd.traineddata: one worker, started on first use. */
function lazyOsdPool(): { get(): Promise<WorkerPool>; close(): Promise<void> } {
  let pool: Promise<WorkerPool> | null = null;
  let closed = false;
  return {
    get() {
      if (closed) return Promise.reject(new TesseractEngineError('closed', 'engine is closed'));
      pool ??= (async () => {
        const langPath = (await languageDirectory(['osd'], 'legacy')).langPath;
        return new WorkerPool([await startWorker({ langs: ['osd'], oem: OEM_LEGACY, langPath })]);
      })();
      // A failed start is retried on the next call rather than cached forever.
      pool.catch(() => {
        pool = null;
      });
      return pool;
    },
    async close() {
      closed = true;
      const started = pool;
      pool = null;
      if (started)
        await started.then(
          (p) => p.close(),
          () => {},
        );
    },
  };
}

function failed(what: string, failure: unknown): TesseractEngineError {
  if (failure instanceof TesseractEngineError) return failure;
  return new TesseractEngineError('recognition_failed', `${what} failed: ${describeTesseractFailure(failure)}`, { cause: failure });
}

function toOrientation(degrees: number | null): Orientation | null {
  return degrees !== null && ORIENTATIONS.includes(degrees) ? (degrees as Orientation) : null;
}

/**
 * Tesseract (tesseract.js WASM) behind the OcrEngine interface, fully offline: code and language data come from
 * node_modules (see paths.ts). Throws TesseractEngineError when the data is missing or a worker cannot start.
 */
export async function createTesseractEngine(options: TesseractEngineOptions = {}): Promise<TesseractEngine> {
  const langs = options.languages?.length ? options.languages : ['eng'];
  const count = Math.max(1, Math.floor(options.workers ?? 1));
  traineddataFile('osd', 'legacy'); // fail now, not at the first rotated page, when OSD data is missing
  const dir: LanguageDirectory = await languageDirectory(langs, 'lstm');
  let recognizers: Tesseract.Worker[];
  try {
    recognizers = await startRecognizers(langs, dir.langPath, count);
  } catch (err) {
    await dir.release();
    throw err;
  }
  const pool = new WorkerPool(recognizers);
  const osd = lazyOsdPool();

  /** Tesseract's OSD answer, or null when it found too little text to say. */
  const detectWithOsd = async (image: RgbImage): Promise<OrientationGuess | null> => {
    const ppm = encodePpm(image);
    const { data } = await (await osd.get()).run((w) => w.detect(ppm));
    // tesseract.js's orientation_degrees is the clockwise turn that makes the page upright (checked on
    // rotated scans): the same convention as Orientation.
    const rotation = toOrientation(data.orientation_degrees);
    return rotation === null ? null : { rotation, confidence: orientationConfidence(data.orientation_confidence) };
  };

  const recognizeBlocks = (image: RgbImage, params: RecognizeOptionsWithParams, signal?: AbortSignal) => {
    const ppm = encodePpm(image);
    return pool.run((w) => w.recognize(ppm, params, { text: false, blocks: true }), signal);
  };

  return {
    name: 'tesseract',

    async recognize(image: RgbImage, signal?: AbortSignal): Promise<PageLines> {
      try {
        const { data } = await recognizeBlocks(image, {}, signal);
        return pageLinesFromBlocks(data.blocks);
      } catch (err) {
        if (signal?.aborted && err === signal.reason) throw err;
        throw failed('page recognition', err);
      }
    },

    async readLine(image: RgbImage): Promise<LineReading> {
      if (!hasInk(image)) return { text: '', confidence: 0 };
      try {
        const { data } = await recognizeBlocks(image, { tessedit_pageseg_mode: PSM_SINGLE_LINE });
        const { lines } = pageLinesFromBlocks(data.blocks);
        if (lines.length === 0) return { text: '', confidence: 0 };
        const words = lines.flatMap((l) => l.words);
        const confidence =
          words.reduce((sum, w) => sum + w.confidence * w.text.length, 0) /
          Math.max(
            1,
            words.reduce((sum, w) => sum + w.text.length, 0),
          );
        return { text: lines.map((l) => l.text).join(' '), confidence };
      } catch (err) {
        throw failed('line reading', err);
      }
    },

    async detectOrientation(image: RgbImage): Promise<OrientationGuess> {
      try {
        const guess = await detectWithOsd(image);
        if (guess && guess.confidence >= OSD_TRUSTED) return guess;
        return await voteOrientation(image, guess, async (turned) => pageLinesFromBlocks((await recognizeBlocks(turned, {})).data.blocks));
      } catch (err) {
        throw failed('orientation detection', err);
      }
    },

    async close(): Promise<void> {
      await Promise.all([pool.close(), osd.close()]);
      await dir.release();
    },
  };
}

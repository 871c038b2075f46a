import { rereadDoubtfulLines, type EngineLine } from './agentic.ts';
import type { OcrEngines } from './engines.ts';
import { decodeImage, rotateImage } from './image.ts';
import type { OcrEngine, Orientation, RgbImage } from './types.ts';
import { StageClock, type OcrStage } from './stage-clock.ts';

export type OcrMode = 'regular' | 'classic' | 'agentic';
export type OcrLanguage = 'auto' | 'global';

/** The engines a page read draws on (OcrEngines; a lane's own PP-OCR engine in a lane thread). */
export type PageEngines = Pick<OcrEngines, 'regular' | 'classic'>;

export interface PageOcrRequest {
  image: RgbImage;
  mode: OcrMode;
  language: OcrLanguage;
  assumeUpright: boolean;
  signal?: AbortSignal;
}

export interface PageOcrResult {
  width: number;
  height: number;
  rotation: Orientation;
  rotationConfidence: number;
  skewDegrees: number;
  lines: EngineLine[];
  mode: OcrMode;
  timings: { orientationMs: number; recognizeMs: number; rereadMs: number };
  /** The PP-OCR engine's stages within orientation and recognition (zero for stages a Tesseract read has not). */
  stagesMs: Record<OcrStage, number>;
  rereadLines: number;
  changedLines: number;
}

/** A page read from its encoded bytes: the result and how long decoding took (ms). */
export interface EncodedPageRead {
  page: PageOcrResult;
  decodeMs: number;
}

/** Decodes an encoded image and reads it (the server thread and the OCR lanes both read pages this way). */
export async function recognizeEncodedPage(
  engines: PageEngines,
  bytes: Uint8Array,
  request: Omit<PageOcrRequest, 'image'>,
): Promise<EncodedPageRead> {
  const started = performance.now();
  const image = await decodeImage(bytes);
  const decodeMs = performance.now() - started;
  return { page: await recognizePage(engines, { ...request, image }), decodeMs };
}

/**
 * Which engine tells the page's orientation: PP-OCR's detector and angle classifier (a fraction of a second, and
 * right on receipts where Tesseract's OSD often has no answer) whenever its models are installed, in every mode.
 */
async function orientationEngine(engines: PageEngines, reading: OcrEngine): Promise<OcrEngine> {
  if (reading.name === 'ppocr') return reading;
  return engines.regular().catch(() => reading);
}

/**
 * One page through OCR: the engine of the mode detects which quarter turn makes the page upright (unless the
 * caller knows it is), the page is turned, its lines are read, and in agentic mode doubtful lines are read again.
 * Every coordinate is in the upright image.
 */
export async function recognizePage(engines: PageEngines, request: PageOcrRequest): Promise<PageOcrResult> {
  const engine: OcrEngine = request.mode === 'classic' ? await engines.classic(request.language) : await engines.regular();
  const name = engine.name;
  const clock = new StageClock();
  let started = performance.now();
  const orientation = request.assumeUpright
    ? { rotation: 0 as Orientation, confidence: 1 }
    : await (await orientationEngine(engines, engine)).detectOrientation(request.image, clock);
  const upright = rotateImage(request.image, orientation.rotation);
  const orientationMs = performance.now() - started;
  request.signal?.throwIfAborted();
  started = performance.now();
  const read = await engine.recognize(upright, request.signal, clock);
  const recognizeMs = performance.now() - started;
  let lines: EngineLine[] = read.lines.map((line) => ({ ...line, engine: name }));
  let rereadLines = 0;
  let changedLines = 0;
  started = performance.now();
  if (request.mode === 'agentic' && lines.length) {
    request.signal?.throwIfAborted();
    const outcome = await rereadDoubtfulLines(upright, lines, engine, await engines.classic(request.language));
    ({ lines } = outcome);
    rereadLines = outcome.reread;
    changedLines = outcome.changed;
  }
  return {
    width: upright.width,
    height: upright.height,
    rotation: orientation.rotation,
    rotationConfidence: orientation.confidence,
    skewDegrees: read.skewDegrees,
    lines,
    mode: request.mode,
    timings: { orientationMs, recognizeMs, rereadMs: performance.now() - started },
    stagesMs: clock.ms,
    rereadLines,
    changedLines,
  };
}

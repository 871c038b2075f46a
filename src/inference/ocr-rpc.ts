import type * as grpc from '@grpc/grpc-js';
import type { BlobStore } from '../storage/mod.ts';
import type { OcrEngines } from './ocr/engines.ts';
import type { OcrLanes } from './ocr/lanes/lanes.ts';
import { recognizeEncodedPage, type EncodedPageRead, type OcrLanguage, type OcrMode } from './ocr/recognize-page.ts';
import type { ServerContext } from './server-context.ts';
import type { RecognizePageRequest, RecognizePageResponse } from './types.ts';

/** A request the OCR RPCs cannot serve as asked (answered INVALID_ARGUMENT). */
export class InvalidOcrRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidOcrRequestError';
  }
}

const MODES: OcrMode[] = ['regular', 'classic', 'agentic'];
const LANGUAGES: OcrLanguage[] = ['auto', 'global'];

export interface OcrRpcDeps {
  engines: OcrEngines;
  /** The shared filesystem blob store, for requests that name a blob instead of carrying the image. */
  blobs: BlobStore | null;
  /** Threads that read regular-mode pages side by side (null: every page is read on the server's thread). */
  lanes: OcrLanes | null;
}

function modeOf(request: RecognizePageRequest): OcrMode {
  const mode = (request.mode || 'regular') as OcrMode;
  if (!MODES.includes(mode)) throw new InvalidOcrRequestError(`mode must be one of ${MODES.join(', ')}, not "${request.mode}"`);
  return mode;
}

function languageOf(request: RecognizePageRequest): OcrLanguage {
  const language = (request.language || 'auto') as OcrLanguage;
  if (!LANGUAGES.includes(language))
    throw new InvalidOcrRequestError(`language must be one of ${LANGUAGES.join(', ')}, not "${request.language}"`);
  return language;
}

async function imageBytes(request: RecognizePageRequest, blobs: BlobStore | null): Promise<Uint8Array> {
  if (request.source === 'image' && request.image?.length) return request.image;
  if (request.source === 'blob_key' && request.blob_key) {
    if (!blobs) throw new InvalidOcrRequestError('blob references need the shared filesystem blob store; send the image bytes');
    return blobs.getBuffer(request.blob_key);
  }
  throw new InvalidOcrRequestError('the request carries neither image bytes nor a blob_key');
}

/** Decodes and reads one page: on a lane when the mode has lanes, else on this thread. */
async function readPage(
  deps: OcrRpcDeps,
  request: RecognizePageRequest,
  mode: OcrMode,
  language: OcrLanguage,
  signal?: AbortSignal,
): Promise<EncodedPageRead> {
  const bytes = await imageBytes(request, deps.blobs);
  const assumeUpright = request.assume_upright;
  if (mode === 'regular' && deps.lanes) return deps.lanes.read({ bytes, assumeUpright, signal });
  return recognizeEncodedPage(deps.engines, bytes, { mode, language, assumeUpright, signal });
}

/** One page: validated, queued (bounded), decoded, recognized. */
export async function recognizeOne(
  ctx: ServerContext,
  deps: OcrRpcDeps,
  request: RecognizePageRequest,
  signal?: AbortSignal,
  deadline?: number,
): Promise<RecognizePageResponse> {
  const mode = modeOf(request);
  const language = languageOf(request);
  const received = performance.now();
  return ctx.queue.run(
    async () => {
      const started = performance.now();
      const { page, decodeMs } = await readPage(deps, request, mode, language, signal);
      return {
        width: page.width,
        height: page.height,
        rotation: page.rotation,
        rotation_confidence: page.rotationConfidence,
        skew_degrees: page.skewDegrees,
        lines: page.lines.map((l) => ({
          text: l.text,
          polygon: [...l.polygon],
          box: [...l.box],
          confidence: l.confidence,
          engine: l.engine,
          words: l.words.map((w) => ({ text: w.text, box: [...w.box], confidence: w.confidence })),
        })),
        mode: page.mode,
        reread_lines: page.rereadLines,
        changed_lines: page.changedLines,
        timings: {
          queue_ms: started - received,
          decode_ms: decodeMs,
          orientation_ms: page.timings.orientationMs,
          recognize_ms: page.timings.recognizeMs,
          reread_ms: page.timings.rereadMs,
          total_ms: performance.now() - received,
          detect_ms: page.stagesMs.detect,
          orientation_classify_ms: page.stagesMs.orientation_classify,
          line_classify_ms: page.stagesMs.line_classify,
          preprocess_ms: page.stagesMs.preprocess,
          recognition_model_ms: page.stagesMs.recognition_model,
          ctc_decode_ms: page.stagesMs.ctc_decode,
        },
      };
    },
    signal,
    { deadline, kind: 'ocr-page' },
  );
}

/** When the caller stops waiting (epoch ms), or undefined for a call without a deadline. */
export function callDeadline(call: grpc.ServerUnaryCall<unknown, unknown>): number | undefined {
  const deadline = call.getDeadline();
  const ms = deadline instanceof Date ? deadline.getTime() : Number(deadline);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Aborts when the client cancels the call or its deadline passes. */
export function callSignal(call: grpc.ServerUnaryCall<unknown, unknown>): AbortSignal {
  const controller = new AbortController();
  call.on('cancelled', () => controller.abort(new Error('call cancelled')));
  return controller.signal;
}

import type { RgbImage } from '../types.ts';
import { SYMMETRIC_BIAS, SYMMETRIC_SCALE } from './classify.ts';
import { writeResizedBgr } from './raster.ts';
import type { OnnxModel } from './sessions.ts';
import { StageClock } from '../stage-clock.ts';

const REC_HEIGHT = 48;
/**
 * PaddleOCR pads every batch to at least 320 px (its rec_image_shape 3,48,320). Measured on SROIE receipts,
 * not padding short crops is ~30% faster for a ~3% relative CER increase, so the default pads only to the
 * batch's widest crop; engines may ask for 320.
 */
export const DEFAULT_MIN_BATCH_WIDTH = 0;
/** Very long lines are squeezed beyond this to bound memory and time. */
const MAX_WIDTH = 3200;
const DEFAULT_BATCH = 8;
/**
 * The most input columns (crops × padded width) one recognizer run takes. The session's memory arena keeps the
 * high-water mark of its biggest run, and recognition time is about linear in columns: one run of eight
 * 2,560-px lines took 0.43 GB of arena and 2.5 s, two runs of four 1.0 s each and half the memory (one session,
 * one thread, on 2 cores). Eight crops of 1,280 px fit; wider ones run in smaller batches.
 */
export const MAX_BATCH_COLUMNS = 8 * 1280;

export interface RecognizedChar {
  char: string;
  /** Max probability at the emitting time step. */
  confidence: number;
  /** Horizontal center of the time step, as a fraction (0..1) of the crop's width. */
  center: number;
  /** Width of one time step as a fraction of the crop's width. */
  step: number;
  /** A word break the decoder inferred rather than read. */
  inferred?: boolean;
}

export interface Recognition {
  text: string;
  confidence: number;
  chars: RecognizedChar[];
}

/** One recognizer run: crops (by index) of similar aspect ratio, each resized to its width and padded to the batch's. */
export interface RecognitionBatch {
  indices: number[];
  widths: number[];
  batchWidth: number;
}

/**
 * The recognizer runs a set of crops takes: sorted by aspect ratio, `batchSize` at a time. The batches alone fix
 * the readings (padding changes a crop's reading slightly), so however they are run, a plan reads the same.
 */
export function planBatches(crops: RgbImage[], batchSize = DEFAULT_BATCH, minBatchWidth = DEFAULT_MIN_BATCH_WIDTH): RecognitionBatch[] {
  const order = crops.map((_, i) => i).sort((a, b) => aspect(crops[a]) - aspect(crops[b]));
  const widthOf = (i: number) => Math.min(MAX_WIDTH, Math.max(1, Math.ceil(REC_HEIGHT * aspect(crops[i]))));
  const batches: RecognitionBatch[] = [];
  let indices: number[] = [];
  const close = () => {
    const widths = indices.map(widthOf);
    batches.push({ indices, widths, batchWidth: Math.max(minBatchWidth, ...widths) });
    indices = [];
  };
  for (const i of order) {
    // Crops come narrowest first, so a batch is as wide as its last crop.
    const columns = (indices.length + 1) * Math.max(minBatchWidth, widthOf(i));
    if (indices.length && (indices.length === batchSize || columns > MAX_BATCH_COLUMNS)) close();
    indices.push(i);
  }
  if (indices.length) close();
  return batches;
}

/** Reads one batch; `crops` are the batch's own crops, in the order of its indices. */
export async function recognizeBatch(
  model: OnnxModel,
  dictionary: string[],
  crops: RgbImage[],
  batch: Omit<RecognitionBatch, 'indices'>,
  clock = new StageClock(),
): Promise<Recognition[]> {
  const { widths, batchWidth } = batch;
  const plane = REC_HEIGHT * batchWidth;
  const input = clock.timeSync('preprocess', () => {
    const tensor = new Float32Array(crops.length * 3 * plane);
    crops.forEach((crop, k) => {
      writeResizedBgr(crop, widths[k], REC_HEIGHT, tensor, k * 3 * plane, batchWidth, SYMMETRIC_SCALE, SYMMETRIC_BIAS);
    });
    return tensor;
  });
  const out = await clock.time('recognition_model', () => model.run(input, [crops.length, 3, REC_HEIGHT, batchWidth]));
  const [, steps, classes] = out.dims;
  return clock.timeSync('ctc_decode', () =>
    crops.map((_, k) => {
      const stepFraction = batchWidth / widths[k] / steps; // one time step, as a fraction of the crop width
      return decodeCtc(out.data, k * steps * classes, steps, classes, dictionary, stepFraction);
    }),
  );
}

/** Reads planned batches of line crops (on this thread, or spread over recognizer threads). */
export interface Recognizer {
  recognize(crops: RgbImage[], batches: RecognitionBatch[], clock?: StageClock, signal?: AbortSignal): Promise<Recognition[]>;
  close(): Promise<void>;
}

/** The recognizer session of the calling thread. */
export function localRecognizer(model: OnnxModel, dictionary: string[]): Recognizer {
  return {
    async recognize(crops, batches, clock = new StageClock(), signal) {
      const results = new Array<Recognition>(crops.length);
      for (const batch of batches) {
        signal?.throwIfAborted();
        const read = await recognizeBatch(
          model,
          dictionary,
          batch.indices.map((i) => crops[i]),
          batch,
          clock,
        );
        batch.indices.forEach((cropIndex, k) => (results[cropIndex] = read[k]));
      }
      return results;
    },
    close: () => model.release(),
  };
}

/** Reads line crops with the CTC recognizer on this thread, batching crops of similar aspect ratio. */
export async function recognizeCrops(
  model: OnnxModel,
  dictionary: string[],
  crops: RgbImage[],
  batchSize = DEFAULT_BATCH,
  minBatchWidth = DEFAULT_MIN_BATCH_WIDTH,
  clock = new StageClock(),
): Promise<Recognition[]> {
  return localRecognizer(model, dictionary).recognize(crops, planBatches(crops, batchSize, minBatchWidth), clock);
}

function aspect(image: RgbImage): number {
  return image.width / Math.max(1, image.height);
}

/**
 * Greedy CTC: the best class per step; blanks and repeats of the previous step are dropped. The Chinese model
 * rarely wins the space class between Latin words, so a space is also inserted where the space class shows up
 * in the blank run between two characters or where that run is much longer than usual.
 */
export function decodeCtc(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  dictionary: string[],
  stepFraction: number,
): Recognition {
  const spaceClass = dictionary[dictionary.length - 1] === ' ' ? dictionary.length - 1 : -1;
  const emitted: { cls: number; prob: number; t: number; spaceBefore: number }[] = [];
  let previous = -1;
  let spaceSinceLast = 0;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = 0;
    let bestProb = probs[row];
    for (let c = 1; c < classes; c++) {
      const p = probs[row + c];
      if (p > bestProb) {
        bestProb = p;
        best = c;
      }
    }
    if (spaceClass >= 0 && probs[row + spaceClass] > spaceSinceLast) spaceSinceLast = probs[row + spaceClass];
    if (best !== 0 && best !== previous && best < dictionary.length) {
      emitted.push({ cls: best, prob: bestProb, t, spaceBefore: spaceSinceLast });
      spaceSinceLast = 0;
    }
    previous = best;
  }
  latinForStrayCjk(emitted, probs, offset, classes, dictionary);
  const medianGap = median(emitted.slice(1).map((e, i) => e.t - emitted[i].t));
  const chars: RecognizedChar[] = [];
  emitted.forEach((e, i) => {
    const char = dictionary[e.cls];
    if (i > 0 && char !== ' ' && chars[chars.length - 1].char !== ' ' && isLatin(char) && isLatin(chars[chars.length - 1].char)) {
      const gap = e.t - emitted[i - 1].t;
      if (e.spaceBefore >= SPACE_HINT || (medianGap > 0 && gap >= SPACE_GAP * medianGap)) {
        const t = (emitted[i - 1].t + e.t) / 2;
        chars.push({ char: ' ', confidence: 1 - e.spaceBefore, center: (t + 0.5) * stepFraction, step: stepFraction, inferred: true });
      }
    }
    chars.push({ char, confidence: e.prob, center: (e.t + 0.5) * stepFraction, step: stepFraction });
  });
  // Trailing/leading spaces carry no information; they are not part of the text.
  while (chars.length > 0 && chars[0].char === ' ') chars.shift();
  while (chars.length > 0 && chars[chars.length - 1].char === ' ') chars.pop();
  asciiPunctuationInLatinLines(chars);
  const text = chars.map((c) => c.char).join('');
  const scored = chars.filter((c) => !c.inferred);
  const confidence = scored.length === 0 ? 0 : scored.reduce((s, c) => s + c.confidence, 0) / scored.length;
  return { text, confidence, chars };
}

/** Latin letters a line needs before a lone CJK character in it counts as a misread symbol. */
const STRAY_CJK_MIN_LATIN = 5;
/** Most CJK characters a Latin line may hold for them to count as misreads (a real CJK phrase has more). */
const STRAY_CJK_MAX = 1;

const cjkClasses = new WeakMap<string[], Uint8Array>();

function cjkClassesOf(dictionary: string[]): Uint8Array {
  let flags = cjkClasses.get(dictionary);
  if (!flags) {
    flags = Uint8Array.from(dictionary, (char) =>
      char !== '' && char !== ' ' && !isLatin(char) && !isFullWidthForm(char.charCodeAt(0)) ? 1 : 0,
    );
    cjkClasses.set(dictionary, flags);
  }
  return flags;
}

/**
 * The dictionary is mostly Chinese and lacks most Greek and other symbols, so a Greek letter in an English line
 * (λ) comes out as the CJK character that looks most like it (入). In a line of Latin text, a lone CJK character
 * is replaced by the best non-CJK class at its step, with that class's (lower) probability as its confidence.
 */
function latinForStrayCjk(
  emitted: { cls: number; prob: number; t: number }[],
  probs: Float32Array,
  offset: number,
  classes: number,
  dictionary: string[],
): void {
  const cjk = cjkClassesOf(dictionary);
  const stray = emitted.filter((e) => cjk[e.cls] === 1);
  if (stray.length === 0 || stray.length > STRAY_CJK_MAX) return;
  const latinLetters = emitted.filter((e) => /\p{Script=Latin}/u.test(dictionary[e.cls])).length;
  if (latinLetters < STRAY_CJK_MIN_LATIN) return;
  for (const e of stray) {
    const row = offset + e.t * classes;
    let best = -1;
    for (let c = 1; c < Math.min(classes, dictionary.length); c++)
      if (cjk[c] === 0 && dictionary[c] !== ' ' && (best < 0 || probs[row + c] > probs[row + best])) best = c;
    if (best < 0) continue;
    e.cls = best;
    e.prob = probs[row + best];
  }
}

/** Space-class probability (anywhere between two characters) that marks a word break. */
const SPACE_HINT = 0.015;
/** A blank run this many times the median character spacing is a word break. */
const SPACE_GAP = 3;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/** Word breaks are inferred only between non-CJK characters (CJK text has no spaces). */
function isLatin(char: string): boolean {
  return char.charCodeAt(0) < 0x2e80;
}

/**
 * The Chinese dictionary also holds full-width forms ("）", "，", "："); in a line without CJK characters they are
 * the ASCII ones read with the wrong code, so they are mapped back.
 */
function asciiPunctuationInLatinLines(chars: RecognizedChar[]): void {
  const hasCjk = chars.some((c) => !isLatin(c.char) && !isFullWidthForm(c.char.charCodeAt(0)));
  if (hasCjk) return;
  for (const c of chars) {
    const code = c.char.charCodeAt(0);
    if (isFullWidthForm(code)) c.char = String.fromCharCode(code - 0xfee0);
  }
}

function isFullWidthForm(code: number): boolean {
  return code >= 0xff01 && code <= 0xff5e;
}

import type { RgbImage } from '../types.ts';
import { writeResizedBgr } from './raster.ts';
import type { OnnxModel } from './sessions.ts';

const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;
const BATCH = 16;
/** (x / 255 - 0.5) / 0.5 */
export const SYMMETRIC_SCALE = [2 / 255, 2 / 255, 2 / 255] as const;
export const SYMMETRIC_BIAS = [-1, -1, -1] as const;

export interface AngleGuess {
  /** true when the crop is upside down. */
  upsideDown: boolean;
  /** Probability of the chosen class. */
  score: number;
}

/**
 * PaddleOCR's text-line angle classifier (0° vs 180°) over line crops; the crops `known` has an answer for (by
 * index) are not classified again.
 */
export async function classifyAngles(model: OnnxModel, crops: RgbImage[], known = new Map<number, AngleGuess>()): Promise<AngleGuess[]> {
  const unknown = crops.flatMap((_, i) => (known.has(i) ? [] : [i]));
  const guessed = await classifyAll(
    model,
    unknown.map((i) => crops[i]),
  );
  const angles = new Array<AngleGuess>(crops.length);
  unknown.forEach((cropIndex, k) => (angles[cropIndex] = guessed[k]));
  for (const [cropIndex, guess] of known) angles[cropIndex] = guess;
  return angles;
}

async function classifyAll(model: OnnxModel, crops: RgbImage[]): Promise<AngleGuess[]> {
  const guesses: AngleGuess[] = [];
  for (let start = 0; start < crops.length; start += BATCH) {
    const batch = crops.slice(start, start + BATCH);
    const plane = CLS_HEIGHT * CLS_WIDTH;
    // Zero (mid-grey after normalization) padding on the right, as PaddleOCR pads.
    const input = new Float32Array(batch.length * 3 * plane);
    batch.forEach((crop, i) => {
      const width = Math.min(CLS_WIDTH, Math.max(1, Math.ceil((CLS_HEIGHT * crop.width) / crop.height)));
      writeResizedBgr(crop, width, CLS_HEIGHT, input, i * 3 * plane, CLS_WIDTH, SYMMETRIC_SCALE, SYMMETRIC_BIAS);
    });
    const out = await model.run(input, [batch.length, 3, CLS_HEIGHT, CLS_WIDTH]);
    for (let i = 0; i < batch.length; i++) {
      const p0 = out.data[2 * i];
      const p180 = out.data[2 * i + 1];
      guesses.push({ upsideDown: p180 > p0, score: Math.max(p0, p180) });
    }
  }
  return guesses;
}

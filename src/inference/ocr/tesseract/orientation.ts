import type { Orientation, OrientationGuess, PageLines, RgbImage } from '../types.ts';
import { rotateImage } from '../image.ts';
import { shrinkToFit } from './image.ts';

/** OSD guesses at or above this confidence are taken as they are. */
export const OSD_TRUSTED = 0.5;
/** Recognition votes run on a copy no larger than this (keeps the fallback to a few seconds). */
const VOTE_MAX_SIDE = 2000;

const ALL: readonly Orientation[] = [0, 90, 180, 270];

export type RecognizePage = (image: RgbImage) => Promise<PageLines>;

/** Words that count toward readability: read with at least this confidence (0–1), with at least this many letters or digits. */
const READABLE = { minConfidence: 0.6, minLetters: 2 } as const;

/**
 * How readable a page is: characters of confidently read, horizontal words. Tesseract's layout analysis also
 * reads vertical text lines, so a page turned 90° still yields good words; their boxes are taller than wide, which
 * is what keeps a sideways page from scoring like an upright one.
 */
export function readabilityScore(page: PageLines): number {
  let score = 0;
  for (const word of page.lines.flatMap((l) => l.words)) {
    const [left, top, right, bottom] = word.box;
    const letters = word.text.replace(/[^\p{L}\p{N}]/gu, '').length;
    if (word.confidence < READABLE.minConfidence || letters < READABLE.minLetters || right - left < bottom - top) continue;
    score += word.confidence * letters;
  }
  return score;
}

/**
 * Tesseract's OSD is unsure on small or noisy pages (receipts). There, recognize the page at the candidate quarter
 * turns and keep the most readable one. A weak OSD answer still tells the text axis (portrait or landscape lines),
 * so only that axis's two turns are tried; without any OSD answer, all four.
 */
export async function voteOrientation(image: RgbImage, osd: OrientationGuess | null, recognize: RecognizePage): Promise<OrientationGuess> {
  const candidates = osd && osd.confidence > 0 ? [osd.rotation, ((osd.rotation + 180) % 360) as Orientation] : ALL;
  const small = shrinkToFit(image, VOTE_MAX_SIDE);
  // In parallel: with several recognition workers the turns are read at once.
  const scores = await Promise.all(
    candidates.map(async (rotation) => ({ rotation, score: readabilityScore(await recognize(rotateImage(small, rotation))) })),
  );
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (best.score === 0) return osd ?? { rotation: 0, confidence: 0 };
  // Margin over the runner-up: 1 when only one turn reads at all, 0.5 when the best reads twice as well.
  const confidence = Math.round((1 - second.score / best.score) * 1000) / 1000;
  return { rotation: best.rotation, confidence };
}

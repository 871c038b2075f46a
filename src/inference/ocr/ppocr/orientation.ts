import type { Orientation, OrientationGuess, Quad, RgbImage } from '../types.ts';
import { classifyAngles } from './classify.ts';
import type { DetectedBox } from './detect.ts';
import { cropQuad, rotateQuadStart } from './geometry.ts';
import type { OnnxModel } from './sessions.ts';

/** Lines whose long side is at least this many times the short side say which way the text runs. */
const ELONGATION = 2;
const SAMPLE_SIZE = 24;

/**
 * The quarter turn that makes a page upright. The detector finds lines whatever their direction: if most long
 * boxes stand upright the text runs vertically (90/270), otherwise horizontally (0/180). The angle classifier then
 * votes, over a sample of the longest lines cropped in reading direction, between the two candidates.
 */
export async function guessOrientation(classifier: OnnxModel, image: RgbImage, boxes: DetectedBox[]): Promise<OrientationGuess> {
  const elongated = boxes
    .map((b) => ({ quad: b.quad, ...sides(b.quad) }))
    .filter((b) => Math.max(b.across, b.along) >= ELONGATION * Math.min(b.across, b.along));
  if (elongated.length === 0) return { rotation: 0, confidence: 0 };
  let tallWeight = 0;
  let wideWeight = 0;
  for (const b of elongated) {
    if (b.along > b.across) tallWeight += b.along;
    else wideWeight += b.across;
  }
  const vertical = tallWeight > wideWeight;
  const sample = elongated
    .filter((b) => (b.along > b.across) === vertical)
    .sort((a, b) => Math.max(b.along, b.across) - Math.max(a.along, a.across))
    .slice(0, SAMPLE_SIZE);
  // A vertical box read from its top-right corner downward is the page turned 90° clockwise (fixed by 270°).
  const quads: Quad[] = sample.map((b) => (vertical ? rotateQuadStart(b.quad, 1) : b.quad));
  const guesses = await classifyAngles(classifier, quads.map((q) => cropQuad(image, q)));
  const upright: Orientation = vertical ? 270 : 0;
  const flipped: Orientation = vertical ? 90 : 180;
  let uprightVotes = 0;
  let flippedVotes = 0;
  for (const g of guesses) {
    if (g.upsideDown) flippedVotes += g.score;
    else uprightVotes += g.score;
  }
  const total = uprightVotes + flippedVotes;
  if (total === 0) return { rotation: upright, confidence: 0 };
  return uprightVotes >= flippedVotes
    ? { rotation: upright, confidence: uprightVotes / total }
    : { rotation: flipped, confidence: flippedVotes / total };
}

/** `along`: the quad's vertical extent (first to last corner); `across`: its horizontal one (first to second). */
function sides(q: Quad): { across: number; along: number } {
  return { across: Math.hypot(q[2] - q[0], q[3] - q[1]), along: Math.hypot(q[6] - q[0], q[7] - q[1]) };
}

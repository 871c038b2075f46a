import type { Orientation, OrientationGuess, Quad, RgbImage } from '../types.ts';
import { classifyAngles, type AngleGuess } from './classify.ts';
import type { DetectedBox } from './detect.ts';
import { cropQuad, rotateQuadStart } from './quads.ts';
import type { OnnxModel } from './sessions.ts';

/** Lines whose long side is at least this many times the short side say which way the text runs. */
const ELONGATION = 2;
const SAMPLE_SIZE = 24;
/**
 * Pages are upright far more often than upside down, so an upright-running page is turned 180° only on a clear
 * vote: on worn old print the classifier splits about evenly (0.51 for 180° on a 19th-century book scan that is
 * upright), and a wrong turn reverses the reading order of the whole page.
 */
const MIN_UPSIDE_DOWN_SHARE = 0.6;

export interface OrientationVote {
  guess: OrientationGuess;
  /**
   * The classifier's answer for each box of a horizontal page it voted with (by index in the boxes), on the crop
   * the box gives as it stands: the same crop the line classifier looks at when the page needs no turn.
   */
  lineAngles: Map<number, AngleGuess>;
  /** The longest lines the vote looked at, longest first, cropped in reading direction. */
  sample: Quad[];
}

/**
 * The classifier is a small model: on small or faint print it can call a whole upright page upside down, and a
 * wrong turn reverses the page's reading order and garbles its words. A 180° turn is therefore confirmed by reading
 * the longest lines both ways: the recognizer is far more certain of text the right way up.
 */
export function flipConfirmed(asStanding: readonly { confidence: number }[], turned: readonly { confidence: number }[]): boolean {
  const mean = (r: readonly { confidence: number }[]) => r.reduce((s, x) => s + x.confidence, 0) / Math.max(1, r.length);
  return turned.length > 0 && mean(turned) > mean(asStanding);
}

/**
 * The quarter turn that makes a page upright. The detector finds lines whatever their direction: if most long
 * boxes stand upright the text runs vertically (90/270), otherwise horizontally (0/180). The angle classifier then
 * votes, over a sample of the longest lines cropped in reading direction, between the two candidates.
 */
export async function guessOrientation(classifier: OnnxModel, image: RgbImage, boxes: DetectedBox[]): Promise<OrientationVote> {
  const elongated = boxes
    .map((b, index) => ({ index, quad: b.quad, ...sides(b.quad) }))
    .filter((b) => Math.max(b.across, b.along) >= ELONGATION * Math.min(b.across, b.along));
  if (elongated.length === 0) return { guess: { rotation: 0, confidence: 0 }, lineAngles: new Map(), sample: [] };
  let tallWeight = 0;
  let wideWeight = 0;
  for (const b of elongated) {
    if (b.along > b.across) tallWeight += b.along;
    else wideWeight += b.across;
  }
  const vertical = tallWeight > wideWeight;
  const sample = elongated
    .filter((b) => b.along > b.across === vertical)
    .sort((a, b) => Math.max(b.along, b.across) - Math.max(a.along, a.across))
    .slice(0, SAMPLE_SIZE);
  // A vertical box read from its top-right corner downward is the page turned 90° clockwise (fixed by 270°).
  const quads: Quad[] = sample.map((b) => (vertical ? rotateQuadStart(b.quad, 1) : b.quad));
  const guesses = await classifyAngles(
    classifier,
    quads.map((q) => cropQuad(image, q)),
  );
  let uprightVotes = 0;
  let flippedVotes = 0;
  for (const g of guesses) {
    if (g.upsideDown) flippedVotes += g.score;
    else uprightVotes += g.score;
  }
  const lineAngles = new Map(vertical ? [] : sample.map((b, k) => [b.index, guesses[k]] as const));
  return { guess: decideTurn(vertical, uprightVotes, flippedVotes), lineAngles, sample: quads };
}

/**
 * The turn the classifier's votes call for: a vertical page (90 or 270, no prior either way) goes with the
 * majority; a horizontal one is turned 180° only on a clear majority (MIN_UPSIDE_DOWN_SHARE).
 */
export function decideTurn(vertical: boolean, uprightVotes: number, flippedVotes: number): OrientationGuess {
  const upright: Orientation = vertical ? 270 : 0;
  const flipped: Orientation = vertical ? 90 : 180;
  const total = uprightVotes + flippedVotes;
  if (total === 0) return { rotation: upright, confidence: 0 };
  const flippedShare = flippedVotes / total;
  const flip = vertical ? flippedVotes > uprightVotes : flippedShare >= MIN_UPSIDE_DOWN_SHARE;
  return flip ? { rotation: flipped, confidence: flippedShare } : { rotation: upright, confidence: uprightVotes / total };
}

/** `along`: the quad's vertical extent (first to last corner); `across`: its horizontal one (first to second). */
function sides(q: Quad): { across: number; along: number } {
  return { across: Math.hypot(q[2] - q[0], q[3] - q[1]), along: Math.hypot(q[6] - q[0], q[7] - q[1]) };
}

import { rotateImage } from '../image.ts';
import type { LineReading, OcrEngine, OcrLine, OrientationGuess, PageLines, Quad, RgbImage } from '../types.ts';
import { classifyAngles, type AngleGuess } from './classify.ts';
import { DEFAULT_DETECTION_LIMITS, detectText, type DetectedBox, type DetectionLimits } from './detect.ts';
import { loadDictionary } from './dictionary.ts';
import { cropQuad, quadBounds, quadSize, rotateQuadStart } from './quads.ts';
import { readingOrder, skewOf, wordsOfLine } from './layout.ts';
import { flipConfirmed, guessOrientation, type OrientationVote } from './orientation.ts';
import { DEFAULT_MIN_BATCH_WIDTH, localRecognizer, planBatches, type Recognition, type Recognizer } from './recognize.ts';
import { RecognizerThreads } from './rec-workers/pool.ts';
import { loadOnnxModel, type OnnxModel } from './sessions.ts';
import { StageClock } from '../stage-clock.ts';

export interface PpOcrOptions {
  detModel: string;
  recModel: string;
  clsModel: string;
  dictionary: string;
  executionProviders?: string[];
  intraOpThreads?: number;
  /** Detector input size limits (defaults: DEFAULT_DETECTION_LIMITS). */
  detectionLimits?: Partial<DetectionLimits>;
  /** Recognizer batches are padded to at least this width (PaddleOCR: 320; default 0, faster). */
  recognitionMinWidth?: number;
  /**
   * Threads that read the recognizer batches, each with a single-threaded recognizer session (0 or absent: the
   * calling thread's session with intraOpThreads).
   */
  recognitionThreads?: number;
}

export type PpOcrEngine = OcrEngine & { readonly name: 'ppocr' };

/** Crops at least this much taller than wide are vertical text: PaddleOCR turns them a quarter. */
const VERTICAL_RATIO = 1.5;
/** The classifier must be this sure before a crop is flipped. */
const FLIP_SCORE = 0.9;
/** Lines read with less mean confidence than this are noise (PaddleOCR's drop_score). */
const DROP_SCORE = 0.5;
/** Crops per recognizer run: similar widths are batched (sorted by aspect ratio). */
const REC_BATCH = 4;
/** Longest lines read both ways to confirm that a page is upside down. */
const FLIP_CHECK_LINES = 6;

export async function createPpOcrEngine(options: PpOcrOptions): Promise<PpOcrEngine> {
  const sessionOptions = { executionProviders: options.executionProviders, intraOpThreads: options.intraOpThreads };
  const [det, recognizer, cls] = await Promise.all([
    loadOnnxModel(options.detModel, sessionOptions),
    openRecognizer(options),
    loadOnnxModel(options.clsModel, sessionOptions),
  ]);
  const limits = { ...DEFAULT_DETECTION_LIMITS, ...options.detectionLimits };
  return new PaddleOcr(det, recognizer, cls, limits, options.recognitionMinWidth ?? DEFAULT_MIN_BATCH_WIDTH);
}

async function openRecognizer(options: PpOcrOptions): Promise<Recognizer> {
  const threads = options.recognitionThreads ?? 0;
  if (threads > 0) {
    const setup = { recModel: options.recModel, dictionary: options.dictionary, executionProviders: options.executionProviders };
    return new RecognizerThreads(threads, setup);
  }
  const sessionOptions = { executionProviders: options.executionProviders, intraOpThreads: options.intraOpThreads };
  const [rec, dictionary] = await Promise.all([loadOnnxModel(options.recModel, sessionOptions), loadDictionary(options.dictionary)]);
  return localRecognizer(rec, dictionary);
}

class PaddleOcr implements PpOcrEngine {
  readonly name = 'ppocr' as const;
  /**
   * Text boxes of each image detectOrientation looked at: when it finds the page upright, the caller hands the
   * same image object to recognize(), which then skips a second detection (a sixth of a receipt's time) and does
   * not classify again the lines the orientation vote already classified. Keyed by image, so that pages in
   * flight together each find their own.
   */
  private readonly detections = new WeakMap<RgbImage, { boxes: DetectedBox[]; lineAngles: Map<number, AngleGuess> }>();

  constructor(
    private readonly det: OnnxModel,
    private readonly recognizer: Recognizer,
    private readonly cls: OnnxModel,
    private readonly limits: DetectionLimits,
    private readonly recognitionMinWidth: number,
  ) {}

  async recognize(image: RgbImage, signal?: AbortSignal, clock = new StageClock()): Promise<PageLines> {
    const known = this.detections.get(image);
    this.detections.delete(image);
    const boxes = known?.boxes ?? (await clock.time('detect', () => detectText(this.det, image, this.limits)));
    signal?.throwIfAborted();
    const quads = boxes.map((b) => readingQuad(b.quad));
    const crops = clock.timeSync('preprocess', () => quads.map((q) => cropQuad(image, q)));
    // A vote's answer holds for a line only when the line is read from the crop the vote looked at.
    const knownAngles = new Map([...(known?.lineAngles ?? [])].filter(([i]) => quads[i] === boxes[i].quad));
    const readings = await this.readCrops(quads, crops, signal, clock, knownAngles);
    const lines: OcrLine[] = [];
    readings.forEach((reading, i) => {
      if (reading.text.trim() === '' || reading.confidence < DROP_SCORE) return;
      lines.push({
        text: reading.text,
        polygon: quads[i],
        box: quadBounds(quads[i]),
        confidence: reading.confidence,
        words: wordsOfLine(reading, quads[i]),
      });
    });
    return { lines: readingOrder(lines), skewDegrees: skewOf(lines.map((l) => l.polygon)) };
  }

  async readLine(image: RgbImage): Promise<LineReading> {
    const crop = image.height >= VERTICAL_RATIO * image.width ? rotateImage(image, 270) : image;
    const quad: Quad = [0, 0, crop.width, 0, crop.width, crop.height, 0, crop.height];
    const [reading] = await this.readCrops([quad], [crop]);
    return { text: reading.text, confidence: reading.confidence };
  }

  async detectOrientation(image: RgbImage, clock = new StageClock()): Promise<OrientationGuess> {
    const boxes = await clock.time('detect', () => detectText(this.det, image, this.limits));
    const vote = await clock.time('orientation_classify', () => guessOrientation(this.cls, image, boxes));
    this.detections.set(image, { boxes, lineAngles: vote.lineAngles });
    return vote.guess.rotation === 180 ? this.confirmFlip(image, vote, clock) : vote.guess;
  }

  /** A 180° turn stands only when the longest lines read better turned (flipConfirmed); otherwise the page is upright. */
  private async confirmFlip(image: RgbImage, vote: OrientationVote, clock: StageClock): Promise<OrientationGuess> {
    const crops = vote.sample.slice(0, FLIP_CHECK_LINES).map((q) => cropQuad(image, q));
    const every = crops.map((_, i) => i);
    const { standing, turned } = await this.readBothWays(crops, every, clock);
    if (flipConfirmed(standing, turned)) return vote.guess;
    return { rotation: 0, confidence: 1 - vote.guess.confidence };
  }

  /** Reads `crops` as they stand and the ones at `turn` also turned 180°, in one set of recognizer batches. */
  private async readBothWays(
    crops: RgbImage[],
    turn: number[],
    clock: StageClock,
    signal?: AbortSignal,
  ): Promise<{ standing: Recognition[]; turned: Recognition[] }> {
    const all = [...crops, ...turn.map((i) => rotateImage(crops[i], 180))];
    const readings = await this.recognizer.recognize(all, planBatches(all, REC_BATCH, this.recognitionMinWidth), clock, signal);
    return { standing: readings.slice(0, crops.length), turned: readings.slice(crops.length) };
  }

  async close(): Promise<void> {
    await Promise.all([this.det.release(), this.recognizer.close(), this.cls.release()]);
  }

  /**
   * Recognizes crops, turning those the classifier calls upside down. The classifier alone misfires on short
   * crops (it turns "9.00" into "00'6"), so a flagged crop is read both ways and the likelier reading wins.
   */
  private async readCrops(
    quads: Quad[],
    crops: RgbImage[],
    signal?: AbortSignal,
    clock = new StageClock(),
    knownAngles = new Map<number, AngleGuess>(),
  ): Promise<Recognition[]> {
    if (crops.length === 0) return [];
    const angles = await clock.time('line_classify', () => classifyAngles(this.cls, crops, knownAngles));
    signal?.throwIfAborted();
    const flagged = angles.flatMap((a, i) => (a.upsideDown && a.score > FLIP_SCORE ? [i] : []));
    const { standing: readings, turned } = await this.readBothWays(crops, flagged, clock, signal);
    flagged.forEach((cropIndex, k) => {
      if (turned[k].confidence > readings[cropIndex].confidence) {
        readings[cropIndex] = turned[k];
        quads[cropIndex] = rotateQuadStart(quads[cropIndex], 2);
      }
    });
    return readings;
  }
}

/** Vertical boxes are read from their top-right corner down (PaddleOCR rotates such crops a quarter turn). */
function readingQuad(quad: Quad): Quad {
  const size = quadSize(quad);
  return size.height >= VERTICAL_RATIO * size.width ? rotateQuadStart(quad, 1) : quad;
}

import { cropScaled } from './image.ts';
import type { LineReading, OcrEngine, OcrLine, OcrWord, RgbImage } from './types.ts';

/**
 * Agentic mode's second look: a line the regular engine read with low confidence is cut out of the page at
 * twice the resolution and read again by both engines. Where two of the three readings agree, that text wins
 * (agreement between different engines or resolutions is stronger evidence than any one confidence);
 * otherwise the most confident reading does.
 */
export const DOUBTFUL_BELOW = 0.99;
/** Bounds the extra work on a page full of doubtful lines (a bad scan). */
const MAX_REREADS_PER_PAGE = 60;
const RESCALE = 2;

export interface EngineLine extends OcrLine {
  engine: 'ppocr' | 'tesseract';
}

export interface RereadOutcome {
  lines: EngineLine[];
  reread: number;
  changed: number;
}

interface Candidate extends LineReading {
  engine: EngineLine['engine'];
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const unspaced = (text: string) => text.replace(/\s+/g, '');

/**
 * The reading to keep. Two of three readings that agree win; where Tesseract reads the same characters as
 * another reading but spaces them differently, Tesseract's spacing wins (PP-OCR's Chinese-trained recognizer
 * rarely emits spaces between Latin words; Tesseract's word segmentation is its strength). Otherwise the most
 * confident reading.
 */
export function chooseReading(candidates: Candidate[]): Candidate {
  const usable = candidates.filter((c) => normalize(c.text).length > 0);
  if (!usable.length) return candidates[0];
  const tesseract = usable.find((c) => c.engine === 'tesseract');
  if (tesseract && usable.some((c) => c !== tesseract && unspaced(c.text) === unspaced(tesseract.text))) {
    const confidence = Math.max(...usable.filter((c) => unspaced(c.text) === unspaced(tesseract.text)).map((c) => c.confidence));
    return { ...tesseract, confidence };
  }
  for (const a of usable) {
    const agreeing = usable.filter((b) => normalize(b.text) === normalize(a.text));
    if (agreeing.length >= 2) return agreeing.reduce((best, c) => (c.confidence > best.confidence ? c : best));
  }
  return usable.reduce((best, c) => (c.confidence > best.confidence ? c : best));
}

/** Words of a re-read line: its text split at spaces, boxes shared out along the line by character count. */
export function spreadWords(text: string, box: OcrLine['box'], confidence: number): OcrWord[] {
  const tokens = normalize(text).split(' ').filter(Boolean);
  const total = tokens.reduce((n, t) => n + t.length, 0) + Math.max(0, tokens.length - 1);
  const width = box[2] - box[0];
  let at = 0;
  return tokens.map((token) => {
    const left = box[0] + (width * at) / Math.max(1, total);
    at += token.length;
    const right = box[0] + (width * at) / Math.max(1, total);
    at += 1;
    return { text: token, box: [left, box[1], right, box[3]], confidence };
  });
}

export async function rereadDoubtfulLines(
  page: RgbImage,
  lines: EngineLine[],
  regular: OcrEngine,
  classic: OcrEngine,
): Promise<RereadOutcome> {
  const doubtful = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.confidence < DOUBTFUL_BELOW)
    .sort((a, b) => a.line.confidence - b.line.confidence)
    .slice(0, MAX_REREADS_PER_PAGE);
  const out = [...lines];
  let changed = 0;
  for (const { line, index } of doubtful) {
    const crop = await cropScaled(page, line.box, RESCALE);
    const [again, other] = await Promise.all([regular.readLine(crop), classic.readLine(crop)]);
    const best = chooseReading([
      { text: line.text, confidence: line.confidence, engine: line.engine },
      { ...again, engine: 'ppocr' },
      { ...other, engine: 'tesseract' },
    ]);
    if (normalize(best.text) === normalize(line.text)) continue;
    changed++;
    const text = normalize(best.text);
    out[index] = { ...line, text, confidence: best.confidence, engine: best.engine, words: spreadWords(text, line.box, best.confidence) };
  }
  return { lines: out, reread: doubtful.length, changed };
}

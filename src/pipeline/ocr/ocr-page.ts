import type { RecognizePageResponse } from '../../inference/mod.ts';
import { round2 } from '../model/geometry.ts';
import type { BBox, FontInfo, Line, ModelPage, PageOcrInfo, Word } from '../model/types.ts';
import { medianOf } from '../textlayer/mod.ts';
import { splitAtGutters } from './gutters.ts';
import { graphicsToUpright, type QuarterTurn } from './quarter-turns.ts';

/**
 * An OCR answer as model lines: the page in the upright image's space (layout runs there; pageToServed maps it
 * back afterwards). Fonts are unknown to OCR: a line's size is its x-height-free height (0.8 of the box), which is
 * what the layout's font statistics compare (headings are taller than body lines).
 */
const box4 = (b: number[]): BBox => [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];

/** A line's font size as a share of its box height (OCR knows no fonts). */
const OCR_SIZE_SHARE = 0.8;

function ocrFont(height: number): FontInfo {
  return { name: 'OCR', size: round2(height * OCR_SIZE_SHARE), bold: false, italic: false, monospace: false };
}

function toLine(pageIndex: number, n: number, line: RecognizePageResponse['lines'][number]): Line | null {
  const text = line.text.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const bbox = box4(line.box);
  const font = ocrFont(bbox[3] - bbox[1]);
  const words: Word[] = line.words
    .filter((w) => w.text.trim())
    .map((w) => ({ text: w.text.trim(), bbox: box4(w.box), font, baseline: bbox[3], source: 'ocr', confidence: round2(w.confidence) }));
  if (!words.length) words.push({ text, bbox, font, baseline: bbox[3], source: 'ocr', confidence: round2(line.confidence) });
  return {
    id: `p${pageIndex}_l${n}`,
    text,
    bbox,
    words,
    font,
    dir: 'ltr',
    rotation: 0,
    source: 'ocr',
    polygon: line.polygon.map(round2),
  };
}

export function ocrInfo(response: RecognizePageResponse, lines: Line[], mode: PageOcrInfo['mode']): PageOcrInfo {
  const confidences = response.lines.map((l) => l.confidence);
  return {
    mode,
    rotation: response.rotation as QuarterTurn,
    rotationConfidence: round2(response.rotation_confidence),
    skewDegrees: round2(response.skew_degrees),
    confidence: round2(confidences.reduce((a, b) => a + b, 0) / Math.max(1, confidences.length)),
    medianLineHeight: lines.length ? round2(medianOf(lines.map((l) => l.bbox[3] - l.bbox[1]))) : 0,
  };
}

/** The page with OCR lines instead of its (missing or untrustworthy) text layer, in the upright space. */
export function ocrModelPage(page: ModelPage, response: RecognizePageResponse, mode: PageOcrInfo['mode']): ModelPage {
  const recognized: Line[] = [];
  for (const line of response.lines) {
    const converted = toLine(page.page_index, recognized.length, line);
    if (converted) recognized.push(converted);
  }
  const lines = splitAtGutters(recognized, page.page_index);
  const turn = response.rotation as QuarterTurn;
  const served = { width: page.width, height: page.height };
  const notes = [...(page.notes ?? []), `text from OCR (${mode}${turn ? `, page turned ${turn}°` : ''})`];
  return {
    ...page,
    ...graphicsToUpright(page, turn, served),
    width: response.width,
    height: response.height,
    lines,
    blocks: [],
    textLayer: lines.length ? 'ok' : 'none',
    needsOcr: false,
    notes,
    ocr: ocrInfo(response, lines, mode),
  };
}

import type { Block, FontInfo, Line } from '../model/types.ts';

/**
 * OCR knows no fonts: a line's size is read from its box height (pipeline/ocr), which moves with the letters the line holds
 * (ascenders, descenders, capitals) and the detector's padding, by a fifth or more between two lines of one
 * paragraph. Layout compares sizes to break paragraphs, find the body size, headings and footnotes, so that noise
 * would split paragraphs line by line. For layout, OCR lines whose height is within the noise band of the page's usual
 * OCR line height are set at one size (the body's); only lines clearly taller or shorter keep their own. The model
 * keeps the measured sizes (extraction reads them).
 */
const OCR_SIZE = {
  /** A line's font size as a share of its box height. */
  heightShare: 0.8,
  /** Lines whose height differs from the page's usual height by at most this share of it are body lines. */
  bodyBandShare: 0.25,
  /** Fewest lines on a page for its usual height to be measured (fewer: each line keeps its own size). */
  minLines: 3,
} as const;

/** The font size OCR gives a line of this box height (px), as pipeline/ocr sets it. */
function ocrFontSize(height: number): number {
  return Math.round(height * OCR_SIZE.heightShare * 100) / 100;
}

/**
 * A line's height across its text: the mean of its quadrilateral's side edges. The upright box of a line scanned
 * at a slant is taller than its type by the slope over its length, which would read as bigger type.
 */
function textHeight(line: Line): number {
  const p = line.polygon;
  if (!p || p.length !== 8) return line.bbox[3] - line.bbox[1];
  return (Math.hypot(p[6] - p[0], p[7] - p[1]) + Math.hypot(p[4] - p[2], p[5] - p[3])) / 2;
}

/** The line height carrying most characters: the median of the line heights weighted by their characters. */
function usualHeight(lines: readonly Line[]): number {
  const byHeight = lines.map((l) => ({ h: textHeight(l), n: l.text.length })).sort((a, b) => a.h - b.h);
  const half = byHeight.reduce((s, x) => s + x.n, 0) / 2;
  let seen = 0;
  for (const x of byHeight) {
    seen += x.n;
    if (seen >= half) return x.h;
  }
  return 0;
}

/** The lines with body-height OCR lines set at one size (a new line, font and words where the size changes). */
export function evenOcrSizes(lines: readonly Line[]): readonly Line[] {
  const ocr = lines.filter((l) => l.source === 'ocr');
  if (ocr.length < OCR_SIZE.minLines) return lines;
  const usual = usualHeight(ocr);
  if (usual <= 0) return lines;
  const bodySize = ocrFontSize(usual);
  return lines.map((l) => {
    if (l.source !== 'ocr') return l;
    if (Math.abs(textHeight(l) - usual) > usual * OCR_SIZE.bodyBandShare || l.font.size === bodySize) return l;
    const font: FontInfo = { ...l.font, size: bodySize };
    return { ...l, font, words: l.words.map((w) => (w.font === l.font ? { ...w, font } : { ...w, font: { ...w.font, size: bodySize } })) };
  });
}

/**
 * Puts the page's own lines back into its blocks in place of their evened copies: blocks hold the model's lines
 * (views find a line's block by identity, extraction reads the measured sizes). `evened` is evenOcrSizes(`lines`).
 */
export function withMeasuredLines(blocks: readonly Block[], lines: readonly Line[], evened: readonly Line[]): void {
  const measured = new Map<Line, Line>();
  evened.forEach((l, i) => {
    if (l !== lines[i]) measured.set(l, lines[i]);
  });
  if (measured.size === 0) return;
  for (const block of blocks) block.lines = block.lines.map((l) => measured.get(l) ?? l);
}

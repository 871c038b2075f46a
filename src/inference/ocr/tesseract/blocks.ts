import type Tesseract from 'tesseract.js';
import type { Box, OcrLine, OcrWord, PageLines, Quad } from '../types.ts';

type TessBbox = Tesseract.Bbox;

function toBox(b: TessBbox): Box {
  return [b.x0, b.y0, b.x1, b.y1];
}

function toQuad([l, t, r, b]: Box): Quad {
  return [l, t, r, t, r, b, l, b];
}

/** Tesseract scores 0..100; ours are 0..1. */
function toUnit(confidence: number): number {
  return Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence / 100)) : 0;
}

function toWords(line: Tesseract.Line): OcrWord[] {
  return line.words
    .map((w) => ({ text: w.text.trim(), box: toBox(w.bbox), confidence: toUnit(w.confidence) }))
    .filter((w) => w.text.length > 0);
}

function toLine(line: Tesseract.Line): OcrLine | null {
  const words = toWords(line);
  if (words.length === 0) return null;
  const box = toBox(line.bbox);
  return { text: words.map((w) => w.text).join(' '), polygon: toQuad(box), box, confidence: toUnit(line.confidence), words };
}

function allLines(blocks: Tesseract.Block[]): Tesseract.Line[] {
  return blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
}

/**
 * Tesseract reports each line's fitted baseline; their length-weighted mean slope is the page skew.
 * y grows downward, so a baseline falling to the right is a clockwise (positive) skew.
 */
export function skewFromBaselines(lines: Tesseract.Line[]): number {
  let weighted = 0;
  let total = 0;
  for (const { baseline } of lines) {
    const dx = baseline.x1 - baseline.x0;
    if (!(dx > 0)) continue;
    weighted += Math.atan2(baseline.y1 - baseline.y0, dx) * dx;
    total += dx;
  }
  if (total === 0) return 0;
  return Math.round((((weighted / total) * 180) / Math.PI) * 100) / 100;
}

/** Lines in Tesseract's reading order (blocks → paragraphs → lines). */
export function pageLinesFromBlocks(blocks: Tesseract.Block[] | null): PageLines {
  const lines = allLines(blocks ?? []);
  return {
    lines: lines.map(toLine).filter((l): l is OcrLine => l !== null),
    skewDegrees: skewFromBaselines(lines),
  };
}

/** Orientation margin at which the squashed confidence reaches 1 − 1/e (≈0.63). */
const ORIENTATION_MARGIN_SCALE = 10;

/** tesseract's orientation confidence is an unbounded margin (≈2 weak, ≥15 sure); squash it into 0..1. */
export function orientationConfidence(score: number | null): number {
  if (score === null || !Number.isFinite(score) || score <= 0) return 0;
  return Math.round((1 - Math.exp(-score / ORIENTATION_MARGIN_SCALE)) * 1000) / 1000;
}

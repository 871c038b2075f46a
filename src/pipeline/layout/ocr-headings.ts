import { centerX } from '../model/geometry.ts';
import type { Draft } from './internal.ts';

/**
 * Unnumbered section headings of scanned pages. OCR sees neither bold nor a typeface, and a heading set in the
 * body size has the body's line height, so only its place tells it: a short line alone in its block, at the left
 * edge of the paragraph right below it (or centred over it), which it opens. Figure labels and table cells are
 * short lines too, but what follows them is not a paragraph starting at their edge.
 */
const OCR_HEADING = {
  /** Most words of a heading line. */
  maxWords: 6,
  /** Fewest lines of the paragraph below. */
  paragraphMinLines: 2,
  /** The paragraph starts at most this many line heights below the heading's bottom. */
  maxGapLines: 1.5,
  /** The paragraph's left edge lies within this many line heights of the heading's (an indented first line)... */
  edgeSlackLines: 1.2,
  /** ...or, for a centred heading, its centre within this many line heights of the heading's. */
  centreSlackLines: 1.5,
  /** The heading line is at most this share of the paragraph's width. */
  maxWidthShare: 0.8,
  /** Words a line of the paragraph holds on average (item lines of a receipt or form hold fewer). */
  paragraphLineWords: 5,
  /** Share of the paragraph's lines but its last that run to its right edge (it wraps; an address does not)... */
  fullLineShare: 0.6,
  /** ...within this many line heights of it. */
  edgeReachLines: 1,
  /** Confidence of such a heading. */
  score: 0.6,
} as const;

/** Starts with a capital letter, ends without punctuation, and is mostly letters. */
const HEADING_TEXT = /^\p{Lu}[^.,;:!?]*[\p{L})]$/u;

function opensParagraph(heading: Draft, next: Draft | undefined): boolean {
  if (!next || next.type !== 'text' || next.lines.length < OCR_HEADING.paragraphMinLines) return false;
  const lineHeight = heading.bbox[3] - heading.bbox[1];
  const gap = next.bbox[1] - heading.bbox[3];
  const width = (b: Draft) => b.bbox[2] - b.bbox[0];
  const wrapped = next.lines.slice(0, -1).filter((l) => l.box[2] >= next.bbox[2] - lineHeight * OCR_HEADING.edgeReachLines).length;
  const words = next.lines.reduce((n, l) => n + l.words, 0);
  return (
    words >= next.lines.length * OCR_HEADING.paragraphLineWords &&
    wrapped >= (next.lines.length - 1) * OCR_HEADING.fullLineShare &&
    gap <= lineHeight * OCR_HEADING.maxGapLines &&
    (Math.abs(next.bbox[0] - heading.bbox[0]) <= lineHeight * OCR_HEADING.edgeSlackLines ||
      Math.abs(centerX(next.bbox) - centerX(heading.bbox)) <= lineHeight * OCR_HEADING.centreSlackLines) &&
    width(heading) <= width(next) * OCR_HEADING.maxWidthShare
  );
}

/** Types as section headings the one-line OCR text drafts that open the paragraph after them (reading order). */
export function markOcrHeadings(drafts: readonly Draft[]): void {
  drafts.forEach((d, i) => {
    if (d.type !== 'text' || d.lines.length !== 1) return;
    const [line] = d.lines;
    if (line.line.source !== 'ocr' || line.words > OCR_HEADING.maxWords || !HEADING_TEXT.test(line.text)) return;
    if (!opensParagraph(d, drafts[i + 1])) return;
    d.type = 'section_header';
    d.score = OCR_HEADING.score;
  });
}

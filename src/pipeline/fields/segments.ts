import type { BBox, Line, ModelPage } from '../model/types.ts';
import { height, union } from '../model/geometry.ts';

/** Thresholds of segmenting a line into tokens and segments. */
const SEGMENT = {
  /** Words closer than this (share of the line height) with a lower-case continuation are one split word. */
  glueGap: 0.05,
  /** OCR lines (or lines without a font size): the em taken as this share of the box height. */
  ocrEm: 0.75,
  /** A gap wider than this (in em) between two words splits a line into segments: about three spaces. */
  splitGap: 0.8,
  /** Two boxes are on the same row when their vertical overlap is at least this share of the smaller height. */
  sameRow: 0.5,
} as const;

/**
 * The pieces key-value reading works on: tokens (words, with "Label:value" glued words cut at the colon) grouped
 * into segments, the runs of a line between wide gaps. A line "Date: 2024-01-02      Invoice No: 42" gives two.
 */

export interface Token {
  text: string;
  bbox: BBox;
}

export interface Segment {
  /** Index on the page, stable for bookkeeping (which segments a pair used). */
  index: number;
  line: Line;
  tokens: Token[];
  text: string;
  bbox: BBox;
  /** The line's font size when the text layer gave one (OCR lines: the box height stands in). */
  size: number;
}

/** Cuts "No:42" / "Date:28/11/2022" / "n°562044387" into label and value tokens; boxes split in proportion to the characters. */
function splitGlued(text: string, bbox: BBox): Token[] {
  const numbered = /^(n°|nº|N°|Nº|#)(\d.*)$/u.exec(text);
  if (numbered) return cutAt(text, bbox, numbered[1].length);
  const colon = text.indexOf(':');
  if (colon < 1 || colon === text.length - 1) return [{ text, bbox }];
  const m = /^(\p{L}[\p{L}.°#]*:)([^:/].*)$/u.exec(text);
  if (!m || /^https?:$/i.test(m[1])) return [{ text, bbox }];
  return cutAt(text, bbox, m[1].length);
}

function cutAt(text: string, bbox: BBox, at: number): Token[] {
  const cut = bbox[0] + ((bbox[2] - bbox[0]) * at) / text.length;
  return [
    { text: text.slice(0, at), bbox: [bbox[0], bbox[1], cut, bbox[3]] },
    { text: text.slice(at), bbox: [cut, bbox[1], bbox[2], bbox[3]] },
  ];
}

/**
 * Words touching with no gap where a lower-case letter continues the word ("F" + "actuurnummer:") are one word that
 * the text layer split at a kerning space; they are glued back so labels read right.
 */
function glueSplitWords(words: Token[], lineHeight: number): Token[] {
  const out: Token[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (prev && w.bbox[0] - prev.bbox[2] < SEGMENT.glueGap * lineHeight && /\p{L}$/u.test(prev.text) && /^\p{Ll}/u.test(w.text)) {
      out[out.length - 1] = {
        text: prev.text + w.text,
        bbox: [prev.bbox[0], Math.min(prev.bbox[1], w.bbox[1]), w.bbox[2], Math.max(prev.bbox[3], w.bbox[3])],
      };
    } else out.push({ text: w.text, bbox: w.bbox });
  }
  return out;
}

function tokensOf(line: Line): Token[] {
  const words = line.words.length ? line.words : [{ text: line.text, bbox: line.bbox }];
  return glueSplitWords(words, height(line.bbox))
    .flatMap((w) => splitGlued(w.text, w.bbox))
    .filter((t) => t.text.trim() !== '');
}

/**
 * A gap wider than this (page px) between two words splits a line: 0.8 em, about three spaces. The em is the
 * line's font size from the text layer; OCR lines have no reliable font, so three quarters of the box height.
 */
function splitGap(line: Line): number {
  const h = height(line.bbox);
  const em = line.source === 'ocr' || !(line.font?.size > 0) ? SEGMENT.ocrEm * h : Math.min(line.font.size, h);
  return SEGMENT.splitGap * em;
}

export const textOf = (tokens: Token[]): string =>
  tokens
    .map((t) => t.text)
    .join(' ')
    .replace(/\s+([:,])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
/** Like textOf but keeps "Date :" spacing out of labels and values alike: tokens joined by single spaces. */
export const spacedText = (tokens: Token[]): string =>
  tokens
    .map((t) => t.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Horizontal lines of the page (vertical or rotated text does not hold form labels we can pair) cut into segments. */
export function segmentsOf(page: ModelPage): Segment[] {
  const out: Segment[] = [];
  for (const line of page.lines) {
    if (line.rotation !== 0) continue;
    const tokens = tokensOf(line);
    if (!tokens.length) continue;
    const gap = splitGap(line);
    let run: Token[] = [tokens[0]];
    const flush = () => {
      const bbox = union(run.map((t) => t.bbox));
      const size = line.source === 'ocr' || !line.font?.size ? height(bbox) : line.font.size;
      out.push({ index: out.length, line, tokens: run, text: spacedText(run), bbox, size });
    };
    for (let i = 1; i < tokens.length; i++) {
      if (tokens[i].bbox[0] - tokens[i - 1].bbox[2] > gap) {
        flush();
        run = [];
      }
      run.push(tokens[i]);
    }
    flush();
  }
  return out;
}

/** Vertical overlap of two boxes relative to the smaller height: 1 when one row spans the other. */
export function rowOverlap(a: BBox, b: BBox): number {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap / Math.max(1, Math.min(height(a), height(b)));
}

export const sameRow = (a: BBox, b: BBox): boolean => rowOverlap(a, b) >= SEGMENT.sameRow;

import type { BBox, Block, BlockType, Line, ModelPage, Word } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { mathScore, listMarkerOf, numberLeadOf, isBareBullet, wordCount, type ListMarker } from './patterns.ts';

/**
 * A visual text line with the features the layout heuristics read again and again, computed once. It may
 * hold several model lines (`parts`): PDFs often split one printed line into runs (justified words, a bullet,
 * a header set in pieces).
 */
export interface LineInfo {
  /** The first part: its id, rotation and direction stand for the whole line. */
  line: Line;
  parts: Line[];
  wordList: Word[];
  box: BBox;
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** The font says it is monospaced (as opposed to `mono` also seen from the word shapes). */
  monoFlag: boolean;
  /** Font name without the subset prefix (`ABCDEF+`). */
  fontName: string;
  text: string;
  words: number;
  marker?: ListMarker;
  /** A bare entry number at the start ("3 Hirschhorn N. …"), see `numberLeadOf`. */
  numberLead?: string;
  bareBullet: boolean;
  math: number;
  /** The line starts with a raised mark (footnote number, asterisk). */
  superStart: boolean;
  /** The line's cells (runs of words split at gaps over an em), computed on first use by the table code. */
  cells?: BBox[];
  /** A glyph drawn as its own line that belongs before this one: a bullet, or a drop cap (`dropCap`). */
  lead?: LineInfo;
  dropCap?: boolean;
}

/** A block under construction: lines or a region (figure/table), its type and its place in the flow. */
export interface Draft {
  lines: LineInfo[];
  bbox: BBox;
  type: BlockType;
  score: number;
  /** Set for figure/table regions found from images, vector paths or aligned rows. */
  region?: 'figure' | 'table';
  headingLevel?: number;
  list?: Block['list'];
  captionOf?: Draft;
  /** Position in the body flow (XY-cut leaf order, then line order); furniture sorts apart. */
  flow: number;
}

export interface Region {
  kind: 'figure' | 'table';
  bbox: BBox;
  score: number;
}

/**
 * Monospaced type seen from the words themselves: every word as wide per character as the others. Fonts do
 * not always say they are monospaced (embedded subsets, code fonts with unusual names).
 */
const MONO_SHAPE = {
  /** Words shorter than this many characters say nothing about their font's pitch. */
  minWordChars: 2,
  /** Fewest measured words for a verdict. */
  minWords: 3,
  /** Largest spread of width per character between the words, as a share of the widest. */
  maxPitchSpread: 0.04,
} as const;

export function monospacedByShape(words: readonly Word[]): boolean | undefined {
  let n = 0;
  let min = Infinity;
  let max = 0;
  for (const w of words) {
    const chars = w.text.length;
    if (chars < MONO_SHAPE.minWordChars) continue;
    const perChar = (w.bbox[2] - w.bbox[0]) / chars;
    n++;
    if (perChar < min) min = perChar;
    if (perChar > max) max = perChar;
  }
  if (n < MONO_SHAPE.minWords || max <= 0) return undefined;
  return (max - min) / max < MONO_SHAPE.maxPitchSpread;
}

export function lineInfo(parts: Line[]): LineInfo {
  const line = parts[0];
  let main = line;
  for (const p of parts) if (p.text.length > main.text.length) main = p;
  // Zero-width characters some generators put between glyphs carry no text.
  const text = parts
    .map((p) => p.text.replace(/[\u200B-\u200D\uFEFF]/gu, '').trim())
    .filter(Boolean)
    .join(' ');
  // (flatMap is slow in V8 and this runs for every line of every page.)
  const wordList = parts.length === 1 ? line.words : ([] as Word[]).concat(...parts.map((p) => p.words));
  const first = wordList[0];
  return {
    line,
    parts,
    wordList,
    box: parts.length === 1 ? line.bbox : union(parts.map((p) => p.bbox)),
    size: main.font.size,
    bold: main.font.bold,
    italic: main.font.italic,
    monoFlag: main.font.monospace,
    mono: main.font.monospace,
    fontName: main.font.name.replace(/^[A-Z]{6}\+/u, ''),
    text,
    words: wordCount(text),
    marker: listMarkerOf(text),
    numberLead: numberLeadOf(text),
    bareBullet: isBareBullet(text),
    math: mathScore(text),
    superStart: first !== undefined && first.script === 'super' && wordList.length > 1,
  };
}

/** One visual line from several on the same text row (a caption label and its text set far apart). */
export function mergeRow(row: readonly LineInfo[]): LineInfo {
  if (row.length === 1) return row[0];
  const merged = lineInfo(row.flatMap((l) => l.parts));
  const first = row[0];
  if (first.lead) {
    merged.lead = first.lead;
    if (!first.lead.dropCap) {
      merged.marker = first.marker;
      merged.box = union([merged.box, first.lead.box]);
    }
  }
  return merged;
}

export function boxOfLines(lines: readonly LineInfo[]): BBox {
  return union(lines.map((l) => l.box));
}

/** The font size that covers most characters of a set of lines. */
export function dominantSize(lines: readonly LineInfo[]): number {
  const weight = new Map<number, number>();
  let best = 0;
  let bestW = -1;
  for (const l of lines) {
    const k = Math.round(l.size * 2) / 2;
    const w = (weight.get(k) ?? 0) + l.text.length;
    weight.set(k, w);
    if (w > bestW) {
      bestW = w;
      best = k;
    }
  }
  return best;
}

/** Share of characters (0..1) in lines satisfying `pred`. */
export function charShare(lines: readonly LineInfo[], pred: (l: LineInfo) => boolean): number {
  let all = 0;
  let hit = 0;
  for (const l of lines) {
    all += l.text.length;
    if (pred(l)) hit += l.text.length;
  }
  return all ? hit / all : 0;
}

/** The middle value (mean of the two middle ones for an even count); 0 for none. */
/** Every line of the page came from OCR (a scan or an image): the layout rules for scans apply. */
export function readByOcr(page: ModelPage): boolean {
  return page.lines.length > 0 && page.lines.every((l) => l.source === 'ocr');
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

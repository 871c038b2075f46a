import type { BBox, FontInfo, Word } from '../model/types.ts';
import type { RawChar } from './chars.ts';
import type { Cluster } from './clusters.ts';
import { fontInfo, type FontFace } from './fonts.ts';

/**
 * Words of a line (its glyphs already in reading order): split at spaces, at gaps clearly wider than the line's
 * letter spacing, and where text is raised or lowered against the line (superscripts, subscripts: no space is
 * inserted there, "x²" reads "x2" with the "2" marked `super`).
 */
export type Script = 'super' | 'sub' | undefined;

export interface WordDraft {
  chars: RawChar[];
  script: Script;
  /** Separated from the previous word by a space (false after a script change). */
  spaced: boolean;
}

export const centre = (c: RawChar) => (c.lo + c.hi) / 2;

/** The most used face and size (by character count, sizes to 0.5 px) among `chars`. */
export function dominantFont(chars: RawChar[]): FontInfo {
  const first = chars[0];
  if (chars.every((c) => c.face === first.face && c.size === first.size)) return fontInfo(first.face, first.size);
  const counts = new Map<FontFace, Map<number, { c: RawChar; n: number }>>();
  let best = { c: chars[0], n: 0 };
  for (const c of chars) {
    let sizes = counts.get(c.face);
    if (!sizes) counts.set(c.face, (sizes = new Map()));
    const key = Math.round(c.size * 2);
    let entry = sizes.get(key);
    if (!entry) sizes.set(key, (entry = { c, n: 0 }));
    entry.n++;
    if (entry.n > best.n) best = entry;
  }
  return fontInfo(best.c.face, best.c.size);
}

export function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Scripts, spaces and word breaks. em = the line's text size, px. */
const WORD = {
  /** Text larger than this share of the line's size (a drop cap) is never raised or lowered. */
  scriptMaxSize: 1.2,
  /** Text smaller than this share of the line's size is small text ... */
  smallShare: 0.85,
  /** ... raised by more than this is a superscript, in em; */
  smallRaised: 0.12,
  /** ... lowered by more than this is a subscript, in em. */
  smallLowered: 0.08,
  /** Text of any size raised by more than this is a superscript, in em. */
  raised: 0.3,
  /** Text of any size lowered by more than this is a subscript, in em. */
  lowered: 0.25,
  /** Glyphs overlapping by more than this have nothing between them, in em. */
  glyphOverlap: 0.05,
  /** A space's centre may lie this far outside the gap between two glyphs, in em. */
  spaceSlack: 0.15,
  /** Least gap that breaks words, in em ... */
  minBreak: 0.1,
  /** ... and it must be this much wider than the median gap between letters, in em. */
  breakOverLetterGap: 0.08,
  /** A drop cap is more than this many times the size of the letter after it ... */
  dropCapSize: 1.8,
  /** ... and closer to it than this, in em. */
  dropCapGap: 0.5,
} as const;

/** Raised or lowered against the line's baseline `base` and size: smaller text a little, same-size text a lot. */
function scriptOf(c: RawChar, base: number, size: number): Script {
  if (c.size > WORD.scriptMaxSize * size) return undefined; // larger text (a drop cap) is not raised or lowered text
  const raised = base - c.base;
  const small = c.size < WORD.smallShare * size;
  if ((small && raised > WORD.smallRaised * size) || raised > WORD.raised * size) return 'super';
  if ((small && raised < -WORD.smallLowered * size) || raised < -WORD.lowered * size) return 'sub';
  return undefined;
}

export function boxOf(chars: RawChar[]): BBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const { box } of chars) {
    if (box[0] < x0) x0 = box[0];
    if (box[1] < y0) y0 = box[1];
    if (box[2] > x1) x1 = box[2];
    if (box[3] > y1) y1 = box[3];
  }
  return [x0, y0, x1, y1];
}

/**
 * True when the centre of a space character of the row lies in the gap between two glyphs (give or take
 * 0.15 em); between their centres is not enough: mupdf sometimes emits a space as wide as a whole word.
 */
function spaceBetween(spaces: number[], a: RawChar, b: RawChar, size: number): boolean {
  const edge1 = Math.min(a.hi, b.hi);
  const edge2 = Math.max(a.lo, b.lo);
  if (edge2 < edge1 - WORD.glyphOverlap * size) return false; // the glyphs overlap: nothing is between them
  const from = edge1 - WORD.spaceSlack * size;
  const to = edge2 + WORD.spaceSlack * size;
  let lo = 0;
  let hi = spaces.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spaces[mid] <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < spaces.length && spaces[lo] < to;
}

/**
 * Word breaks: a space character between two glyphs, or a gap clearly wider than the line's letter spacing
 * (≥ 0.1 em and 0.08 em over the median gap between letters; some producers position words with a gap of only
 * 0.13 em and no space, while letter-spaced headings have wide gaps everywhere).
 */
function wordBreaks(chars: RawChar[], cluster: Cluster, size: number): boolean[] {
  const gaps: number[] = [0];
  const spaced: boolean[] = [false];
  const letterGaps: number[] = [];
  for (let i = 1; i < chars.length; i++) {
    const a = chars[i - 1];
    const b = chars[i];
    const gap = Math.max(b.lo - a.hi, a.lo - b.hi);
    const space = spaceBetween(cluster.spaces, a, b, size);
    gaps.push(gap);
    spaced.push(space);
    if (!space) letterGaps.push(gap);
  }
  letterGaps.sort((x, y) => x - y);
  const letterGap = letterGaps.length ? Math.max(0, letterGaps[Math.floor(letterGaps.length / 2)]) : 0;
  const threshold = Math.max(WORD.minBreak * size, letterGap + WORD.breakOverLetterGap * size);
  return gaps.map((g, i) => i > 0 && (spaced[i] || (g >= threshold && !isDropCap(chars, i, size))));
}

/** A drop cap: a lone large letter opening the line, followed closely by the rest of its word in text size. */
function isDropCap(chars: RawChar[], i: number, size: number): boolean {
  const cap = chars[i - 1];
  return (
    i === 1 && cap.size > WORD.dropCapSize * chars[i].size && chars[i].lo - cap.hi < WORD.dropCapGap * size && /\p{Lu}/u.test(cap.text)
  );
}

export function splitWords(chars: RawChar[], cluster: Cluster, base: number, size: number): WordDraft[] {
  const breaks = wordBreaks(chars, cluster, size);
  const words: WordDraft[] = [];
  let current: WordDraft | null = null;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const script = scriptOf(c, base, size);
    if (!current || breaks[i] || script !== current.script) {
      current = { chars: [], script, spaced: breaks[i] };
      words.push(current);
    }
    current.chars.push(c);
  }
  return words;
}

function textOf(chars: RawChar[]): string {
  let text = '';
  for (const c of chars) text += c.text;
  return text;
}

export function toWord(draft: WordDraft): Word {
  const main = draft.chars;
  const word: Word = {
    text: textOf(main),
    bbox: boxOf(main),
    font: dominantFont(main),
    baseline: main.reduce((sum, c) => sum + c.oy, 0) / main.length,
    source: 'text_layer',
    confidence: 1,
  };
  if (draft.script) word.script = draft.script;
  return word;
}

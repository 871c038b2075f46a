import type { BBox } from '../model/types.ts';
import type { DrawnPath, Glyph } from '../drawing/mod.ts';
import { BIG_OPERATORS, glyphChar, isInvisible, RADICALS } from './symbols.ts';
import { isItalicFontName } from './font-tests.ts';

/** A thing the builder lays out: one glyph, or a finished structure (fraction, radical, operator with limits…). */
export interface Item {
  bbox: BBox;
  /** Baseline y; for structures, the baseline of the line they sit on. */
  baseline: number;
  size: number;
  /** Set for single glyphs. */
  char?: string;
  glyph?: Glyph;
  /** LaTeX of a finished structure. */
  latex?: string;
}

/** A thin horizontal rule: a fraction bar or a radical's overbar. */
export interface Rule {
  x0: number;
  x1: number;
  y: number;
}

export function glyphItems(glyphs: Glyph[]): Item[] {
  const items: Item[] = [];
  for (const g of glyphs) {
    const char = glyphChar(g.c, g.font);
    if (isInvisible(char) || char === '\ufffd') continue;
    items.push({ bbox: g.bbox, baseline: g.y, size: g.size, char, glyph: g });
  }
  return items;
}

/** What makes a drawn path a rule (px, or shares of the text size). */
const RULE = {
  /** At most this tall (px)... */
  maxHeight: 3.5,
  /** ...or this share of the text size, whichever is more; */
  maxHeightShare: 0.2,
  /** at least this wide (px)... */
  minWidth: 4,
  /** ...this many times its height... */
  minAspect: 3,
  /** ...and this share of the text size. */
  minWidthShare: 0.3,
} as const;
/** Font size (px) of an empty item set. */
const DEFAULT_TEXT_SIZE = 10;

/** Rules among the paths: much wider than tall and thin (under about a fifth of the text size). */
export function rulesOf(paths: DrawnPath[], textSize: number): Rule[] {
  const rules: Rule[] = [];
  for (const p of paths) {
    const [x0, y0, x1, y1] = p.bbox;
    const height = y1 - y0;
    const width = x1 - x0;
    if (
      height <= Math.max(RULE.maxHeight, textSize * RULE.maxHeightShare) &&
      width >= Math.max(RULE.minWidth, height * RULE.minAspect) &&
      width >= textSize * RULE.minWidthShare
    ) {
      rules.push({ x0, x1, y: (y0 + y1) / 2 });
    }
  }
  return rules;
}

/** The size of ordinary symbols: the most common glyph size among plain glyphs (not big operators or delimiters). */
export function textSizeOf(items: Item[]): number {
  const sizes = items.filter((i) => i.char && !isStructural(i) && !/^[()[\]{}|‖]$/u.test(i.char)).map((i) => i.size);
  const pool = sizes.length ? sizes : items.map((i) => i.size);
  if (!pool.length) return DEFAULT_TEXT_SIZE;
  return Math.max(...pool);
}

export function isBigOperator(item: Item): boolean {
  return item.char !== undefined && BIG_OPERATORS[item.char] !== undefined;
}

export function isRadical(item: Item): boolean {
  return item.char !== undefined && RADICALS.has(item.char);
}

export function isCmex(item: Item): boolean {
  return item.glyph !== undefined && /^CMEX/i.test(item.glyph.font);
}

/** Big operators, radicals and delimiters: they never act as scripts and their baseline says little. */
export function isStructural(item: Item): boolean {
  return isBigOperator(item) || isRadical(item) || isCmex(item);
}

export function isItalicGlyph(g: Glyph): boolean {
  return g.italic || isItalicFontName(g.font);
}

import type { Glyph } from '../drawing/mod.ts';
import { FUNCTION_NAMES, glyphChar, isGreek, isMathSymbol } from './symbols.ts';
import { isItalicGlyph } from './items.ts';
import { isLetter, isMathFont } from './font-tests.ts';

/** A glyph that only mathematics uses: a math font, a Greek letter, a math symbol. */
export function isStrongMath(g: Glyph): boolean {
  const c = glyphChar(g.c, g.font);
  if (isGreek(c) || (isMathSymbol(c) && c.charCodeAt(0) > 0x7f)) return true;
  // In a math font, letters, digits and operators are math; bullets and private-use glyphs (Symbol's list
  // bullets, dingbats) are not.
  if (/^CMEX/i.test(g.font) && c !== '\ufffd') return true;
  return isMathFont(g.font) && /^[\p{L}\p{N}=+<>]$/u.test(c);
}

/** A glyph starts a new word after a gap, or a size change, over this share of the larger size. */
const WORD_BREAK_SHARE = 0.2;

/** Words of a glyph run: split where the gap is wider than a fifth of the size, the size changes or the font class does. */
export function wordsOf(glyphs: Glyph[]): Glyph[][] {
  const sorted = [...glyphs].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const words: Glyph[][] = [];
  let prev: Glyph | null = null;
  for (const g of sorted) {
    const gap = prev ? g.bbox[0] - prev.bbox[2] : Infinity;
    const resized = prev && Math.abs(prev.size - g.size) > Math.max(prev.size, g.size) * WORD_BREAK_SHARE;
    if (!prev || gap > Math.max(prev.size, g.size) * WORD_BREAK_SHARE || fontClass(prev) !== fontClass(g) || resized) words.push([g]);
    else words[words.length - 1].push(g);
    prev = g;
  }
  return words;
}

function fontClass(g: Glyph): string {
  return `${isMathFont(g.font)}${isItalicGlyph(g)}${g.bold}`;
}

/** Letters of a run that make an italic word prose (three make an upright one: the pattern below). */
const ITALIC_PROSE_RUN = 4;

/**
 * A word of ordinary prose: in a text font, with a run of three or more letters (four in italic) that is not a
 * function name; punctuation around or inside (URLs, "e.g.") does not make it math.
 */
export function isProseWord(word: Glyph[]): boolean {
  if (word.some((g) => isMathFont(g.font) || isGreek(g.c))) return false;
  const italic = word.every(isItalicGlyph);
  const runs =
    word
      .map((g) => g.c)
      .join('')
      .match(/\p{L}{3,}/gu) ?? [];
  return runs.some((run) => !FUNCTION_NAMES.has(run) && (!italic || run.length >= ITALIC_PROSE_RUN));
}

/**
 * How much a set of glyphs looks like a formula: strong math glyphs, plus single italic letters and ASCII operators
 * when a strong glyph or a single italic letter is next to them.
 */
export function mathSignals(glyphs: Glyph[]): { strong: number; weak: number; proseLetters: number; uprightLetters: number } {
  let strong = 0;
  let weak = 0;
  let proseLetters = 0;
  // Letters in an upright text font: function names in a formula, but mostly words (even when spaced out).
  const uprightLetters = glyphs.filter((g) => isLetter(g.c) && !isGreek(g.c) && !isMathFont(g.font) && !isItalicGlyph(g)).length;
  for (const word of wordsOf(glyphs)) {
    if (isProseWord(word)) {
      proseLetters += word.length;
      continue;
    }
    for (const g of word) {
      if (isStrongMath(g)) strong++;
      else if ((word.length === 1 && isLetter(g.c) && isItalicGlyph(g)) || /^[=+<>]$/u.test(g.c)) weak++;
    }
  }
  return { strong, weak, proseLetters, uprightLetters };
}

import { MATH_FONT, MATH_ITALIC_FONT } from './symbols.ts';

/**
 * Tests on a glyph's font name, remembered per name. The equation detector asks them for every glyph of every
 * candidate page, several times (word splitting, prose words, signals), while a page uses a handful of fonts:
 * the math-font pattern ends in `.*Math`, which scans the whole name on every miss.
 */

/** Names remembered at most (a worker reads many documents; the table is dropped whole when full). */
const MAX_REMEMBERED_FONTS = 4096;

const ITALIC_NAME = /Italic|Oblique/i;

/** A font name's answer to `test`, computed once per name. */
function remembered(test: (name: string) => boolean): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let answer = known.get(name);
    if (answer === undefined) {
      if (known.size >= MAX_REMEMBERED_FONTS) known.clear();
      answer = test(name);
      known.set(name, answer);
    }
    return answer;
  };
}

/** A mathematics font (Computer Modern math, AMS, STIX, Symbol, any "…Math"). */
export const isMathFont = remembered((name) => MATH_FONT.test(name));

/** A font whose name says its letters slant (math italic, or "Italic"/"Oblique" in the name). */
export const isItalicFontName = remembered((name) => MATH_ITALIC_FONT.test(name) || ITALIC_NAME.test(name));

const LETTER = /^\p{L}$/u;

/** One Unicode letter (one code point); ASCII is decided without the regular expression. */
export function isLetter(c: string): boolean {
  if (c.length === 1) {
    const code = c.charCodeAt(0);
    if (code < 0x80) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  }
  return LETTER.test(c);
}

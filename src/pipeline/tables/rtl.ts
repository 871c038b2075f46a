/**
 * Right-to-left cell text. A PDF draws a Hebrew or Arabic line's words from right to left; each word's letters
 * come out of the text layer in reading order, but a line read left to right puts its words in reverse.
 */

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/gu;
/** The same letters, to test for one without counting. */
const ANY_RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
/** Letters of left-to-right scripts (any letter that is not right-to-left). */
const LETTER = /\p{L}/gu;

/** A line reads right to left when most of its letters belong to right-to-left scripts. */
export function readsRightToLeft(texts: readonly string[]): boolean {
  // Most tables hold no right-to-left letter at all: one scan without counting settles them.
  if (!texts.some((t) => ANY_RTL_LETTER.test(t))) return false;
  let rtl = 0;
  let all = 0;
  for (const t of texts) {
    rtl += t.match(RTL_LETTER)?.length ?? 0;
    all += t.match(LETTER)?.length ?? 0;
  }
  return rtl > 0 && rtl * 2 > all;
}

/**
 * How many words a piece of text holds, for the prose-or-cell tests. Chinese and Japanese are written without
 * spaces between words, so a whole line of them is one "word" to the text layer; there a run of ideographs and
 * kana counts one word per CJK_CHARS_PER_WORD characters (the typical word length of both languages), so a
 * line of Japanese prose weighs as much as a line of English prose and a short Japanese cell as little.
 */

/** Characters of Chinese or Japanese text that make one word, on average. */
export const CJK_CHARS_PER_WORD = 2;

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Words of one space-free token: 1, or its CJK characters' share of words (plus one for anything else in it). */
export function tokenWords(token: string): number {
  const cjk = token.match(CJK_CHAR)?.length ?? 0;
  if (cjk === 0) return 1;
  const rest = token.replace(CJK_CHAR, '').replace(/[\p{P}\s]/gu, '');
  return Math.max(1, Math.round(cjk / CJK_CHARS_PER_WORD)) + (rest ? 1 : 0);
}

/** Words of a text (tokens split at white space). */
export const textWords = (text: string): number =>
  text
    .split(/\s+/u)
    .filter(Boolean)
    .reduce((n, t) => n + tokenWords(t), 0);

/** Words of a list of text-layer words. */
export const wordsOf = (words: readonly { text: string }[]): number => words.reduce((n, w) => n + textWords(w.text), 0);

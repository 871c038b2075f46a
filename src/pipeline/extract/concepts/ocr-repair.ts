/**
 * Characters the recogniser confuses (0/O, 1/l/I, 5/S, 8/B) put back by the word around them: a digit inside a
 * word of letters is a letter, a letter inside a number is a digit. Only a lone odd character with its own kind on
 * both sides is changed, so real mixed codes ("SS21", "7/118B", "31G", "UPTOWN3") stay as read.
 */

/** A word needs at least this many letters (digits) before a zero (letter O) in it is read as a misrecognised O (0). */
export const OCR_REPAIR_MIN_KIND = 2;
/** A lone digit between letters is read as a letter only in a word of at least this many letters. */
export const MIN_LETTERS_AROUND_DIGIT = 3;

/** Digits that look like letters, as the upper-case and lower-case letter they stand for. */
const DIGIT_AS_LETTER: Record<string, [string, string]> = { '0': ['O', 'o'], '1': ['I', 'l'], '5': ['S', 's'], '8': ['B', 'b'] };
/** Letters that look like digits. */
const LETTER_AS_DIGIT: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', '|': '1', S: '5', s: '5', B: '8' };

const isLetter = (c: string | undefined) => !!c && /\p{L}/u.test(c);
const isDigit = (c: string | undefined) => !!c && /\d/.test(c);
const isLower = (c: string | undefined) => !!c && /\p{Ll}/u.test(c);

/** Zeros and O's by the word around them: "L0T", "FL00R" are letters, "433O0" is a postcode. */
function repairZeros(w: string): string {
  const letters = (w.match(/[\p{L}]/gu) ?? []).filter((c) => c !== 'O' && c !== 'o').length;
  const digits = (w.match(/[1-9]/g) ?? []).length;
  if (/^[\p{L}0]+$/u.test(w) && /0/.test(w) && letters >= OCR_REPAIR_MIN_KIND) return w.replace(/0/g, /\p{Ll}/u.test(w) ? 'o' : 'O');
  if (/^[\dOo]+$/.test(w) && /[Oo]/.test(w) && digits + (w.match(/0/g) ?? []).length >= OCR_REPAIR_MIN_KIND) return w.replace(/[Oo]/g, '0');
  return w;
}

/** "Ja1an", "BE5TARI", "Leve1": the only digit of a word of letters, inside it (or ending a lower-case word). */
function repairDigitInWord(w: string): string {
  const digits = [...w].filter(isDigit);
  if (digits.length !== 1 || [...w].filter(isLetter).length < MIN_LETTERS_AROUND_DIGIT) return w;
  const i = [...w].findIndex(isDigit);
  const chars = [...w];
  const as = DIGIT_AS_LETTER[chars[i]];
  if (!as) return w;
  const inside = isLetter(chars[i - 1]) && isLetter(chars[i + 1]);
  // A trailing digit is usually real ("UPTOWN3", "OLIVE9"); a trailing 1 after lower-case letters is an l.
  const trailingL = i === chars.length - 1 && chars[i] === '1' && isLower(chars[i - 1]) && isLower(chars[i - 2]);
  if (!inside && !trailingL) return w;
  chars[i] = isLower(chars[i - 1]) || isLower(chars[i + 1]) ? as[1] : as[0];
  return chars.join('');
}

/**
 * "1RON", "5TAR": a word of capitals that starts with a digit looking like a letter is that letter, when at least
 * MIN_LETTERS_AROUND_DIGIT capitals follow (ordinals and units such as "1ST", "2PC" have fewer).
 */
function repairLeadingDigit(w: string): string {
  const as = DIGIT_AS_LETTER[w[0] ?? ''];
  if (!as || w.length - 1 < MIN_LETTERS_AROUND_DIGIT || !/^\p{Lu}+$/u.test(w.slice(1))) return w;
  return as[0] + w.slice(1);
}

/** "2B11", "411S0", "1l8": a letter that looks like a digit, with digits on both sides. */
function repairLetterInNumber(w: string): string {
  const chars = [...w];
  for (let i = 1; i < chars.length - 1; i++) {
    if (LETTER_AS_DIGIT[chars[i]] && isDigit(chars[i - 1]) && isDigit(chars[i + 1])) chars[i] = LETTER_AS_DIGIT[chars[i]];
  }
  return chars.join('');
}

export function repairOcrDigits(text: string): string {
  return (
    text
      .replace(/[\p{L}\d|]+/gu, (w) => repairLetterInNumber(repairDigitInWord(repairLeadingDigit(repairZeros(w)))))
      // "C0.", "N0:": a single capital and a zero before a full stop is the abbreviation "CO." / "NO.".
      .replace(/\b([A-Z])0(?=[.:])/g, '$1O')
      // "lpoh": no word starts with an l before a consonant; it is a capital I.
      .replace(/(^|[^\p{L}\d])l(?=[bcdfghjkmnpqrstvwxz]\p{Ll})/gu, '$1I')
  );
}

/** Only words of at least this many letters are matched against known words (shorter ones match too easily). */
export const MIN_KNOWN_WORD = 5;
/** Characters the recogniser reads for one another, as pairs: what was read, what may have been printed. */
const CONFUSED: [string, string][] = [
  ['i', 'l'],
  ['l', 'i'],
  ['1', 'l'],
  ['0', 'o'],
  ['5', 's'],
];

/**
 * "Jaian" for "Jalan": a word one confusable character away from a known word (street words) is that word, in
 * the case it was read in. Words that are known already, or near none, stay.
 */
export function repairKnownWords(text: string, known: ReadonlySet<string>): string {
  return text.replace(/[\p{L}\d]+/gu, (w) => {
    const lower = w.toLowerCase();
    if (lower.length < MIN_KNOWN_WORD || known.has(lower) || !/\p{L}/u.test(lower)) return w;
    for (let i = 0; i < lower.length; i++) {
      for (const [read, printed] of CONFUSED) {
        if (lower[i] !== read) continue;
        const candidate = lower.slice(0, i) + printed + lower.slice(i + 1);
        if (!known.has(candidate)) continue;
        return w.slice(0, i) + (w === w.toUpperCase() ? printed.toUpperCase() : printed) + w.slice(i + 1);
      }
    }
    return w;
  });
}

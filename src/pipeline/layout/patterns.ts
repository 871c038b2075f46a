/**
 * Text patterns the layout stage recognises: list markers, heading numbering, caption labels, page numbers and
 * math. Pure string functions so they are cheap to call on every line.
 */

export interface ListMarker {
  kind: 'bullet' | 'ordered';
  /** The marker as printed, e.g. `•`, `1.`, `(a)`. */
  marker: string;
}

const BULLET = /^([•●▪■◦○◆◇►▸‣⁃∙·\-–*✓✔➢➤→□☐❖➔⦁])(?:\s+|$)/u;
const ROMAN = '(?:i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii|xiii|xiv|xv)';
const ORDERED = new RegExp(
  `^(\\(?\\d{1,3}[.)]|\\(\\d{1,3}\\)|\\[\\d{1,3}\\]|\\(?[a-z][.)]|\\([a-z]\\)|\\(?${ROMAN}[.)]|\\(${ROMAN}\\)|[A-Z]\\)|\\([A-Z]\\))\\s+\\S`,
  'u',
);

/** The list marker a line starts with, if any. `A.`-style markers are left to headings (`A. Appendix`). */
export function listMarkerOf(text: string): ListMarker | undefined {
  const t = text.trimStart();
  if (!mayOpenList(t)) return undefined;
  const b = BULLET.exec(t);
  if (b) return { kind: 'bullet', marker: b[1] };
  const o = ORDERED.exec(t);
  if (o) return { kind: 'ordered', marker: o[1] };
  return undefined;
}

/** Cheap test run before the marker regexes (they run on every line): a symbol, a digit, or letters then `.`/`)`. */
function mayOpenList(t: string): boolean {
  const c = t.charCodeAt(0);
  if (Number.isNaN(c)) return false;
  if (c >= 48 && c <= 57) return true;
  const letter = (c | 32) >= 97 && (c | 32) <= 122;
  if (!letter) return true;
  let i = 1;
  while (i < 6 && i < t.length && (t.charCodeAt(i) | 32) >= 97 && (t.charCodeAt(i) | 32) <= 122) i++;
  const next = t.charCodeAt(i);
  return next === 46 || next === 41;
}

/** A bare number opening an entry ("12 Smith J. …" in reference lists); weaker than a list marker. */
export function numberLeadOf(text: string): string | undefined {
  const c = text.trimStart().charCodeAt(0);
  if (!(c >= 48 && c <= 57)) return undefined;
  return /^(\d{1,3})\s+\p{Lu}/u.exec(text.trimStart())?.[1];
}

/** Longest text (bullet and spaces) that can be a bare bullet. */
const BARE_BULLET_MAX_CHARS = 4;

/** A text made only of a bullet glyph (some PDFs draw the bullet as its own text run). */
export function isBareBullet(text: string): boolean {
  if (text.length > BARE_BULLET_MAX_CHARS) return false;
  return /^[•●▪■◦○◆◇►▸‣⁃∙·–*✓✔➢➤→□☐❖➔⦁-]$/u.test(text.trim());
}

const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z]\.(?:\d{1,2}\.?)*|[IVX]{1,5}\.)\s+\S/u;
const SECTION_WORD = /^(?:chapter|section|part|appendix|annex|article)\s+(?:\d{1,3}|[IVXLC]{1,6}|[A-Z])\b/iu;

/** Depth of a heading's numbering (`2` → 1, `2.1` → 2, `A.1.2` → 3), 0 when the text has none. */
export function headingNumberDepth(text: string): number {
  const t = text.trimStart();
  if (SECTION_WORD.test(t)) return 1;
  if (!SECTION_NUMBER.test(t)) return 0;
  const token = t.split(/\s/u, 1)[0].replace(/\.$/u, '');
  return token.split('.').length;
}

const CAPTION_WORDS = new Set([
  'fig',
  'figs',
  'figure',
  'figures',
  'table',
  'tab',
  'tabs',
  'tables',
  'chart',
  'plate',
  'exhibit',
  'scheme',
  'listing',
  'algorithm',
  'graph',
  'diagram',
  'photo',
  'illustration',
  'map',
  'box',
]);
const CAPTION = /^(\p{L}+)(\.?)(\s*)([A-Z]?\d{1,3}(?:[.\-–]\d{1,3})*[a-z]?|[IVXL]{1,5}|[A-Z])(?=$|[\s:.|—–\-)])\s*([:.|—–-])?/u;

export interface CaptionLabel {
  kind: 'figure' | 'table' | 'other';
  /** Punctuation right after the number ("Figure 3:"), which tells a caption from a sentence ("Figure 3 shows"). */
  punctuated: boolean;
}

export function captionLabelOf(text: string): CaptionLabel | undefined {
  const t = text.trimStart();
  const m = CAPTION.exec(t);
  if (!m || !CAPTION_WORDS.has(m[1].toLowerCase())) return undefined;
  // "Figure 3" and "Fig.3" are labels; "Figures" is not "Figure s".
  if (m[3] === '' && m[2] === '' && !/^\d/u.test(m[4])) return undefined;
  const word = m[1].toLowerCase();
  const kind = word.startsWith('tab')
    ? 'table'
    : /^(fig|chart|plate|graph|diagram|photo|illustration|map)/u.test(word)
      ? 'figure'
      : 'other';
  const rest = t.slice(m[0].length);
  return { kind, punctuated: m[5] !== undefined || rest.trim() === '' };
}

const PAGE_NUMBER = [
  /^(?:page|p\.|pg\.?|seite|página|pagina)?\s*\d{1,4}(?:\s*(?:of|\/|de|von)\s*\d{1,4})?$/iu,
  /^[-–—]\s*\d{1,4}\s*[-–—]$/u,
  /^[[(]\s*\d{1,4}\s*[\])]$/u,
  /^[ivxlc]{1,7}$/iu,
  /^(?:[A-Z]|\d{1,3})[-–]\d{1,4}$/u,
];

/** Longest text that can be a page number ("Page 12 of 340" and the like). */
const PAGE_NUMBER_MAX_CHARS = 24;

export function isPageNumber(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= PAGE_NUMBER_MAX_CHARS && PAGE_NUMBER.some((re) => re.test(t));
}

/** Normalises header/footer text so the same furniture on different pages compares equal. */
export function furnitureKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/gu, '#')
    .replace(/\b[ivxlc]{1,7}\b/gu, '#')
    .replace(/\s+/gu, ' ')
    .trim();
}

const MATH_CODES = new Set([...'=+<>−×÷±∓∑∏∫∮√∞≤≥≠≈≡∝∂∇∈∉⊂⊆⊃∪∩∀∃→←↔⇒⇔^_|⟨⟩‖∘⊗⊕′″'].map((c) => c.charCodeAt(0)));
const NON_ASCII_LETTER = /\p{L}/u;

// Character classes of ASCII as bit flags, so the per-character loops below are table lookups.
const SPACE = 1;
const LETTER = 2;
const DIGIT = 4;
const MATH = 8;
const TRAILING = 16;
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (c === 32 || c === 9 || c === 10 || c === 13) ASCII[c] |= SPACE;
  if (/[A-Za-z]/u.test(ch)) ASCII[c] |= LETTER;
  if (/[0-9]/u.test(ch)) ASCII[c] |= DIGIT;
  if (MATH_CODES.has(c)) ASCII[c] |= MATH;
  if (/[,.;:]/u.test(ch)) ASCII[c] |= TRAILING;
}

const isSpace = (c: number) => (c < 128 ? (ASCII[c] & SPACE) !== 0 : c === 0xa0);
const isGreek = (c: number) => (c >= 0x391 && c <= 0x3a9) || (c >= 0x3b1 && c <= 0x3c9) || c === 0x3d1 || c === 0x3d5 || c === 0x3f5;

function flagsOf(text: string, i: number, c: number): number {
  if (c < 128) return ASCII[c];
  let f = 0;
  if (c === 0xa0) f |= SPACE;
  if (MATH_CODES.has(c) || isGreek(c)) f |= MATH;
  if (NON_ASCII_LETTER.test(text[i])) f |= LETTER;
  return f;
}

/**
 * How much a line looks like a display formula, 0..1: the share of math symbols and Greek letters and of
 * one-letter tokens (variables), against the share of ordinary words. One pass over the characters: it runs
 * on every line of every page.
 */
const MATH_SCORE = {
  /** A token of at least this many letters (and nothing else) is an ordinary word. */
  wordMinLetters: 4,
  /** Lines with fewer non-space characters score 0. */
  minChars: 2,
  /** Each math symbol counts this many times against the line's non-space characters. */
  symbolWeight: 3,
  /** Weight of the symbol share in the score. */
  symbolShareWeight: 0.7,
  /** Weight of the share of one-letter tokens (less ordinary words) in the score. */
  tokenShareWeight: 0.5,
} as const;

export function mathScore(text: string): number {
  let compact = 0;
  let symbols = 0;
  let tokens = 0;
  let singles = 0;
  let words = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    let f = flagsOf(text, i, text.charCodeAt(i));
    while (i < n && f & SPACE) f = flagsOf(text, ++i, text.charCodeAt(i));
    if (i >= n) break;
    const start = i;
    let letters = 0;
    let alnum = 0;
    let last = 0;
    while (i < n && !(f & SPACE)) {
      if (f & MATH) symbols++;
      if (f & LETTER) letters++;
      if (f & (LETTER | DIGIT)) alnum++;
      last = f;
      f = ++i < n ? flagsOf(text, i, text.charCodeAt(i)) : SPACE;
    }
    const len = i - start;
    compact += len;
    tokens++;
    const trailing = len > 1 && last & TRAILING ? 1 : 0;
    if (len - trailing === 1 && alnum === 1) singles++;
    if (letters >= MATH_SCORE.wordMinLetters && letters === len - trailing) words++;
  }
  if (compact < MATH_SCORE.minChars) return 0;
  const symbolShare = Math.min(1, (symbols * MATH_SCORE.symbolWeight) / compact);
  const tokenShare = tokens ? (singles - words) / tokens : 0;
  return Math.max(0, Math.min(1, symbolShare * MATH_SCORE.symbolShareWeight + tokenShare * MATH_SCORE.tokenShareWeight));
}

/** Equation numbers printed at the right end of a display formula: `(3)`, `(2.1)`, `[4]`. */
export function endsWithEquationNumber(text: string): boolean {
  return /[([]\d{1,3}(?:\.\d{1,3})?[a-z]?[)\]]$/u.test(text.trim());
}

/** Fewest letters of a text in capitals (shorter ones, "OK", "US", are abbreviations). */
const CAPS_MIN_LETTERS = 3;

export function isAllCaps(text: string): boolean {
  // Runs for every line: most hold a lower-case ASCII letter, which settles it without the Unicode regex (no
  // upper-casing turns any letter into a lower-case ASCII one, so the comparison below could only fail).
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) return false;
  }
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= CAPS_MIN_LETTERS && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** Most words of the label and of the value of a one-line "Label: value". */
const KEY_VALUE_MAX_LABEL_WORDS = 5;
const KEY_VALUE_MAX_VALUE_WORDS = 10;

/** "Label: value" on one line, with a short label and a short value. */
export function isKeyValueText(text: string): boolean {
  const m = /^([^:]{1,40}):\s*(\S.*)$/u.exec(text.trim());
  if (!m) return false;
  if (/^(?:https?|ftp|mailto)$/iu.test(m[1].trim()) || /^\/\//u.test(m[2]) || /[\d;]$/u.test(m[1])) return false;
  return wordCount(m[1]) <= KEY_VALUE_MAX_LABEL_WORDS && wordCount(m[2]) <= KEY_VALUE_MAX_VALUE_WORDS;
}

export function endsSentence(text: string): boolean {
  return /[.!?:;]["'”’)\]]?$/u.test(text.trim());
}

/** Footnote marks at the start of a footnote: `1`, `*`, `†`, `a`, `[2]`. */
export function startsWithNoteMark(text: string): boolean {
  return /^(?:[*†‡§¶‖#]|\d{1,3}(?=\s|[A-Z])|\[\d{1,3}\]|[a-z](?=\s))/u.test(text.trimStart());
}

import * as mupdf from 'mupdf';
import { FAMILY_FONTS, type FontFamily, toUnicodeCMap } from './pdf.ts';
import { textWidth } from './synth-text.ts';

/**
 * Generated pages in other scripts (test/helpers/synth-pages.ts): a page is composed in Latin words, then its
 * text operators are rewritten. Right-to-left pages turn each word of letters into Hebrew and mirror the page:
 * a line's words are set from its right edge leftwards, each Hebrew word's glyphs in visual (reversed) order,
 * runs of other words (figures, codes) left to right as a unit; rules and fills are mirrored. Japanese pages
 * turn each word of letters into kanji set without spaces. The labels of captions, notes and totals are
 * translated. The expected cell texts get the same words in
 * reading order (`scriptText`).
 *
 * The Hebrew fonts are the family's own fonts whose letter codes read as Hebrew through a /ToUnicode map, so a
 * word keeps the width it was laid out with; the Japanese font is mupdf's built-in CJK font (1 em a glyph,
 * about two characters an English word).
 */

export const SCRIPTS = ['latin', 'rtl', 'cjk'] as const;
export type Script = (typeof SCRIPTS)[number];

const HEBREW = [...'אבגדהוזחטיכלמנסעפצקרשתךםןףץ'];
const KANJI = [
  ...'日本国人年大十二本中長出三時行見月分後前生五間上東四今金九入学高円子外八六下来気小七山話女北午百書先名川千水半男西電校語土木聞食車何南万毎白天母火右読友左休父雨',
];
const LETTER_WORD = /^[A-Za-z]+[.:,;]?$/u;
const LETTER_CODES = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];

const hebrewOf = (ch: string) => {
  const i = LETTER_CODES.indexOf(ch);
  return i < 0 ? ch : HEBREW[i % HEBREW.length];
};

/** Latin letters of a word per character of its Japanese stand-in. */
const LETTERS_PER_KANJI = 2.2;

/** Full-width forms of a word's trailing punctuation in Japanese text. */
const CJK_PUNCTUATION: Record<string, string> = { '.': '。', ',': '、', ':': '：', ';': '；' };

function kanjiOf(word: string): string {
  const letters = word.replace(/[^A-Za-z]/gu, '');
  const tail = CJK_PUNCTUATION[word.slice(-1)] ?? '';
  // About as many characters as a Japanese translation takes for the word (text runs two to two and a half
  // characters an English word); lines come out a little shorter and justified ones spread to their width.
  const count = Math.max(1, Math.round(letters.length / LETTERS_PER_KANJI) - (tail ? 1 : 0));
  let out = '';
  for (let i = 0; out.length < count; i++) {
    const code = letters.charCodeAt(i % letters.length) * 31 + letters.charCodeAt((i + 1) % letters.length) * 7 + i;
    out += KANJI[code % KANJI.length];
  }
  return out + tail;
}

/** Words that have their own translation: the labels of captions, notes and totals. */
const DICTIONARY: Record<Script, Record<string, string>> = {
  latin: {},
  rtl: { Table: 'טבלה', 'Note:': 'הערה:', 'Notes:': 'הערות:', 'Source:': 'מקור:' },
  cjk: { Table: '表', 'Note:': '注：', 'Notes:': '注：', 'Source:': '出典：', Total: '合計' },
};

function scriptWord(word: string, script: Script): string | null {
  const known = DICTIONARY[script][word];
  if (known) return known;
  if (!LETTER_WORD.test(word)) return null;
  return script === 'rtl' ? [...word].map(hebrewOf).join('') : script === 'cjk' ? kanjiOf(word) : null;
}

/** The codes a Hebrew word is drawn with, in visual order: its Latin letters', or a translation's own. */
function hebrewGlyphs(w: Word): string {
  if (!DICTIONARY.rtl[w.text]) return [...w.text].reverse().join('');
  return [...(w.own ?? '')]
    .reverse()
    .map((h) => (HEBREW.includes(h) ? LETTER_CODES[HEBREW.indexOf(h)] : h))
    .join('');
}

/** `text` (Latin words) as the page of `script` prints it, in reading order. */
export function scriptText(text: string, script: Script): string {
  if (script === 'latin') return text;
  const words = text.split(' ').filter(Boolean);
  const parts = words.map((w) => ({ text: scriptWord(w, script) ?? w, own: scriptWord(w, script) !== null }));
  if (script === 'rtl') return parts.map((p) => p.text).join(' ');
  return parts.map((p, i) => (i > 0 && !(p.own && parts[i - 1].own) ? ' ' : '') + p.text).join('');
}

const TEXT_OP = /^BT (?:(-?[\d.]+) Tw )?\/F([12]) ([\d.]+) Tf (-?[\d.]+) (-?[\d.]+) Td \((.*)\) Tj (?:0 Tw )?ET$/su;

/** The body of a literal string back to its characters (octal escapes are WinAnsi codes above ASCII). */
function unescape(body: string): string {
  return body.replace(/\\([0-7]{3}|.)/gsu, (_, e: string) => (e.length === 3 ? String.fromCharCode(Number.parseInt(e, 8)) : e));
}

const r2 = (x: number) => Math.round(x * 100) / 100;
/** A literal string body again: `\`, `(`, `)` escaped, codes above ASCII as octal escapes (as pdfText writes them). */
const escape = (s: string) =>
  s.replace(/[\\()]/gu, (c) => `\\${c}`).replace(/[\x80-\xff]/gu, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
const utf16 = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');

interface Word {
  text: string;
  /** The word in the page's script, or null where it stays as printed (figures, codes). */
  own: string | null;
}

export interface ScriptedOps {
  ops: string[];
  /** Font resources the rewritten operators select, to add beside /F1 and /F2. */
  fonts: Record<string, mupdf.PDFObject>;
}

/** Rewrites a page's operators (composed in Latin on a page `width` points wide) into `script`. */
export function scriptOps(doc: mupdf.PDFDocument, ops: string[], script: Script, family: FontFamily, width: number): ScriptedOps {
  if (script === 'latin') return { ops, fonts: {} };
  const fonts = script === 'rtl' ? hebrewFonts(doc, family) : { J1: doc.addCJKFont(new mupdf.Font('ja'), 'ja', 0, false) };
  const out: string[] = [];
  for (const op of ops) {
    const m = TEXT_OP.exec(op);
    if (!m) {
      out.push(script === 'rtl' ? `q -1 0 0 1 ${width} 0 cm ${op} Q` : op);
      continue;
    }
    const [, tw, font, sizeText, xText, yText, body] = m;
    const line = { bold: font === '2', size: Number(sizeText), x: Number(xText), y: Number(yText), spacing: Number(tw ?? 0) };
    const words = unescape(body)
      .split(' ')
      .filter(Boolean)
      .map((text) => ({ text, own: scriptWord(text, script) }));
    out.push(...(script === 'rtl' ? rtlLine(words, line, family, width) : cjkLine(words, line, family)));
  }
  return { ops: out, fonts };
}

/**
 * A page's Latin operators with every word set as a text object of its own at its place and no space
 * characters drawn, as many producers write text (the reader finds word breaks by the gaps alone).
 */
export function spacelessOps(ops: string[], family: FontFamily): string[] {
  return ops.flatMap((op) => {
    const m = TEXT_OP.exec(op);
    if (!m) return [op];
    const [, tw, font, sizeText, xText, yText, body] = m;
    const line = { bold: font === '2', size: Number(sizeText), x: Number(xText), y: Number(yText), spacing: Number(tw ?? 0) };
    const gap = textWidth(' ', line.size, family, line.bold) + line.spacing;
    const out: string[] = [];
    let x = line.x;
    for (const word of unescape(body).split(' ')) {
      if (word) out.push(latinOp(line, x, word));
      x += textWidth(word, line.size, family, line.bold) + gap;
    }
    return out;
  });
}

interface Line {
  bold: boolean;
  size: number;
  x: number;
  y: number;
  /** Extra space after each space (a justified line's word-spacing operator). */
  spacing: number;
}

const latinOp = (l: Line, x: number, text: string) => `BT /F${l.bold ? 2 : 1} ${l.size} Tf ${r2(x)} ${r2(l.y)} Td (${escape(text)}) Tj ET`;

/** Runs of neighbouring words that are all in the script, or all not. */
function runsOf(words: Word[]): Word[][] {
  const runs: Word[][] = [];
  for (const w of words) {
    const last = runs[runs.length - 1];
    if (last && (last[0].own !== null) === (w.own !== null)) last.push(w);
    else runs.push([w]);
  }
  return runs;
}

/** The line mirrored: its runs from the mirrored right edge leftwards; Hebrew words glyph-reversed. */
function rtlLine(words: Word[], l: Line, family: FontFamily, pageWidth: number): string[] {
  const gap = textWidth(' ', l.size, family, l.bold) + l.spacing;
  const width = (w: string) => textWidth(w, l.size, family, l.bold);
  const ops: string[] = [];
  let right = pageWidth - l.x;
  for (const run of runsOf(words)) {
    if (run[0].own === null) {
      const text = run.map((w) => w.text).join(' ');
      const w = width(text) + l.spacing * (run.length - 1);
      ops.push(`BT ${r2(l.spacing)} Tw /F${l.bold ? 2 : 1} ${l.size} Tf ${r2(right - w)} ${r2(l.y)} Td (${escape(text)}) Tj 0 Tw ET`);
      right -= w + gap;
      continue;
    }
    for (const w of run) {
      const glyphs = hebrewGlyphs(w);
      const wWidth = width(glyphs);
      ops.push(`BT /H${l.bold ? 2 : 1} ${l.size} Tf ${r2(right - wWidth)} ${r2(l.y)} Td (${escape(glyphs)}) Tj ET`);
      right -= wWidth + gap;
    }
  }
  return ops;
}

/**
 * The line from its left edge: runs of kanji words set solid, other runs as printed, a space between runs. A
 * justified line, or one that would run past the width it was laid out in, spreads or tightens its kanji to
 * that width (character spacing), as Japanese is justified.
 */
function cjkLine(words: Word[], l: Line, family: FontFamily): string[] {
  const space = textWidth(' ', l.size, family, l.bold);
  const latinWidth = (run: Word[]) => textWidth(run.map((w) => w.text).join(' '), l.size, family, l.bold);
  const laidOut = latinWidth(words) + l.spacing * (words.length - 1);
  const runs = runsOf(words);
  const kanji = runs.filter((r) => r[0].own !== null).reduce((n, r) => n + [...r.map((w) => w.own).join('')].length, 0);
  const natural = runs.reduce((w, r) => w + (r[0].own === null ? latinWidth(r) : 0), 0) + kanji * l.size + space * (runs.length - 1);
  const fit = kanji > 1 && (l.spacing > 0 || natural > laidOut) ? (laidOut - natural) / kanji : 0;
  const ops: string[] = [];
  let x = l.x;
  for (const run of runs) {
    if (run[0].own === null) {
      ops.push(latinOp(l, x, run.map((w) => w.text).join(' ')));
      x += latinWidth(run) + space;
      continue;
    }
    const text = run.map((w) => w.own).join('');
    ops.push(`BT ${r2(fit)} Tc /J1 ${l.size} Tf ${r2(x)} ${r2(l.y)} Td <${utf16(text)}> Tj 0 Tc ET`);
    x += [...text].length * (l.size + fit) + space;
  }
  return ops;
}

/** /H1 and /H2: the family's regular and bold fonts, their letter codes read as Hebrew letters. */
function hebrewFonts(doc: mupdf.PDFDocument, family: FontFamily): Record<string, mupdf.PDFObject> {
  const codes = [...LETTER_CODES, ...'.:,;'].map((ch) => [ch.charCodeAt(0), hebrewOf(ch)] as const);
  const cmap = toUnicodeCMap(codes);
  const fonts: Record<string, mupdf.PDFObject> = {};
  // A font dictionary of its own: mupdf hands out one object per base font, and the page's /F1 must keep
  // reading as Latin.
  FAMILY_FONTS[family].forEach((name, i) => {
    fonts[`H${i + 1}`] = doc.addObject({
      Type: doc.newName('Font'),
      Subtype: doc.newName('Type1'),
      BaseFont: doc.newName(name),
      Encoding: doc.newName('WinAnsiEncoding'),
      ToUnicode: doc.addStream(cmap, {}),
    });
  });
  return fonts;
}

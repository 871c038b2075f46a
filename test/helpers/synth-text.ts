import * as mupdf from 'mupdf';
import { seededRandom } from './hostile-docs.ts';
import { FAMILY_FONTS, type FontFamily, pdfText } from './pdf.ts';

/**
 * Text pieces for generated pages (test/helpers/synth-*.ts): a seeded random source, a neutral vocabulary,
 * real glyph widths of the standard fonts (so right-aligned numbers and justified lines sit where a typesetter
 * puts them), and the content-stream operators the page generators share. Coordinates are PDF points, origin
 * bottom-left; /F1 is the family's regular font and /F2 its bold.
 */

export type Rand = () => number;

/** The same sequence for the same seed on every platform (mulberry32, shared with the fuzz suite). */
export const seeded = (seed: number): Rand => seededRandom(seed);

export const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
export const between = (rand: Rand, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
export const chance = (rand: Rand, p: number): boolean => rand() < p;

/** Plain words of no domain; sentences and labels are drawn from them. */
const NOUNS = (
  'account area branch budget capacity centre charge claim contract cost county crop delivery demand deposit ' +
  'district division energy estate export factory fleet fund grant harbour household import income index item ' +
  'labour loan market member office order output parcel payment period permit plant project quarter region ' +
  'rent reserve route sales school scheme sector service share site stock supply survey tariff tax tenant ' +
  'trade transfer unit vessel volume wage water yield'
).split(' ');
const ADJECTIVES = (
  'annual average basic central current direct domestic early final foreign general gross high local low ' +
  'main minor net new northern other primary public regional rural southern special total urban western'
).split(' ');
const VERBS = (
  'rose fell remained increased declined reached exceeded covered included reflected followed supported ' +
  'reduced replaced required showed'
).split(' ');
const FILLERS = 'the the the a of of in to for and and with from by over during after'.split(' ');

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A label of one to `max` words, capitalized ("Regional water supply"). */
export function label(rand: Rand, max = 3): string {
  const n = between(rand, 1, max);
  const ws = Array.from({ length: n }, (_, i) => (i < n - 1 && chance(rand, 0.5) ? pick(rand, ADJECTIVES) : pick(rand, NOUNS)));
  return capitalize(ws.join(' '));
}

/** A sentence of roughly `words` words ending in a full stop. */
export function sentence(rand: Rand, words = between(rand, 8, 18)): string {
  const out: string[] = [];
  while (out.length < words) {
    const r = rand();
    out.push(r < 0.35 ? pick(rand, NOUNS) : r < 0.55 ? pick(rand, ADJECTIVES) : r < 0.65 ? pick(rand, VERBS) : pick(rand, FILLERS));
  }
  if (chance(rand, 0.3)) out.splice(between(rand, 2, out.length - 2), 0, `${between(rand, 2, 95)}${chance(rand, 0.5) ? '%' : ''}`);
  return `${capitalize(out.join(' '))}.`;
}

export function paragraphWords(rand: Rand, sentences: number): string[] {
  return Array.from({ length: sentences }, () => sentence(rand))
    .join(' ')
    .split(' ');
}

const advanceCache = new Map<string, number>();

/** Width of `text` set in the family's regular or bold font at `size`, from the font's glyph advances. */
export function textWidth(text: string, size: number, family: FontFamily = 'helvetica', bold = false): number {
  const name = FAMILY_FONTS[family][bold ? 1 : 0];
  let em = 0;
  for (const ch of text) {
    const key = `${name}\u0000${ch}`;
    let adv = advanceCache.get(key);
    if (adv === undefined) {
      const font = fontNamed(name);
      adv = font.advanceGlyph(font.encodeCharacter(ch));
      advanceCache.set(key, adv);
    }
    em += adv;
  }
  return em * size;
}

const fonts = new Map<string, mupdf.Font>();
function fontNamed(name: string): mupdf.Font {
  let font = fonts.get(name);
  if (!font) fonts.set(name, (font = new mupdf.Font(name)));
  return font;
}

const r1 = (x: number) => Math.round(x * 100) / 100;

/** One run of text at (x, y). */
export const textOp = (x: number, y: number, text: string, size: number, bold = false): string =>
  `BT /${bold ? 'F2' : 'F1'} ${r1(size)} Tf ${r1(x)} ${r1(y)} Td (${pdfText(text)}) Tj ET`;

/** A text run whose right edge is at `right`. */
export const textRightOp = (right: number, y: number, text: string, size: number, family: FontFamily, bold = false): string =>
  textOp(right - textWidth(text, size, family, bold), y, text, size, bold);

/** A row of a label-and-figures table: the first cell set left at `left`, cell c right-aligned at `rights[c]`; empty cells draw nothing. */
export const labelRowOps = (
  cells: readonly string[],
  left: number,
  rights: readonly number[],
  y: number,
  size: number,
  bold = false,
): string[] =>
  cells.flatMap((text, c) =>
    !text ? [] : [c === 0 ? textOp(left, y, text, size, bold) : textRightOp(rights[c], y, text, size, 'helvetica', bold)],
  );

export const hRuleOp = (x0: number, x1: number, y: number, width = 0.5): string => `${width} w ${r1(x0)} ${r1(y)} m ${r1(x1)} ${r1(y)} l S`;
export const vRuleOp = (x: number, y0: number, y1: number, width = 0.5): string => `${width} w ${r1(x)} ${r1(y0)} m ${r1(x)} ${r1(y1)} l S`;
export const fillOp = (x: number, y: number, w: number, h: number, gray: number): string =>
  `${gray} g ${r1(x)} ${r1(y)} ${r1(w)} ${r1(h)} re f 0 g`;

/** Words broken into lines no wider than `width` (a word longer than the width gets a line of its own). */
export function wrap(words: string[], width: number, size: number, family: FontFamily, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && textWidth(next, size, family, bold) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A paragraph set between x0 and x1 from `top` down (baseline of the first line at `top`): justified lines
 * stretch their word gaps with the word-spacing operator, the last line stays ragged. Returns the operators and
 * the baseline below the paragraph's last line.
 */
export function paragraphOps(
  words: string[],
  x0: number,
  x1: number,
  top: number,
  size: number,
  family: FontFamily,
  justify: boolean,
  leading = size * 1.25,
): { ops: string[]; bottom: number } {
  const lines = wrap(words, x1 - x0, size, family);
  const ops = lines.map((line, i) => {
    const y = top - i * leading;
    const gaps = line.split(' ').length - 1;
    if (!justify || i === lines.length - 1 || gaps === 0) return textOp(x0, y, line, size);
    const spare = (x1 - x0 - textWidth(line, size, family)) / gaps;
    return `BT ${r1(spare)} Tw /F1 ${r1(size)} Tf ${r1(x0)} ${r1(y)} Td (${pdfText(line)}) Tj 0 Tw ET`;
  });
  return { ops, bottom: top - (lines.length - 1) * leading };
}

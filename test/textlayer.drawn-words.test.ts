/**
 * Lines whose words are drawn one text operation each, as word processors write them.
 * - Slanted text: producers that fake an italic face a font lacks (common with Arabic and Persian fonts) draw
 *   upright glyphs through a sheared text matrix; every glyph's quad is then a parallelogram whose corners reach
 *   past the gap to the next word, so the gaps must be measured at half the glyphs' height.
 * - Right-to-left words drawn left to right: mupdf puts each drawn piece in reading order, not the pieces among
 *   themselves, so reading order comes from where each piece stands.
 */
import { describe, expect, it } from 'vitest';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { helveticaWidth } from './helpers/textlayer-pdfs.ts';
import { mappedFont, PdfBuilder, pdfText } from './helpers/pdf.ts';

const SIZE = 12;
/** Horizontal shear of the text matrix: a 17° slant, in the range producers use for a synthetic oblique. */
const SHEAR = 0.3;
/** Between words: a fifth of the text size, narrower than the slant reaches (SHEAR of the glyph height). */
const GAP = 0.2 * SIZE;

/**
 * Words drawn one by one in one text object (no space characters), left to right from `left`, or right to left
 * from `right`: each word is its own show-text operation, placed with a move from the previous one.
 */
function wordOps(words: string[], y: number, shear: number, place: { left: number } | { right: number }, font = 'F1'): string {
  const ops: string[] = [`BT /${font} ${SIZE} Tf`];
  let x = 'left' in place ? place.left : place.right;
  let previous: number | null = null;
  for (const word of words) {
    const width = helveticaWidth(word, SIZE);
    const at = 'left' in place ? x : x - width;
    ops.push(previous === null ? `1 0 ${shear} 1 ${at.toFixed(2)} ${y} Tm` : `${(at - previous).toFixed(2)} 0 Td`);
    ops.push(`(${pdfText(word)}) Tj`);
    previous = at;
    x = 'left' in place ? x + width + GAP : x - width - GAP;
  }
  return [...ops, 'ET'].join('\n');
}

const LATIN = ['Quarterly', 'figures', 'were', 'restated', 'twice'];
/** Right-to-left letters (read through a ToUnicode map over Latin glyphs), in logical order. */
const HEBREW_LETTERS = 'אבגדהוזחטיכלמנסעפצקרשת';
const HEBREW = ['אבג', 'דהוז', 'חטי', 'כלמנ'];

describe('word breaks in slanted (synthetic oblique) text', () => {
  it('splits a slanted line at gaps narrower than its slant, as it splits the same line upright', () => {
    const builder = new PdfBuilder();
    builder.page({ stream: [wordOps(LATIN, 700, SHEAR, { left: 72 }), wordOps(LATIN, 650, 0, { left: 72 })].join('\n') });
    const [page] = extractDocumentPages(builder.bytes());
    const lines = page.lines.map((l) => l.words.map((w) => w.text));
    expect(lines).toEqual([LATIN, LATIN]);
  });

  it('splits a slanted right-to-left line into its words in reading order', () => {
    const builder = new PdfBuilder();
    const hebrew = mappedFont(builder.doc, HEBREW_LETTERS);
    // Drawn right to left: each word's glyphs are stored in visual order (the text layer reverses them).
    const visual = HEBREW.map((word) => hebrew.encode([...word].reverse().join('')));
    builder.page({ stream: wordOps(visual, 700, SHEAR, { right: 540 }, 'H1'), extraFonts: { H1: hebrew.font } });
    const [page] = extractDocumentPages(builder.bytes());
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0].dir).toBe('rtl');
    expect(page.lines[0].words.map((w) => w.text)).toEqual(HEBREW);
  });
});

/**
 * The words of a Hebrew line drawn from left to right (glyph strings as drawn, the last word in reading order
 * first), each a piece of its own: a separate text object after a space glyph, as word processors write
 * justified lines. mupdf keeps such pieces in drawing order. Returns the page's words, line by line.
 */
function readPiecesDrawnLeftToRight(encodePieces: (encode: (text: string) => string) => string[]): string[][] {
  const builder = new PdfBuilder();
  const hebrew = mappedFont(builder.doc, HEBREW_LETTERS);
  const ops: string[] = [];
  let x = 72;
  for (const piece of encodePieces(hebrew.encode)) {
    const width = helveticaWidth(piece, SIZE);
    ops.push(`BT /H1 ${SIZE} Tf ${(x + width).toFixed(2)} 700 Td ( ) Tj ET`);
    ops.push(`BT /H1 ${SIZE} Tf ${x.toFixed(2)} 700 Td (${pdfText(piece)}) Tj ET`);
    x += width + GAP;
  }
  builder.page({ stream: ops.join('\n'), extraFonts: { H1: hebrew.font } });
  const [page] = extractDocumentPages(builder.bytes());
  return page.lines.map((l) => l.words.map((w) => w.text));
}

/** A logical word's glyphs as drawn from left to right. */
const drawn = (encode: (text: string) => string, word: string) => encode([...word].reverse().join(''));

describe('right-to-left words drawn from left to right', () => {
  it('reads them right to left when each word is drawn after a space glyph of its own', () => {
    // The second word ends (at its left) in a narrow glyph, so its first letter stands less than a gap-sized step
    // from the word drawn before it.
    const words = ['אט', 'ב'];
    expect(readPiecesDrawnLeftToRight((encode) => [...words].reverse().map((w) => drawn(encode, w)))).toEqual([words]);
  });

  it('reads a colon after the word it ends when the piece was drawn colon first', () => {
    // Logical "אבגד הט:": the last piece is drawn colon first, then its letters (the narrow one at its left).
    const read = readPiecesDrawnLeftToRight((encode) => [`:${drawn(encode, 'הט')}`, drawn(encode, 'אבגד')]);
    expect(read).toEqual([['אבגד', 'הט:']]);
  });
});

describe('a space glyph as wide as a word', () => {
  it('breaks no word where its middle falls inside one', () => {
    const builder = new PdfBuilder();
    const [left, right] = ['Quarter', 'ly'];
    const x = 72;
    const junction = x + helveticaWidth(left, SIZE);
    // A space stretched to about two text sizes (horizontal scaling), its middle on the junction of two letters:
    // how mupdf spans a space between glyphs drawn out of order.
    const spaceWidth = helveticaWidth(' ', SIZE) * 8;
    const ops = [
      `BT /F1 ${SIZE} Tf ${x} 700 Td (${left}${right} figures) Tj ET`,
      `BT /F1 ${SIZE} Tf 800 Tz ${(junction - spaceWidth / 2).toFixed(2)} 700 Td ( ) Tj ET`,
    ];
    builder.page({ stream: ops.join('\n') });
    const [page] = extractDocumentPages(builder.bytes());
    expect(page.lines.map((l) => l.words.map((w) => w.text))).toEqual([['Quarterly', 'figures']]);
  });
});

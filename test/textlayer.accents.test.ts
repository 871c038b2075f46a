/**
 * Accents drawn as glyphs of their own (as TeX's \accent does): the spacing accent is placed over its letter
 * with kerning, drawn before or after the letter. The text layer must give composed letters (NFC) in the line
 * and word text, whichever order the glyphs were drawn in.
 */
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { combiningMarkOf, composeAccents, composeQuotes } from '../src/pipeline/textlayer/accents.ts';

const LETTER: mupdf.Rect = [0, 0, 612, 792];

/**
 * Helvetica widths (1/1000 em): a 556, acute 333, u 556, dieresis 333. A TJ number moves left by that much, so
 * `(a) 444 (\264) -111` draws the acute centred over the "a" after it and `-112 (\264) 445 (a)` before it.
 */
const CONTENT = [
  'BT /F1 24 Tf 72 700 Td [(Ja) 444 (\\264) -111 (n Min) -112 (\\264) 445 (ac)] TJ ET', // accent after / before its letter
  'BT /F1 24 Tf 72 640 Td [(Mu) 444 (\\250) -111 (ller) ] TJ ET',
  'BT /F1 24 Tf 72 580 Td [(acute \\264 alone)] TJ ET', // an accent with no letter under it stays as printed
].join('\n');

function makeAccentPdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  doc.insertPage(-1, doc.addPage(LETTER, 0, doc.addObject({ Font: { F1: font } }), CONTENT));
  const bytes = Buffer.from(doc.saveToBuffer('').asUint8Array());
  doc.destroy();
  return bytes;
}

describe('accent glyphs in the text layer', () => {
  let page: ModelPage;
  beforeAll(() => {
    page = extractDocumentPages(makeAccentPdf())[0];
  });

  it('composes an accent drawn after or before its letter into one NFC letter', () => {
    const texts = page.lines.map((l) => l.text);
    expect(texts).toContain('Ján Minác');
    expect(texts).toContain('Müller');
    const line = page.lines.find((l) => l.text.startsWith('Ján'))!;
    expect(line.words.map((w) => w.text)).toEqual(['Ján', 'Minác']);
    expect(line.text).toBe(line.text.normalize('NFC'));
  });

  it('keeps an accent that stands apart from any letter', () => {
    expect(page.lines.map((l) => l.text)).toContain('acute ´ alone');
  });
});

describe('combiningMarkOf / composeAccents', () => {
  it('maps spacing accents and combining marks, and nothing else', () => {
    expect(combiningMarkOf('\u00b4')).toBe('\u0301');
    expect(combiningMarkOf('\u02c7')).toBe('\u030c');
    expect(combiningMarkOf('\u0308')).toBe('\u0308');
    expect(combiningMarkOf('a')).toBeNull();
    expect(combiningMarkOf("'")).toBeNull();
  });

  const glyph = (text: string, lo: number, hi: number) =>
    ({ text, lo, hi, box: [lo, 0, hi, 10], size: 10, space: false }) as Parameters<typeof composeAccents>[0][number];

  it('joins a caron after its letter by position', () => {
    const chars = [glyph('a', 0, 5), glyph('c', 5, 10), glyph('\u02c7', 6, 9)];
    expect(
      composeAccents(chars)
        .map((c) => c.text)
        .join(''),
    ).toBe('ač');
  });

  it('reads two tight single quotes as a double quote, but not two apart', () => {
    const tight = [glyph('\u2018', 0, 3), glyph('\u2018', 3, 6), glyph('a', 6, 11), glyph('\u2019', 11, 14), glyph('\u2019', 14, 17)];
    const merged = composeQuotes(tight);
    expect(merged.map((c) => c.text).join('')).toBe('\u201ca\u201d');
    expect([merged[0].lo, merged[0].hi]).toEqual([0, 6]);
    const apart = [glyph('\u2019', 0, 3), glyph('\u2019', 8, 11)];
    expect(
      composeQuotes(apart)
        .map((c) => c.text)
        .join(''),
    ).toBe('\u2019\u2019');
  });
});

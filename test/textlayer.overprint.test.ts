import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { Fragment, RawChar } from '../src/pipeline/textlayer/chars.ts';
import { documentPages } from '../src/pipeline/textlayer/mod.ts';
import { OVERPRINT_EM, withoutOverprint } from '../src/pipeline/textlayer/overprint.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';

/**
 * Overprinted ("fake bold") text drawn on a generated page: the same string painted twice a fraction of a point
 * apart, once run by run and once glyph by glyph, reads once; doubled letters of ordinary words stay doubled.
 */

const run = (x: number, y: number, text: string, size = 12) => `BT /F2 ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`;

function lineTexts(bytes: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const [page] = [...documentPages(doc, 0, 1)];
    return page.lines.map((l) => l.text);
  } finally {
    doc.destroy();
  }
}

describe('overprinted text', () => {
  it('reads a heading painted twice 0.4 pt apart once', () => {
    const heading = 'ENFORCED FOR ALL';
    const lines = lineTexts(
      helveticaPdf([[run(72, 700, heading), run(72.4, 700, heading), run(72, 660, 'Bookkeeping follows the same rules.', 10)].join('\n')]),
    );
    expect(lines).toContain(heading);
    expect(lines).toContain('Bookkeeping follows the same rules.');
  });

  it('reads a word whose glyphs are each painted twice, one after the other, once', () => {
    // Glyph by glyph: E, E shifted, N, N shifted, ... (as some tools emit fake bold).
    const word = 'COMMITTEE';
    const ops: string[] = [];
    let x = 72;
    for (const ch of word) {
      ops.push(run(x, 700, ch), run(x + 0.3, 700.2, ch));
      x += ch === 'I' ? 3.4 : ch === 'M' ? 10 : 8.1;
    }
    const lines = lineTexts(helveticaPdf([ops.join('\n')]));
    expect(lines.join(' ').replace(/\s+/g, '')).toBe(word);
  });
});

describe('withoutOverprint', () => {
  const char = (text: string, ox: number, oy: number, size = 20): RawChar => ({
    text,
    box: [ox, oy - size, ox + size / 2, oy],
    lo: ox,
    hi: ox + size / 2,
    base: oy,
    ox,
    oy,
    size,
    face: {} as RawChar['face'],
    seq: 0,
    frag: 0,
    space: false,
    rtl: false,
    ltr: true,
    invisible: false,
  });
  const fragment = (chars: RawChar[]): Fragment => ({ index: 0, block: 0, dx: 1, dy: 0, rotation: 0, wmode: 0, chars });
  const reach = 20 * OVERPRINT_EM;

  it('drops a repeat on whichever side of a grid cell it lands, in both directions', () => {
    // Origins just either side of multiples of the cell width (twice the reach), shifted by 0.9 reach each way.
    for (const base of [4 * reach - 0.01, 4 * reach + 0.01, 5 * reach, -4 * reach + 0.01]) {
      for (const [sx, sy] of [
        [0.9, 0],
        [-0.9, 0],
        [0, 0.9],
        [0, -0.9],
        [0.9, -0.9],
        [-0.9, 0.9],
      ]) {
        const kept = withoutOverprint([fragment([char('A', base, base), char('A', base + sx * reach, base + sy * reach)])]);
        expect(kept[0].chars, `at ${base} shifted ${sx},${sy}`).toHaveLength(1);
      }
    }
  });

  it('keeps characters a reach or more apart, of other text, or of another size', () => {
    const kept = withoutOverprint([
      fragment([
        char('A', 100, 100),
        char('A', 100 + reach, 100),
        char('B', 100.1, 100),
        char('A', 100.1, 100, 22),
        char('A', 100, 100 - 1.01 * reach),
      ]),
    ]);
    expect(kept[0].chars).toHaveLength(5);
  });

  it('compares exactly when far-apart cells share a table slot, and finds repeats among many characters', () => {
    // Cells are keyed by their coordinates truncated to 32 bits: 2^32 cells further right is the same key.
    const far = 2 ** 32 * 2 * reach;
    const line = Array.from({ length: 400 }, (_, i) => char(String.fromCharCode(65 + (i % 26)), 30 + i * 11, 100));
    const kept = withoutOverprint([
      fragment([char('A', 100, 100), char('A', 100 + far, 100), char('A', 100 + far + 0.5 * reach, 100)]),
      fragment([...line, ...line.map((c) => char(c.text, c.ox + 0.5 * reach, c.oy + 0.3 * reach))]),
    ]);
    expect(kept[0].chars.map((c) => c.ox)).toEqual([100, 100 + far]);
    expect(kept[1].chars).toHaveLength(400);
  });

  /** A ligature's further letter: no width of its own, at the glyph's origin. */
  const ligaturePart = (text: string, ox: number, oy: number, size = 20): RawChar => ({ ...char(text, ox, oy, size), hi: ox });

  it("keeps a ligature's zero-width letter whose origin falls on the same letter before it (Arabic lam-alef)", () => {
    // Persian "بالا": beh, alef, then the lam-alef glyph whose alef mupdf gives no width, at the first alef's origin.
    const kept = withoutOverprint([fragment([char('ب', 120, 100), char('ا', 110, 100), ligaturePart('ا', 110, 100), char('ل', 100, 100)])]);
    expect(kept[0].chars.map((c) => c.text).join('')).toBe('باال');
  });

  it("drops a ligature's zero-width letter with the overprinted glyph it belongs to", () => {
    const kept = withoutOverprint([
      fragment([char('f', 100, 100), ligaturePart('i', 110, 100), char('f', 100.3, 100), ligaturePart('i', 110.3, 100)]),
    ]);
    expect(kept[0].chars.map((c) => c.text).join('')).toBe('fi');
  });
});

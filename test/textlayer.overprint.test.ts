import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { documentPages } from '../src/pipeline/textlayer/mod.ts';
import { helveticaPdf } from './helpers/layout-pdfs.ts';

/**
 * Overprinted ("fake bold") text drawn on a generated page: the same string painted twice a fraction of a point
 * apart, once run by run and once glyph by glyph, reads once; doubled letters of ordinary words stay doubled.
 */

const esc = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
const run = (x: number, y: number, text: string, size = 12) => `BT /F2 ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`;

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
    const lines = lineTexts(helveticaPdf([[run(72, 700, heading), run(72.4, 700, heading), run(72, 660, 'Bookkeeping follows the same rules.', 10)].join('\n')]));
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

/**
 * The shared test-PDF builder (test/helpers/pdf.ts): what it writes must read back as the text it was given,
 * WinAnsi characters and PDF string delimiters included, on the page sizes and fonts asked for.
 */
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { A4, pdfOf, pdfText, textRun } from './helpers/pdf.ts';

function readBack(pdf: Buffer): { text: string; size: number[]; fonts: string[] }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const page = doc.loadPage(i);
      const fonts = new Set<string>();
      const text = page.toStructuredText('preserve-whitespace');
      text.walk({ onChar: (_c, _origin, font) => fonts.add(font.getName()) });
      const [x0, y0, x1, y1] = page.getBounds();
      return { text: text.asText().trim(), size: [x1 - x0, y1 - y0], fonts: [...fonts].sort() };
    });
  } finally {
    doc.destroy();
  }
}

describe('the test-PDF builder', () => {
  it('escapes the string delimiters and writes WinAnsi characters as octal codes', () => {
    expect(pdfText('a (b) \\ c')).toBe('a \\(b\\) \\\\ c');
    expect(pdfText('€ • – ° ä')).toBe('\\200 \\225 \\226 \\260 \\344');
    expect(pdfText('Łódź')).toBe('Ł\\363dź');
  });

  it('draws text that reads back unchanged, delimiters and accents included', () => {
    const line = 'Total (net): 1.250,00 € • Müller – 20° \\ done';
    const [page] = readBack(pdfOf([textRun(72, 700, line)]));
    expect(page.text).toBe(line);
  });

  it('sets each page in its own size and font family, regular and bold', () => {
    const runs = `${textRun(72, 700, 'Regular words')}\n${textRun(72, 680, 'Bold words', 12, true)}`;
    const pages = readBack(pdfOf([runs, { stream: runs, size: A4, family: 'times' }]));
    expect(pages.map((p) => p.size)).toEqual([
      [612, 792],
      [595, 842],
    ]);
    expect(pages[0].fonts).toEqual(['Helvetica', 'Helvetica-Bold']);
    expect(pages[1].fonts).toEqual(['Times-Bold', 'Times-Roman']);
    expect(pages[1].text.split(/\n+/)).toEqual(['Regular words', 'Bold words']);
  });
});

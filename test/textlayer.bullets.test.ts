import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';

/**
 * Bullets drawn in a symbol font without a Unicode mapping (a Type3 glyph with a private name, as dingbat and
 * house fonts often are) read as "•" at the start of a line; the same unmapped glyph inside text stays U+FFFD.
 */

function pdfWithType3Glyph(stream: string): Buffer {
  const doc = new mupdf.PDFDocument();
  const helvetica = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const square = doc.addStream('1000 0 0 0 0 0 d1 250 250 m 750 250 l 750 750 l 250 750 l f', {});
  const symbol = doc.addObject({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, 0, 1000, 1000],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    FirstChar: 1,
    LastChar: 1,
    Widths: [1000],
    Encoding: { Type: 'Encoding', Differences: [1, doc.newName('g1')] },
    CharProcs: { g1: square },
    Resources: {},
  });
  const resources = doc.addObject({ Font: { F1: helvetica, F3: symbol } });
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, stream));
  const bytes = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return bytes;
}

const lineTexts = (bytes: Buffer): string[] => extractDocumentPages(bytes, 0, 1)[0].lines.map((l) => l.text);

const symbolThenText = (y: number, text: string) => `BT /F3 10 Tf 72 ${y} Td <01> Tj ET BT /F1 10 Tf 90 ${y} Td (${text}) Tj ET`;

describe('bullets in fonts without a Unicode mapping', () => {
  it('reads an unmapped symbol glyph that opens a line as a bullet', () => {
    const lines = lineTexts(
      pdfWithType3Glyph([symbolThenText(700, 'First item of the list'), symbolThenText(680, 'Second item of the list')].join('\n')),
    );
    expect(lines).toEqual(['• First item of the list', '• Second item of the list']);
  });

  it('leaves an unmapped glyph inside a line as it is', () => {
    const lines = lineTexts(
      pdfWithType3Glyph('BT /F1 10 Tf 72 700 Td (Price) Tj ET BT /F3 10 Tf 102 700 Td <01> Tj ET BT /F1 10 Tf 116 700 Td (per unit) Tj ET'),
    );
    expect(lines).toEqual(['Price \uFFFD per unit']);
  });
});

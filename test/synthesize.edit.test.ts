/**
 * Editing values in a real PDF invoice drawn with mupdf: the named value changes in place (same font, size,
 * baseline, alignment), everything else reads and renders as before.
 */
import { describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import { editPdf, textOfPages } from '../src/pipeline/synthesize/edit/mod.ts';
import { findText } from '../src/pipeline/synthesize/edit/find.ts';
import { readPageLines } from '../src/pipeline/synthesize/edit/stext.ts';
import type { EditChange } from '../src/pipeline/synthesize/types.ts';
import { pdfText } from './helpers/pdf.ts';

const helvetica = new mupdf.Font('Helvetica');
const widthOf = (text: string, size: number) =>
  [...text].reduce((sum, ch) => sum + helvetica.advanceGlyph(helvetica.encodeCharacter(ch)), 0) * size;

/** Right edges of the right-aligned columns (PDF points). */
const QTY_RIGHT = 330;
const AMOUNT_RIGHT = 520;

/**
 * A one-page invoice. `cid` draws it in Identity-H (Type0) fonts instead of WinAnsi simple fonts; `rotate` sets
 * the page's /Rotate.
 */
function drawInvoice(opts: { cid?: boolean; rotate?: 0 | 90 } = {}): { bytes: Uint8Array; imageObject: number } {
  const doc = new mupdf.PDFDocument();
  const boldFace = new mupdf.Font('Helvetica-Bold');
  const regular = opts.cid ? doc.addFont(helvetica) : doc.addSimpleFont(helvetica, 'Latin');
  const bold = opts.cid ? doc.addFont(boldFace) : doc.addSimpleFont(boldFace, 'Latin');
  const show = (face: mupdf.Font, s: string) =>
    opts.cid ? `<${[...s].map((c) => face.encodeCharacter(c.codePointAt(0)!).toString(16).padStart(4, '0')).join('')}>` : `(${pdfText(s)})`;
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 8, 8], false);
  pixmap.clear(180);
  const image = doc.addImage(new mupdf.Image(pixmap));
  const ops: string[] = ['q 60 0 0 30 470 770 cm /Im1 Do Q'];
  const left = (font: string, size: number, x: number, y: number, s: string) =>
    ops.push(`BT /${font} ${size} Tf 1 0 0 1 ${x} ${y} Tm ${show(font === 'F2' ? boldFace : helvetica, s)} Tj ET`);
  const right = (font: string, size: number, xRight: number, y: number, s: string) =>
    left(font, size, +(xRight - widthOf(s, size)).toFixed(3), y, s);
  left('F2', 18, 60, 780, 'INVOICE');
  left('F1', 10, 60, 740, 'Bill to: Acme Supplies GmbH');
  left('F1', 10, 60, 725, 'PO number: PO-2026-0142');
  left('F1', 10, 60, 710, 'Payment terms: net 10 days');
  left('F2', 10, 60, 670, 'Pos');
  left('F2', 10, 100, 670, 'Description');
  right('F2', 10, QTY_RIGHT, 670, 'Qty');
  right('F2', 10, 430, 670, 'Unit price');
  right('F2', 10, AMOUNT_RIGHT, 670, 'Amount');
  ops.push('0.4 0.4 0.4 RG 0.5 w 60 664 m 520 664 l S');
  const rows = [
    ['1', 'Bolts 10 mm', '5', '50.00', '250.00'],
    ['2', 'Nuts', '10', '100.00', '1,000.00'],
  ];
  rows.forEach((row, i) => {
    const y = 650 - 16 * i;
    left('F1', 10, 60, y, row[0]);
    left('F1', 10, 100, y, row[1]);
    right('F1', 10, QTY_RIGHT, y, row[2]);
    right('F1', 10, 430, y, row[3]);
    right('F1', 10, AMOUNT_RIGHT, y, row[4]);
  });
  ops.push('60 610 m 520 610 l S');
  right('F2', 10, 430, 595, 'Total');
  right('F2', 10, AMOUNT_RIGHT, 595, '1,250.00');
  ops.push('0.2 0.3 0.8 rg');
  left('F1', 9, 60, 560, 'Bank: Sparkasse Köln');
  const resources = doc.addObject({ Font: { F1: regular, F2: bold }, XObject: { Im1: image } });
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], opts.rotate ?? 0, resources, ops.join('\n')));
  const bytes = doc.saveToBuffer('').asUint8Array().slice();
  return { bytes, imageObject: image.asIndirect() };
}

/** Images and vector paths as mupdf sees them on page 0. */
function graphicsCount(bytes: Uint8Array): { images: number; vectors: number } {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  let images = 0;
  let vectors = 0;
  doc
    .loadPage(0)
    .toStructuredText('preserve-images,vectors')
    .walk({
      onImageBlock: () => void images++,
      onVector: () => void vectors++,
    });
  return { images, vectors };
}

function boxesOf(bytes: Uint8Array, text: string): [number, number, number, number][] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  return findText(0, readPageLines(doc.loadPage(0)), text).map((m) => m.box);
}

/** Page 0 rendered at 2 px per point (the API's page images), RGB. */
function render(bytes: Uint8Array): { pixels: Uint8ClampedArray; width: number; height: number } {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pixmap = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false);
  return { pixels: pixmap.getPixels().slice(), width: pixmap.getWidth(), height: pixmap.getHeight() };
}

/** Pixels that differ outside the given boxes (page-image pixels, grown by 2 px for anti-aliasing). */
function pixelsChangedOutside(before: Uint8Array, after: Uint8Array, boxes: number[][]): number {
  const a = render(before);
  const b = render(after);
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  const inside = (x: number, y: number) => boxes.some((r) => x >= r[0] - 2 && x <= r[2] + 2 && y >= r[1] - 2 && y <= r[3] + 2);
  let changed = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      if (inside(x, y)) continue;
      if (a.pixels[i] !== b.pixels[i] || a.pixels[i + 1] !== b.pixels[i + 1] || a.pixels[i + 2] !== b.pixels[i + 2]) changed++;
    }
  }
  return changed;
}

const overlaps = (a: number[], b: number[]) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** The checks every edit must pass; returns the old and new boxes (points) for alignment checks. */
function expectOnlyThisChanged(before: Uint8Array, change: EditChange, result: ReturnType<typeof editPdf>, editedLine: string) {
  expect(result.missing).toEqual([]);
  expect(result.applied).toHaveLength(1);
  const applied = result.applied[0];
  expect(applied.page_index).toBe(0);
  expect(applied.before).toBe(change.from);
  expect(applied.after).toBe(change.to);
  expect(applied.size).toBe(10);
  const oldBox = applied.bbox.map((v) => v / 2) as [number, number, number, number];
  // The new text is where the old one was, and the old one is gone from there.
  const newBoxes = boxesOf(result.bytes, change.to).filter((b) => overlaps(b, oldBox));
  expect(newBoxes).toHaveLength(1);
  expect(Math.abs(newBoxes[0][3] - oldBox[3])).toBeLessThan(0.5);
  expect(boxesOf(result.bytes, change.from).filter((b) => overlaps(b, oldBox))).toEqual([]);
  // Every other line reads exactly as before; the edited line reads with the new value.
  const oldLines = textOfPages(before)[0].split('\n');
  const newLines = textOfPages(result.bytes)[0].split('\n');
  expect(newLines).toHaveLength(oldLines.length);
  const changed = oldLines.flatMap((line, i) => (line === newLines[i] ? [] : [i]));
  expect(changed).toHaveLength(1);
  expect(newLines[changed[0]]).toBe(editedLine);
  expect(graphicsCount(result.bytes)).toEqual(graphicsCount(before));
  // Rendered, the page is identical everywhere but where the old and the new text are.
  expect(pixelsChangedOutside(before, result.bytes, [applied.bbox, newBoxes[0].map((v) => v * 2)])).toBe(0);
  return { oldBox, newBox: newBoxes[0], applied };
}

describe('editPdf', () => {
  const { bytes: invoice, imageObject } = drawInvoice();

  it('changes the quantity on line 2 only, next to the Qty column, keeping the right edge', () => {
    const change = { from: '10', to: '12', near: 'Qty' };
    const result = editPdf(invoice, [change]);
    const { oldBox, newBox, applied } = expectOnlyThisChanged(invoice, change, result, '2 Nuts 12 100.00 1,000.00');
    expect(applied.font).toBe('Helvetica');
    expect(Math.abs(newBox[2] - QTY_RIGHT)).toBeLessThan(0.5);
    expect(oldBox[1]).toBeGreaterThan(842 - 650); // below row 1: line 2
    const text = textOfPages(result.bytes)[0];
    expect(text).toContain('Bolts 10 mm');
    expect(text).toContain('net 10 days');
  });

  it('changes the PO number keeping its left edge, and saves incrementally', () => {
    const change = { from: 'PO-2026-0142', to: 'PO-2027-000981', near: 'PO number' };
    const result = editPdf(invoice, [change]);
    const { oldBox, newBox } = expectOnlyThisChanged(invoice, change, result, 'PO number: PO-2027-000981');
    expect(Math.abs(newBox[0] - oldBox[0])).toBeLessThan(0.5);
    // Incremental save: the original file is an unchanged prefix of the result, the image object untouched.
    expect(Buffer.from(result.bytes.subarray(0, invoice.length)).equals(Buffer.from(invoice))).toBe(true);
    const a = new mupdf.PDFDocument(invoice).newIndirect(imageObject).readRawStream().asUint8Array();
    const b = new mupdf.PDFDocument(result.bytes).newIndirect(imageObject).readRawStream().asUint8Array();
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });

  it('changes the total keeping the right edge within half a point, in the bold font', () => {
    const change = { from: '1,250.00', to: '11,500.00', near: 'Total' };
    const result = editPdf(invoice, [change]);
    const { oldBox, newBox, applied } = expectOnlyThisChanged(invoice, change, result, 'Total 11,500.00');
    expect(applied.font).toBe('Helvetica-Bold');
    expect(Math.abs(newBox[2] - oldBox[2])).toBeLessThan(0.5);
    expect(Math.abs(newBox[2] - AMOUNT_RIGHT)).toBeLessThan(0.5);
    expect(newBox[0]).toBeLessThan(oldBox[0] - 3); // grew to the left
  });

  it('reuses the WinAnsi font for ü and €, and embeds a substitute for characters it cannot encode', () => {
    const winAnsi = { from: 'Acme Supplies GmbH', to: 'Müller-Lüdenscheid €' };
    const reused = editPdf(invoice, [winAnsi]);
    expectOnlyThisChanged(invoice, winAnsi, reused, 'Bill to: Müller-Lüdenscheid €');
    expect(reused.applied[0].font).toBe('Helvetica');

    const polish = { from: 'Acme Supplies GmbH', to: 'Łódź Spółka – Müller €' };
    const result = editPdf(invoice, [polish]);
    const { applied } = expectOnlyThisChanged(invoice, polish, result, 'Bill to: Łódź Spółka – Müller €');
    expect(applied.font).toBe('Helvetica (embedded substitute)');
    // The page now lists an embedded Type0 font next to the original simple ones.
    const page = new mupdf.PDFDocument(result.bytes).loadPage(0) as mupdf.PDFPage;
    const kinds: string[] = [];
    page
      .getObject()
      .get('Resources')
      .get('Font')
      .forEach((font) => {
        const dict = font.resolve();
        const descendants = dict.get('DescendantFonts');
        const descriptor = descendants.isArray() ? descendants.get(0).get('FontDescriptor') : undefined;
        const embedded =
          descriptor !== undefined &&
          !(descriptor.get('FontFile2').isNull() && descriptor.get('FontFile').isNull() && descriptor.get('FontFile3').isNull());
        kinds.push(`${dict.get('Subtype').asName()}${embedded ? ':embedded' : ''}`);
      });
    expect(kinds.sort()).toEqual(['Type0:embedded', 'Type1', 'Type1']);
  });

  it('applies several changes at once and keeps the text colour', () => {
    const result = editPdf(invoice, [
      { from: '5', to: '7', near: 'Qty' },
      { from: 'Sparkasse', to: 'Volksbank', near: 'Bank' },
    ]);
    expect(result.missing).toEqual([]);
    expect(result.applied.map((a) => a.after)).toEqual(['7', 'Volksbank']);
    const lines = textOfPages(result.bytes)[0].split('\n');
    expect(lines).toContain('1 Bolts 10 mm 7 50.00 250.00');
    expect(lines).toContain('Bank: Volksbank Köln');
    const doc = mupdf.Document.openDocument(result.bytes, 'application/pdf');
    const colours: number[][] = [];
    doc
      .loadPage(0)
      .toStructuredText('')
      .walk({ onChar: (c, _o, _f, _s, _q, color) => void (c === 'V' && colours.push([...color])) });
    // The black V of INVOICE, then the re-set blue V of Volksbank.
    expect(colours.map((rgb) => rgb.map((v) => Math.round(v * 10) / 10))).toEqual([
      [0, 0, 0],
      [0.2, 0.3, 0.8],
    ]);
  });

  it('reports text that is not on the page as missing and changes nothing', () => {
    const change = { from: 'INV-404', to: 'INV-405' };
    const result = editPdf(invoice, [change]);
    expect(result.missing).toEqual([change]);
    expect(result.applied).toEqual([]);
    expect(Buffer.from(result.bytes).equals(Buffer.from(invoice))).toBe(true);
    expect(editPdf(invoice, [{ from: '10', to: '11', page: 3 }]).missing).toHaveLength(1);
  });

  it('replaces every occurrence with all', () => {
    const result = editPdf(invoice, [{ from: '10', to: '20', all: true }]);
    expect(result.applied).toHaveLength(3);
    const text = textOfPages(result.bytes)[0];
    expect(text).toContain('Bolts 20 mm');
    expect(text).toContain('net 20 days');
    expect(text).toContain('2 Nuts 20 100.00');
  });

  it('rewrites without the old revision when not incremental', () => {
    const change = { from: 'PO-2026-0142', to: 'PO-2026-0143', near: 'PO number' };
    const result = editPdf(invoice, [change], { incremental: false });
    expectOnlyThisChanged(invoice, change, result, 'PO number: PO-2026-0143');
    expect(Buffer.from(result.bytes).toString('latin1')).not.toContain('0142');
    expect(Buffer.from(editPdf(invoice, [change]).bytes).toString('latin1')).toContain('0142');
  });

  it('reuses an Identity-H (Type0) font of the page', () => {
    const { bytes } = drawInvoice({ cid: true });
    const change = { from: '1,250.00', to: '9,876.54', near: 'Total' };
    const result = editPdf(bytes, [change]);
    const { oldBox, newBox, applied } = expectOnlyThisChanged(bytes, change, result, 'Total 9,876.54');
    expect(applied.font).toBe('Helvetica-Bold');
    expect(Math.abs(newBox[2] - oldBox[2])).toBeLessThan(0.5);
    const fonts: string[] = [];
    new mupdf.PDFDocument(result.bytes)
      .loadPage(0)
      .getObject()
      .get('Resources')
      .get('Font')
      .forEach((_f, key) => fonts.push(String(key)));
    expect(fonts.sort()).toEqual(['F1', 'F2']);
  });

  it('edits a rotated page in place, keeping the right edge of numbers', () => {
    const { bytes } = drawInvoice({ rotate: 90 });
    const change = { from: '1,250.00', to: '11,500.00', near: 'Total' };
    const result = editPdf(bytes, [change]);
    const { oldBox, newBox } = expectOnlyThisChanged(bytes, change, result, 'Total 11,500.00');
    // Rotated 90° clockwise, the writing direction runs down the page image: the "right" edge is the bottom.
    expect(Math.abs(newBox[3] - oldBox[3])).toBeLessThan(0.5);
    expect(newBox[1]).toBeLessThan(oldBox[1] - 3);
  });
});

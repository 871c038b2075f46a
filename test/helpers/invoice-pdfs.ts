import * as mupdf from 'mupdf';
import { helveticaPdf } from './pdf.ts';

/**
 * A one-page invoice drawn with mupdf (Helvetica) for the extraction suites, and where mupdf itself prints a string
 * on a page, in page-image pixels (2 px per point), to check that grounding boxes hold the value's characters.
 */

export type Box = [number, number, number, number];

export const LINES = [
  ['Paper towels (case)', '4', '12.50', '50.00'],
  ['Hand soap (litre)', '10', '3.20', '32.00'],
  ['Printer paper A4', '5', '4.00', '20.00'],
];

/** A one-page invoice: labelled header values, a ruled line-item table, then subtotal, VAT and total. */
export function invoicePdf(total = '122.40'): Buffer {
  const text = (x: number, y: number, s: string, font = 'F1', size = 10) =>
    `BT /${font} ${size} Tf ${x} ${y} Td (${s.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
  const ops = [
    text(72, 740, 'Northwind Traders Ltd', 'F2', 14),
    text(72, 722, '12 Harbour Road, Bristol BS1 4QA'),
    text(72, 690, 'INVOICE', 'F2', 20),
    text(72, 660, 'Invoice Number:'),
    text(180, 660, 'INV-2024-0417'),
    text(72, 644, 'Invoice Date:'),
    text(180, 644, '15/03/2024'),
    text(72, 628, 'Bill To:'),
    text(180, 628, 'Contoso Pharmacy, 4 Mill Lane, Leeds'),
  ];
  const cols = [72, 292, 362, 452, 540];
  const top = 590;
  const h = 20;
  const rows = [['Description', 'Qty', 'Unit price', 'Amount'], ...LINES];
  ops.push('0.8 w');
  for (let r = 0; r <= rows.length; r++) ops.push(`${cols[0]} ${top - r * h} m ${cols[4]} ${top - r * h} l S`);
  for (const x of cols) ops.push(`${x} ${top} m ${x} ${top - rows.length * h} l S`);
  rows.forEach((row, r) => row.forEach((cell, c) => ops.push(text(cols[c] + 6, top - r * h - 14, cell, r === 0 ? 'F2' : 'F1'))));
  const below = top - rows.length * h - 24;
  ops.push(text(362, below, 'Subtotal'), text(470, below, '102.00'));
  ops.push(text(362, below - 16, 'VAT 20%'), text(470, below - 16, '20.40'));
  ops.push(text(362, below - 32, 'Total amount due', 'F2'), text(470, below - 32, total, 'F2'));
  ops.push(text(72, below - 70, 'Payment due within 30 days. Bank transfer to IBAN GB29 NWBK 6016 1331 9268 19.'));
  return helveticaPdf([ops.join('\n')]);
}

/** The box (page-image pixels, 2 px per point) of the characters of `needle` where mupdf reads it on a page. */
export function charBox(pdf: Buffer, pageIndex: number, needle: string): Box {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const lines: { text: string; quads: number[][] }[] = [];
    doc
      .loadPage(pageIndex)
      .toStructuredText('preserve-whitespace')
      .walk({
        beginLine: () => lines.push({ text: '', quads: [] }),
        onChar: (c, _origin, _font, _size, quad) => {
          const line = lines[lines.length - 1];
          line.text += c;
          line.quads.push(...Array.from(c, () => quad as unknown as number[]));
        },
      });
    for (const line of lines) {
      const at = line.text.indexOf(needle);
      if (at < 0) continue;
      const quads = line.quads.slice(at, at + needle.length);
      const xs = quads.flatMap((q) => [q[0], q[2], q[4], q[6]]);
      const ys = quads.flatMap((q) => [q[1], q[3], q[5], q[7]]);
      return [Math.min(...xs) * 2, Math.min(...ys) * 2, Math.max(...xs) * 2, Math.max(...ys) * 2];
    }
    throw new Error(`"${needle}" is not on page ${pageIndex}`);
  } finally {
    doc.destroy();
  }
}

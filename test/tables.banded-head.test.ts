import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { fillOp, labelRowOps, textOp } from './helpers/synth-text.ts';
import { detect, policies } from './helpers/table-detect.ts';

/**
 * A zebra table whose head sits on a shaded band, its figure columns' heads wrapped over three lines and wider
 * than the figures under them (right-aligned, reaching into the gutter), and whose first rows are group labels
 * with no figures: the banded head, the label rows and the figures are one table.
 */

const HEAD = [
  ['Route', '', ''],
  ['', 'Freight', 'Harbour'],
  ['', 'charges per tonne', 'dues collected'],
  ['', 'in dollars', 'this year'],
];
const LABELS = ['Inland routes', 'Coastal'];
const BODY = [
  ['North line', '305', '870'],
  ['East line transfer', '239', '737'],
  ['Western spur', '473', '80.774'],
];
const LEFT = 72;
const RIGHTS = [0, 280, 380];
const WIDTH = 320;
const PITCH = 16;
const SIZE = 10;

function bandedHeadPdf(): Buffer {
  const ops: string[] = [textOp(LEFT, 740, 'Table 4. Port charges by route', SIZE, true)];
  let y = 718;
  // The shaded band behind the head's lines, then zebra stripes behind every other row.
  ops.push(fillOp(LEFT - 4, y - (HEAD.length - 1) * 12 - 5, WIDTH, (HEAD.length - 1) * 12 + 17, 0.85));
  HEAD.forEach((row, r) => ops.push(...labelRowOps(row, LEFT, RIGHTS, y - r * 12, SIZE, true)));
  y -= HEAD.length * 12 + 12;
  const rows = [...LABELS.map((l) => [l, '', '']), ...BODY];
  rows.forEach((row, r) => {
    const rowY = y - r * PITCH;
    if (r % 2 === 0) ops.push(fillOp(LEFT - 4, rowY - 4, WIDTH, PITCH, 0.93));
    ops.push(...labelRowOps(row, LEFT, RIGHTS, rowY, SIZE));
  });
  ops.push(textOp(LEFT, y - rows.length * PITCH - 20, 'Charges are set each year by the harbour board and apply from April.', SIZE));
  return pdfOf([ops.join('\n')]);
}

describe('a zebra table with a banded head and group-label rows first', () => {
  it.each(policies)('is one table from its head to its last figures (%s)', (policy) => {
    const tables = detect(bandedHeadPdf(), policy);
    expect(tables).toHaveLength(1);
    const texts = tables[0].cells.map((c) => c.text).join(' ');
    for (const word of ['Route', 'Freight', 'Harbour', ...LABELS, 'North line', 'Western spur', '80.774']) expect(texts).toContain(word);
    const rowOf = (text: string) => tables[0].cells.find((c) => c.text === text)?.row ?? -1;
    // The labels are rows of their own between the head and the figures, each figure in the column of its head.
    expect(rowOf('Inland routes')).toBeLessThan(rowOf('Coastal'));
    expect(rowOf('Coastal')).toBeLessThan(rowOf('North line'));
    const colOf = (text: string) => tables[0].cells.find((c) => c.text.includes(text))?.col ?? -1;
    expect(colOf('305')).toBe(colOf('Freight'));
    expect(colOf('870')).toBe(colOf('Harbour'));
  });
});

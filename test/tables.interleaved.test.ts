import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { paragraphOps, textOp, textRightOp } from './helpers/synth-text.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';

/**
 * Two unruled tables side by side in different type sizes: their rows are set at different pitches, so most
 * lines of one have no line of the other level with them, and the page's text rows interleave the two. Each is a
 * table of its own, whole, with the left one's notes paragraph (set wider than the table) in neither.
 */

const LEFT = [
  ['Harbour works', '1,204', '310'],
  ['Market hall', '988', '227'],
  ['Estate roads', '514', '96'],
  ['Fleet depot', '1,630', '402'],
  ['Mill race', '220', '41'],
  ['Quarry gate', '77', '12'],
];
const RIGHT = [
  ['Import duties', '2,310'],
  ['Export levies', '1,007'],
  ['Transfers', '452'],
  ['Reserve funds', '91'],
  ['Grants', '530'],
  ['Rents', '241'],
  ['Wages', '1,702'],
  ['Other items', '39'],
  ['Licences', '118'],
];
const NOTES =
  'Note: the works were costed at the prices of the year they were let, and the depot includes its yard and the ' +
  'slipway that serves it.';

function interleavedTablesPdf(): Buffer {
  const ops: string[] = [];
  LEFT.forEach((row, r) => {
    const y = 700 - r * 19;
    ops.push(textOp(72, y, row[0], 10), textRightOp(230, y, row[1], 10, 'helvetica'), textRightOp(280, y, row[2], 10, 'helvetica'));
  });
  RIGHT.forEach((row, r) => {
    const y = 701 - r * 12.5;
    ops.push(textOp(340, y, row[0], 8), textRightOp(470, y, row[1], 8, 'helvetica'));
  });
  ops.push(...paragraphOps(NOTES.split(' '), 72, 300, 700 - LEFT.length * 19 - 8, 8, 'helvetica', false, 10).ops);
  return pdfOf([ops.join('\n')]);
}

/** A sparse two-column table: its last rows but one have no figure (the label alone), the last one has. */
const SPARSE = [['Harbour', '56'], ['Market', '430'], ['Estate', '12'], ['Fleet', '230'], ['Mill'], ['Quarry'], ['Ridge', '88']];

function sparseTailPdf(): Buffer {
  const ops = SPARSE.flatMap((row, r) => {
    const y = 700 - r * 14;
    return [textOp(72, y, row[0], 9), ...(row[1] ? [textRightOp(200, y, row[1], 9, 'helvetica')] : [])];
  });
  return pdfOf([ops.join('\n')]);
}

describe('side-by-side unruled tables set at different row pitches', () => {
  it.each(policies)('are two tables, each whole, the notes in neither (%s)', (policy) => {
    const tables = detect(interleavedTablesPdf(), policy).sort((a, b) => a.bbox[0] - b.bbox[0]);
    expect(tables.map(textRowsOf)).toEqual([LEFT, RIGHT]);
  });
});

describe('a sparse table whose last rows but one have an empty figure cell', () => {
  it.each(policies)('keeps its last row (%s)', (policy) => {
    const tables = detect(sparseTailPdf(), policy);
    expect(tables.map(textRowsOf)).toEqual([SPARSE]);
  });
});

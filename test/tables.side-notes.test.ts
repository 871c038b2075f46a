import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';
import { paragraphOps, textOp, textRightOp } from './helpers/synth-text.ts';

/**
 * Two unruled tables side by side, the left one shorter, its notes paragraph set under it and so level with the
 * right table's last rows: both tables whole, the notes in neither.
 */

const SHORT_TABLE = [
  ['Harbour', '56', '61'],
  ['Market', '430', '418'],
  ['Estate', '12', '19'],
  ['Fleet', '230', '244'],
];
const LONG_TABLE = [
  ['Import duties', '1,204', '2,310'],
  ['Export levies', '988', '1,007'],
  ['Transfers', '310', '452'],
  ['Reserve funds', '77', '91'],
  ['Grants', '514', '530'],
  ['Rents', '220', '241'],
  ['Wages', '1,630', '1,702'],
  ['Other items', '45', '39'],
];
const NOTES =
  'Note: figures are in thousands and cover the offices that reported before the end of the year; late returns ' +
  'were added to the regional totals.';
const STEP = 14;

function tablesWithSideNotesPdf(): Buffer {
  const ops: string[] = [];
  const rowsAt = (rows: string[][], x0: number, top: number) =>
    rows.forEach((row, r) => {
      const y = top - r * STEP;
      ops.push(
        textOp(x0, y, row[0], 9),
        textRightOp(x0 + 100, y, row[1], 9, 'helvetica'),
        textRightOp(x0 + 140, y, row[2], 9, 'helvetica'),
      );
    });
  rowsAt(SHORT_TABLE, 72, 700);
  rowsAt(LONG_TABLE, 330, 700);
  ops.push(...paragraphOps(NOTES.split(' '), 72, 250, 700 - SHORT_TABLE.length * STEP - 6, 8, 'helvetica', false, 10).ops);
  return pdfOf([ops.join('\n')]);
}

describe('a notes paragraph beside the other of two side-by-side tables', () => {
  it.each(policies)('leaves both tables whole and is part of neither (%s)', (policy) => {
    const tables = detect(tablesWithSideNotesPdf(), policy).sort((a, b) => a.bbox[0] - b.bbox[0]);
    expect(tables.map(textRowsOf)).toEqual([SHORT_TABLE, LONG_TABLE]);
  });
});

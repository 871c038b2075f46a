import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { hRuleOp, labelRowOps } from './helpers/synth-text.ts';
import { detect, policies } from './helpers/table-detect.ts';

/**
 * A booktabs table (rules above and below the head and at the foot) so sparse that no two of its rows fill the
 * same number of cells: its columns still come from where its cells stand, one column per figure of the head.
 */

const HEAD = ['Item', '2019', '2020', '2021', '2022', '2023'];
const BODY = [
  ['Harbour', '385.3', '4.58', '', '71.2', '556.6'],
  ['Market', '', '394.01', '0.32', '', '9.4'],
  ['Estate', '23.62', '', '', '-7.49', ''],
  ['Fleet', '', '', '6.14', '', ''],
];
const RIGHTS = [0, 180, 240, 300, 360, 420];
const PITCH = 14;

function sparseBooktabsPdf(): Buffer {
  const ops = [hRuleOp(72, 430, 712, 1), hRuleOp(72, 430, 712 - PITCH - 2, 0.5)];
  [HEAD, ...BODY].forEach((row, r) => ops.push(...labelRowOps(row, 76, RIGHTS, 700 - r * PITCH - (r > 0 ? 4 : 0), 9, r === 0)));
  ops.push(hRuleOp(72, 430, 700 - BODY.length * PITCH - 10, 1));
  return pdfOf([ops.join('\n')]);
}

describe('a sparse booktabs table', () => {
  it.each(policies)('has a column for each head cell, every figure in its own (%s)', (policy) => {
    const tables = detect(sparseBooktabsPdf(), policy);
    expect(tables).toHaveLength(1);
    const grid: string[][] = [];
    for (const c of tables[0].cells) (grid[c.row] ??= [])[c.col] = c.text;
    expect(grid).toEqual([HEAD, ...BODY]);
  });
});

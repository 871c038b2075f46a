import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { hRuleOp, labelRowOps, textOp, textRightOp, vRuleOp } from './helpers/synth-text.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';

/** An unruled table of figures whose groups of rows stand apart by a wider gap; some cells empty, so a group's fullest row is not always its first. */
const GROUPED: string[][][] = [
  [
    ['South', '', '41', ''],
    ['North', '12', '30', '7'],
    ['East', '5', '', ''],
  ],
  [
    ['Centre', '', '3', ''],
    ['West', '8', '2', '9'],
    ['Coast', '1', '', ''],
  ],
  [
    ['Upland', '6', '17', '4'],
    ['Valley', '', '22', ''],
    ['Delta', '9', '', ''],
  ],
];
const GROUPED_HEAD = ['Area', 'Farms', 'Herds', 'Mills'];

function groupedRowsPdf(): Buffer {
  const ops: string[] = [];
  const rights = [0, 200, 260, 320];
  const row = (cells: string[], y: number, bold = false) => ops.push(...labelRowOps(cells, 72, rights, y, 9, bold));
  let y = 700;
  row(GROUPED_HEAD, y, true);
  for (const group of GROUPED) {
    y -= 8;
    for (const cells of group) row(cells, (y -= 12));
  }
  return pdfOf([ops.join('\n')]);
}

/**
 * A boxed table (a frame, column rules, a rule under the head, no rules between rows) whose cells are set to the
 * bottom of their rows, as spreadsheets set them, or to the middle: a wrapped remark then starts above the line
 * where the record's other cells stand. Each record is still one row with its whole remark.
 */

const HEAD = ['Site', 'Code', 'Cost', 'Remarks'];
const RECORDS: [string, string, string, string[]][] = [
  ['Harbour', 'HB-12', '1,204', ['repairs to the north', 'quay and its cranes', 'and the sheds']],
  ['Market', 'MK-40', '988', ['new roof']],
  ['Estate', 'ES-07', '514', ['drains renewed in', 'full on both sides']],
  ['Fleet', 'FL-33', '1,630', ['two vans replaced']],
  ['Mill', 'ML-02', '77', ['sluice gate refitted', 'with a grant that', 'covered half the cost']],
];
const X = [72, 150, 210, 270, 420];
const LEADING = 11;
const PAD = 4;

function alignedTablePdf(align: 'bottom' | 'middle'): Buffer {
  const ops: string[] = [];
  const top = 700;
  let y = top;
  const cellAt = (col: number, base: number, text: string, bold = false) =>
    col === 2 ? textRightOp(X[3] - PAD, base, text, 9, 'helvetica', bold) : textOp(X[col] + PAD, base, text, 9, bold);
  HEAD.forEach((h, c) => ops.push(cellAt(c, y - LEADING, h, true)));
  y -= LEADING + 2 * PAD;
  const headRule = y;
  for (const [site, code, cost, remarks] of RECORDS) {
    const lines = remarks.length;
    const lastBase = y - PAD - lines * LEADING + 2;
    // The single-line cells: on the record's last line (bottom) or its middle.
    const base = align === 'bottom' ? lastBase : lastBase + ((lines - 1) * LEADING) / 2;
    ops.push(cellAt(0, base, site), cellAt(1, base, code), cellAt(2, base, cost));
    remarks.forEach((t, k) => ops.push(cellAt(3, y - PAD - (k + 1) * LEADING + 2, t)));
    y -= lines * LEADING + 2 * PAD;
  }
  ops.push(`0.6 w ${X[0]} ${y} ${X[4] - X[0]} ${top - y} re S`, hRuleOp(X[0], X[4], headRule));
  for (const x of X.slice(1, 4)) ops.push(vRuleOp(x, y, top));
  return pdfOf([ops.join('\n')]);
}

const expected = [HEAD, ...RECORDS.map(([site, code, cost, remarks]) => [site, code, cost, remarks.join(' ')])];

describe('a boxed table whose cells sit at the bottom or middle of their rows', () => {
  for (const align of ['bottom', 'middle'] as const) {
    it.each(policies)(`reads each ${align}-aligned record as one row with its whole remark (%s)`, (policy) => {
      const tables = detect(alignedTablePdf(align), policy);
      expect(tables).toHaveLength(1);
      expect(textRowsOf(tables[0])).toEqual(expected);
    });
  }
});

describe('an unruled table whose groups of rows stand apart by a wider gap', () => {
  it.each(policies)('keeps each row of figures a row of its own (%s)', (policy) => {
    const tables = detect(groupedRowsPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([GROUPED_HEAD, ...GROUPED.flat().map((r) => r.filter(Boolean))]);
  });
});

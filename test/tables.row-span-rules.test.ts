import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { hRuleOp, textOp, textRightOp } from './helpers/synth-text.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';

/**
 * A table ruled row by row, with no column rules, whose labels span several rows: under a spanning label the
 * rule is drawn across the figures' column only, so the full-width rules stand apart by several rows whose
 * lines hold a figure alone. It is one table, its spanned rows inside it.
 */

const ROWS: [string, string][] = [
  ['Harbour', '190,490'],
  ['Market hall', '242,580'],
  ['Estate roads', '160,769'],
  ['', '872'],
  ['', '558'],
  ['Fleet', '337'],
  ['', '263'],
  ['', '168,280'],
  ['Depot', '628'],
  ['', '929'],
  ['Mill race', '137,840'],
  ['Quarry gate', '128,318'],
];
const HEAD: [string, string] = ['Site', 'Cost'];
const PITCH = 15;
const [X0, XV, X1] = [72, 170, 260];

function rowSpanRulesPdf(): Buffer {
  const ops: string[] = [
    textOp(X0 + 3, 700 - PITCH + 4, HEAD[0], 9, true),
    textRightOp(X1 - 3, 700 - PITCH + 4, HEAD[1], 9, 'helvetica', true),
  ];
  ops.push(hRuleOp(X0, X1, 700), hRuleOp(X0, X1, 700 - PITCH));
  ROWS.forEach(([label, value], r) => {
    const top = 700 - (r + 1) * PITCH;
    const base = top - PITCH + 4;
    if (label) ops.push(textOp(X0 + 3, base, label, 9));
    ops.push(textRightOp(X1 - 3, base, value, 9, 'helvetica'));
    // The rule under a row runs full width unless the next row is spanned by this row's label.
    const spannedNext = r + 1 < ROWS.length && ROWS[r + 1][0] === '';
    ops.push(hRuleOp(spannedNext ? XV : X0, X1, top - PITCH));
  });
  return pdfOf([ops.join('\n')]);
}

describe('a table ruled row by row whose labels span rows', () => {
  it.each(policies)('is one table with its spanned rows (%s)', (policy) => {
    const tables = detect(rowSpanRulesPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([HEAD, ...ROWS.map(([label, value]) => (label ? [label, value] : [value]))]);
  });
});

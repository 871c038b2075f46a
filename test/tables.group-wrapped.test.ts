import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { textOp, textRightOp } from './helpers/synth-text.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';

/**
 * An unruled table with two text columns whose cells wrap onto several lines: its continuation lines (two pieces
 * each) outnumber its full rows. A group label line inside it, right under a last wrapped line that only one
 * column has, does not cut it in two, although the rows after the label read fewer two-piece lines than the rows
 * before it.
 */

interface Row {
  label: string;
  count: string;
  notes: string[];
  remarks: string[];
  share: string;
}

const row = (label: string, count: string, notes: string[], remarks: string[], share: string): Row => ({
  label,
  count,
  notes,
  remarks,
  share,
});

const BEFORE: Row[] = [
  row(
    'Harbour',
    '1,204',
    ['repairs to the', 'north quay and', 'its cranes', 'and sheds'],
    ['let in spring', 'to one firm', 'on a fixed', 'price'],
    '12.5%',
  ),
  row(
    'Market',
    '988',
    ['new roof over', 'the fish hall', 'and the', 'loading bay'],
    ['two tenders', 'were received', 'and the lower', 'one taken'],
    '9.1%',
  ),
  row(
    'Estate',
    '514',
    ['drains and', 'paths renewed', 'in full on'],
    ['work goes on', 'into next year', 'as planned', 'last spring'],
    '4.8%',
  ),
];
const AFTER: Row[] = [
  row('Fleet', '1,630', ['two vans', 'replaced'], ['bought outright'], '15.2%'),
  row('Depot', '220', ['yard resurfaced'], ['done in house'], '2.0%'),
  row('Mill', '77', ['sluice gate', 'refitted'], ['grant covered', 'half the cost'], '0.7%'),
];
const HEAD = ['Site', 'Cost', 'Works', 'Remarks', 'Share'];
const GROUP = 'Outlying sites';
const LINE = 11;
const X = { label: 72, count: 160, notes: 180, remarks: 290, share: 420 };

function rowOps(r: Row, top: number): { ops: string[]; bottom: number } {
  const ops = [
    textOp(X.label, top, r.label, 9),
    textRightOp(X.count, top, r.count, 9, 'helvetica'),
    textRightOp(X.share, top, r.share, 9, 'helvetica'),
  ];
  r.notes.forEach((t, i) => ops.push(textOp(X.notes, top - i * LINE, t, 9)));
  r.remarks.forEach((t, i) => ops.push(textOp(X.remarks, top - i * LINE, t, 9)));
  return { ops, bottom: top - Math.max(r.notes.length, r.remarks.length) * LINE - 5 };
}

function groupedWrappedPdf(): Buffer {
  const ops = [
    textOp(X.label, 700, HEAD[0], 9, true),
    textRightOp(X.count, 700, HEAD[1], 9, 'helvetica', true),
    textOp(X.notes, 700, HEAD[2], 9, true),
    textOp(X.remarks, 700, HEAD[3], 9, true),
    textRightOp(X.share, 700, HEAD[4], 9, 'helvetica', true),
  ];
  let y = 700 - LINE - 6;
  for (const r of BEFORE) {
    const drawn = rowOps(r, y);
    ops.push(...drawn.ops);
    y = drawn.bottom;
  }
  ops.push(textOp(X.label, y, GROUP, 9, true));
  y -= LINE + 6;
  for (const r of AFTER) {
    const drawn = rowOps(r, y);
    ops.push(...drawn.ops);
    y = drawn.bottom;
  }
  return pdfOf([ops.join('\n')]);
}

const expected = (rows: Row[]) => rows.map((r) => [r.label, r.count, r.notes.join(' '), r.remarks.join(' '), r.share]);

describe('an unruled table of wrapped text columns with a group label inside', () => {
  it.each(policies)('is one table that holds the label and the rows after it (%s)', (policy) => {
    const tables = detect(groupedWrappedPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([HEAD, ...expected(BEFORE), [GROUP], ...expected(AFTER)]);
  });
});

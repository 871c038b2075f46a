import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { hRuleOp, textOp, textRightOp, vRuleOp } from './helpers/synth-text.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';

/**
 * A grid printed as spreadsheets print it, with the inner rules only and no frame around it: rows that span all
 * columns (group labels) have no column rule, so the grid's rules fall apart into pieces at each of them. It is
 * still one table. Two framed grids with a caption between them stay two tables.
 */

const HEAD = ['Site', 'Visits', 'Orders'];
const GROUPS: [string, string[][]][] = [
  [
    'Northern offices',
    [
      ['Harbour', '1,204', '310'],
      ['Market', '988', '227'],
    ],
  ],
  [
    'Southern offices',
    [
      ['Estate', '514', '96'],
      ['Fleet', '1,630', '402'],
      ['Mill', '220', '41'],
    ],
  ],
  [
    'Western offices',
    [
      ['Quarry', '77', '12'],
      ['Ridge', '430', '88'],
    ],
  ],
];

const X = [72, 200, 270, 340];
const PITCH = 16;

/** The table's rows top to bottom: the head, then each group's label row and its rows. */
const ROWS: (string[] | string)[] = [HEAD, ...GROUPS.flatMap(([label, rows]) => [label, ...rows])];

function gridOps(rows: (string[] | string)[], top: number, framed: boolean): string[] {
  const ops: string[] = [];
  rows.forEach((row, r) => {
    const y = top - r * PITCH;
    if (r > 0 || framed) ops.push(hRuleOp(X[0], X[3], y));
    const base = y - PITCH + 5;
    if (typeof row === 'string') {
      ops.push(textOp(X[0] + 4, base, row, 9, true));
      if (framed) ops.push(vRuleOp(X[0], y - PITCH, y), vRuleOp(X[3], y - PITCH, y));
      return;
    }
    ops.push(textOp(X[0] + 4, base, row[0], 9, r === 0));
    ops.push(textRightOp(X[2] - 4, base, row[1], 9, 'helvetica', r === 0), textRightOp(X[3] - 4, base, row[2], 9, 'helvetica', r === 0));
    for (const x of framed ? X : X.slice(1, 3)) ops.push(vRuleOp(x, y - PITCH, y));
  });
  if (framed) ops.push(hRuleOp(X[0], X[3], top - rows.length * PITCH));
  return ops;
}

const expectedRows = (rows: (string[] | string)[]) => rows.map((row) => (typeof row === 'string' ? [row] : row));

describe('a grid without its outer frame, split by group label rows', () => {
  it.each(policies)('is one table with its label rows inside (%s)', (policy) => {
    const tables = detect(pdfOf([gridOps(ROWS, 700, false).join('\n')]), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(expectedRows(ROWS));
  });

  it.each(policies)('two framed grids with a caption line between them stay two tables (%s)', (policy) => {
    const first = [HEAD, ...GROUPS[0][1]];
    const second = [HEAD, ...GROUPS[1][1]];
    const top2 = 700 - first.length * PITCH - PITCH;
    const ops = [...gridOps(first, 700, true), textOp(X[0] + 4, top2 + 5, 'Second quarter', 9, true), ...gridOps(second, top2, true)];
    const tables = detect(pdfOf([ops.join('\n')]), policy).sort((a, b) => a.bbox[1] - b.bbox[1]);
    expect(tables.map(textRowsOf)).toEqual([first, second]);
  });
});

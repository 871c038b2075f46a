import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';
import { drawTable, synthCell, type SynthTable, type TableStyle } from './helpers/synth-tables.ts';

/**
 * Tables with shaded rows: zebra stripes beside a boxed table (the box's frame is level with the stripes but
 * shades nothing), and a table whose shading is the head and a single body row, so the rows under the last
 * shaded one have no rule between them.
 */

/** The table's rows under its head; a last row starting "Total" is a totals row (never striped). */
function tableOf(style: TableStyle, head: string[], body: string[][]): SynthTable {
  return {
    style,
    family: 'helvetica',
    size: 9,
    gutter: 14,
    kinds: ['label', ...head.slice(1).map(() => 'int' as const)],
    features: [],
    rows: [
      { kind: 'header', cells: head.map((t, c) => synthCell(c, t, true)) },
      ...body.map((r) => ({ kind: r[0] === 'Total' ? ('total' as const) : ('body' as const), cells: r.map((t, c) => synthCell(c, t)) })),
    ],
  };
}

const ZEBRA_HEAD = ['Office', 'Cases', 'Closed'];
const ZEBRA_BODY = [
  ['Harbour', '354', '515'],
  ['Market', '257', '237'],
  ['Station', '879', '444'],
  ['Bridge', '995', '223'],
  ['Depot', '393', '167'],
  ['River', '897', '685'],
  ['Total', '3,775', '2,271'],
];
const BOXED_HEAD = ['Region', 'Staff'];
const BOXED_BODY = [
  ['North', '37'],
  ['South', '49'],
  ['East', '48'],
  ['West', '10'],
];

describe('shaded rows', () => {
  it.each(policies)('zebra stripes level with a boxed table beside them are no rules: every row of both stays a row (%s)', (policy) => {
    const zebra = drawTable(tableOf('zebra', ZEBRA_HEAD, ZEBRA_BODY), 72, 700, 200);
    const boxed = drawTable(tableOf('boxed', BOXED_HEAD, BOXED_BODY), 360, 700, 150);
    const tables = detect(pdfOf([[...zebra.ops, ...boxed.ops].join('\n')]), policy).sort((a, b) => a.bbox[0] - b.bbox[0]);
    expect(tables.map(textRowsOf)).toEqual([zebra.expected, boxed.expected]);
  });

  it.each(policies)('rows under the only shaded body row stay rows of their own (%s)', (policy) => {
    // Three body rows and the totals: the second body row is the only striped one.
    const drawn = drawTable(tableOf('zebra', ZEBRA_HEAD, [...ZEBRA_BODY.slice(0, 3), ZEBRA_BODY[6]]), 72, 700, 200);
    const tables = detect(pdfOf([drawn.ops.join('\n')]), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(drawn.expected);
  });
});

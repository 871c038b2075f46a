import { type FontFamily, pdfOf } from './pdf.ts';
import { paragraphOps, textOp, textRightOp, textWidth } from './synth-text.ts';

/**
 * Unruled tables set with gutters about as wide as a word space (test/tables.tight-gutters.test.ts), so some
 * rows read as one piece across two columns. US Letter, Times, PDF points with the origin bottom-left.
 */

/** Type size: GUTTER is under the piece gap (0.9 em), so neighbouring cells of some rows read as one piece. */
const SIZE = 8;
const GUTTER = 7;
/** Times: its word space is narrower than Helvetica's, so a gutter of GUTTER is nearer to it. */
const FAMILY: FontFamily = 'times';

export interface Column {
  head: string[];
  align: 'left' | 'right';
}

/** The table's rows drawn from `top` down (head lines first), columns as wide as their widest text plus the gutter. */
function tightTable(columns: Column[], body: string[][], x0: number, top: number): string[] {
  const widths = columns.map((col, c) =>
    Math.max(...col.head.map((h) => textWidth(h, SIZE, FAMILY, true)), ...body.map((r) => textWidth(r[c], SIZE, FAMILY))),
  );
  const lefts = [x0];
  for (let c = 1; c < widths.length; c++) lefts.push(lefts[c - 1] + widths[c - 1] + GUTTER);
  const ops: string[] = [];
  const put = (text: string, c: number, y: number, bold: boolean) => {
    if (!text) return;
    if (columns[c].align === 'left') ops.push(textOp(lefts[c], y, text, SIZE, bold));
    else ops.push(textRightOp(lefts[c] + widths[c], y, text, SIZE, FAMILY, bold));
  };
  const headLines = Math.max(...columns.map((c) => c.head.length));
  for (let k = 0; k < headLines; k++) columns.forEach((col, c) => put(col.head[k] ?? '', c, top - k * SIZE * 1.2, true));
  body.forEach((row, r) => row.forEach((text, c) => put(text, c, top - headLines * SIZE * 1.2 - 4 - r * SIZE * 1.6, false)));
  return ops;
}

export const CODE_COLUMNS: Column[] = [
  { head: ['Item'], align: 'left' },
  { head: ['Unit', 'cost this', 'period'], align: 'right' },
  { head: ['Supplier', 'code of', 'record'], align: 'left' },
  { head: ['Units'], align: 'right' },
];
export const CODE_BODY = [
  ['Cables', '131.43', 'OM-752', '120'],
  ['Fittings', '7.60', '', '85'],
  ['Valves', '681.88', 'WR-3765', '12'],
  ['Pumps', '5.49', 'PP-8975', '7'],
  ['Seals', '523.80', 'UN-9223', '240'],
];

const PROSE =
  'The offices reported their returns for the year before the regional totals were drawn up, and the figures ' +
  'below were checked against the accounts of each branch so that late returns could be confirmed in time.';

export const YEARS_COLUMNS: Column[] = [
  { head: ['Branch'], align: 'left' },
  ...['2019', '2020', '2021', '2022', '2023'].map((y) => ({ head: [y], align: 'right' as const })),
];
export const YEARS_BODY = [
  ['Northern harbour office', '174.65', '119.60', '778.48', '100.42', '652.80'],
  ['Market', '419.60', '675.88', '314.78', '521.30', '614.62'],
  ['Central station office', '349.33', '480.60', '201.38', '299.04', '330.18'],
  ['Bridge', '3.63', '609.41', '5.2', '511.60', '638.96'],
  ['River depot', '313.20', '605.70', '838.10', '9.2', '9.3'],
  ['Total', '950.41', '381.19', '797.94', '341.50', '915.78'],
];

/** Two-column prose, the tight table inside the left column's width, two-column prose again. */
export function tableAmongProseColumnsPdf(): Buffer {
  const ops: string[] = [];
  let y = 720;
  for (const x of [72, 316]) {
    const p = paragraphOps(PROSE.split(' '), x, x + 224, 720, 10, FAMILY, true, 12.5);
    ops.push(...p.ops);
    y = Math.min(y, p.bottom);
  }
  y -= 26;
  ops.push(...tightTable(YEARS_COLUMNS, YEARS_BODY, 72, y));
  y -= (YEARS_BODY.length + 1) * SIZE * 1.6 + 24;
  for (const x of [72, 316]) ops.push(...paragraphOps(PROSE.split(' '), x, x + 224, y, 10, FAMILY, true, 12.5).ops);
  return pdfOf([{ stream: ops.join('\n'), family: FAMILY }]);
}

/** The head row as the table should read it: each column's head lines joined. */
export const headRow = (columns: Column[]) => columns.map((c) => c.head.join(' '));

/** A table of figures against a column of codes, heads wrapped onto three lines. */
export function tightCodeTablePdf(): Buffer {
  return pdfOf([{ stream: tightTable(CODE_COLUMNS, CODE_BODY, 72, 700).join('\n'), family: FAMILY }]);
}

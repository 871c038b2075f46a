import { helveticaPdf, pdfText } from './pdf.ts';

/**
 * Born-digital table PDFs for the table structure suite, drawn with mupdf at test time (Helvetica and
 * Helvetica-Bold, raw content streams, US Letter). Each spec is also the expected structure: rows, columns,
 * spans, header rows and cell texts as printed. Coordinates are PDF points, origin bottom-left.
 */

export interface CellSpec {
  row: number;
  col: number;
  rowspan?: number;
  colspan?: number;
  /** Printed lines of the cell, top to bottom ('' or none for an empty cell). */
  lines: string[];
  bold?: boolean;
}

export interface TableSpec {
  /** Column boundaries left to right and row boundaries top to bottom, in PDF points. */
  colX: number[];
  rowY: number[];
  cells: CellSpec[];
  headerRows: number;
  /** Draw each cell's border (a full grid; spans leave the inner rules out). */
  ruled: boolean;
}

const SIZE = 10;
const LEADING = 12;

function text(x: number, y: number, s: string, bold = false): string {
  return `BT /${bold ? 'F2' : 'F1'} ${SIZE} Tf ${x} ${y} Td (${pdfText(s)}) Tj ET`;
}

function tableContent(t: TableSpec): string {
  const ops: string[] = [];
  for (const c of t.cells) {
    const x0 = t.colX[c.col];
    const x1 = t.colX[c.col + (c.colspan ?? 1)];
    const top = t.rowY[c.row];
    const bottom = t.rowY[c.row + (c.rowspan ?? 1)];
    if (t.ruled) ops.push(`0.5 w ${x0} ${top} m ${x1} ${top} l ${x1} ${bottom} l ${x0} ${bottom} l ${x0} ${top} l S`);
    c.lines.forEach((line, i) => {
      if (line) ops.push(text(x0 + 4, top - 11 - i * LEADING, line, c.bold));
    });
  }
  return ops.join('\n');
}

function pdf(...contents: string[]): Buffer {
  return helveticaPdf(contents);
}

const PROSE = [
  'The figures below were collected by the regional offices during the spring survey and checked twice.',
  'Numbers are printed exactly as reported; a dash means that the office sent no figure for that item.',
];

function prose(top: number): string {
  return PROSE.map((l, i) => text(72, top - i * 13, l)).join('\n');
}

/** Rows of equal height starting at `top`. */
function rowsFrom(top: number, heights: number[]): number[] {
  const out = [top];
  for (const h of heights) out.push(out[out.length - 1] - h);
  return out;
}

const cellsOf = (rows: string[][], boldRows = 1): CellSpec[] =>
  rows.flatMap((r, row) => r.map((s, col) => ({ row, col, lines: s ? [s] : [], bold: row < boldRows })));

/** A ruled 4 x 3 grid (header + 3 body rows), numbers with thousands separators and a decimal comma. */
export const RULED_4X3: TableSpec = {
  colX: [72, 220, 340, 460],
  rowY: rowsFrom(640, [18, 18, 18, 18]),
  headerRows: 1,
  ruled: true,
  cells: cellsOf([
    ['Item', 'Quantity', 'Price'],
    ['Apples', '1,200', '0,45'],
    ['Pears', '350', '1.10'],
    ['Plums', '75', '2.00'],
  ]),
};

/** Unruled: bold header, five body rows aligned in three columns, one empty cell (Dates / 2023). */
export const UNRULED: TableSpec = {
  colX: [72, 250, 380, 500],
  rowY: rowsFrom(600, [16, 16, 16, 16, 16, 16]),
  headerRows: 1,
  ruled: false,
  cells: cellsOf([
    ['Product', '2023', '2024'],
    ['Oranges', '4,100', '4,350'],
    ['Lemons', '980', '1,020'],
    ['Dates', '', '310'],
    ['Figs', '125', '140'],
    ['Limes', '660', '702'],
  ]),
};

/** Ruled, a two-level header: Region spans two rows, Sales spans two columns over 2023 and 2024. */
export const SPANNING: TableSpec = {
  colX: [72, 220, 340, 460],
  rowY: rowsFrom(640, [18, 18, 18, 18]),
  headerRows: 2,
  ruled: true,
  cells: [
    { row: 0, col: 0, rowspan: 2, lines: ['Region'], bold: true },
    { row: 0, col: 1, colspan: 2, lines: ['Sales'], bold: true },
    { row: 1, col: 1, lines: ['2023'], bold: true },
    { row: 1, col: 2, lines: ['2024'], bold: true },
    ...cellsOf(
      [
        ['North', '12.5', '13.0'],
        ['South', '9.75', '10.25'],
      ],
      0,
    ).map((c) => ({ ...c, row: c.row + 2 })),
  ],
};

/** Ruled, one body cell holding two printed lines, and one empty body cell. */
export const MULTILINE: TableSpec = {
  colX: [72, 220, 400],
  rowY: rowsFrom(640, [18, 30, 18, 18]),
  headerRows: 1,
  ruled: true,
  cells: [
    ...cellsOf([['Term', 'Meaning']]),
    { row: 1, col: 0, lines: ['Yield'] },
    { row: 1, col: 1, lines: ['Crop harvested per', 'hectare of land'] },
    ...cellsOf(
      [
        ['Fallow', ''],
        ['Tilth', 'Soil condition'],
      ],
      0,
    ).map((c) => ({ ...c, row: c.row + 2 })),
  ],
};

/**
 * Unruled, two header rows: 'Total exports by year' runs across the 2023 and 2024 columns (a colspan from
 * text extents); the Chile row wraps its Goods cell onto a continuation line with nothing in the key column.
 */
export const UNRULED_SPANS: TableSpec = {
  colX: [72, 200, 400, 480, 560],
  rowY: rowsFrom(600, [16, 18, 28, 16, 16, 16]),
  headerRows: 2,
  ruled: false,
  cells: [
    { row: 0, col: 0, lines: [] },
    { row: 0, col: 1, lines: [] },
    { row: 0, col: 2, colspan: 2, lines: ['Total exports by year'], bold: true },
    ...cellsOf([['Country', 'Goods', '2023', '2024']]).map((c) => ({ ...c, row: 1 })),
    { row: 2, col: 0, lines: ['Chile'] },
    { row: 2, col: 1, lines: ['Copper and', 'fresh fruit'] },
    { row: 2, col: 2, lines: ['12.5'] },
    { row: 2, col: 3, lines: ['13.1'] },
    ...cellsOf(
      [
        ['Peru', 'Gold', '8.2', '8.9'],
        ['Bolivia', 'Tin', '3.1', '3.3'],
        ['Ecuador', 'Bananas', '4.0', '4.4'],
      ],
      0,
    ).map((c) => ({ ...c, row: c.row + 3 })),
  ],
};

/** A page with prose above the table (prose must not become a table). */
export function tablePdf(spec: TableSpec): Buffer {
  return pdf(`${prose(720)}\n${tableContent(spec)}`);
}

/** The spec's expected text at each grid position (spanning cells listed once, at their top-left). */
export function expectedCells(
  spec: TableSpec,
): { row: number; col: number; rowspan: number; colspan: number; text: string; isHeader: boolean }[] {
  return spec.cells
    .map((c) => ({
      row: c.row,
      col: c.col,
      rowspan: c.rowspan ?? 1,
      colspan: c.colspan ?? 1,
      text: c.lines.join(' '),
      isHeader: c.row < spec.headerRows,
    }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

/**
 * One ruled table split over two pages: the header row on both pages, 20 body rows at the foot of page 1 and
 * the remaining rows at the top of page 2 (same columns). Merged, it has the header once and every body row.
 */
export const TWO_PAGE = {
  header: ['Station', 'Rainfall mm', 'Wet days'],
  firstPageRows: 20,
  bodyRows: 30,
  row: (i: number): string[] => [`Site ${i + 1}`, String(40 + ((i * 37) % 90)), String(3 + ((i * 7) % 20))],
};

function twoPagePart(top: number, from: number, to: number): TableSpec {
  const rows = [TWO_PAGE.header, ...Array.from({ length: to - from }, (_, k) => TWO_PAGE.row(from + k))];
  return {
    colX: [72, 220, 340, 460],
    rowY: rowsFrom(
      top,
      rows.map(() => 18),
    ),
    headerRows: 1,
    ruled: true,
    cells: cellsOf(rows),
  };
}

export function twoPageTablePdf(): Buffer {
  const first = twoPagePart(420, 0, TWO_PAGE.firstPageRows);
  const second = twoPagePart(740, TWO_PAGE.firstPageRows, TWO_PAGE.bodyRows);
  return pdf(`${prose(720)}\n${tableContent(first)}`, tableContent(second));
}

/**
 * Unruled statistical table grouped by label rows (text in the first column only, nested two deep) with blank
 * spacer rows between groups, a caption line above and a notes paragraph under it. Lines as [x, y, text] in PDF
 * points; `rows` is the expected table, one array per row (label rows hold their text in the first cell).
 */
export const GROUPED = (() => {
  const colX = [72, 260, 340, 420];
  const header = ['Group', 'Count', 'Share', 'Change'];
  const body: (string[] | string | null)[] = [
    'Northern district',
    '  Towns',
    ['Alder', '120', '4.5', '+1.2'],
    ['Birch', '85', '3.1', '-0.4'],
    ['Cedar', '40', '1.5', '+0.3'],
    null,
    '  Villages',
    ['Dogwood', '66', '2.4', '+0.8'],
    ['Elm', '31', '1.1', '-1.0'],
    null,
    null,
    'Southern district',
    ['Fir', '150', '5.6', '+2.1'],
    ['Hazel', '98', '3.6', '+0.2'],
    ['Juniper', '77', '2.9', '-0.6'],
  ];
  const lines: [number, number, string][] = [];
  let y = 640;
  lines.push([72, y + 30, 'Table 4: Households counted by district']);
  header.forEach((h, c) => lines.push([colX[c], y, h]));
  const rows: string[][] = [header];
  y -= 16;
  for (const b of body) {
    if (b === null) {
      y -= 16;
      continue;
    }
    if (typeof b === 'string') {
      const indent = b.startsWith('  ') ? 10 : 0;
      lines.push([colX[0] + indent, y, b.trim()]);
      rows.push([b.trim(), '', '', '']);
    } else {
      b.forEach((t, c) => lines.push([colX[c] + (c === 0 ? 20 : 0), y, t]));
      rows.push(b);
    }
    y -= 16;
  }
  const notesTop = y - 14;
  lines.push([72, notesTop, 'Source: office returns for the spring survey, counted twice and rounded to whole units where needed.']);
  lines.push([72, notesTop - 12, 'Note: a dash marks an office that sent no figure for that item in the period.']);
  return { lines, rows };
})();

export function groupedTablePdf(): Buffer {
  return pdf(GROUPED.lines.map(([x, y, s]) => text(x, y, s)).join('\n'));
}

/**
 * Unruled table whose header cells are printed over two lines (the second line with nothing in the other
 * columns' header cells at that height for some columns), above plain rows of figures.
 */
export const TWO_LINE_HEADER = (() => {
  const colX = [72, 200, 300, 400];
  const lines: [number, number, string][] = [
    [colX[0], 640, 'Station'],
    [colX[1], 640, 'Rainfall'],
    [colX[2], 640, 'Wet'],
    [colX[3], 640, 'Mean'],
    [colX[0], 628, 'name'],
    [colX[1], 628, 'in mm'],
    [colX[3], 628, 'wind'],
  ];
  const body = [
    ['Ashford', '812', '141', '4.2'],
    ['Bexley', '655', '120', '3.9'],
    ['Carlton', '1,020', '166', '5.1'],
    ['Dunmore', '930', '158', '4.8'],
  ];
  body.forEach((r, i) => r.forEach((t, c) => lines.push([colX[c], 608 - i * 16, t])));
  const header = ['Station name', 'Rainfall in mm', 'Wet', 'Mean wind'];
  return { lines, rows: [header, ...body] };
})();

export function twoLineHeaderPdf(): Buffer {
  return pdf(TWO_LINE_HEADER.lines.map(([x, y, s]) => text(x, y, s)).join('\n'));
}

/** RULED_4X3 boxed together with a caption row above and a source row under it, each one ruled cell spanning the width. */
export const RULED_WITH_CAPTION: TableSpec = (() => {
  const last = RULED_4X3.rowY.length - 1;
  return {
    colX: RULED_4X3.colX,
    rowY: rowsFrom(658, [18, 18, 18, 18, 18, 18]),
    headerRows: 1,
    ruled: true,
    cells: [
      { row: 0, col: 0, colspan: 3, lines: ['Table 2: Fruit sold at the market by the kilogram'] },
      ...RULED_4X3.cells.map((c) => ({ ...c, row: c.row + 1 })),
      { row: last + 1, col: 0, colspan: 3, lines: ['Source: market office ledger, weekly totals'] },
    ],
  };
})();

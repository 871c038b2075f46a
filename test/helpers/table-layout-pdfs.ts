import { pdfOf } from './pdf.ts';
import { fillOp, hRuleOp, paragraphOps, textOp, textRightOp, textWidth } from './synth-text.ts';

/**
 * Pages for the table layout suite (test/tables.layouts.test.ts): tables among the things that sit around them
 * on real pages (two-column prose, a second table, group labels between rules, a neighbour table of another
 * style, author lists with affiliation marks). US Letter, Helvetica, PDF points with the origin bottom-left.
 */

const PROSE =
  'The survey covered every district office and was repeated in the autumn so that the seasonal figures ' +
  'could be compared with those of the previous year. Offices that reported late were asked to confirm ' +
  'their returns by telephone before the figures were added to the regional totals shown in the tables.';

/** Prose set in a column between x0 and x1 from `top` down, justified; returns operators and the last baseline. */
function prose(x0: number, x1: number, top: number, repeat = 1) {
  return paragraphOps(
    Array.from({ length: repeat }, () => PROSE)
      .join(' ')
      .split(' '),
    x0,
    x1,
    top,
    10,
    'helvetica',
    true,
    12.5,
  );
}

/** Rows of a table set without rules: a label column left-aligned, the other columns right-aligned at `rights`. */
function rowsOps(
  rows: readonly string[][],
  x0: number,
  rights: readonly number[],
  top: number,
  step: number,
  size = 9,
  boldFirst = true,
): string[] {
  return rows.flatMap((r, i) =>
    r.map((cell, c) => {
      const y = top - i * step;
      const bold = boldFirst && i === 0;
      return c === 0 ? textOp(x0, y, cell, size, bold) : textRightOp(rights[c - 1], y, cell, size, 'helvetica', bold);
    }),
  );
}

export const SMALL_TABLE = [
  ['District', 'Offices', 'Returns'],
  ['Northfield', '12', '1,204'],
  ['Eastmoor', '7', '860'],
  ['Southgate', '15', '2,311'],
  ['Westbury', '9', '975'],
  ['Lowdale', '4', '312'],
  ['Highcross', '11', '1,498'],
];

/**
 * Two-column justified prose, right under it (no caption, no wider gap than a paragraph break) a table ruled
 * only under its head, then two-column prose again.
 */
export function tableBetweenProseColumnsPdf(): Buffer {
  const left = prose(72, 296, 720);
  const right = prose(316, 540, 720);
  let y = Math.min(left.bottom, right.bottom) - 22;
  const ops = [...left.ops, ...right.ops];
  ops.push(...rowsOps(SMALL_TABLE, 72, [230, 300], y, 16), hRuleOp(72, 304, y - 5));
  y -= SMALL_TABLE.length * 16 + 20;
  ops.push(...prose(72, 296, y).ops, ...prose(316, 540, y).ops);
  return pdfOf([ops.join('\n')]);
}

export const UPPER_TABLE = [
  ['Branch', 'Staff', 'Cases', 'Closed'],
  ['Harbour', '41', '1,022', '987'],
  ['Market', '18', '455', '431'],
  ['Station', '27', '780', '702'],
  ['Bridge', '33', '912', '899'],
];
export const LOWER_TABLE = [
  ['Quarter', 'Opened', 'Pending'],
  ['First', '2,130', '311'],
  ['Second', '1,984', '276'],
  ['Third', '2,407', '390'],
];

/**
 * Two tables one above the other, each ruled along its own width: the upper one only under its head, the lower
 * one booktabs-style (rules above and under its head and at its foot), a paragraph across the page between.
 */
export function stackedTablesWithParagraphPdf(): Buffer {
  const ops = [...rowsOps(UPPER_TABLE, 72, [250, 330, 410], 700, 18), hRuleOp(72, 414, 694)];
  const para = prose(72, 540, 700 - UPPER_TABLE.length * 18 - 14);
  ops.push(...para.ops);
  const top = para.bottom - 30;
  ops.push(hRuleOp(72, 414, top + 12, 1), ...rowsOps(LOWER_TABLE, 72, [200, 300], top, 15), hRuleOp(72, 414, top - 5));
  ops.push(hRuleOp(72, 414, top - LOWER_TABLE.length * 15 + 8, 1));
  return pdfOf([ops.join('\n')]);
}

export const GROUPED_HEAD = ['Item', 'Units', 'Value'];
export const GROUPED_BODY: (string[] | string)[] = [
  'Fuel and power',
  ['Coal', '120', '4,410'],
  ['Gas', '88', '3,012'],
  'Food',
  ['Grain', '640', '9,870'],
  ['Dairy', '215', '2,230'],
  ['Fruit', '97', '1,145'],
  'Materials',
  ['Timber', '54', '2,980'],
  ['Steel', '31', '6,720'],
];

/**
 * A table ruled under every row (its head above the first rule) whose body is grouped by bold label rows,
 * at (x0, top); each label row sits between two rules of its own.
 */
function rowRuledGroupsOps(x0: number, top: number): { ops: string[]; bottom: number } {
  const [x1, step] = [x0 + 230, 20];
  const ops = rowsOps([GROUPED_HEAD], x0, [x0 + 150, x0 + 226], top, step);
  let y = top;
  for (const row of GROUPED_BODY) {
    ops.push(hRuleOp(x0, x1, y - 6, 0.4));
    y -= step;
    if (typeof row === 'string') ops.push(textOp(x0, y, row, 9, true));
    else ops.push(...rowsOps([row], x0, [x0 + 150, x0 + 226], y, step, 9, false));
  }
  ops.push(hRuleOp(x0, x1, y - 6, 0.4));
  return { ops, bottom: y - 6 };
}

export function rowRuledGroupsPdf(): Buffer {
  return pdfOf([[textOp(72, 730, 'Table 1. Purchases by group', 11, true), ...rowRuledGroupsOps(72, 700).ops].join('\n')]);
}

export const SHADED_TABLE = [
  ['Route', 'Trips', 'Riders'],
  ['Harbour line', '1,420', '38,200'],
  ['Market loop', '980', '21,450'],
  ['Airport link', '610', '17,900'],
  ['Night bus', '305', '4,120'],
  ['River ferry', '212', '6,300'],
];

/**
 * Two tables side by side under captions on one line: on the left the grouped table ruled row by row, on the
 * right a table with shaded alternate rows and no rules at all.
 */
export function ruledBesideShadedPdf(): Buffer {
  const ops = [textOp(72, 730, 'Table 1. Purchases by group', 10, true), textOp(340, 730, 'Table 2. Services', 10, true)];
  ops.push(...rowRuledGroupsOps(72, 700).ops);
  const step = 16;
  SHADED_TABLE.forEach((_, i) => {
    if (i % 2 === 1) ops.push(fillOp(340, 700 - i * step - 5, 200, step, 0.88));
  });
  ops.push(...rowsOps(SHADED_TABLE, 344, [470, 536], 700, step, 8));
  return pdfOf([ops.join('\n')]);
}

/** A title, five lines of authors each followed by raised affiliation numbers, and the affiliations below. */
export function authorListPdf(): Buffer {
  const names = [
    ['Ada M. Fairweather', 'Bruno K. Lindqvist', 'Carla Oduya', 'Dmitri Pollard'],
    ['Elena Marsh', 'Farid Qureshi', 'Greta Holm', 'Hugo Navarro'],
    ['Ines Takahashi', 'Jonas Brecht', 'Kemal Aydin', 'Lena Varga'],
    ['Marco Ruiz', 'Nadia Okafor', 'Oskar Berg', 'Priya Raman'],
    ['Quentin Lowe', 'Rosa Delgado', 'Samir Haddad', 'Tove Lund'],
  ];
  const ops = [textOp(72, 730, 'Field trials of a low-cost water filter in three regions', 16, true)];
  names.forEach((line, i) => {
    let x = 72;
    const y = 690 - i * 22;
    line.forEach((name, k) => {
      ops.push(textOp(x, y, name, 11, true));
      x += textWidth(name, 11, 'helvetica', true);
      const marks = `${((i + k) % 5) + 1},${((i * 3 + k) % 7) + 1}`;
      ops.push(textOp(x + 1, y + 7, marks, 7));
      x += textWidth(marks, 7) + 4;
      if (k < line.length - 1) {
        ops.push(textOp(x, y, ',', 11, true));
        x += 10;
      }
    });
  });
  ops.push(...prose(72, 540, 560, 2).ops);
  return pdfOf([ops.join('\n')]);
}

/**
 * A table ruled under every row whose head sits above its first rule, and above the head, parted from it by a
 * rule across the page, a line of two label: value pairs (a form line, not the table's head).
 */
export function formLineOverRuledTablePdf(): Buffer {
  const ops = [textOp(72, 718, 'Prepared by: Records', 9), textOp(200, 718, 'Date: 4 March', 9), hRuleOp(72, 540, 712.5, 0.8)];
  ops.push(...rowRuledGroupsOps(72, 700).ops);
  return pdfOf([ops.join('\n')]);
}

export const LEFT_DATES = [
  ['Route', 'Opened', 'Length'],
  ['Harbour line', '2013-07-27', '3.79'],
  ['Market loop', '2013-08-10', '174.1'],
  ['Airport link', '2019-11-26', '7.39'],
  ['River ferry', '2015-02-12', '104.4'],
];
export const RIGHT_CODES = [
  ['Depot', 'Code'],
  ['North yard', 'GU-1686'],
  ['Canal shed', 'BD-1624'],
  ['Hill garage', 'SS-7311'],
  ['Old mill', 'IN-2107'],
  ['Quay', 'QA-1588'],
  ['Station', 'QC-5029'],
  ['Tram hall', 'OK-1528'],
];

/**
 * Two unruled tables side by side, each ruled only under its head, under captions printed on one line; the
 * right table runs on below the left one.
 */
export function sideBySideCaptionedPdf(): Buffer {
  const ops = [textOp(72, 730, 'Table 3. Routes', 10), textOp(330, 730, 'Table 4. Depots', 10)];
  ops.push(...rowsOps(LEFT_DATES, 72, [200, 240], 706, 17, 8), hRuleOp(72, 242, 701));
  ops.push(...rowsOps(RIGHT_CODES, 330, [430], 706, 17, 8), hRuleOp(330, 432, 701));
  return pdfOf([ops.join('\n')]);
}

/**
 * A grid table on the right with a notes line under it, and on the left an unruled table whose rows run on
 * past the grid, level with the notes.
 */
export function unruledBesideGridWithNotesPdf(): Buffer {
  const ops = rowsOps(RIGHT_CODES, 72, [230], 706, 17, 8);
  const [x0, x1, step] = [330, 500, 18];
  SHADED_TABLE.slice(0, 4).forEach((row, i) => {
    const top = 716 - i * step;
    ops.push(`0.5 w ${x0} ${top - step} ${x1 - x0} ${step} re S`, `${x0 + 100} ${top - step} m ${x0 + 100} ${top} l S`);
    ops.push(textOp(x0 + 4, top - 13, row[0], 8, i === 0), textRightOp(x1 - 4, top - 13, row[1], 8, 'helvetica', i === 0));
  });
  ops.push(textOp(x0, 716 - 4 * step - 16, 'Source: timetables of the four operators, checked against the ticket counts.', 7));
  return pdfOf([ops.join('\n')]);
}

/** A grid's rows: a region naming the one or two rows beside it, a year and a count in each row. */
export const SPANNED_ROWS: [string | null, string, string][] = [
  ['Coast', '2021', '1,240'],
  [null, '2022', '1,315'],
  ['Hills', '2021', '860'],
  [null, '2022', '902'],
  ['Plains', '2021', '2,050'],
];

/**
 * A table ruled under every row (no column rules) whose first column's cells span two rows: the rule between
 * those rows starts at the second column, so it stacks with no full-width rule.
 */
export function rowSpanningRowRulesPdf(): Buffer {
  const [x0, x1, x2, x3, step] = [72, 200, 280, 380, 20];
  let top = 700;
  const ops = [
    textOp(x0 + 4, top - 14, 'Region', 9, true),
    textOp(x1 + 4, top - 14, 'Year', 9, true),
    textOp(x2 + 4, top - 14, 'Visitors', 9, true),
  ];
  ops.push(hRuleOp(x0, x3, top));
  top -= step;
  for (const [region, year, count] of SPANNED_ROWS) {
    ops.push(hRuleOp(region === null ? x1 : x0, x3, top));
    if (region) ops.push(textOp(x0 + 4, top - 14, region, 9));
    ops.push(textOp(x1 + 4, top - 14, year, 9), textRightOp(x3 - 4, top - 14, count, 9, 'helvetica'));
    top -= step;
  }
  ops.push(hRuleOp(x0, x3, top));
  return pdfOf([ops.join('\n')]);
}

export const BOXED_GROUPS: (string[] | string)[] = [
  'North',
  ['Ashby', '2019-02-22', '2,460', 'KW-6822'],
  ['Bexley', '2024-03-05', '3,347', 'JJ-4343'],
  ['Carrow', '2018-05-17', '64,180', 'AA-2311'],
  'South',
  ['Dunmore', '2019-07-11', '168,413', 'YX-1997'],
  ['Elsworth', '2021-06-04', '205,550', 'VH-6173'],
];
export const BOXED_HEAD = ['Depot', 'Opened', 'Parcels', 'Code'];

/**
 * A boxed table (outer box, a rule under the head, column rules) whose group label rows span the width: the
 * column rules break at each label, so those of the first group touch no other rule of the table.
 */
export function boxedGroupsPdf(): Buffer {
  const xs = [72, 170, 250, 320, 400];
  const step = 18;
  const top = 700;
  const ops = BOXED_HEAD.map((h, c) => textOp(xs[c] + 4, top - 13, h, 9, true));
  let y = top - step;
  const bottom = top - step * (BOXED_GROUPS.length + 1);
  ops.push(`0.6 w ${xs[0]} ${bottom} ${xs[4] - xs[0]} ${top - bottom} re S`, hRuleOp(xs[0], xs[4], y));
  const column = (from: number, to: number) => xs.slice(1, 4).map((x) => `0.5 w ${x} ${to} m ${x} ${from} l S`);
  ops.push(...column(top, y));
  let groupTop = y;
  for (const row of BOXED_GROUPS) {
    if (typeof row === 'string') {
      if (groupTop !== y) ops.push(...column(groupTop, y));
      ops.push(textOp(xs[0] + 4, y - 13, row, 9, true));
      y -= step;
      groupTop = y;
      continue;
    }
    row.forEach((cell, c) => ops.push(c === 2 ? textRightOp(xs[3] - 4, y - 13, cell, 9, 'helvetica') : textOp(xs[c] + 4, y - 13, cell, 9)));
    y -= step;
  }
  ops.push(...column(groupTop, y));
  return pdfOf([ops.join('\n')]);
}

export const ZEBRA_HEAD = ['Site', 'Inspected', 'Code'];
export const ZEBRA_BODY: (string[] | string)[] = [
  'Harbour district',
  ['Quay wall', '2021-03-02', 'QW-114'],
  ['Fish market', '2021-04-19', 'FM-207'],
  ['Old customs house', '2022-01-11', 'OC-331'],
  'Hill district',
  ['Water tower', '2020-11-30', 'WT-090'],
  ['Signal box', '2021-08-05', 'SB-412'],
  ['Chapel', '2022-06-21', 'CH-518'],
];

/**
 * A table shaded in stripes (every other row of the whole table, none under the group labels) with a shaded
 * head, no rules: rows between two stripes can be a label and a record, so the stripes bound nothing.
 */
export function zebraGroupsPdf(): Buffer {
  const xs = [72, 220, 320];
  const [right, step, top] = [400, 18, 700];
  const ops = [fillOp(xs[0], top - step, right - xs[0], step, 0.8), ...ZEBRA_HEAD.map((h, c) => textOp(xs[c] + 4, top - 13, h, 9, true))];
  let y = top - step;
  ZEBRA_BODY.forEach((row, i) => {
    if (i % 2 === 0 && typeof row !== 'string') ops.push(fillOp(xs[0], y - step, right - xs[0], step, 0.92));
    if (typeof row === 'string') ops.push(textOp(xs[0] + 4, y - 13, row, 9, true));
    else row.forEach((cell, c) => ops.push(textOp(xs[c] + 4, y - 13, cell, 9)));
    y -= step;
  });
  return pdfOf([ops.join('\n')]);
}

export const TIGHT_TEXT_ROWS = [
  ['Station', 'Share', 'Remarks'],
  ['Ashby', '33.0%', 'average early estate'],
  ['Bexley', '92.2%', 'fleet'],
  ['Carrow', '12.5%', 'main energy centre'],
  ['Dunmore', '85.4%', 'low branch index tax'],
  ['Elsworth', '18.6%', 'special tax'],
  ['Fenwick', '67.0%', 'export supply household'],
];

/**
 * A column of shares set right-aligned 7 pt from a left-aligned text column (under the gap that parts words
 * from cells), the widest share touching that gutter: every row reads the share and the remark as one run.
 */
export function tightFigureTextPdf(): Buffer {
  const [label, shareRight, remark, step] = [72, 200, 207, 16];
  const ops = TIGHT_TEXT_ROWS.flatMap((row, i) => {
    const y = 700 - i * step;
    return [
      textOp(label, y, row[0], 9, i === 0),
      textRightOp(shareRight, y, row[1], 9, 'helvetica', i === 0),
      textOp(remark, y, row[2], 9, i === 0),
    ];
  });
  return pdfOf([ops.join('\n')]);
}

export const FUSED_ROWS = [
  ['Item', 'Notes', 'Code'],
  ['Quay wall', 'repaired in spring', 'QW-114'],
  ['Fish market', 'roof', 'FM-207'],
  ['Old customs house', 'windows replaced', 'OC-331'],
  ['Water tower', 'painted', 'WT-090'],
  ['Lighthouse keeper lodge', 'kept', 'SB-412'],
  ['Lighthouse keeper lodge', 'new stairs built', 'LK-707'],
  ['Lighthouse keeper lodge', 'gate', 'LK-708'],
  ['Chapel', 'bell checked', 'CH-518'],
  ['Boat house', 'doors', 'BH-602'],
  ['Dry dock', 'pumps', 'DD-815'],
];

/**
 * A three-column table whose notes column starts 5 pt after its longest labels, so the three rows with those
 * labels (one after the other) read the label and the note as one run: the table's columns do not change there.
 */
export function fusedRowsPdf(): Buffer {
  const c1 = 72 + Math.max(...FUSED_ROWS.map((r) => textWidth(r[0], 9))) + 5;
  const [c2, step] = [c1 + 120, 16];
  const ops = FUSED_ROWS.flatMap((row, i) => {
    const y = 700 - i * step;
    return [textOp(72, y, row[0], 9, i === 0), textOp(c1, y, row[1], 9, i === 0), textOp(c2, y, row[2], 9, i === 0)];
  });
  return pdfOf([ops.join('\n')]);
}

/** Records of a boxed text table: each cell's printed lines (the key's and the text's may wrap). */
export const WRAPPED_RECORDS: string[][][] = [
  [['Topic'], ['What is done'], ['Who']],
  [['Intake of', 'requests'], ['letters and forms are', 'opened and logged'], ['front office']],
  [['Review'], ['each request is read'], ['case team']],
  [['Decision', 'letters'], ['written reply within', 'thirty days'], ['legal team']],
  [['Appeal'], ['independent panel'], ['panel office']],
];

/**
 * A boxed table (outer box and column rules, no row rules) of text cells whose key and text wrap onto a second
 * line set at the type's leading, records parted by more space than that.
 */
export function boxedWrappedTextPdf(): Buffer {
  const xs = [72, 170, 330, 440];
  const [leading, pad] = [11, 7];
  let y = 700;
  const ops: string[] = [];
  const top = y;
  WRAPPED_RECORDS.forEach((record, r) => {
    const lines = Math.max(...record.map((c) => c.length));
    record.forEach((cell, c) => cell.forEach((line, k) => ops.push(textOp(xs[c] + 4, y - pad - 7 - k * leading, line, 9, r === 0))));
    y -= pad * 2 + lines * leading;
    if (r === 0) ops.push(hRuleOp(xs[0], xs[3], y));
  });
  ops.push(`0.6 w ${xs[0]} ${y} ${xs[3] - xs[0]} ${top - y} re S`, ...xs.slice(1, 3).map((x) => `0.5 w ${x} ${y} m ${x} ${top} l S`));
  return pdfOf([ops.join('\n')]);
}

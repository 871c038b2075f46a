import { helveticaPdf, textRun as text } from './pdf.ts';

/**
 * Born-digital pages for the table detection suite (what is a table and what is not), drawn at test time with
 * Helvetica in raw content streams on US Letter. Coordinates are PDF points, origin bottom-left. Words are
 * placed one by one where spacing matters (justified lines), with widths estimated generously so they never touch.
 */

/** A generous width estimate for Helvetica text (real glyphs are narrower on average). */
const estWidth = (s: string, size = 10) => s.length * size * 0.55;

const WORDS = (
  'the committee reviewed every submission received during the consultation period and agreed that the ' +
  'proposed changes should be introduced gradually so that members have enough time to adapt their internal ' +
  'procedures while the secretariat prepares guidance documents explaining how the new reporting obligations ' +
  'apply to smaller organisations which often lack dedicated compliance staff and rely on external advisers'
).split(' ');

/** Words from the sample text, cycling, `count` of them starting at `from`. */
const words = (from: number, count: number) => Array.from({ length: count }, (_, i) => WORDS[(from + i) % WORDS.length]);

/** One justified line of `ws` between x0 and x1: the spare width shared out between the word gaps. */
function justified(ws: string[], x0: number, x1: number, y: number): string[] {
  const total = ws.reduce((n, w) => n + estWidth(w), 0);
  const gap = ws.length > 1 ? (x1 - x0 - total) / (ws.length - 1) : 0;
  let x = x0;
  return ws.map((w) => {
    const op = text(Math.round(x * 10) / 10, y, w);
    x += estWidth(w) + gap;
    return op;
  });
}

/**
 * A page of justified prose whose lines each break into two justified halves at the same place: the wide gap
 * at x = 300 runs down every line like a column gutter (rivers in justified text), and the last line of each
 * paragraph ends a sentence.
 */
export function justifiedProsePdf(): Buffer {
  const ops: string[] = [];
  let y = 720;
  let k = 0;
  for (let p = 0; p < 3; p++) {
    for (let line = 0; line < 7; line++, k += 12) {
      ops.push(...justified(words(k, 6), 72, 294, y), ...justified(words(k + 6, 6), 306, 540, y));
      y -= 13;
    }
    ops.push(text(72, y, 'and the matter was closed.'));
    y -= 30;
  }
  return helveticaPdf([ops.join('\n')]);
}

/**
 * Numbered clauses: "12." hanging at the margin, the clause text indented beside it and wrapped, several
 * clauses one after another (each its own paragraph, sentences and all).
 */
export function numberedClausesPdf(): Buffer {
  const ops: string[] = [];
  let y = 720;
  let k = 0;
  for (let clause = 21; clause <= 24; clause++) {
    ops.push(text(72, y, `${clause}.`));
    for (let line = 0; line < 4; line++, k += 11) {
      const ws = words(k, 11);
      if (line === 3) ws[ws.length - 1] += '.';
      ops.push(...justified(ws, 108, 540, y));
      y -= 13;
    }
    y -= 13;
  }
  return helveticaPdf([ops.join('\n')]);
}

/**
 * A two-party signature block after a closing sentence: the parties' names side by side, then for each party
 * "By:" on a typed underscore line, "Name:", "Title:" and "Date:". `drawn` draws the signature lines as rules
 * under each party instead of typing underscores, with a bar along the page's top edge and a full-width
 * rule under the block (page furniture that must not frame the block as a table).
 */
export function signatureBlockPdf(drawn = false): Buffer {
  const ops: string[] = [text(72, 700, 'IN WITNESS WHEREOF, the parties have signed this agreement on the date written below.')];
  if (drawn) ops.push('1 w 6 791 m 606 791 l S', '0.5 w 6 540 m 606 540 l S');
  const parties: [number, string, string, string][] = [
    [72, 'NORTHWIND TRADING LTD.', 'Alice Example', 'Managing Director'],
    [330, 'HARBOUR SUPPLY COMPANY', 'Robert Sample', 'Chief Operating Officer'],
  ];
  for (const [x, party, name, title] of parties) {
    ops.push(text(x, 660, party, 10, true));
    if (drawn) {
      ops.push(text(x, 630, 'By:'), `0.5 w ${x + 24} 626 m ${x + 220} 626 l S`);
    } else ops.push(text(x, 630, 'By: ______________________________'));
    ops.push(text(x, 610, `Name: ${name}`), text(x, 590, `Title: ${title}`), text(x, 570, 'Date: ______________'));
  }
  return helveticaPdf([ops.join('\n')]);
}

/** Rows of cells at column x positions, from `top` down by `step` (bold first row). */
function rowsAt(colX: number[], top: number, step: number, rows: string[][], size = 10): string[] {
  return rows.flatMap((r, i) => r.map((s, c) => (s ? text(colX[c], top - i * step, s, size, i === 0) : '')).filter(Boolean));
}

export const TWO_COLUMN_ROWS = [
  ['Instrument', 'Family'],
  ['Cello', 'Strings'],
  ['Oboe', 'Woodwind'],
  ['Trumpet', 'Brass'],
  ['Timpani', 'Percussion'],
  ['Harp', 'Strings'],
  ['Bassoon', 'Woodwind'],
];

/** A two-column table with no rules at all, a short paragraph above it. */
export function twoColumnUnruledPdf(): Buffer {
  const ops = [
    text(72, 720, 'The orchestra lists its instruments by family in the table below, one instrument a row.'),
    ...rowsAt([72, 220], 690, 16, TWO_COLUMN_ROWS),
  ];
  return helveticaPdf([ops.join('\n')]);
}

/** Header and body of a 12-column statistical table (a label column and eleven years of figures). */
export const BOOKTABS_HEADER = ['Area', ...Array.from({ length: 11 }, (_, i) => String(2010 + i))];
export const BOOKTABS_BODY = ['North', 'South', 'East', 'West', 'Centre', 'Coast', 'Islands'].map((area, r) => [
  area,
  ...Array.from({ length: 11 }, (_, c) => ((((r + 3) * 7.3 + c * 1.9) % 40) + 10).toFixed(1)),
]);

/**
 * The statistical-report page: two columns of prose at the top, a line chart (axes and a polyline) on the left
 * below it with prose beside it, then a 12-column table ruled only above and below its header and at its foot.
 */
export function booktabsBesideProsePdf(): Buffer {
  const ops: string[] = [];
  let k = 0;
  for (let line = 0; line < 10; line++, k += 14) {
    ops.push(...justified(words(k, 7), 72, 290, 740 - line * 13), ...justified(words(k + 7, 7), 322, 540, 740 - line * 13));
  }
  // Line chart: axes, ticks with labels, a data line.
  ops.push('0.8 w 80 470 m 80 600 l 290 600 m 80 600 m 80 470 l 290 470 l S');
  for (let i = 0; i < 5; i++) ops.push(text(62, 470 + i * 30, String(i * 10), 7), text(80 + i * 50, 460, String(2016 + i), 7));
  ops.push('1.2 w 80 490 m 130 520 l 180 505 l 230 560 l 280 580 l S');
  for (let line = 0; line < 9; line++, k += 7) ops.push(...justified(words(k, 7), 322, 540, 600 - line * 13));
  // The table: a rule above and below the header, one at the foot.
  const colX = [72, 130, ...Array.from({ length: 10 }, (_, i) => 170 + i * 37)];
  const top = 420;
  const step = 15;
  ops.push(`0.6 w 72 ${top + 13} m 540 ${top + 13} l S`, `0.4 w 72 ${top - 5} m 540 ${top - 5} l S`);
  ops.push(...rowsAt(colX, top, step, [BOOKTABS_HEADER], 8));
  ops.push(...rowsAt(colX, top - step - 4, step, BOOKTABS_BODY, 8).map((op) => op.replace('/F2', '/F1')));
  const foot = top - 4 - step * (BOOKTABS_BODY.length + 1) + 8;
  ops.push(`0.6 w 72 ${foot} m 540 ${foot} l S`);
  ops.push(text(72, foot - 16, 'Source: regional statistics offices.', 7));
  return helveticaPdf([ops.join('\n')]);
}

/** A landscape table: header and body rows of a 4-column table, in the landscape frame (792 wide, 612 high). */
export const ROTATED_ROWS = [
  ['Station', 'January', 'February', 'March'],
  ['Aberdeen', '81.2', '60.4', '63.0'],
  ['Bangor', '121.5', '88.1', '90.7'],
  ['Carlisle', '98.0', '71.3', '70.2'],
  ['Dundee', '70.6', '55.8', '57.9'],
  ['Exeter', '101.9', '73.2', '68.4'],
];

/**
 * A page whose content is turned a quarter turn: the landscape table drawn through a rotating matrix, its text
 * running up the page (`anticlockwise`) or down it (clockwise).
 */
export function rotatedTablePdf(direction: 'clockwise' | 'anticlockwise'): Buffer {
  const matrix = direction === 'anticlockwise' ? '0 1 -1 0 612 0 cm' : '0 -1 1 0 0 792 cm';
  const ops = [
    text(100, 540, 'Monthly rainfall in millimetres at five stations, as measured in the first quarter of the year.'),
    ...rowsAt([100, 260, 380, 500], 500, 18, ROTATED_ROWS),
  ];
  return helveticaPdf([`q ${matrix}\n${ops.join('\n')}\nQ`]);
}

/**
 * A fully boxed 3-column table: shaded label cells in the first column, text cells that wrap onto two or
 * three lines, a bold header row.
 */
export function boxedTextTablePdf(): Buffer {
  const colX = [72, 170, 360, 540];
  const rows: [string, string[], string[]][] = [
    ['Topic', ['Description'], ['Responsible team']],
    ['Intake', ['Requests arrive by post or', 'through the online portal'], ['Front office']],
    ['Review', ['Each request is checked for', 'completeness and assigned', 'to a case officer'], ['Case management']],
    ['Decision', ['A written decision is sent', 'within thirty days'], ['Legal services', 'and case management']],
    ['Appeal', ['Appeals go to an independent', 'panel that meets monthly'], ['Appeals office']],
  ];
  const ops: string[] = [text(72, 720, 'How requests are handled', 12, true)];
  let top = 700;
  for (const [i, [label, desc, team]] of rows.entries()) {
    const h = Math.max(desc.length, team.length) * 12 + 8;
    if (i > 0) ops.push(`0.85 g ${colX[0]} ${top - h} ${colX[1] - colX[0]} ${h} re f 0 g`);
    ops.push(
      `0.5 w ${colX[0]} ${top - h} ${colX[3] - colX[0]} ${h} re S`,
      `${colX[1]} ${top - h} m ${colX[1]} ${top} l ${colX[2]} ${top - h} m ${colX[2]} ${top} l S`,
    );
    ops.push(text(colX[0] + 4, top - 12, label, 10, i === 0));
    desc.forEach((l, j) => ops.push(text(colX[1] + 4, top - 12 - j * 12, l, 10, i === 0)));
    team.forEach((l, j) => ops.push(text(colX[2] + 4, top - 12 - j * 12, l, 10, i === 0)));
    top -= h;
  }
  return helveticaPdf([ops.join('\n')]);
}

/** A list with hanging markers: check marks and bullets in a narrow column, one item of text beside each. */
export function markerListPdf(): Buffer {
  const items: [string, string][] = [
    ['x', 'No inventions or improvements to disclose'],
    ['-', 'Inventions listed on the attached sheet'],
    ['•', 'Additional sheets attached to this form'],
    ['•', 'Signed copies kept by both parties'],
  ];
  const ops = [
    text(72, 720, 'Please mark one of the following:'),
    ...items.flatMap(([m, t], i) => [text(90, 696 - i * 16, m), text(120, 696 - i * 16, t)]),
  ];
  return helveticaPdf([ops.join('\n')]);
}

/** Aligned equations: left sides, equals signs and right sides set in three lined-up pieces per line. */
export function alignedEquationsPdf(): Buffer {
  const eqs: [string, string][] = [
    ['f(x)', 'a x + b'],
    ['g(x)', 'c x^2 + d x + e'],
    ['h(x)', 'f(g(x)) - 1'],
    ['k(x)', 'f(x) g(x)'],
  ];
  const ops = [
    text(72, 720, 'The functions used below are defined as follows.'),
    ...eqs.flatMap(([l, r], i) => [text(200, 690 - i * 22, l), text(250, 690 - i * 22, '='), text(280, 690 - i * 22, r)]),
  ];
  return helveticaPdf([ops.join('\n')]);
}

/** Signature blocks of four parties stacked in one column: party name, then "By:", "Name:", "Title:" with values. */
export function stackedSignaturesPdf(): Buffer {
  const ops: string[] = [text(72, 740, 'Each of the parties below has caused this agreement to be executed by its officer.')];
  const parties = ['FIRST FUND PARTNERS LP', 'SECOND FUND PARTNERS LP', 'THIRD HOLDINGS LLC', 'FOURTH CAPITAL GROUP'];
  parties.forEach((party, i) => {
    const top = 700 - i * 80;
    ops.push(text(330, top, party, 10, true));
    for (const [j, [label, value]] of [
      ['By:', '/s/ Jordan Sample'],
      ['Name:', 'Jordan Sample'],
      ['Title:', 'Managing Member'],
    ].entries()) {
      ops.push(text(330, top - 16 - j * 14, label), text(380, top - 16 - j * 14, value));
    }
  });
  return helveticaPdf([ops.join('\n')]);
}

/** Header and body of a table whose header block is ruled and whose body is not. */
export const RULED_HEAD_HEADER = ['Region', 'Farms', 'Herds', 'Yield', 'Share'];
/** The header's unit lines and column numbers, under its names. */
export const RULED_HEAD_UNITS = [
  ['', 'count', 'count', 't/ha', 'of total'],
  ['1', '2', '3', '4', '5'],
];
export const RULED_HEAD_BODY = [
  ['Northfield', '412', '88', '6.1', '0.24'],
  ['Eastmoor', '298', '61', '5.7', '0.19'],
  ['Southvale', '530', '102', '6.4', '0.31'],
  ['Westbrook', '187', '40', '5.2', '0.11'],
  ['Highdale', '251', '57', '5.9', '0.15'],
];

/**
 * A header block of three lines (names, units, column numbers) between two rules, the unruled body rows
 * starting about a row height below the lower rule, no rule at the foot: the body's columns run on up through
 * the header.
 */
export function ruledHeaderOverBodyPdf(): Buffer {
  const colX = [72, 200, 280, 360, 440];
  const ops = ['0.6 w 68 720 m 500 720 l S', '0.6 w 68 676 m 500 676 l S'];
  ops.push(...rowsAt(colX, 708, 12, [RULED_HEAD_HEADER, ...RULED_HEAD_UNITS]));
  ops.push(...rowsAt(colX, 662, 14, RULED_HEAD_BODY).map((op) => op.replace('/F2', '/F1')));
  return helveticaPdf([ops.join('\n')]);
}

/** Rows of two small tables set side by side; long cells wrap onto further lines inside their column. */
export const SIDE_LEFT = [
  ['Tool', 'Use', 'Note'],
  ['Awl', 'Pierce', 'Sharp'],
  ['Plane', 'Smooth', 'Keep the blade honed and oiled after each use'],
  ['Rasp', 'Shape', 'Coarse'],
];
export const SIDE_RIGHT = [
  ['Knot', 'Use', 'Note'],
  ['Hitch', 'Tie', 'Quick'],
  ['Bowline', 'Loop', 'Holds fast under load and unties easily later'],
  ['Reef', 'Join', 'Flat'],
];

/**
 * Two tables side by side drawn with horizontal rules only, each rule as wide as its own table and a clear
 * gap between the two rule sets; the third column's long cells wrap over three lines.
 */
export function sideBySideRuledPdf(): Buffer {
  const ops: string[] = [];
  const table = (x0: number, rows: string[][]) => {
    const colX = [x0 + 4, x0 + 70, x0 + 140];
    let y = 700;
    ops.push(`0.6 w ${x0} ${y + 14} m ${x0 + 230} ${y + 14} l S`);
    for (const [r, row] of rows.entries()) {
      const lines = row[2].length > 12 ? row[2].match(/.{1,14}(\s|$)/g)!.map((s) => s.trim()) : [row[2]];
      ops.push(text(colX[0], y, row[0], 10, r === 0), text(colX[1], y, row[1], 10, r === 0));
      lines.forEach((l, i) => ops.push(text(colX[2], y - i * 12, l, 10, r === 0)));
      y -= 12 * lines.length + 6;
      ops.push(`0.6 w ${x0} ${y + 14} m ${x0 + 230} ${y + 14} l S`);
    }
  };
  table(60, SIDE_LEFT);
  table(320, SIDE_RIGHT);
  return helveticaPdf([ops.join('\n')]);
}

/** Helvetica advance widths (per 10 pt) of the characters tight figures use: digits, the decimal point. */
const figureWidth = (s: string, size = 10) => [...s].reduce((w, ch) => w + (ch === '.' ? 2.78 : 5.56), 0) * (size / 10);

/** A label column and four columns of figures, the figure columns set 6 pt (0.6 em) apart at their widest cells. */
export const TIGHT_FIGURE_ROWS = [
  ['Station', '2019', '2020', '2021', '2022'],
  ...['Harbour', 'Airport', 'Summit', 'Valley', 'Forest', 'Delta'].map((name, r) => [
    name,
    ...Array.from({ length: 4 }, (_, c) => ((((r + 2) * 317 + c * 1291) % 9000) / 10 + 1000).toFixed(1)),
  ]),
];

/**
 * An unruled table whose figure columns are set tight: every row fills every column and the gutters between
 * figures (6 pt at 10 pt type) are narrower than a word gap splits a row at, so no row shows the columns apart.
 */
export function tightFiguresPdf(): Buffer {
  const widest = figureWidth('0000.0');
  const gutter = 6;
  const rights = Array.from({ length: 4 }, (_, c) => 200 + widest + c * (widest + gutter));
  const ops = [text(72, 720, 'Rainfall at the six stations, in millimetres a year.')];
  TIGHT_FIGURE_ROWS.forEach((row, i) => {
    const y = 690 - i * 14;
    ops.push(text(72, y, row[0], 10, i === 0));
    row.slice(1).forEach((s, c) => ops.push(text(Math.round((rights[c] - figureWidth(s)) * 100) / 100, y, s, 10, false)));
  });
  return helveticaPdf([ops.join('\n')]);
}

/** Two unruled tables of a label column and two figure columns each; the right one has two rows more. */
export const UNRULED_LEFT = [
  ['Fruit', 'Price', 'Stock'],
  ['Apples', '1.20', '340'],
  ['Pears', '0.95', '120'],
  ['Plums', '2.10', '75'],
];
export const UNRULED_RIGHT = [
  ['Vegetable', 'Price', 'Stock'],
  ['Carrots', '0.60', '510'],
  ['Leeks', '1.35', '90'],
  ['Onions', '0.45', '860'],
  ['Beans', '1.80', '210'],
  ['Peas', '1.10', '330'],
];

/** Two unruled tables side by side, rows on the same baselines, the gap between them far wider than their own column gutters (no rule, no fill). */
export function sideBySideUnruledPdf(): Buffer {
  const ops = [...rowsAt([72, 125, 165], 700, 16, UNRULED_LEFT), ...rowsAt([280, 345, 385], 700, 16, UNRULED_RIGHT)];
  return helveticaPdf([ops.join('\n')]);
}

/** A bare caption line between two stacked unruled tables, set at the tables' own row pitch. */
export const STACKED_CAPTION = 'Table 2';

/** Two unruled tables one above the other, the second under its caption line, no wider gap than a row's. */
export function captionBetweenTablesPdf(): Buffer {
  const ops = [
    ...rowsAt([72, 180, 240], 700, 16, UNRULED_LEFT),
    text(72, 700 - UNRULED_LEFT.length * 16, STACKED_CAPTION, 10, true),
    ...rowsAt([72, 180, 240], 700 - (UNRULED_LEFT.length + 1) * 16, 16, UNRULED_RIGHT),
  ];
  return helveticaPdf([ops.join('\n')]);
}

/** A wider unruled table: a label column and four figure columns. */
export const UNRULED_WIDE = [
  ['District', 'Wells', 'Pumps', 'Tanks', 'Pipes'],
  ['Upland', '14', '22', '9', '310'],
  ['Lowland', '31', '40', '17', '645'],
  ['Marsh', '6', '11', '3', '95'],
  ['Ridge', '19', '25', '12', '402'],
];

/**
 * Two unruled tables one above the other with no caption between them, three blank rows apart: the first has
 * three columns, the second five, their figure columns at other places (so the second is no continuation).
 */
export function stackedDifferentColumnsPdf(): Buffer {
  const top = 700;
  const secondTop = top - (UNRULED_LEFT.length + 2) * 16;
  const ops = [...rowsAt([72, 180, 240], top, 16, UNRULED_LEFT), ...rowsAt([72, 160, 215, 270, 325], secondTop, 16, UNRULED_WIDE)];
  return helveticaPdf([ops.join('\n')]);
}

import { describe, expect, it } from 'vitest';
import { CAPTION_START, NOTES_START } from '../src/pipeline/tables/captions.ts';
import { textWords } from '../src/pipeline/tables/word-count.ts';
import { PdfBuilder } from './helpers/pdf.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';
import { type Script, scriptOps, scriptText } from './helpers/synth-script.ts';
import { hRuleOp, paragraphOps, paragraphWords, seeded, textOp, textRightOp, vRuleOp } from './helpers/synth-text.ts';

/**
 * Tables and table-free pages in scripts without spaces between words (Japanese) or read right to left
 * (Hebrew). Each page is composed in Latin words and rewritten by test/helpers/synth-script.ts, which also gives
 * the expected texts in reading order.
 */

const WIDTH = 612;

function pdfIn(script: Script, ops: string[]): Buffer {
  const builder = new PdfBuilder();
  const scripted = scriptOps(builder.doc, ops, script, 'helvetica', WIDTH);
  builder.page({ stream: scripted.ops.join('\n'), extraFonts: scripted.fonts });
  return builder.bytes();
}

const inScript = (rows: string[][], script: Script) => rows.map((r) => r.map((t) => scriptText(t, script)));

describe('word counts of text without spaces', () => {
  it('counts Chinese and Japanese characters as words, two to a word, and other tokens as one word each', () => {
    expect(textWords('Net sales rose 4%')).toBe(4);
    expect(textWords('持分法の適用範囲の変動')).toBe(6);
    expect(textWords('売上高')).toBe(2);
    expect(textWords('合計 1,234')).toBe(2);
  });
});

describe('captions and notes in other languages', () => {
  it('reads the table and figure words of Japanese, Chinese, Hebrew and Arabic captions', () => {
    for (const caption of ['表3 地域別の売上', '表 2.1 概要', '図 4：推移', '图1 数据', 'טבלה 3. נתונים', 'جدول 2: البيانات'])
      expect(CAPTION_START.test(caption), caption).toBe(true);
    for (const prose of ['表示されている金額', 'טבלאות רבות']) expect(CAPTION_START.test(prose), prose).toBe(false);
  });

  it('reads note and source labels', () => {
    for (const note of ['注：単位は千円', '出典: 統計局', 'הערה: הנתונים', 'المصدر: الوزارة'])
      expect(NOTES_START.test(note), note).toBe(true);
  });
});

/** Two columns of justified prose, composed in Latin. */
function twoColumnProse(): string[] {
  const rand = seeded(41);
  const ops: string[] = [];
  for (const [x0, x1] of [
    [72, 294],
    [318, 540],
  ]) {
    let top = 720;
    for (let p = 0; p < 3; p++) {
      const para = paragraphOps(paragraphWords(rand, 4), x0, x1, top, 10, 'helvetica', true);
      ops.push(...para.ops);
      top = para.bottom - 20;
    }
  }
  return ops;
}

/** Two parties' signature blocks side by side: "Label:" lines with a value, a drawn line to sign on. */
function signatureBlocks(): string[] {
  const ops: string[] = [];
  for (const x of [72, 330]) ops.push(textOp(x, 700, x < 300 ? 'Buyer Company' : 'Seller Company', 10, true));
  let y = 670;
  for (const field of ['By:', 'Name:', 'Title:', 'Date:']) {
    for (const x of [72, 330]) {
      ops.push(textOp(x, y, field, 10), hRuleOp(x + 40, x + 200, y - 2));
      if (field !== 'By:') ops.push(textOp(x + 44, y + 1, field === 'Date:' ? 'March first' : 'Signing officer', 10));
    }
    y -= 26;
  }
  return ops;
}

describe('Japanese pages without tables', () => {
  it.each(policies)('two columns of justified Japanese prose are no table (%s)', (policy) => {
    expect(detect(pdfIn('cjk', twoColumnProse()), policy)).toHaveLength(0);
  });

  it.each(policies)('a signature block with full-width colons is no table (%s)', (policy) => {
    expect(detect(pdfIn('cjk', signatureBlocks()), policy)).toHaveLength(0);
  });
});

/**
 * A boxed table (frame, column rules, a rule under the head) whose head cells all wrap onto two lines and whose
 * records' text cells wrap onto two or three lines, set one leading apart inside a record and wider between
 * records: most gaps between lines are inside records.
 */
const BOXED_HEAD = [
  ['Regional office', 'Staff count', 'Service area covered'],
  ['name', 'this year', 'by the office'],
];
const BOXED_RECORDS: { lines: [string, string][]; count: string }[] = [
  {
    lines: [
      ['Northern harbour', 'Water supply and'],
      ['branch office', 'household permits'],
    ],
    count: '120',
  },
  {
    lines: [
      ['Central market', 'Trade licences for'],
      ['district', 'the local sector'],
      ['', 'and export tariffs'],
    ],
    count: '85',
  },
  {
    lines: [
      ['Southern estate', 'Grants to rural'],
      ['division', 'schools and tenants'],
    ],
    count: '64',
  },
  {
    lines: [
      ['Western fleet', 'Route permits and'],
      ['depot', 'vessel surveys'],
    ],
    count: '37',
  },
];
const COLS = [72, 232, 322, 532];
const SIZE = 9;
const LEADING = SIZE * 1.2;
const RECORD_GAP = 7;

function boxedWrappedTable(): string[] {
  const ops: string[] = [];
  let y = 700;
  for (const line of BOXED_HEAD) {
    line.forEach((text, c) => ops.push(textOp(COLS[c] + 4, y, text, SIZE, true)));
    y -= LEADING;
  }
  const headRule = y + LEADING - 4;
  ops.push(hRuleOp(COLS[0], COLS[3], headRule));
  y -= RECORD_GAP;
  for (const record of BOXED_RECORDS) {
    ops.push(textRightOp(COLS[2] - 4, y, record.count, SIZE, 'helvetica'));
    for (const [key, text] of record.lines) {
      if (key) ops.push(textOp(COLS[0] + 4, y, key, SIZE));
      ops.push(textOp(COLS[2] + 4, y, text, SIZE));
      y -= LEADING;
    }
    y -= RECORD_GAP;
  }
  const bottom = y + LEADING - 2;
  ops.push(`0.6 w ${COLS[0]} ${bottom} ${COLS[3] - COLS[0]} ${712 - bottom} re S`);
  for (const x of COLS.slice(1, 3)) ops.push(vRuleOp(x, bottom, 712));
  return ops;
}

const joined = (parts: string[]) => parts.filter(Boolean).join(' ');
const BOXED_EXPECTED = [
  BOXED_HEAD[0].map((_, c) => joined(BOXED_HEAD.map((l) => l[c]))),
  ...BOXED_RECORDS.map((r) => [joined(r.lines.map((l) => l[0])), r.count, joined(r.lines.map((l) => l[1]))]),
];

describe('multi-line cells where letter case cannot tell a wrapped line', () => {
  it.each(policies)('a Japanese boxed table keeps one row per record and one head row, wrapped text joined solid (%s)', (policy) => {
    const tables = detect(pdfIn('cjk', boxedWrappedTable()), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(inScript(BOXED_EXPECTED, 'cjk'));
  });

  it.each(policies)('so does the same table in Hebrew (%s)', (policy) => {
    const tables = detect(pdfIn('rtl', boxedWrappedTable()), policy);
    expect(tables).toHaveLength(1);
    // Columns of a right-to-left table are numbered from the left edge: each row reads mirrored.
    expect(textRowsOf(tables[0])).toEqual(inScript(BOXED_EXPECTED, 'rtl').map((r) => [...r].reverse()));
  });
});

/** Two unruled tables side by side, labels in their first column, a caption over the first. */
const LEFT_ROWS = [
  ['Import', '1,204', '2,310'],
  ['Export', '988', '1,007'],
  ['Transfer', '310', '452'],
  ['Reserve', '77', '91'],
];
const RIGHT_ROWS = [
  ['Harbour', '56', '61'],
  ['Market', '430', '418'],
  ['Estate', '12', '19'],
  ['Fleet', '230', '244'],
];

function sideBySideTables(): string[] {
  const ops = [textOp(72, 720, 'Table 4. Annual trade', 10, true)];
  for (const [x0, rows] of [
    [72, LEFT_ROWS],
    [350, RIGHT_ROWS],
  ] as const) {
    rows.forEach((row, r) => {
      const y = 696 - r * 14;
      ops.push(textOp(x0, y, row[0], 9), textRightOp(x0 + 90, y, row[1], 9, 'helvetica'), textRightOp(x0 + 140, y, row[2], 9, 'helvetica'));
    });
  }
  return ops;
}

describe('right-to-left tables side by side', () => {
  it.each(policies)('two Hebrew tables side by side, labels on their right, part at their gutter; the caption is no row (%s)', (policy) => {
    const tables = detect(pdfIn('rtl', sideBySideTables()), policy);
    const mirrored = (rows: string[][]) => inScript(rows, 'rtl').map((r) => [...r].reverse());
    expect(tables.map(textRowsOf).sort((a, b) => a[0][0].localeCompare(b[0][0]))).toEqual(
      [mirrored(LEFT_ROWS), mirrored(RIGHT_ROWS)].sort((a, b) => a[0][0].localeCompare(b[0][0])),
    );
  });
});

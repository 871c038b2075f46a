import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { findTables, type TableModel } from '../src/pipeline/tables/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { mappedFont, PdfBuilder, textRun } from './helpers/pdf.ts';

/**
 * Patterns of real-world born-digital tables the synthetic suites had not covered: ruled grids with cells that
 * span rows and columns, right-to-left cell text, Japanese cell text, and ruled grids without an outer frame.
 */

const pageOf = (bytes: Uint8Array): ModelPage => extractDocumentPages(bytes, 0, 1, { graphics: true })[0];
const found = (bytes: Uint8Array): TableModel[] => findTables(pageOf(bytes), { policy: 'strict', source: 'detector' });
const line = (x0: number, y0: number, x1: number, y1: number) => `0.5 w ${x0} ${y0} m ${x1} ${y1} l S`;
const rect = (x0: number, y0: number, x1: number, y1: number) => `0.5 w ${x0} ${y0} ${x1 - x0} ${y1 - y0} re S`;
const cellAt = (t: TableModel, row: number, col: number) => t.cells.find((c) => c.row === row && c.col === col);

describe('ruled grids with spanning cells', () => {
  // A middle column whose cells span two rows each, their text centred in the span: it sits between the text
  // rows of the items beside it, so page-wide text rows have no rule between them half of the time. A head
  // over the last two columns spans both.
  const X = [72, 192, 292, 362, 432];
  const Y = [700, 682, 664, 644, 624, 604, 584, 564, 544];
  const GROUPS: [string, string, string][] = [
    ['Fruit', 'Apples', 'Pears'],
    ['Vegetable', 'Kale', 'Leeks'],
    ['Grain', 'Oats', 'Rye'],
  ];
  function spansPdf(): Buffer {
    const ops = [rect(X[0], Y[8], X[4], Y[0]), line(X[1], Y[0], X[1], Y[8]), line(X[2], Y[0], X[2], Y[8]), line(X[3], Y[1], X[3], Y[8])];
    ops.push(line(X[2], Y[1], X[4], Y[1]), line(X[0], Y[2], X[4], Y[2]));
    // Between the two rows of a group the rule skips the spanning column.
    for (let r = 3; r < 8; r++)
      ops.push(r % 2 === 0 ? line(X[0], Y[r], X[4], Y[r]) : `${line(X[0], Y[r], X[1], Y[r])} ${line(X[2], Y[r], X[4], Y[r])}`);
    ops.push(textRun(X[0] + 6, Y[2] + 5, 'Item', 10, true), textRun(X[1] + 6, Y[2] + 5, 'Category', 10, true));
    ops.push(textRun(X[2] + 50, Y[1] + 5, 'Price', 10, true));
    ops.push(textRun(X[2] + 6, Y[2] + 5, 'Retail', 10, true), textRun(X[3] + 6, Y[2] + 5, 'Bulk', 10, true));
    GROUPS.forEach(([group, ...items], i) => {
      const top = 2 + i * 2;
      ops.push(textRun(X[1] + 6, Y[top + 1] - 4, group));
      items.forEach((item, k) => {
        ops.push(textRun(X[0] + 6, Y[top + k + 1] + 6, item));
        ops.push(textRun(X[2] + 6, Y[top + k + 1] + 6, `${i + 1}.${k}0`), textRun(X[3] + 6, Y[top + k + 1] + 6, `${i + 1}.${k}5`));
      });
    });
    const builder = new PdfBuilder();
    builder.page({ stream: ops.join('\n') });
    return builder.bytes();
  }

  it('reads each spanning cell as one cell over its rows and columns, on the grid the rules draw', () => {
    const [table] = found(spansPdf());
    expect(table).toBeDefined();
    expect(table.rowEdges.length - 1).toBe(8);
    expect(table.colEdges.length - 1).toBe(4);
    expect(cellAt(table, 0, 2)).toMatchObject({ text: 'Price', rowspan: 1, colspan: 2 });
    GROUPS.forEach(([group, first, second], i) => {
      expect(cellAt(table, 2 + i * 2, 1)).toMatchObject({ text: group, rowspan: 2, colspan: 1 });
      expect(cellAt(table, 2 + i * 2, 0)?.text).toBe(first);
      expect(cellAt(table, 3 + i * 2, 0)?.text).toBe(second);
      expect(cellAt(table, 3 + i * 2, 3)?.text).toBe(`${i + 1}.15`);
    });
  });
});

describe('right-to-left and Japanese cell text', () => {
  const HEBREW = 'אבגדהוזחטיכלמנסעפצקרשת';
  const X = [100, 250, 400, 520];
  const Y = [700, 680, 660, 640, 620];
  const ROWS = [
    ['אב גד', 'הו זח', 'טי'],
    ['כל מנ סע', 'פצ', 'קר שת'],
    ['גד', 'זח טי', 'מנ'],
    ['שת קר', 'אב', 'הו גד זח'],
  ];

  it('reads the words of a right-to-left cell from right to left (the text in reading order)', () => {
    const builder = new PdfBuilder();
    const hebrew = mappedFont(builder.doc, HEBREW);
    const ops: string[] = [];
    for (let r = 0; r < ROWS.length; r++) for (let c = 0; c < 3; c++) ops.push(rect(X[c], Y[r + 1], X[c + 1], Y[r]));
    ROWS.forEach((row, r) =>
      row.forEach((text, c) => {
        // Set from the cell's right edge leftwards, each word's letters drawn in visual (reversed) order.
        let right = X[c + 1] - 6;
        for (const word of text.split(' ')) {
          const width = word.length * 6.7;
          ops.push(`BT /H 10 Tf ${right - width} ${Y[r + 1] + 6} Td (${hebrew.encode([...word].reverse().join(''))}) Tj ET`);
          right -= width + 4;
        }
      }),
    );
    builder.page({ stream: ops.join('\n'), extraFonts: { H: hebrew.font } });
    const [table] = found(builder.bytes());
    expect(table).toBeDefined();
    const grid = ROWS.map((row, r) => row.map((_, c) => cellAt(table, r, c)?.text));
    expect(grid).toEqual(ROWS);
  });

  it('reads Japanese cells (no spaces between words) whole', () => {
    const cells = [
      ['品目', '数量', '金額'],
      ['東京都庁舎', '十二', '三千円'],
      ['大阪', '五', '千円'],
      ['名古屋', '七', '二千円'],
    ];
    const builder = new PdfBuilder();
    const japanese = builder.doc.addCJKFont(new mupdf.Font('ja'), 'ja', 0, false);
    const hex = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
    const ops: string[] = [];
    cells.forEach((row, r) =>
      row.forEach((text, c) => {
        ops.push(rect(X[c], Y[r + 1], X[c + 1], Y[r]));
        ops.push(`BT /J 10 Tf ${X[c] + 5} ${Y[r + 1] + 6} Td <${hex(text)}> Tj ET`);
      }),
    );
    builder.page({ stream: ops.join('\n'), extraFonts: { J: japanese } });
    const [table] = found(builder.bytes());
    expect(cells.map((row, r) => row.map((_, c) => cellAt(table, r, c)?.text))).toEqual(cells);
  });
});

describe('ruled grids without an outer frame', () => {
  it('finds a spreadsheet-style grid drawn with inner rules only', () => {
    const X = [100, 200, 300, 400];
    const Y = [700, 680, 660, 640, 620];
    const cells = [
      ['Name', 'Age', 'City'],
      ['Ann', '31', 'Oslo'],
      ['Bob', '42', 'Rome'],
      ['Cy', '27', 'Lima'],
    ];
    const ops = [line(X[1], Y[0], X[1], Y[4]), line(X[2], Y[0], X[2], Y[4])];
    for (let i = 1; i < 4; i++) ops.push(line(X[0], Y[i], X[3], Y[i]));
    cells.forEach((row, r) => row.forEach((text, c) => ops.push(textRun(X[c] + 5, Y[r + 1] + 6, text))));
    const builder = new PdfBuilder();
    builder.page({ stream: ops.join('\n') });
    const [table] = found(builder.bytes());
    expect(cells.map((row, r) => row.map((_, c) => cellAt(table, r, c)?.text))).toEqual(cells);
  });
});

describe('unruled tables with a label set tight against a figure column', () => {
  it('keeps the figure in its own column when the longest label ends a third of an em before it', () => {
    const rows = [
      ['Item', 'Qty', 'Price', 'Total'],
      ['Apples', '12', '1.20', '14.40'],
      ['Pears', '7', '0.95', '6.65'],
      ['Blueberries', '30', '0.10', '3.00'],
      ['Figs', '4', '2.50', '10.00'],
      ['Kiwis', '16', '0.50', '8.00'],
    ];
    // "Blueberries" in 10 pt Helvetica is 50.6 pt wide: the figure column starts 3 pt (0.3 em) after it.
    const X = [100, 153.6, 200, 250];
    const ops = rows.flatMap((row, r) => row.map((text, c) => textRun(X[c], 700 - r * 14, text)));
    const builder = new PdfBuilder();
    builder.page({ stream: ops.join('\n') });
    const [table] = found(builder.bytes());
    expect(table).toBeDefined();
    expect(rows.map((row, r) => row.map((_, c) => cellAt(table, r, c)?.text))).toEqual(rows);
  });
});

describe('small tables on rotated pages', () => {
  it('finds a three-by-three grid on a page turned a quarter (/Rotate 90), though it has few words', () => {
    const X = [100, 200, 300, 400];
    const Y = [700, 680, 660, 640];
    const ops: string[] = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) ops.push(rect(X[c], Y[r + 1], X[c + 1], Y[r]));
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) ops.push(textRun(X[c] + 5, Y[r + 1] + 6, `cell ${r}${c}`));
    const builder = new PdfBuilder();
    builder.page({ stream: ops.join('\n') }).put('Rotate', 90);
    const [table] = found(builder.bytes());
    expect(table).toBeDefined();
    expect(table.textRotation).toBe(90);
    expect([0, 1, 2].map((r) => [0, 1, 2].map((c) => cellAt(table, r, c)?.text))).toEqual(
      [0, 1, 2].map((r) => [0, 1, 2].map((c) => `cell ${r}${c}`)),
    );
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { BBox, ModelPage } from '../src/pipeline/model/types.ts';
import { findTables, type TableModel } from '../src/pipeline/tables/mod.ts';
import { documentPages } from '../src/pipeline/textlayer/mod.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { reportPdf, twoColumnPdf } from './helpers/layout-pdfs.ts';
import { EVAL_DIR } from './helpers/ocr-images.ts';
import {
  expectedCells,
  RULED_WITH_CAPTION,
  GROUPED,
  groupedTablePdf,
  TWO_LINE_HEADER,
  twoLineHeaderPdf,
  MULTILINE,
  RULED_4X3,
  SPANNING,
  tablePdf,
  TWO_PAGE,
  twoPageTablePdf,
  UNRULED,
  UNRULED_SPANS,
  type TableSpec,
} from './helpers/table-pdfs.ts';

function pagesOf(bytes: Uint8Array): ModelPage[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    return [...documentPages(doc, 0, undefined, { graphics: true })];
  } finally {
    doc.destroy();
  }
}

const contains = (outer: BBox, inner: BBox) =>
  inner[0] >= outer[0] - 0.01 && inner[1] >= outer[1] - 0.01 && inner[2] <= outer[2] + 0.01 && inner[3] <= outer[3] + 0.01;

function wordBoxes(page: ModelPage): Map<string, BBox> {
  const out = new Map<string, BBox>();
  for (const l of page.lines) l.words.forEach((w, i) => out.set(`${l.id}_w${i}`, w.bbox));
  return out;
}

/** The invariants every table must keep: the grid is covered exactly once, and each cell holds its words. */
function checkInvariants(t: TableModel, page: ModelPage): void {
  const rows = t.rowEdges.length - 1;
  const cols = t.colEdges.length - 1;
  const covered = new Array(rows * cols).fill(0);
  for (const c of t.cells)
    for (let r = c.row; r < c.row + c.rowspan; r++) for (let k = c.col; k < c.col + c.colspan; k++) covered[r * cols + k]++;
  expect(covered.every((n) => n === 1)).toBe(true);
  const boxes = wordBoxes(page);
  for (const c of t.cells) {
    for (const id of c.wordIds) {
      expect(id).toMatch(/^p\d+_l\d+_w\d+$/);
      expect(contains(c.bbox, boxes.get(id)!), `${c.text} holds ${id}`).toBe(true);
    }
    expect(c.text === '').toBe(c.wordIds.length === 0);
  }
  expect(contains(t.bbox, [t.colEdges[0], t.rowEdges[0], t.colEdges[cols], t.rowEdges[rows]])).toBe(true);
}

function onlyTable(spec: TableSpec, policy: 'strict' | 'liberal' = 'strict'): { table: TableModel; page: ModelPage } {
  const [page] = pagesOf(tablePdf(spec));
  const tables = findTables(page, { policy, source: 'detector' });
  expect(tables).toHaveLength(1);
  checkInvariants(tables[0], page);
  return { table: tables[0], page };
}

function shapeAndCells(t: TableModel, spec: TableSpec): void {
  expect(t.rowEdges).toHaveLength(spec.rowY.length);
  expect(t.colEdges).toHaveLength(spec.colX.length);
  const got = t.cells.map(({ row, col, rowspan, colspan, text, isHeader }) => ({ row, col, rowspan, colspan, text, isHeader }));
  expect(got).toEqual(expectedCells(spec));
  expect(t.headerRowCount).toBe(spec.headerRows);
}

/** Table edges in PDF points back to page pixels (2 px per point, y down). */
const px = (pt: number) => pt * 2;

describe('findTables on born-digital tables', () => {
  it('recovers a ruled 4 x 3 grid exactly, numbers as printed', () => {
    const { table } = onlyTable(RULED_4X3);
    shapeAndCells(table, RULED_4X3);
    expect(table.id).toBe('p0_t1');
    expect(table.source).toBe('ruled');
    expect(table.mappingQuality).toBe('exact');
    RULED_4X3.colX.forEach((x, i) => expect(Math.abs(table.colEdges[i] - px(x))).toBeLessThan(3));
    RULED_4X3.rowY.forEach((y, i) => expect(Math.abs(table.rowEdges[i] - px(792 - y))).toBeLessThan(3));
  });

  it('finds an unruled table from column alignment, with its empty cell and bold header', () => {
    const { table } = onlyTable(UNRULED);
    shapeAndCells(table, UNRULED);
    expect(table.source).toBe('unruled');
    expect(table.mappingQuality).toBe('heuristic');
    const empty = table.cells.find((c) => c.row === 3 && c.col === 1)!;
    expect(empty).toMatchObject({ text: '', wordIds: [] });
  });

  it('reads a two-level header: a rowspan stub and a colspan group over two columns', () => {
    const { table } = onlyTable(SPANNING);
    shapeAndCells(table, SPANNING);
    expect(table.cells.find((c) => c.text === 'Sales')).toMatchObject({ row: 0, col: 1, colspan: 2, rowspan: 1 });
    expect(table.cells.find((c) => c.text === 'Region')).toMatchObject({ row: 0, col: 0, rowspan: 2, colspan: 1 });
  });

  it('spans an unruled header across the columns its text covers, and joins a continuation line to its row', () => {
    const { table } = onlyTable(UNRULED_SPANS);
    shapeAndCells(table, UNRULED_SPANS);
    expect(table.cells.find((c) => c.text === 'Copper and fresh fruit')).toMatchObject({ row: 2, col: 1, rowspan: 1, colspan: 1 });
    expect(table.cells.filter((c) => c.isHeader).map((c) => c.text)).toEqual([
      '',
      '',
      'Total exports by year',
      'Country',
      'Goods',
      '2023',
      '2024',
    ]);
  });

  it('keeps one row per record when key cells wrap at the same pitch as the rows, and heads the table with the rows above the data', () => {
    const { table } = onlyTable(WRAPPED_KEYS);
    shapeAndCells(table, WRAPPED_KEYS);
    expect(table.cells.find((c) => c.row === 2 && c.col === 0)?.text).toBe('2. Heart rate after exercise in the morning');
  });

  it('keeps both printed lines of a ruled cell in one cell, and an empty cell empty', () => {
    const { table } = onlyTable(MULTILINE);
    shapeAndCells(table, MULTILINE);
    const cell = table.cells.find((c) => c.row === 1 && c.col === 1)!;
    expect(cell.text).toBe('Crop harvested per hectare of land');
    expect(cell.wordIds).toHaveLength(6);
  });

  it('finds the part of a two-page table on each page, each with its repeated header row', () => {
    const parts = pagesOf(twoPageTablePdf()).map((page) => ({ page, tables: findTables(page, { policy: 'strict', source: 'detector' }) }));
    expect(parts.map((p) => p.tables.length)).toEqual([1, 1]);
    const [first, second] = parts.map((p) => p.tables[0]);
    parts.forEach((p) => checkInvariants(p.tables[0], p.page));
    expect([first.rowEdges.length - 1, second.rowEdges.length - 1]).toEqual([
      TWO_PAGE.firstPageRows + 1,
      TWO_PAGE.bodyRows - TWO_PAGE.firstPageRows + 1,
    ]);
    expect([first.headerRowCount, second.headerRowCount]).toEqual([1, 1]);
    expect(second.id).toBe('p1_t1');
    expect(second.cells.filter((c) => c.row === 1).map((c) => c.text)).toEqual(TWO_PAGE.row(TWO_PAGE.firstPageRows));
  });

  it('finds no table in two-column prose or in a report with lists, under either policy', () => {
    for (const page of [...pagesOf(twoColumnPdf()), ...pagesOf(reportPdf())]) {
      expect(findTables(page, { policy: 'strict', source: 'detector' })).toEqual([]);
      expect(findTables(page, { policy: 'liberal', source: 'detector' })).toEqual([]);
    }
  });

  it('does not take prose for a table, and structures given boxes or the whole text area on request', () => {
    const [page] = pagesOf(tablePdf(RULED_4X3));
    const detected = findTables(page, { policy: 'liberal', source: 'detector' });
    expect(detected).toHaveLength(1);
    const layout = findTables(page, { policy: 'strict', source: 'layout', layoutTables: [detected[0].bbox] });
    expect(layout).toHaveLength(1);
    expect(layout[0].source).toBe('layout');
    expect(layout[0].cells.map((c) => c.text)).toEqual(detected[0].cells.map((c) => c.text));
    const whole = findTables(page, { policy: 'strict', source: 'none' });
    expect(whole).toHaveLength(1);
    expect(whole[0].source).toBe('page');
    checkInvariants(whole[0], page);
    expect(whole[0].cells.some((c) => c.text === '1,200')).toBe(true);
  });
});

/**
 * Unruled, not bold: key cells wrap onto two or three lines set at the table's row pitch (leading alone cannot
 * tell a wrapped line from a record); the wrapped lines start in lowercase, flush with the key above them.
 */
const WRAPPED_KEYS: TableSpec = (() => {
  const records: [string[], string, string, string][] = [
    [['Measure'], 'Group A', 'Group B', 'P'],
    [['1. Blood pressure at rest', 'measured twice'], '120', '118', '0.41'],
    [['2. Heart rate after', 'exercise in the', 'morning'], '88', '95', '0.03'],
    [['3. Weight'], '71', '69', '0.52'],
    [['4. Sleep hours per night', 'reported by patients'], '6.5', '7.1', '0.20'],
  ];
  const rowY = [600];
  for (const [key] of records) rowY.push(rowY[rowY.length - 1] - 12 * key.length);
  const cells = records.flatMap(([key, ...rest], row) => [
    { row, col: 0, lines: key },
    ...rest.map((s, i) => ({ row, col: i + 1, lines: [s] })),
  ]);
  return { colX: [72, 250, 330, 410, 490], rowY, headerRows: 1, ruled: false, cells };
})();

const ICDAR = path.join(EVAL_DIR, 'tables-icdar2013');
const icdarPresent = existsSync(path.join(ICDAR, 'eu-001.pdf'));
if (!icdarPresent) console.warn(`[tables.structure] ${ICDAR} not found: ICDAR 2013 checks skipped`);

describe.skipIf(!icdarPresent)('ICDAR 2013 (real born-digital tables)', () => {
  it('finds the three shaded, ruled tables of eu-001 page 1 with their spanning header', () => {
    const [page] = pagesOf(readFileSync(path.join(ICDAR, 'eu-001.pdf')));
    const tables = findTables(page, { policy: 'strict', source: 'detector' });
    expect(tables.map((t) => t.id)).toEqual(['p0_t1', 'p0_t2', 'p0_t3']);
    for (const t of tables) {
      checkInvariants(t, page);
      expect(t.colEdges).toHaveLength(5);
      expect(t.cells.find((c) => c.text === 'THRESHOLD FOR RELEASES')).toMatchObject({ row: 0, col: 1, colspan: 3 });
      expect(t.cells.find((c) => c.text === 'to air kg/year')).toMatchObject({ row: 1, col: 1 });
      expect(t.headerRowCount).toBeGreaterThanOrEqual(2);
    }
    expect(tables[0].cells.find((c) => c.row === 2 && c.col === 1)?.text).toBe('100 million');
  });
});

const textGrid = (t: TableModel): string[][] => {
  const rows = t.rowEdges.length - 1;
  const cols = t.colEdges.length - 1;
  const out = Array.from({ length: rows }, () => new Array<string>(cols).fill(''));
  for (const c of t.cells) out[c.row][c.col] = c.text;
  return out;
};

describe('table extent and grouping', () => {
  it('keeps a table grouped by label rows and blank spacer rows as one table with one header block, caption and notes outside', () => {
    const [page] = pagesOf(groupedTablePdf());
    for (const policy of ['strict', 'liberal'] as const) {
      const tables = findTables(page, { policy, source: 'detector' });
      expect(tables).toHaveLength(1);
      checkInvariants(tables[0], page);
      const grid = textGrid(tables[0]).filter((r) => r.some((t) => t));
      expect(grid).toEqual(GROUPED.rows);
      expect(tables[0].headerRowCount).toBe(1);
      const texts = tables[0].cells.map((c) => c.text).join(' ');
      expect(texts).not.toMatch(/Source|Note|Table 4/);
    }
  });

  it('keeps a two-line header cell as one cell', () => {
    const [page] = pagesOf(twoLineHeaderPdf());
    const tables = findTables(page, { policy: 'strict', source: 'detector' });
    expect(tables).toHaveLength(1);
    checkInvariants(tables[0], page);
    expect(textGrid(tables[0])).toEqual(TWO_LINE_HEADER.rows);
  });
});

describe('captions and notes at a ruled table edge', () => {
  it('leaves a caption row above and a source row below out of a boxed table', () => {
    const [page] = pagesOf(tablePdf(RULED_WITH_CAPTION));
    const tables = findTables(page, { policy: 'strict', source: 'detector' });
    expect(tables).toHaveLength(1);
    checkInvariants(tables[0], page);
    shapeAndCells(tables[0], RULED_4X3);
  });

  it('joins a superscript mark or a decimal part set as its own glyph run to the figure it touches', () => {
    const ops = [
      ['Item', 'Amount'],
      ['Apples', '1,200'],
      ['Pears', '350'],
      ['Plums', '75'],
    ].flatMap((r, i) => r.map((t, c) => `BT /F1 10 Tf ${72 + c * 150} ${640 - i * 16} Td (${t}) Tj ET`));
    // "12.5" then a superscript "3" right after it (no space), on the Pears row.
    ops.push(
      'BT /F1 10 Tf 300 624 Td (12.5) Tj /F1 6 Tf 19.46 4 Td (3) Tj ET',
      'BT /F1 10 Tf 300 640 Td (Rate) Tj ET',
      'BT /F1 10 Tf 300 608 Td (9.1) Tj ET',
      'BT /F1 10 Tf 300 592 Td (7.7) Tj ET',
    );
    const [page] = pagesOf(helveticaPdf([ops.join('\n')]));
    const tables = findTables(page, { policy: 'strict', source: 'detector' });
    expect(tables).toHaveLength(1);
    expect(tables[0].cells.map((c) => c.text)).toContain('12.53');
  });
});

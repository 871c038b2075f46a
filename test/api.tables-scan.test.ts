/**
 * A scanned table: a ruled table page rendered to a PNG (no text layer, no vector rules) goes through
 * POST /v1/tables with the real inference sidecar; OCR words must come back as the same grid and cell texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { scanPng } from './helpers/ocr-images.ts';
import { RULED_4X3, expectedCells, tablePdf } from './helpers/table-pdfs.ts';

interface Cell {
  value: string;
  row: number;
  col: number;
  bbox: number[];
  bbox_ids: string[];
}
interface TablesBody {
  tables: { grid_row_count: number; grid_col_count: number; bbox: number[]; cells: Cell[] }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
}, 120_000);
afterAll(async () => t?.close());

describe('POST /v1/tables on a scan', () => {
  it('reads a scanned table through OCR: same grid, same cell texts, cells inside the table', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/tables',
      headers: AUTH_A,
      payload: {
        input: { image_base64: scanPng(tablePdf(RULED_4X3), 216).toString('base64'), filename: 'table-scan.png' },
        execution_mode: 'sync',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { tables } = res.json() as TablesBody;
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect([table.grid_row_count, table.grid_col_count]).toEqual([4, 3]);
    expect(table.cells.map((c) => [c.row, c.col, c.value])).toEqual(expectedCells(RULED_4X3).map((c) => [c.row, c.col, c.text]));
    for (const cell of table.cells) {
      expect(cell.bbox_ids.length).toBeGreaterThan(0);
      expect(
        cell.bbox[0] >= table.bbox[0] && cell.bbox[2] <= table.bbox[2] && cell.bbox[1] >= table.bbox[1] && cell.bbox[3] <= table.bbox[3],
      ).toBe(true);
    }
  }, 120_000);
});

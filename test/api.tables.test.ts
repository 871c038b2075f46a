/**
 * POST /v1/tables over HTTP on born-digital PDFs drawn with mupdf (test/helpers/table-pdfs.ts): grid shape,
 * spans, header rows and cell text as printed; cell grounding whose regions are the cells' boxes; a table split
 * over two pages comes back as one; sync and async give the same result; bad options are 422.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_A, type TestApp } from './helpers/app.ts';
import { useTestApp, waitForFinalJob, get } from './helpers/api.ts';
import { RULED_4X3, SPANNING, expectedCells, tablePdf, twoPageTablePdf, TWO_PAGE } from './helpers/table-pdfs.ts';

interface Cell {
  value: string;
  cell_id: string;
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  is_header: boolean;
  page_index: number;
  bbox: number[];
  bbox_ids: string[];
  region_ids: string[];
  effective_region_ids: string[];
}
interface Table {
  html: string;
  bbox: number[];
  page_index: number;
  source_page_indexes: number[];
  region_ids: string[];
  grid_row_count: number;
  grid_col_count: number;
  header_row_count: number;
  mapping_quality: string;
  cells: Cell[];
  render_grid: { rows: { row_index: number; cells: { cell_id: string }[] }[] };
}
interface Region {
  region_id: string;
  page_index: number;
  shape: { x: number; y: number; w: number; h: number };
  label: string;
}
interface TablesBody {
  grounding: string;
  grounding_regions: Region[] | null;
  tables: Table[];
}

const app = useTestApp();

async function tables(t: TestApp, bytes: Buffer, options: Record<string, unknown> = {}): Promise<TablesBody> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/tables',
    headers: AUTH_A,
    payload: { input: { pdf_base64: bytes.toString('base64') }, execution_mode: 'sync', ...options },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TablesBody;
}

const shapeBox = (r: Region) => [r.shape.x, r.shape.y, r.shape.x + r.shape.w, r.shape.y + r.shape.h];
const inside = (outer: number[], inner: number[]) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

describe('POST /v1/tables', () => {
  it('reads a ruled table: grid, header row, numbers as printed, a region per cell', async () => {
    const body = await tables(app(), tablePdf(RULED_4X3));
    expect(body.grounding).toBe('cell');
    expect(body.tables).toHaveLength(1);
    const [table] = body.tables;
    expect([table.grid_row_count, table.grid_col_count, table.header_row_count]).toEqual([4, 3, 1]);
    expect(table.mapping_quality).toBe('exact');
    expect(table.source_page_indexes).toEqual([0]);
    expect(table.cells.map((c) => [c.row, c.col, c.value, c.is_header])).toEqual(
      expectedCells(RULED_4X3).map((c) => [c.row, c.col, c.text, c.isHeader]),
    );
    expect(table.html).toContain('<thead><tr><th>Item</th>');
    expect(table.html).toContain('<td>1,200</td>');
    const regions = new Map(body.grounding_regions!.map((r) => [r.region_id, r]));
    const tableRegion = regions.get(table.region_ids[0])!;
    expect(tableRegion.label).toBe('table');
    for (const cell of table.cells) {
      expect(cell.region_ids).toHaveLength(1);
      expect(cell.effective_region_ids).toEqual(cell.region_ids);
      const region = regions.get(cell.region_ids[0])!;
      expect(region.label).toBe('table_cell');
      expect(shapeBox(region)).toEqual(cell.bbox);
      expect(inside(shapeBox(tableRegion), cell.bbox)).toBe(true);
      if (cell.value) expect(cell.bbox_ids.length).toBeGreaterThan(0);
    }
  });

  it('keeps spanning header cells once, with their spans, and repeats them by reference in render_grid', async () => {
    const [table] = (await tables(app(), tablePdf(SPANNING))).tables;
    expect(table.header_row_count).toBe(2);
    const region = table.cells.find((c) => c.value === 'Region')!;
    const sales = table.cells.find((c) => c.value === 'Sales')!;
    expect([region.rowspan, region.colspan, sales.rowspan, sales.colspan]).toEqual([2, 1, 1, 2]);
    expect(table.html).toMatch(/<th rowspan="2">Region<\/th>/);
    expect(table.render_grid.rows).toHaveLength(4);
    expect(table.render_grid.rows.every((r) => r.cells.length === 3)).toBe(true);
    expect(table.render_grid.rows[1].cells[0].cell_id).toBe(region.cell_id);
    expect(table.render_grid.rows[0].cells[2].cell_id).toBe(sales.cell_id);
  });

  it('merges a table continued on the next page; its cells keep their own pages', async () => {
    const body = await tables(app(), twoPageTablePdf());
    expect(body.tables).toHaveLength(1);
    const [table] = body.tables;
    expect(table.source_page_indexes).toEqual([0, 1]);
    expect(table.region_ids).toHaveLength(2);
    expect(table.grid_row_count).toBe(TWO_PAGE.bodyRows + 1); // the header repeated on page 2 is not a row twice
    const pages = new Set(table.cells.map((c) => c.page_index));
    expect([...pages].sort()).toEqual([0, 1]);
    expect(table.cells.filter((c) => c.value === TWO_PAGE.header[0])).toHaveLength(1);
  });

  it('grounding table gives table regions only; none gives no regions', async () => {
    const pdf = tablePdf(RULED_4X3);
    const byTable = await tables(app(), pdf, { grounding: 'table' });
    expect(byTable.grounding_regions!.every((r) => r.label === 'table')).toBe(true);
    expect(
      byTable.tables[0].cells.every((c) => c.region_ids.length === 0 && c.effective_region_ids[0] === byTable.tables[0].region_ids[0]),
    ).toBe(true);
    const none = await tables(app(), pdf, { grounding: 'none' });
    expect(none.grounding_regions).toBeNull();
    expect(none.tables[0].region_ids).toEqual([]);
    expect(none.tables[0].cells.map((c) => c.value)).toEqual(byTable.tables[0].cells.map((c) => c.value));
  });

  it("gives parse's table chunk the same structure: spans in table_html, HTML in the markdown, exact mapping", async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: { pdf_base64: tablePdf(SPANNING).toString('base64') }, execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      markdown: string;
      chunks: {
        type: string;
        table_html: string | null;
        grid_row_count: number;
        grid_col_count: number;
        header_row_count: number;
        mapping_quality: string;
        cells: { text: string; rowspan: number; colspan: number }[];
      }[];
    };
    const chunk = body.chunks.find((c) => c.type === 'table')!;
    expect([chunk.grid_row_count, chunk.grid_col_count, chunk.header_row_count, chunk.mapping_quality]).toEqual([4, 3, 2, 'exact']);
    expect(chunk.table_html).toMatch(/<th colspan="2">Sales<\/th>/);
    expect(chunk.cells.find((c) => c.text === 'Region')).toMatchObject({ rowspan: 2, colspan: 1 });
    expect(body.markdown).toContain(chunk.table_html!); // spans cannot be a pipe table
  });

  it('nests the recognised cells under their table in nested layout', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/v1/layout',
      headers: AUTH_A,
      payload: { input: { pdf_base64: tablePdf(RULED_4X3).toString('base64') }, execution_mode: 'sync', mode: 'nested' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const components = (res.json() as { pages: { components: { id: string; type: string; bbox: number[]; children?: string[] }[] }[] })
      .pages[0].components;
    const table = components.find((c) => c.type === 'table')!;
    const cells = components.filter((c) => c.type === 'table_cell');
    expect(cells).toHaveLength(12);
    expect(table.children).toEqual(cells.map((c) => c.id));
    for (const cell of cells) expect(inside(table.bbox, cell.bbox)).toBe(true);
  });

  it('answers the same asynchronously, and rejects an unknown detection policy with 422', async () => {
    const t = app();
    const pdf = tablePdf(RULED_4X3);
    const sync = await tables(t, pdf);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/tables',
      headers: AUTH_A,
      payload: { input: { pdf_base64: pdf.toString('base64') } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForFinalJob(t.app, (res.json() as { job_id: string }).job_id);
    expect(job.status).toBe('completed');
    const result = await get(t.app, `/v1/jobs/${job.job_id}/result`);
    expect((result.json() as TablesBody).tables).toEqual(sync.tables);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/tables',
      headers: AUTH_A,
      payload: { input: { pdf_base64: pdf.toString('base64') }, detection_policy: 'greedy' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

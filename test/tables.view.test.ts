/**
 * The table views: multi-page merge, HTML/markdown serialization and the API's TableResult (cells, dense render
 * grid, grounding regions). Inputs are TableModel literals laid out like the table stages lay them out
 * (page-image pixels, 1224 × 1584 for US Letter), so these tests do not depend on detection.
 */
import { describe, expect, it } from 'vitest';
import type { BBox } from '../src/pipeline/model/types.ts';
import { mergeAcrossPages } from '../src/pipeline/tables/merge.ts';
import { gridOfTable, tableHtml, tableMarkdown, tableMarkup } from '../src/pipeline/tables/table-html.ts';
import { tableResult, type RegionSink } from '../src/pipeline/views/table-result.ts';
import type { MappingQuality, TableCellModel, TableModel } from '../src/pipeline/tables/types.ts';

const LETTER = { width: 1224, height: 1584 };

/** A spanning cell; a null in the row matrix marks a position some span covers. */
interface Span {
  text: string;
  rowspan?: number;
  colspan?: number;
}

interface TableSpec {
  top: number;
  left?: number;
  colWidths?: number[];
  rowHeight?: number;
  headerRows?: number;
  quality?: MappingQuality;
  rows: (string | Span | null)[][];
}

function makeTable(id: string, pageIndex: number, spec: TableSpec): TableModel {
  const left = spec.left ?? 150;
  const colWidths = spec.colWidths ?? spec.rows[0].map(() => 200);
  const rowHeight = spec.rowHeight ?? 40;
  const colEdges = [left];
  for (const w of colWidths) colEdges.push(colEdges.at(-1)! + w);
  const rowEdges = spec.rows.map((_, r) => spec.top + (r + 1) * rowHeight);
  rowEdges.unshift(spec.top);
  const headerRows = spec.headerRows ?? 1;
  const cells: TableCellModel[] = [];
  spec.rows.forEach((row, r) =>
    row.forEach((entry, c) => {
      if (entry === null) return;
      const span = typeof entry === 'string' ? { text: entry } : entry;
      const [rowspan, colspan] = [span.rowspan ?? 1, span.colspan ?? 1];
      const bbox: BBox = [colEdges[c], rowEdges[r], colEdges[c + colspan], rowEdges[r + rowspan]];
      const wordIds = span.text === '' ? [] : span.text.split(/\s+/).map((_, w) => `p${pageIndex}_l${r}_w${c * 10 + w}`);
      cells.push({ row: r, col: c, rowspan, colspan, text: span.text, bbox, wordIds, isHeader: r < headerRows });
    }),
  );
  const bbox: BBox = [colEdges[0], rowEdges[0], colEdges.at(-1)!, rowEdges.at(-1)!];
  return {
    id,
    pageIndex,
    bbox,
    source: 'ruled',
    rowEdges,
    colEdges,
    cells,
    headerRowCount: headerRows,
    mappingQuality: spec.quality ?? 'exact',
    score: 0.9,
  };
}

/** A caller's region list: ids in the order asked for. */
class RegionList implements RegionSink {
  readonly added: { id: string; pageIndex: number; bbox: BBox; type: string }[] = [];
  add(pageIndex: number, bbox: BBox, type: 'table' | 'table_cell'): string {
    const id = `p${pageIndex}_r${this.added.length}`;
    this.added.push({ id, pageIndex, bbox, type });
    return id;
  }
}

const header = ['Name', 'Qty', 'Price'];
const body = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => [`Item ${from + i}`, `${from + i}`, `$${from + i}.00`]);

/** Page 0: a table ending near the bottom; page 1: its continuation at the top, header repeated. */
function splitTable(opts: { repeatHeader: boolean; shiftSecond?: number; widthsSecond?: number[] }) {
  const first = makeTable('p0_t0', 0, { top: 1000, rows: [header, ...body(1, 10)] });
  const second = makeTable('p1_t0', 1, {
    top: 120,
    left: 150 + (opts.shiftSecond ?? 0),
    colWidths: opts.widthsSecond,
    headerRows: opts.repeatHeader ? 1 : 0,
    rows: opts.repeatHeader ? [header, ...body(11, 5)] : body(11, 5),
  });
  return { first, second };
}

describe('table HTML and markdown', () => {
  const spanning = makeTable('p0_t0', 0, {
    top: 100,
    headerRows: 2,
    rows: [
      [{ text: 'Region', rowspan: 2 }, { text: 'Sales & "Returns"', colspan: 2 }, null],
      [null, 'Q1', 'Q2'],
      ['North <main>', '1,200', "it's\n  two lines"],
      ['', '', ''],
    ],
  });

  it('escapes text, keeps multi-line cells on one line, writes spans, header cells as th in thead', () => {
    expect(tableHtml(gridOfTable(spanning))).toBe(
      '<table><thead>' +
        '<tr><th rowspan="2">Region</th><th colspan="2">Sales &amp; &quot;Returns&quot;</th></tr>' +
        '<tr><th>Q1</th><th>Q2</th></tr>' +
        '</thead><tbody>' +
        '<tr><td>North &lt;main&gt;</td><td>1,200</td><td>it&#39;s two lines</td></tr>' +
        '<tr><td></td><td></td><td></td></tr>' +
        '</tbody></table>',
    );
  });

  it('has no thead without header rows, and fills positions no cell covers with empty cells', () => {
    const table = makeTable('p0_t0', 0, {
      top: 100,
      headerRows: 0,
      rows: [
        ['a', 'b'],
        ['c', 'd'],
      ],
    });
    table.cells = table.cells.filter((cell) => cell.text !== 'd');
    expect(tableHtml(gridOfTable(table))).toBe('<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td><td></td></tr></tbody></table>');
  });

  it('writes a pipe table with escaped pipes for tables without spans', () => {
    const table = makeTable('p0_t0', 0, {
      top: 100,
      rows: [
        ['Key', 'Value'],
        ['a|b', 'x\ny'],
        ['', '5'],
      ],
    });
    const expected = '| Key | Value |\n| --- | --- |\n| a\\|b | x y |\n|  | 5 |';
    expect(tableMarkdown(gridOfTable(table))).toBe(expected);
    expect(tableMarkup(gridOfTable(table))).toEqual({ format: 'markdown', text: expected });
  });

  it('chooses HTML when a cell spans or headers are stacked', () => {
    expect(tableMarkup(gridOfTable(spanning)).format).toBe('html');
    expect(tableMarkup(gridOfTable(spanning)).text).toBe(tableHtml(gridOfTable(spanning)));
    const stacked = makeTable('p0_t0', 0, {
      top: 100,
      headerRows: 2,
      rows: [
        ['A', 'B'],
        ['a', 'b'],
        ['1', '2'],
      ],
    });
    expect(tableMarkup(gridOfTable(stacked)).format).toBe('html');
  });
});

describe('TableResult', () => {
  const spanning = makeTable('p2_t1', 2, {
    top: 100,
    rows: [
      [{ text: 'Region', rowspan: 2 }, { text: 'Total', colspan: 2 }, null],
      [null, '10', '20'],
      ['South', '30', '40'],
    ],
  });

  it('serializes a one-page table: counts, ids, integer boxes, words, source order row-major', () => {
    // Cells listed out of order: source order must still follow reading order.
    const shuffled = { ...spanning, cells: [...spanning.cells].reverse() };
    shuffled.cells[0] = { ...shuffled.cells[0], bbox: [150.4, 180.2, 350.7, 220.9] };
    const result = tableResult({ parts: [shuffled] }, 'none', new RegionList());
    expect(result).toMatchObject({
      page_index: 2,
      source_page_indexes: [2],
      bbox: [150, 100, 750, 220],
      region_type: 'table_body',
      grid_row_count: 3,
      grid_col_count: 3,
      header_row_count: 1,
      mapping_quality: 'exact',
    });
    expect(result.cells.map((c) => [c.cell_id, c.source_order, c.value])).toEqual([
      ['p2_t1_r0_c0', 0, 'Region'],
      ['p2_t1_r0_c1', 1, 'Total'],
      ['p2_t1_r1_c1', 2, '10'],
      ['p2_t1_r1_c2', 3, '20'],
      ['p2_t1_r2_c0', 4, 'South'],
      ['p2_t1_r2_c1', 5, '30'],
      ['p2_t1_r2_c2', 6, '40'],
    ]);
    const last = result.cells[6];
    expect(last).toMatchObject({ row: 2, col: 2, row_index: 2, col_index: 2, page_index: 2, rowspan: 1, colspan: 1, is_header: false });
    expect(last.bbox).toEqual([150, 180, 351, 221]);
    expect(last.bbox_ids).toEqual(['p2_l2_w20']);
    expect(result.cells[0]).toMatchObject({ rowspan: 2, colspan: 1, is_header: true, html: 'Region' });
  });

  it('keeps values exactly as printed and escapes the html', () => {
    const table = makeTable('p0_t0', 0, {
      top: 100,
      rows: [
        ['A', 'B'],
        ['(1,234.50)', 'R&D <b>'],
      ],
    });
    const cells = tableResult({ parts: [table] }, 'none', new RegionList()).cells;
    expect(cells[2]).toMatchObject({ value: '(1,234.50)', text: '(1,234.50)' });
    expect(cells[3]).toMatchObject({ value: 'R&D <b>', text: 'R&D <b>', html: 'R&amp;D &lt;b&gt;' });
  });

  it('gives a dense render grid with spanning cells repeated by reference', () => {
    const result = tableResult({ parts: [spanning] }, 'cell', new RegionList());
    const rows = result.render_grid.rows;
    expect(rows.map((r) => [r.row_index, r.is_header, r.cells.length])).toEqual([
      [0, true, 3],
      [1, false, 3],
      [2, false, 3],
    ]);
    const ids = rows.map((r) => r.cells.map((c) => c.cell_id));
    expect(ids).toEqual([
      ['p2_t1_r0_c0', 'p2_t1_r0_c1', 'p2_t1_r0_c1'],
      ['p2_t1_r0_c0', 'p2_t1_r1_c1', 'p2_t1_r1_c2'],
      ['p2_t1_r2_c0', 'p2_t1_r2_c1', 'p2_t1_r2_c2'],
    ]);
    const covered = rows[1].cells[0];
    expect(covered).toMatchObject({
      row_index: 1,
      col_index: 0,
      value: 'Region',
      rowspan: 2,
      colspan: 1,
      source_order: 0,
      is_header: true,
    });
    expect(covered.region_ids).toEqual(result.cells[0].region_ids);
    expect(rows[0].cells[2]).toMatchObject({ row_index: 0, col_index: 2, value: 'Total', colspan: 2 });
  });

  it('grounding none: no regions at all', () => {
    const regions = new RegionList();
    const result = tableResult({ parts: [spanning] }, 'none', regions);
    expect(regions.added).toEqual([]);
    expect(result.region_ids).toEqual([]);
    for (const cell of result.cells) expect([cell.region_ids, cell.effective_region_ids]).toEqual([[], []]);
  });

  it('grounding table: one table region; cells point at it as their effective region', () => {
    const regions = new RegionList();
    const result = tableResult({ parts: [spanning] }, 'table', regions);
    expect(regions.added).toEqual([{ id: 'p2_r0', pageIndex: 2, bbox: [150, 100, 750, 220], type: 'table' }]);
    expect(result.region_ids).toEqual(['p2_r0']);
    for (const cell of result.cells) expect([cell.region_ids, cell.effective_region_ids]).toEqual([[], ['p2_r0']]);
    expect(result.render_grid.rows[2].cells[1].effective_region_ids).toEqual(['p2_r0']);
  });

  it('grounding cell: a region per cell with its box, used as the effective region', () => {
    const regions = new RegionList();
    const result = tableResult({ parts: [spanning] }, 'cell', regions);
    expect(regions.added.filter((r) => r.type === 'table')).toHaveLength(1);
    const cellRegions = regions.added.filter((r) => r.type === 'table_cell');
    expect(cellRegions).toHaveLength(result.cells.length);
    for (const cell of result.cells) {
      expect(cell.region_ids).toHaveLength(1);
      expect(cell.effective_region_ids).toEqual(cell.region_ids);
      expect(regions.added.find((r) => r.id === cell.region_ids[0])).toMatchObject({ pageIndex: 2, bbox: cell.bbox, type: 'table_cell' });
    }
    expect(new Set(result.cells.map((c) => c.region_ids[0])).size).toBe(result.cells.length);
  });

  it('reports the worst mapping quality of the parts', () => {
    const { first, second } = splitTable({ repeatHeader: true });
    const result = tableResult({ parts: [first, { ...second, mappingQuality: 'heuristic' }] }, 'none', new RegionList());
    expect(result.mapping_quality).toBe('heuristic');
  });
});

describe('multi-page merge', () => {
  it('merges a table continued on the next page with its header repeated; cells keep their page and box', () => {
    const { first, second } = splitTable({ repeatHeader: true });
    const groups = mergeAcrossPages([second, first], [LETTER, LETTER]);
    expect(groups).toHaveLength(1);
    expect(groups[0].parts.map((p) => p.id)).toEqual(['p0_t0', 'p1_t0']);
    // Inputs are left as they were.
    expect(second.cells).toHaveLength(18);

    const regions = new RegionList();
    const result = tableResult(groups[0], 'cell', regions);
    expect(result).toMatchObject({
      page_index: 0,
      source_page_indexes: [0, 1],
      grid_row_count: 16,
      grid_col_count: 3,
      header_row_count: 1,
    });
    expect(result.cells.filter((c) => c.value === 'Name')).toHaveLength(1);
    expect(result.html.match(/<thead>/g)).toHaveLength(1);
    expect(result.html.match(/<tr>/g)).toHaveLength(16);

    const continued = result.cells.find((c) => c.value === 'Item 11')!;
    expect(continued).toMatchObject({ cell_id: 'p0_t0_r11_c0', row_index: 11, col_index: 0, page_index: 1, is_header: false });
    // Its own box on page 1: the second row of the continuation (the repeated header was row 0).
    expect(continued.bbox).toEqual([150, 160, 350, 200]);
    expect(result.cells.find((c) => c.value === 'Item 10')).toMatchObject({ page_index: 0, row_index: 10, bbox: [150, 1400, 350, 1440] });

    // One table region per part, on its own page; cell regions on the cell's page.
    expect(result.region_ids).toHaveLength(2);
    expect(regions.added.filter((r) => r.type === 'table').map((r) => [r.pageIndex, r.bbox])).toEqual([
      [0, [150, 1000, 750, 1440]],
      [1, [150, 120, 750, 360]],
    ]);
    expect(regions.added.find((r) => r.id === continued.region_ids[0])!.pageIndex).toBe(1);
    expect(result.cells.map((c) => c.source_order)).toEqual(result.cells.map((_, i) => i));
  });

  it('effective regions of a merged table with table grounding point at the part on the same page', () => {
    const { first, second } = splitTable({ repeatHeader: true });
    const result = tableResult(mergeAcrossPages([first, second], [LETTER, LETTER])[0], 'table', new RegionList());
    const [onFirst, onSecond] = result.region_ids;
    expect(result.cells.find((c) => c.value === 'Item 3')!.effective_region_ids).toEqual([onFirst]);
    expect(result.cells.find((c) => c.value === 'Item 13')!.effective_region_ids).toEqual([onSecond]);
  });

  it('merges a continuation without a header and keeps all its rows', () => {
    const { first, second } = splitTable({ repeatHeader: false });
    const groups = mergeAcrossPages([first, second], [LETTER, LETTER]);
    expect(groups.map((g) => g.parts.length)).toEqual([1 + 1]);
    const result = tableResult(groups[0], 'none', new RegionList());
    expect(result.grid_row_count).toBe(16);
    expect(result.cells.find((c) => c.value === 'Item 11')).toMatchObject({ row_index: 11, page_index: 1, bbox: [150, 120, 350, 160] });
  });

  it('tolerates small column-edge differences but not a different column count or misaligned columns', () => {
    const pages = [LETTER, LETTER];
    const near = splitTable({ repeatHeader: true, shiftSecond: 12 });
    expect(mergeAcrossPages([near.first, near.second], pages)).toHaveLength(1);
    const shifted = splitTable({ repeatHeader: true, shiftSecond: 120 });
    expect(mergeAcrossPages([shifted.first, shifted.second], pages)).toHaveLength(2);
    const narrower = splitTable({ repeatHeader: false, widthsSecond: [200, 100, 300] });
    expect(mergeAcrossPages([narrower.first, narrower.second], pages)).toHaveLength(2);
    const first = makeTable('p0_t0', 0, { top: 1000, rows: [header, ...body(1, 10)] });
    const twoCols = makeTable('p1_t0', 1, { top: 120, headerRows: 0, rows: body(11, 5).map((r) => r.slice(0, 2)) });
    expect(mergeAcrossPages([first, twoCols], pages)).toHaveLength(2);
  });

  it('does not merge when the first table ends mid-page, the next starts low, or the next has a header of its own', () => {
    const pages = [LETTER, LETTER];
    const midPage = makeTable('p0_t0', 0, { top: 200, rows: [header, ...body(1, 5)] });
    const { second } = splitTable({ repeatHeader: false });
    expect(mergeAcrossPages([midPage, second], pages)).toHaveLength(2);

    const { first } = splitTable({ repeatHeader: false });
    const low = makeTable('p1_t0', 1, { top: 700, headerRows: 0, rows: body(11, 3) });
    expect(mergeAcrossPages([first, low], pages)).toHaveLength(2);

    const otherHeader = makeTable('p1_t0', 1, { top: 120, rows: [['Code', 'Units', 'Cost'], ...body(11, 3)] });
    expect(mergeAcrossPages([first, otherHeader], pages)).toHaveLength(2);
  });

  it('joins only the last table of a page with the first table of the next page', () => {
    const { first, second } = splitTable({ repeatHeader: false });
    const below = makeTable('p0_t1', 0, { top: 1460, rows: [['x', 'y', 'z']], headerRows: 0, rowHeight: 30 });
    // `below` is now the page's last table: it ends low and lines up, so it is the one continued.
    const groups = mergeAcrossPages([first, second, below], [LETTER, LETTER]);
    expect(groups.map((g) => g.parts.map((p) => p.id))).toEqual([['p0_t0'], ['p0_t1', 'p1_t0']]);
    const above = makeTable('p1_t0', 1, { top: 60, headerRows: 0, rows: [['note', 'a', 'b']], rowHeight: 30 });
    const later = { ...second, id: 'p1_t1' };
    expect(mergeAcrossPages([first, above, later], [LETTER, LETTER]).map((g) => g.parts.map((p) => p.id))).toEqual([
      ['p0_t0', 'p1_t0'],
      ['p1_t1'],
    ]);
  });

  it('chains over several pages, skips pages without tables, and compares columns relative to page width', () => {
    const first = makeTable('p0_t0', 0, { top: 1000, rows: [header, ...body(1, 10)] });
    const middle = makeTable('p1_t0', 1, { top: 100, rows: [header, ...body(11, 36)] });
    const last = makeTable('p2_t0', 2, { top: 100, rows: [header, ...body(47, 3)] });
    const groups = mergeAcrossPages([last, first, middle], [LETTER, LETTER, LETTER]);
    expect(groups.map((g) => g.parts.map((p) => p.id))).toEqual([['p0_t0', 'p1_t0', 'p2_t0']]);
    const result = tableResult(groups[0], 'none', new RegionList());
    expect(result.source_page_indexes).toEqual([0, 1, 2]);
    expect(result.grid_row_count).toBe(11 + 36 + 3);
    expect(result.cells.filter((c) => c.value === 'Name')).toHaveLength(1);

    const gap = makeTable('p2_t0', 2, { top: 100, rows: [header, ...body(11, 3)] });
    expect(mergeAcrossPages([first, gap], [LETTER, LETTER, LETTER])).toHaveLength(2);

    // Page 1 rendered at twice the size: the same layout, every edge doubled.
    const big = { width: LETTER.width * 2, height: LETTER.height * 2 };
    const scaled = makeTable('p1_t0', 1, { top: 200, left: 300, colWidths: [400, 400, 400], headerRows: 0, rows: body(11, 3) });
    expect(mergeAcrossPages([first, scaled], [LETTER, big])).toHaveLength(1);
  });

  it('is deterministic whatever the input order', () => {
    const { first, second } = splitTable({ repeatHeader: true });
    const other = makeTable('p1_t1', 1, {
      top: 800,
      rows: [
        ['A', 'B'],
        ['1', '2'],
      ],
    });
    const a = mergeAcrossPages([first, second, other], [LETTER, LETTER]);
    const b = mergeAcrossPages([other, second, first], [LETTER, LETTER]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.map((g) => g.parts.map((p) => p.id))).toEqual([['p0_t0', 'p1_t0'], ['p1_t1']]);
  });
});

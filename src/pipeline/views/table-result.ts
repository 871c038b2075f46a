import type { BBox } from '../model/types.ts';
import {
  coverage,
  escapeHtml,
  tableHtml,
  type MappingQuality,
  type TableCellModel,
  type TableGroup,
  type TableModel,
  type ViewGrid,
} from '../tables/mod.ts';
import { roundOut } from './view-boxes.ts';

/**
 * A (possibly multi-page) table as the API sends it (spec: TableResult, TableCell, Render grid). Parts are
 * stacked into one grid; every cell keeps the page and box it was printed on. Regions belong to the caller:
 * this asks the sink for one table region per part and, with cell grounding, one region per cell.
 */

export type Grounding = 'none' | 'table' | 'cell';

export interface RegionSink {
  /** Registers a grounding region and returns its id. */
  add(pageIndex: number, bbox: BBox, type: 'table' | 'table_cell'): string;
}

export interface TableCell {
  value: string;
  text: string;
  html: string;
  cell_id: string;
  row: number;
  col: number;
  row_index: number;
  col_index: number;
  page_index: number;
  source_order: number;
  rowspan: number;
  colspan: number;
  is_header: boolean;
  bbox: number[];
  bbox_ids: string[];
  region_ids: string[];
  effective_region_ids: string[];
}

/** One position of the dense grid; a spanning cell appears (same cell_id) at every position it covers. */
export interface RenderGridCell {
  cell_id: string;
  source_order: number;
  /** The position in the grid (not the anchor's; the anchor is `cell_id`). */
  row_index: number;
  col_index: number;
  value: string;
  rowspan: number;
  colspan: number;
  is_header: boolean;
  region_ids: string[];
  effective_region_ids: string[];
}

export interface RenderGridRow {
  row_index: number;
  is_header: boolean;
  cells: RenderGridCell[];
}

export interface TableResult {
  html: string;
  bbox: number[];
  page_index: number;
  source_page_indexes: number[];
  region_ids: string[];
  region_type: 'table_body';
  grid_row_count: number;
  grid_col_count: number;
  header_row_count: number;
  mapping_quality: MappingQuality;
  cells: TableCell[];
  render_grid: { rows: RenderGridRow[] };
}

/** A cell of the merged grid with the part it came from. */
export interface PlacedCell extends TableCellModel {
  partIndex: number;
}

/** The stacked grid of a group; cells in reading order carry their part. */
export interface MergedGrid extends ViewGrid {
  cells: PlacedCell[];
}

const QUALITY_RANK: Record<MappingQuality, number> = { fallback: 0, heuristic: 1, exact: 2 };

export function tableResult(group: TableGroup, grounding: Grounding, regions: RegionSink): TableResult {
  const parts = group.parts;
  if (parts.length === 0) throw new RangeError('tableResult: a table group needs at least one part');
  const head = parts[0];
  const grid = mergedGrid(parts);
  const tableRegions = grounding === 'none' ? [] : parts.map((part) => regions.add(part.pageIndex, roundOut(part.bbox), 'table'));
  const cells = grid.cells.map((cell, order) => tableCell(head.id, cell, order, parts, grounding, tableRegions, regions));
  return {
    html: tableHtml(grid),
    bbox: roundOut(head.bbox),
    page_index: head.pageIndex,
    source_page_indexes: [...new Set(parts.map((part) => part.pageIndex))],
    region_ids: tableRegions,
    region_type: 'table_body',
    grid_row_count: grid.rowCount,
    grid_col_count: grid.colCount,
    header_row_count: grid.headerRowCount,
    mapping_quality: parts.map((part) => part.mappingQuality).reduce((a, b) => (QUALITY_RANK[b] < QUALITY_RANK[a] ? b : a)),
    cells,
    render_grid: { rows: renderGrid(grid, cells) },
  };
}

/**
 * The parts stacked top to bottom into one grid, cells in reading order (row-major by anchor). Positions no
 * cell covers (broken input) get an empty cell with the grid box, so every position has a cell.
 */
export function mergedGrid(parts: TableModel[]): MergedGrid {
  const colCount = Math.max(0, ...parts.map((part) => part.colEdges.length - 1));
  const cells: PlacedCell[] = [];
  let rowOffset = 0;
  parts.forEach((part, partIndex) => {
    const rowCount = Math.max(0, part.rowEdges.length - 1);
    const own = { rowCount, colCount, headerRowCount: part.headerRowCount, cells: part.cells };
    const covered = coverage(own);
    part.cells.forEach((cell, i) => {
      if (covered[cell.row]?.[cell.col] !== i) return; // overlapping or off the grid: broken input, covers nothing
      // Spans clipped to the part, so that no cell reaches into the next page's rows.
      const rowspan = Math.min(cell.rowspan, rowCount - cell.row);
      const colspan = Math.min(cell.colspan, colCount - cell.col);
      cells.push({ ...cell, row: cell.row + rowOffset, rowspan, colspan, partIndex });
    });
    for (let r = 0; r < rowCount; r++) {
      for (let c = 0; c < colCount; c++) if (covered[r][c] === -1) cells.push(emptyCell(part, partIndex, r, c, rowOffset));
    }
    rowOffset += rowCount;
  });
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  const headerRowCount = Math.min(parts[0]?.headerRowCount ?? 0, rowOffset);
  return { rowCount: rowOffset, colCount, headerRowCount, cells };
}

function emptyCell(part: TableModel, partIndex: number, row: number, col: number, rowOffset: number): PlacedCell {
  const [l, r] = [part.colEdges[col] ?? part.bbox[0], part.colEdges[col + 1] ?? part.bbox[2]];
  const bbox: BBox = [l, part.rowEdges[row], r, part.rowEdges[row + 1]];
  return { row: row + rowOffset, col, rowspan: 1, colspan: 1, text: '', bbox, wordIds: [], isHeader: row < part.headerRowCount, partIndex };
}

function tableCell(
  tableId: string,
  cell: PlacedCell,
  order: number,
  parts: TableModel[],
  grounding: Grounding,
  tableRegions: string[],
  regions: RegionSink,
): TableCell {
  const pageIndex = parts[cell.partIndex].pageIndex;
  const bbox = roundOut(cell.bbox);
  const cellRegions = grounding === 'cell' ? [regions.add(pageIndex, bbox, 'table_cell')] : [];
  const tableRegion = tableRegions[cell.partIndex];
  return {
    value: cell.text,
    text: cell.text,
    html: escapeHtml(cell.text),
    cell_id: `${tableId}_r${cell.row}_c${cell.col}`,
    row: cell.row,
    col: cell.col,
    row_index: cell.row,
    col_index: cell.col,
    page_index: pageIndex,
    source_order: order,
    rowspan: cell.rowspan,
    colspan: cell.colspan,
    is_header: cell.isHeader,
    bbox,
    bbox_ids: [...cell.wordIds],
    region_ids: cellRegions,
    effective_region_ids: cellRegions.length > 0 ? [...cellRegions] : tableRegion !== undefined ? [tableRegion] : [],
  };
}

/** The dense grid: every position names the cell covering it, spanning cells repeated by reference. */
function renderGrid(grid: ViewGrid, cells: TableCell[]): RenderGridRow[] {
  const covered = coverage(grid);
  return covered.map((row, r) => ({
    row_index: r,
    is_header: r < grid.headerRowCount,
    cells: row.flatMap((index, c) => {
      if (index === -1) return [];
      const cell = cells[index];
      return [
        {
          cell_id: cell.cell_id,
          source_order: cell.source_order,
          row_index: r,
          col_index: c,
          value: cell.value,
          rowspan: cell.rowspan,
          colspan: cell.colspan,
          is_header: cell.is_header,
          region_ids: cell.region_ids,
          effective_region_ids: cell.effective_region_ids,
        },
      ];
    }),
  }));
}

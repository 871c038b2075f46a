import type { BBox, Line, ModelPage } from '../model/types.ts';
import { findTables, type TableModel } from '../tables/mod.ts';
import { isNumericCell, isSummaryLabel } from './columns.ts';
import { headerMatch } from './table-binding.ts';
import type { SchemaField } from './types.ts';

/**
 * Header-anchored table recovery (issue 7): when no detected table carries the line-item header (the detector
 * split the table, or left its header row out), find the printed row of lines that names the schema's columns and
 * structure the area below it, down to the totals block or a wide gap, as one table.
 */

/** Thresholds of recovering a table under a printed header. */
const RECOVERY = {
  /** Line height (px) when the page has no rows to measure. */
  defaultLineHeight: 20,
  /** The table ends at a vertical gap wider than this many median line heights. */
  maxGapLines: 5,
} as const;

interface VisualRow {
  lines: Line[];
  top: number;
  bottom: number;
}

function visualRows(page: ModelPage): VisualRow[] {
  const lines = page.lines.filter((l) => l.rotation === 0 && l.text.trim()).sort((a, b) => a.bbox[1] - b.bbox[1]);
  const rows: VisualRow[] = [];
  for (const line of lines) {
    const center = (line.bbox[1] + line.bbox[3]) / 2;
    const row = rows.find((r) => center >= r.top && center <= r.bottom);
    if (row) {
      row.lines.push(line);
      row.top = Math.min(row.top, line.bbox[1]);
      row.bottom = Math.max(row.bottom, line.bbox[3]);
    } else rows.push({ lines: [line], top: line.bbox[1], bottom: line.bbox[3] });
  }
  rows.sort((a, b) => a.top - b.top);
  for (const r of rows) r.lines.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return rows;
}

/** How many fields a row's lines name, as headers (no numbers among them); 0 for rows that hold values. */
function headerStrength(row: VisualRow, fields: SchemaField[]): number {
  if (row.lines.some((l) => isNumericCell(l.text))) return 0;
  return fields.filter((f) => row.lines.some((l) => headerMatch(l.text, f) > 0)).length;
}

/** The table area under a header row: down to the first totals row, a gap of several lines, or the footnotes and footer. */
function areaBelow(rows: VisualRow[], headerIndex: number, page: ModelPage): BBox {
  const header = rows[headerIndex];
  const heights = rows.map((r) => r.bottom - r.top).sort((a, b) => a - b);
  const lineHeight = heights[heights.length >> 1] || RECOVERY.defaultLineHeight;
  const footerTop = Math.min(
    page.height,
    ...page.blocks.filter((b) => (b.type === 'page_footer' || b.type === 'footnote') && b.bbox[1] > header.bottom).map((b) => b.bbox[1]),
  );
  let bottom = header.bottom;
  const included = [header];
  for (const row of rows.slice(headerIndex + 1)) {
    if (row.top - bottom > lineHeight * RECOVERY.maxGapLines || row.top >= footerTop || isSummaryLabel(row.lines[0].text)) break;
    included.push(row);
    bottom = row.bottom;
  }
  const left = Math.min(...included.flatMap((r) => r.lines.map((l) => l.bbox[0])));
  const right = Math.max(...included.flatMap((r) => r.lines.map((l) => l.bbox[2])));
  return [left - 2, header.top - 2, right + 2, bottom + 2];
}

/**
 * Tables structured under the printed header rows that name the most fields (at least two): one per page, so a
 * header repeated on later pages recovers the continuation too. Ids continue each page's detected tables.
 */
export function recoverHeaderTables(pages: readonly ModelPage[], detected: readonly TableModel[], fields: SchemaField[]): TableModel[] {
  const needed = Math.min(2, fields.length);
  const perPage: { page: ModelPage; rows: VisualRow[]; index: number; strength: number }[] = [];
  for (const page of pages) {
    if (page.skipped || page.lines.length === 0) continue;
    const rows = visualRows(page);
    let best: { page: ModelPage; rows: VisualRow[]; index: number; strength: number } | null = null;
    rows.forEach((row, index) => {
      const strength = headerStrength(row, fields);
      if (strength >= needed && index < rows.length - 1 && (!best || strength > best.strength)) best = { page, rows, index, strength };
    });
    if (best) perPage.push(best);
  }
  const strongest = Math.max(0, ...perPage.map((p) => p.strength));
  const out: TableModel[] = [];
  for (const { page, rows, index, strength } of perPage) {
    if (strength < strongest - 1) continue;
    const table = findTables(page, { policy: 'liberal', source: 'layout', layoutTables: [areaBelow(rows, index, page)] })[0];
    if (!table) continue;
    table.id = `p${page.page_index}_t${detected.filter((t) => t.pageIndex === page.page_index).length + 1}`;
    out.push(table);
  }
  return out;
}

/** The detected tables with the recovered ones in their place: detected fragments inside their areas give way. */
export function withRecovered(detected: readonly TableModel[], recovered: readonly TableModel[]): TableModel[] {
  const inside = (t: TableModel, r: TableModel) => {
    if (t.pageIndex !== r.pageIndex) return false;
    const [l, top, right, b] = r.bbox;
    const cy = (t.bbox[1] + t.bbox[3]) / 2;
    return cy >= top && cy <= b && t.bbox[0] < right && t.bbox[2] > l;
  };
  const out = detected.filter((t) => !recovered.some((r) => inside(t, r)));
  out.push(...recovered);
  return out.sort((a, b) => a.pageIndex - b.pageIndex || a.bbox[1] - b.bbox[1]);
}

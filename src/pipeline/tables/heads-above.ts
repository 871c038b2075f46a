import type { BBox, Line, ModelPage } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { bandOf, cellText, median, type WordItem } from './grid.ts';
import type { TableCellModel, TableModel } from './types.ts';
import { fillFromVerticalText } from './vertical-heads.ts';

/**
 * Column heads set vertically above a table without rules: the row and column alignment reads horizontal words
 * only, so the table found starts at its first body row and the heads (text running up or down the page, its
 * foot on the table's top) are lost. When such heads stand over several of the table's columns they are a head
 * row of their own, which also takes the horizontal heads set in the same band (the key column's head).
 */

const HEADS_ABOVE = {
  /** Most distance between the heads' foot and the table's top, in the table's median row heights. */
  maxGapRows: 1.5,
  /** How far the heads' foot may reach into the table's top row, in pt. */
  overlapTol: 2,
  /** Fewest columns with a vertical head. */
  minColumns: 2,
  /** Least share of the table's columns (all but the key column) with a vertical head. */
  columnShare: 0.5,
} as const;

/** The table with a head row built from vertical heads standing on it, or the table unchanged. */
export function withVerticalHeadRow(page: ModelPage, table: TableModel, words: readonly WordItem[]): TableModel {
  const heads = headsAbove(page, table);
  if (heads.length === 0) return table;
  const top = table.rowEdges[0];
  const headTop = Math.min(...heads.map((l) => l.bbox[1]));
  const [left, right] = [table.colEdges[0], table.colEdges[table.colEdges.length - 1]];
  // Horizontal heads in the band: whole words inside the table's width (a paragraph above runs past it).
  const beside = words.filter((w) => w.bbox[1] >= headTop && w.bbox[3] <= top && w.bbox[0] >= left && w.bbox[2] <= right);
  const headRow: TableCellModel[] = table.colEdges.slice(0, -1).map((x0, col) => {
    const own = beside.filter((w) => bandOf(table.colEdges, (w.bbox[0] + w.bbox[2]) / 2) === col);
    const bbox: BBox = [x0, headTop, table.colEdges[col + 1], top];
    return { row: 0, col, rowspan: 1, colspan: 1, text: cellText(own), bbox, wordIds: own.map((w) => w.id), isHeader: true };
  });
  fillFromVerticalText(page, headRow);
  return {
    ...table,
    bbox: union([table.bbox, ...heads.map((l) => l.bbox)]),
    rowEdges: [headTop, ...table.rowEdges],
    cells: [...headRow, ...table.cells.map((c) => ({ ...c, row: c.row + 1 }))],
    headerRowCount: table.headerRowCount + 1,
  };
}

/** Vertical lines standing on the table's top inside its width, when they head enough of its columns. */
function headsAbove(page: ModelPage, table: TableModel): Line[] {
  if (table.textRotation !== undefined || table.rowEdges.length < 3) return [];
  const top = table.rowEdges[0];
  const edges = table.colEdges;
  const pitch = median(table.rowEdges.slice(1).map((y, i) => y - table.rowEdges[i]));
  const heads = page.lines.filter((l) => {
    if (l.rotation % 180 === 0 || !l.text.trim()) return false;
    const x = (l.bbox[0] + l.bbox[2]) / 2;
    const foot = l.bbox[3];
    return (
      x > edges[0] && x < edges[edges.length - 1] && foot <= top + HEADS_ABOVE.overlapTol && foot >= top - pitch * HEADS_ABOVE.maxGapRows
    );
  });
  const columns = new Set(heads.map((l) => bandOf(edges, (l.bbox[0] + l.bbox[2]) / 2)));
  const needed = Math.max(HEADS_ABOVE.minColumns, (edges.length - 2) * HEADS_ABOVE.columnShare);
  return columns.size >= needed ? heads : [];
}

import type { TableCellModel, TableModel } from './types.ts';

/**
 * Multi-page tables: a table that runs off the bottom of one page and picks up at the top of the next (same
 * columns, header repeated or missing) comes back as one group of parts, one part per page, in page order.
 * The detectors see one page at a time, so this is the only place where pages meet.
 */

export interface TableGroup {
  /** One page's piece each, in page order. Continuations have their repeated header rows already removed. */
  parts: TableModel[];
}

export interface PageSize {
  width: number;
  height: number;
}

/** The previous part must end below this fraction of its page height (only footer furniture can follow it). */
const ENDS_LOW = 0.7;
/** The continuation must start above this fraction of its page height (only header furniture precedes it). */
const STARTS_HIGH = 0.3;
/** Column edges may differ by this fraction of the page width (unruled edges follow the widest word). */
const EDGE_TOLERANCE = 0.03;

/** Groups tables into (possibly multi-page) tables, in document order. Inputs are not modified. */
export function mergeAcrossPages(tables: TableModel[], pages: PageSize[]): TableGroup[] {
  const ordered = [...tables].sort(documentOrder);
  const firstOnPage = new Map<number, TableModel>();
  const lastOnPage = new Map<number, TableModel>();
  for (const table of ordered) {
    if (!firstOnPage.has(table.pageIndex)) firstOnPage.set(table.pageIndex, table);
    lastOnPage.set(table.pageIndex, table);
  }
  const groups: TableGroup[] = [];
  let current: { group: TableGroup; tail: TableModel } | null = null;
  for (const table of ordered) {
    const head = current?.group.parts[0];
    const joinable =
      current !== null &&
      head !== undefined &&
      lastOnPage.get(current.tail.pageIndex) === current.tail &&
      firstOnPage.get(table.pageIndex) === table &&
      table.pageIndex === current.tail.pageIndex + 1;
    const repeated = joinable ? continuation(head, current!.tail, table, pages) : null;
    if (current && repeated !== null) {
      current.group.parts.push(repeated > 0 ? dropLeadingRows(table, repeated) : table);
      current.tail = table;
    } else {
      current = { group: { parts: [table] }, tail: table };
      groups.push(current.group);
    }
  }
  return groups;
}

function documentOrder(a: TableModel, b: TableModel): number {
  return a.pageIndex - b.pageIndex || a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Whether `next` continues the table whose first part is `head` and whose last part so far is `tail`:
 * null when it does not, else how many leading rows of `next` repeat the head's header (0 when missing).
 */
function continuation(head: TableModel, tail: TableModel, next: TableModel, pages: PageSize[]): number | null {
  const tailPage = pages[tail.pageIndex];
  const nextPage = pages[next.pageIndex];
  if (!validPage(tailPage) || !validPage(nextPage)) return null;
  if (tail.bbox[3] < tailPage.height * ENDS_LOW || next.bbox[1] > nextPage.height * STARTS_HIGH) return null;
  if (!columnsLineUp(tail, tailPage, next, nextPage)) return null;
  // The head's header rows, or its first row when no header was recognised (a repeated first row is a header).
  const headerRows = Math.max(1, head.headerRowCount);
  const nextRows = next.rowEdges.length - 1;
  if (nextRows > headerRows && sameRows(head, next, headerRows)) return headerRows;
  // A header of its own that differs from the head's starts a new table with the same layout.
  return next.headerRowCount > 0 ? null : 0;
}

function validPage(page: PageSize | undefined): page is PageSize {
  return page !== undefined && page.width > 0 && page.height > 0;
}

/** Same column count and every column edge within the tolerance, compared relative to each page's width. */
function columnsLineUp(a: TableModel, pageA: PageSize, b: TableModel, pageB: PageSize): boolean {
  if (a.colEdges.length !== b.colEdges.length || a.colEdges.length < 2) return false;
  return a.colEdges.every((edge, i) => Math.abs(edge / pageA.width - b.colEdges[i] / pageB.width) <= EDGE_TOLERANCE);
}

/** The first `count` rows of both tables hold the same cells (position, span, text ignoring case and spacing). */
function sameRows(a: TableModel, b: TableModel, count: number): boolean {
  return rowSignature(a, count) === rowSignature(b, count);
}

function rowSignature(table: TableModel, count: number): string {
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return table.cells
    .filter((cell) => cell.row < count)
    .sort((x, y) => x.row - y.row || x.col - y.col)
    .map((cell) => `${cell.row},${cell.col},${Math.min(cell.rowspan, count - cell.row)},${cell.colspan}:${normal(cell.text)}`)
    .join('\u0001');
}

/** A copy of the table without its first `count` rows; cells reaching below them are clipped, not lost. */
export function dropLeadingRows(table: TableModel, count: number): TableModel {
  const cells: TableCellModel[] = [];
  for (const cell of table.cells) {
    const end = cell.row + cell.rowspan;
    if (end <= count) continue;
    const start = Math.max(cell.row, count);
    cells.push({ ...cell, row: start - count, rowspan: end - start, wordIds: [...cell.wordIds] });
  }
  return {
    ...table,
    rowEdges: table.rowEdges.slice(count),
    colEdges: [...table.colEdges],
    cells,
    headerRowCount: Math.max(0, table.headerRowCount - count),
  };
}

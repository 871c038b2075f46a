import type { TableModel } from './types.ts';

/**
 * Tables as markup: HTML (thead/tbody, rowspan/colspan, th for header cells) for any table, and a GitHub pipe
 * table for tables without spans. Parse's markdown uses `tableMarkup`: pipe table when it can say everything
 * (no spans, at most one header row), else the HTML.
 */

/** A cell as the views need it: top-left grid position, span, one text, header or not. */
export interface ViewCell {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  text: string;
  isHeader: boolean;
}

export interface ViewGrid {
  rowCount: number;
  colCount: number;
  /** Leading rows that go into <thead>. */
  headerRowCount: number;
  cells: ViewCell[];
}

/** One page's table as a view grid. */
export function gridOfTable(table: TableModel): ViewGrid {
  return {
    rowCount: Math.max(0, table.rowEdges.length - 1),
    colCount: Math.max(0, table.colEdges.length - 1),
    headerRowCount: table.headerRowCount,
    cells: table.cells,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

/** Multi-line cell text on one line (lines joined by a space), no leading/trailing space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Which cell covers each grid position: the index into grid.cells, or -1 where no cell does. Spans are clipped
 * to the grid; a cell whose anchor is already covered by an earlier cell (broken input) covers nothing.
 */
export function coverage(grid: ViewGrid): number[][] {
  const matrix = Array.from({ length: grid.rowCount }, () => new Array<number>(grid.colCount).fill(-1));
  const order = grid.cells.map((cell, index) => ({ cell, index })).sort((a, b) => a.cell.row - b.cell.row || a.cell.col - b.cell.col);
  for (const { cell, index } of order) {
    if (cell.row < 0 || cell.col < 0 || cell.row >= grid.rowCount || cell.col >= grid.colCount) continue;
    if (matrix[cell.row][cell.col] !== -1) continue;
    const [rowEnd, colEnd] = [Math.min(grid.rowCount, cell.row + cell.rowspan), Math.min(grid.colCount, cell.col + cell.colspan)];
    for (let r = cell.row; r < rowEnd; r++) for (let c = cell.col; c < colEnd; c++) if (matrix[r][c] === -1) matrix[r][c] = index;
  }
  return matrix;
}

export function hasSpans(grid: ViewGrid): boolean {
  return grid.cells.some((cell) => cell.rowspan > 1 || cell.colspan > 1);
}

/** `<table><thead>…</thead><tbody>…</tbody></table>`; thead only when there are header rows, gaps as empty <td>. */
export function tableHtml(grid: ViewGrid): string {
  const covered = coverage(grid);
  const rows: string[] = [];
  for (let r = 0; r < grid.rowCount; r++) {
    let html = '';
    for (let c = 0; c < grid.colCount; c++) {
      const index = covered[r][c];
      if (index === -1) html += '<td></td>';
      else if (anchoredAt(grid.cells[index], r, c)) html += cellHtml(grid.cells[index], grid);
    }
    rows.push(`<tr>${html}</tr>`);
  }
  const headerRows = Math.min(grid.headerRowCount, grid.rowCount);
  const head = headerRows > 0 ? `<thead>${rows.slice(0, headerRows).join('')}</thead>` : '';
  return `<table>${head}<tbody>${rows.slice(headerRows).join('')}</tbody></table>`;
}

function anchoredAt(cell: ViewCell, row: number, col: number): boolean {
  return cell.row === row && cell.col === col;
}

function cellHtml(cell: ViewCell, grid: ViewGrid): string {
  const tag = cell.isHeader ? 'th' : 'td';
  // Attributes say the span as drawn, clipped to the grid like the coverage.
  const rowspan = Math.min(cell.rowspan, grid.rowCount - cell.row);
  const colspan = Math.min(cell.colspan, grid.colCount - cell.col);
  const attrs = (rowspan > 1 ? ` rowspan="${rowspan}"` : '') + (colspan > 1 ? ` colspan="${colspan}"` : '');
  return `<${tag}${attrs}>${escapeHtml(oneLine(cell.text))}</${tag}>`;
}

/** Pipe-table cell: one line, pipes and backslashes escaped so they stay text. */
function markdownCell(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/**
 * GitHub pipe table, first row as the header row (GitHub needs one even when the table has none). Only for
 * tables without spans: a spanning cell's text would be put in its top-left position only.
 */
export function tableMarkdown(grid: ViewGrid): string {
  if (grid.rowCount === 0 || grid.colCount === 0) return '';
  const matrix = Array.from({ length: grid.rowCount }, () => new Array<string>(grid.colCount).fill(''));
  for (const cell of grid.cells) {
    if (cell.row < grid.rowCount && cell.col < grid.colCount && cell.row >= 0 && cell.col >= 0)
      matrix[cell.row][cell.col] = markdownCell(cell.text);
  }
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(matrix[0]), line(matrix[0].map(() => '---')), ...matrix.slice(1).map(line)].join('\n');
}

/** What parse's markdown shows for a table: the pipe table when it loses nothing, else the HTML. */
export function tableMarkup(grid: ViewGrid): { format: 'markdown' | 'html'; text: string } {
  // Stacked headers have no pipe-table form either: only the first row would read as a header.
  if (hasSpans(grid) || grid.headerRowCount > 1) return { format: 'html', text: tableHtml(grid) };
  return { format: 'markdown', text: tableMarkdown(grid) };
}

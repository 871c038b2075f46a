/**
 * Tables found in a tool's output (markdown pipe tables and HTML tables), as grids of cell text with their
 * header rows and columns, for olmOCR-bench's table tests.
 */
export interface TextTable {
  cells: string[][];
  headerRows: Set<number>;
  headerCols: Set<number>;
}

const SEPARATOR_ROW = /^[\s|:-]+$/u;

function splitPipeRow(line: string): string[] {
  const cells = line.split('|').map((c) => c.trim());
  if (cells[0] === '') cells.shift();
  if (cells.at(-1) === '') cells.pop();
  return cells;
}

function pad(rows: string[][]): string[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
}

/** Runs of two or more lines containing `|`; the first row is the header row, the first column the row headers. */
export function parseMarkdownTables(content: string): TextTable[] {
  const tables: TextTable[] = [];
  let run: string[] = [];
  const flush = () => {
    const rows = run
      .filter((line) => !SEPARATOR_ROW.test(line))
      .map(splitPipeRow)
      .filter((r) => r.length > 0);
    if (run.length >= 2 && rows.length > 0) tables.push({ cells: pad(rows), headerRows: new Set([0]), headerCols: new Set([0]) });
    run = [];
  };
  for (const line of content.split('\n')) {
    if (line.includes('|')) run.push(line);
    else flush();
  }
  flush();
  return tables;
}

function decodeEntities(html: string): string {
  return html
    .replace(/<br\s*\/?>/giu, '\n')
    .replace(/<[^>]+>/gu, '')
    .replace(/&nbsp;/gu, ' ')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'")
    .replace(/&amp;/gu, '&')
    .trim();
}

function spanOf(attrs: string, name: string): number {
  const m = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'iu').exec(attrs);
  return m ? Math.max(1, Number(m[1])) : 1;
}

/** `<table>` elements; spanned cells repeat their text in every grid position they cover; `<th>` marks headers. */
export function parseHtmlTables(content: string): TextTable[] {
  const tables: TextTable[] = [];
  for (const [, body] of content.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/giu)) {
    const grid: string[][] = [];
    const headerRows = new Set<number>();
    const headerCols = new Set<number>();
    [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/giu)].forEach(([, row], r) => {
      grid[r] ??= [];
      let col = 0;
      for (const [, tag, attrs, inner] of row.matchAll(/<(t[hd])\b([^>]*)>([\s\S]*?)<\/t[hd]>/giu)) {
        while (grid[r][col] !== undefined) col++;
        const text = decodeEntities(inner);
        const rowSpan = spanOf(attrs, 'rowspan');
        const colSpan = spanOf(attrs, 'colspan');
        for (let dr = 0; dr < rowSpan; dr++) {
          grid[r + dr] ??= [];
          for (let dc = 0; dc < colSpan; dc++) grid[r + dr][col + dc] = text;
        }
        if (tag.toLowerCase() === 'th') {
          for (let dr = 0; dr < rowSpan; dr++) headerRows.add(r + dr);
          for (let dc = 0; dc < colSpan; dc++) headerCols.add(col + dc);
        }
        col += colSpan;
      }
    });
    const rows = grid.map((r) => Array.from(r ?? [], (c) => c ?? ''));
    if (rows.length > 0) tables.push({ cells: pad(rows), headerRows, headerCols });
  }
  return tables;
}

export function parseTables(content: string): TextTable[] {
  return [...parseMarkdownTables(content), ...parseHtmlTables(content)];
}

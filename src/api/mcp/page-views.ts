/**
 * How the big results read in a compact MCP answer: each tool's success body as a short summary line plus one
 * text per page (markdown for parse, the page text for ocr, one line per region for layout, tab-separated rows
 * for tables). window.ts cuts a window of these pages; `format: "json"` skips all of this.
 */

export interface PageText {
  page_index: number;
  text: string;
}

export interface PageView {
  /** One line: what the whole result holds (counts, page count). */
  summary: string;
  pages: PageText[];
}

type Body = Record<string, unknown>;
type PageViewOf = (body: Body) => PageView;

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Groups items by page, in page order, keeping pages without items when `pageCount` is known. */
function byPage<T>(items: T[], pageOf: (item: T) => number | null | undefined, render: (item: T) => string, pageCount = 0): PageText[] {
  const pages = new Map<number, string[]>();
  for (let i = 0; i < pageCount; i++) pages.set(i, []);
  let last = 0;
  for (const item of items) {
    // An item without a page (a document-level chunk) stays with the page before it.
    const page = pageOf(item) ?? last;
    last = page;
    if (!pages.has(page)) pages.set(page, []);
    pages.get(page)?.push(render(item));
  }
  return [...pages.entries()].sort(([a], [b]) => a - b).map(([page_index, texts]) => ({ page_index, text: texts.join('\n\n') }));
}

interface Chunk {
  markdown?: string;
  page_index?: number | null;
}

const parse: PageViewOf = (body) => {
  const pageCount = list(body.pages).length;
  const chunks = list<Chunk>(body.chunks);
  const markdown = String(body.markdown ?? '');
  // Inline markdown or text input has no page structure: the document is one page of markdown.
  const pages =
    chunks.length > 0
      ? byPage(
          chunks,
          (c) => c.page_index,
          (c) => c.markdown ?? '',
          pageCount,
        )
      : [{ page_index: 0, text: markdown }];
  return {
    summary: `${Math.max(pageCount, pages.length)} pages, ${markdown.length} characters of markdown, ${chunks.length} chunks`,
    pages,
  };
};

const ocr: PageViewOf = (body) => {
  const pages = list<{ page_index: number; text?: string; lines?: unknown[] }>(body.pages);
  const lines = pages.reduce((n, p) => n + list(p.lines).length, 0);
  return {
    summary: `${pages.length} pages, ${lines} text lines`,
    pages: pages.map((p) => ({ page_index: p.page_index, text: p.text ?? '' })),
  };
};

interface Component {
  id?: string;
  type?: string;
  bbox?: number[];
  score?: number;
  children?: Component[];
}

function componentLine(c: Component, depth = 0): string {
  const score = typeof c.score === 'number' ? ` ${c.score.toFixed(2)}` : '';
  const self = `${'  '.repeat(depth)}- ${c.type ?? 'region'} ${c.id ?? ''} [${(c.bbox ?? []).join(',')}]${score}`;
  return [self, ...list<Component>(c.children).map((child) => componentLine(child, depth + 1))].join('\n');
}

const layout: PageViewOf = (body) => {
  const pages = list<{ page_index: number; width?: number; height?: number; components?: Component[] }>(body.pages);
  const regions = pages.reduce((n, p) => n + list(p.components).length, 0);
  return {
    summary: `${pages.length} pages, ${regions} regions (type, id, [x0,y0,x1,y1] in page-image pixels, score)`,
    pages: pages.map((p) => ({
      page_index: p.page_index,
      text: list<Component>(p.components)
        .map((c) => componentLine(c))
        .join('\n'),
    })),
  };
};

interface Cell {
  text?: string;
  value?: unknown;
  row?: number;
  col?: number;
  row_index?: number;
  col_index?: number;
}
interface Table {
  page_index?: number | null;
  grid_row_count?: number;
  grid_col_count?: number;
  cells?: Cell[];
  html?: string;
}

function tableText(table: Table, index: number): string {
  const rows: string[][] = [];
  for (const cell of list<Cell>(table.cells)) {
    const r = cell.row ?? cell.row_index ?? 0;
    const c = cell.col ?? cell.col_index ?? 0;
    (rows[r] ??= [])[c] = String(cell.text ?? cell.value ?? '').replace(/\s+/g, ' ');
  }
  const grid = rows.map((row) => Array.from(row ?? [], (v) => v ?? '').join('\t'));
  const head = `Table ${index + 1} (${table.grid_row_count ?? rows.length}x${table.grid_col_count ?? '?'}, tab-separated):`;
  return [head, ...(grid.length > 0 ? grid : [table.html ?? ''])].join('\n');
}

const tables: PageViewOf = (body) => {
  const items = list<Table>(body.tables);
  const numbered = items.map((table, index) => ({ table, index }));
  return {
    summary: `${items.length} tables`,
    pages: byPage(
      numbered,
      (t) => t.table.page_index,
      (t) => tableText(t.table, t.index),
    ),
  };
};

/** The tools whose answers are windowed by default, by registry tool name. */
export const PAGE_VIEWS: Record<string, PageViewOf> = { parse, ocr, layout, tables };

/** Reads a finished job's result: windowed like the tool that started the job, when that tool is. */
export const RESULT_TOOL = 'get_job_result';

/** The tools answered compactly by default: those with a page view, and the job result reader. */
export function isWindowed(tool: { name: string }): boolean {
  return PAGE_VIEWS[tool.name] !== undefined || tool.name === RESULT_TOOL;
}

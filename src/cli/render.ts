/**
 * Results as a person reads them at a terminal: one line per item, the text itself where there is text.
 * Each takes a result body as the API returns it; --json bypasses all of this. Members are read defensively
 * (optional ones may be missing), since these are display helpers, not validators.
 */
type Note = (text: string) => void;
type Box = number[] | null | undefined;

interface Page {
  page_index: number;
  width?: number;
  height?: number;
}

export function asJson(result: unknown): string {
  return JSON.stringify(result, null, 2);
}

/** 1-based page label, as people count pages. */
function page(index: number): string {
  return `p${index + 1}`;
}

function box(bbox: Box): string {
  return Array.isArray(bbox) ? `[${bbox.join(',')}]` : '';
}

export function parse(result: { markdown: string }): string {
  return result.markdown;
}

export function ask(result: { answer: string }): string {
  return result.answer;
}

export function ocr(result: { pages: (Page & { text: string })[] }): string {
  return result.pages.map((p) => `--- page ${p.page_index + 1} ---\n${p.text}`).join('\n');
}

interface Component {
  type: string;
  bbox?: Box;
  score?: number;
  reading_order_rank?: number;
}

export function layout(result: { pages: (Page & { components: Component[] })[] }): string {
  return result.pages
    .map((p) => {
      const head = `${page(p.page_index)} ${p.width}x${p.height}: ${p.components.length} regions`;
      const lines = p.components.map((c) => `  ${c.type} ${box(c.bbox)}${c.score !== undefined ? ` ${c.score.toFixed(2)}` : ''}`);
      return [head, ...lines].join('\n');
    })
    .join('\n');
}

interface Cell {
  text?: string;
  value?: unknown;
  row?: number;
  col?: number;
  row_index?: number;
  col_index?: number;
}

/** A table's cells as tab-separated rows (spanning cells once, at their first row and column). */
function tableRows(cells: Cell[]): string[] {
  const rows: string[][] = [];
  for (const cell of cells) {
    const r = cell.row ?? cell.row_index ?? 0;
    const c = cell.col ?? cell.col_index ?? 0;
    (rows[r] ??= [])[c] = String(cell.text ?? cell.value ?? '').replace(/\s+/g, ' ');
  }
  return rows.map((row) => Array.from(row ?? [], (v) => v ?? '').join('\t'));
}

export function tables(result: {
  tables: { page_index?: number | null; grid_row_count?: number; grid_col_count?: number; cells?: Cell[]; html: string }[];
}): string {
  if (result.tables.length === 0) return 'no tables';
  return result.tables
    .map((t, i) => {
      const where = t.page_index != null ? ` (${page(t.page_index)}, ${t.grid_row_count ?? '?'}x${t.grid_col_count ?? '?'})` : '';
      const body = t.cells?.length ? tableRows(t.cells) : [t.html];
      return [`table ${i + 1}${where}`, ...body].join('\n');
    })
    .join('\n\n');
}

export function equations(result: { equations: { page_index: number; latex?: string; source_text?: string }[] }): string {
  if (result.equations.length === 0) return 'no equations';
  return result.equations.map((e) => `${page(e.page_index)}\t${e.latex ?? e.source_text ?? ''}`).join('\n');
}

export function charts(result: {
  items: { page_index: number; kind?: string; chart_type?: string | null; title?: string; summary?: string }[];
}): string {
  if (result.items.length === 0) return 'no charts or figures';
  return result.items
    .map((c) => {
      const kind = [c.kind, c.chart_type].filter(Boolean).join('/');
      return `${page(c.page_index)}\t${kind}\t${c.title ?? ''}${c.summary ? `: ${c.summary}` : ''}`;
    })
    .join('\n');
}

interface Classified {
  doc_class: string;
  confidence?: number | null;
  page_role?: string | null;
}

function classLine(c: Classified): string {
  return `${c.doc_class}${typeof c.confidence === 'number' ? ` (${c.confidence.toFixed(2)})` : ''}`;
}

export function classify(result: Classified & { page_classifications?: (Classified & { page_index: number })[] }): string {
  const pages = result.page_classifications ?? [];
  return [classLine(result), ...pages.map((p) => `${page(p.page_index)}\t${classLine(p)}${p.page_role ? `\t${p.page_role}` : ''}`)].join(
    '\n',
  );
}

export function split(result: {
  total_pages: number;
  documents: { start_page: number; end_page: number; doc_class: string; title?: string | null; file_ref?: { file_id: string } | null }[];
}): string {
  return result.documents
    .map((d) => {
      const pages = d.start_page === d.end_page ? `${d.start_page}` : `${d.start_page}-${d.end_page}`;
      return [`pages ${pages}`, d.doc_class, d.title ?? '', d.file_ref?.file_id ?? ''].join('\t');
    })
    .join('\n');
}

/** The schema on stdout (ready for `extract --schema`); where it is stored on stderr. */
export function schemaAuto(result: { schema: unknown; schema_file_id: string }, note: Note): string {
  note(`stored as ${result.schema_file_id} (extract --schema-file-id ${result.schema_file_id})`);
  return asJson(result.schema);
}

interface Synthesized {
  file: { file_id: string; filename: string; page_count?: number };
  task: string;
  document_key?: string;
}

function synthesizedLine(d: Synthesized): string {
  return [d.file.file_id, d.file.filename, `${d.file.page_count ?? 1} pages`, d.task, d.document_key ?? ''].join('\t').trimEnd();
}

export function synthesize(result: Partial<Synthesized> & { documents?: Synthesized[] }): string {
  if (result.documents) return result.documents.map(synthesizedLine).join('\n');
  return synthesizedLine(result as Synthesized);
}

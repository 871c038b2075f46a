import type { IndexUnit, UnitKind } from '../../index/mod.ts';
import { documentKeyValues, type KeyValuePair } from '../fields/mod.ts';
import { union } from '../model/geometry.ts';
import type { BBox, Block, DocumentModel, Line, ModelPage } from '../model/types.ts';
import { findTables, type TableModel } from '../tables/mod.ts';

/**
 * What ask indexes of a document (issue 8): text chunks cut from the layout blocks (headings kept with the text
 * that follows, small blocks of a section merged up to ~800 characters, page furniture left out), each table row
 * as "header: cell; header: cell", and each key-value pair as "label: value". Geometry in page-image pixels.
 */

const CHUNK_CHARS = 800;
const FURNITURE = new Set<Block['type']>(['page_header', 'page_footer']);
const HEADINGS = new Set<Block['type']>(['title', 'section_header']);

export type PageSize = { width: number; height: number };

/** Key-value pairs and tables already read for extraction (ExtractDocument): passed in, they are not read again. */
export interface UnitSources {
  keyValues: KeyValuePair[];
  tables: TableModel[];
}

export function documentUnits(docId: string, model: DocumentModel, pageSizes?: PageSize[], sources?: UnitSources): IndexUnit[] {
  const units = new UnitList(docId);
  const keyValues = sources?.keyValues ?? safely(() => documentKeyValues(model), [] as KeyValuePair[]);
  for (const page of model.pages) {
    if (page.skipped) continue;
    const size = pageSizes?.[page.page_index] ?? { width: page.width, height: page.height };
    const tables = sources
      ? sources.tables.filter((t) => t.pageIndex === page.page_index)
      : safely(() => findTables(page, { policy: 'liberal', source: 'detector' }), [] as TableModel[]);
    for (const chunk of pageChunks(page, tables)) units.add('chunk', page.page_index, size, chunk);
    for (const table of tables) for (const row of tableRows(table)) units.add('table_row', page.page_index, size, row);
    for (const kv of keyValues) if (kv.pageIndex === page.page_index) units.add('key_value', page.page_index, size, keyValuePiece(kv));
  }
  return units.list;
}

interface Piece {
  text: string;
  regionIds: string[];
  boxes: BBox[];
}

class UnitList {
  readonly list: IndexUnit[] = [];
  private readonly counts: Record<UnitKind, number> = { chunk: 0, table_row: 0, key_value: 0 };
  constructor(private readonly docId: string) {}

  add(kind: UnitKind, pageIndex: number, size: PageSize, piece: Piece): void {
    const text = piece.text.replace(/\s+/g, ' ').trim();
    if (!text) return;
    const n = this.counts[kind]++;
    this.list.push({
      unit_id: `${this.docId}:${kind}:${n}`,
      doc_id: this.docId,
      kind,
      text,
      page_index: pageIndex,
      region_ids: [...new Set(piece.regionIds)],
      boxes: piece.boxes.map((b) => [b[0], b[1], b[2], b[3]]),
      page_width: size.width,
      page_height: size.height,
    });
  }
}

/** A table block whose area a detected table covers is indexed as rows instead of as text. */
function coveredByTable(block: Block, tables: TableModel[]): boolean {
  const [x0, y0, x1, y1] = block.bbox;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return tables.some((t) => cx >= t.bbox[0] && cx <= t.bbox[2] && cy >= t.bbox[1] && cy <= t.bbox[3]);
}

/** The page's blocks in reading order grouped into chunks that never cross a heading or ~800 characters. */
export function pageChunks(page: ModelPage, tables: TableModel[] = []): Piece[] {
  const blocks = page.blocks
    .filter((b) => !FURNITURE.has(b.type) && b.text.trim() && !(b.type === 'table' && coveredByTable(b, tables)))
    .sort((a, b) => a.readingOrder - b.readingOrder);
  const chunks: Piece[] = [];
  let current: Piece | null = null;
  let headingOnly = false;
  const flush = () => {
    if (current) chunks.push(current);
    current = null;
  };
  for (const block of blocks) {
    const isHeading = HEADINGS.has(block.type);
    if (block.text.length > CHUNK_CHARS) {
      // A heading just before a long block goes with its first piece.
      const lead: Piece | null = current && headingOnly ? current : null;
      if (!lead) flush();
      current = null;
      const pieces = splitLongBlock(block);
      if (lead && pieces.length) pieces[0] = joinPieces(lead, pieces[0]);
      chunks.push(...pieces);
      headingOnly = false;
      continue;
    }
    const piece: Piece = { text: block.text, regionIds: [block.id], boxes: [block.bbox] };
    if (isHeading) {
      if (!(current && headingOnly)) flush();
      current = current ? joinPieces(current, piece) : piece;
      headingOnly = true;
      continue;
    }
    if (current && !headingOnly && current.text.length + 1 + block.text.length > CHUNK_CHARS) flush();
    current = current ? joinPieces(current, piece) : piece;
    headingOnly = false;
  }
  flush();
  return chunks;
}

function joinPieces(a: Piece, b: Piece): Piece {
  return { text: `${a.text}\n${b.text}`, regionIds: [...a.regionIds, ...b.regionIds], boxes: [...a.boxes, ...b.boxes] };
}

/** Long blocks are cut at line boundaries, so each piece's box holds only its own lines. */
function splitLongBlock(block: Block): Piece[] {
  const pieces: Piece[] = [];
  let lines: Line[] = [];
  let length = 0;
  const flush = () => {
    if (!lines.length) return;
    pieces.push({ text: joinLines(lines), regionIds: [block.id], boxes: [union(lines.map((l) => l.bbox))] });
    lines = [];
    length = 0;
  };
  for (const line of block.lines) {
    if (lines.length && length + line.text.length + 1 > CHUNK_CHARS) flush();
    lines.push(line);
    length += line.text.length + 1;
  }
  flush();
  return pieces.length ? pieces : [{ text: block.text, regionIds: [block.id], boxes: [block.bbox] }];
}

/** Lines joined with spaces; a hyphenated line end joins the next line's first word. */
export function joinLines(lines: Line[]): string {
  let text = '';
  let previous: Line | null = null;
  for (const line of lines) {
    if (!previous) text = line.text;
    else if (previous.hyphenated && text.endsWith('-')) text = text.slice(0, -1) + line.text;
    else text += ` ${line.text}`;
    previous = line;
  }
  return text;
}

/** Column headers per column: the header rows' texts stacked ("2024 Q3"). */
export function columnHeaders(table: TableModel): string[] {
  const cols = table.colEdges.length - 1;
  const headers: string[] = Array.from({ length: cols }, () => '');
  for (const cell of table.cells) {
    if (cell.row >= table.headerRowCount || !cell.text.trim()) continue;
    for (let c = cell.col; c < cell.col + cell.colspan && c < cols; c++) headers[c] = headers[c] ? `${headers[c]} ${cell.text}` : cell.text;
  }
  return headers.map((h) => h.trim());
}

function tableRows(table: TableModel): Piece[] {
  const headers = columnHeaders(table);
  const rows = table.rowEdges.length - 1;
  const pieces: Piece[] = [];
  for (let r = table.headerRowCount; r < rows; r++) {
    const cells = table.cells.filter((c) => c.row === r && c.text.trim()).sort((a, b) => a.col - b.col);
    if (!cells.length) continue;
    const text = cells.map((c) => (headers[c.col] ? `${headers[c.col]}: ${c.text}` : c.text)).join('; ');
    pieces.push({ text, regionIds: [table.id], boxes: [union(cells.map((c) => c.bbox))] });
  }
  return pieces;
}

function keyValuePiece(kv: KeyValuePair): Piece {
  return { text: `${kv.label}: ${kv.valueText}`, regionIds: [kv.id, ...(kv.blockId ? [kv.blockId] : [])], boxes: [kv.bbox] };
}

/** Key-values and tables are extras: a failure there still leaves the text chunks. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

import type { PageSize } from '../document/mod.ts';
import type { BBox, Block, DocumentModel, ModelPage } from '../model/types.ts';
import { gridOfTable, tableHtml, type TableModel, tableOfBlock } from '../tables/mod.ts';
import { blockMarkdown, type MarkdownContext } from './block-markdown.ts';
import { blockBox, lineBox, roundOut, toShape, type IntBox } from './view-boxes.ts';
import { displayLabel, isFurniture } from './labels.ts';
import type { SimpleGrid } from './fallback-grid.ts';
import { blockGroups, formulaMarkdown, itemMarkdown, textWithInlineMath, type BlockGroup, type PageGraphics } from './graphics-markdown.ts';
import { selectedPages } from '../model/pages.ts';

/**
 * The parse view (ParseResponse) of a document model: markdown of the body flow with page-break comments,
 * one chunk per block (canonical, with its type), regions as the only drawable geometry (one per chunk, or one
 * per text line with `ocr_lines`), pages and metadata. Pure: the same model and options give the same body.
 */

export type Grounding = 'none' | 'regions' | 'ocr_lines';

export interface ParseViewContext {
  /** The requesting file (image_ref paths); the model may be shared by files with the same bytes. */
  fileId: string;
  docId: string;
  version: string;
  /** Pixel size of each default page image, from the file record (empty for text inputs). */
  pageSizes: PageSize[];
  grounding: Grounding;
  /** Formulas and charts of the pages that have equation or figure blocks, by page index. */
  graphics?: (PageGraphics | null)[] | null;
  /** The type the file was uploaded as when it differs from the analysed one (DOCX laid out into PDF pages). */
  contentType?: string;
}

export interface ParseRegion {
  region_id: string;
  page_index: number;
  shape: { type: 'bbox'; x: number; y: number; w: number; h: number };
  label: string;
  display_label: string;
}

export interface ParseChunk {
  chunk_id: string;
  markdown: string;
  type: string;
  label: string;
  display_label: string;
  page_index: number;
  region_ids: string[];
  bbox: IntBox | null;
  table_html?: string | null;
  cells?: { row_index: number; col_index: number; text: string; bbox: IntBox }[];
  grid_row_count?: number | null;
  grid_col_count?: number | null;
  header_row_count?: number | null;
  mapping_quality?: 'exact' | 'heuristic' | 'fallback' | null;
}

export interface ParsePage {
  page_index: number;
  width: number | null;
  height: number | null;
  image_ref: string | null;
  ocr_median_line_height: number | null;
}

export interface ParseResult {
  markdown: string;
  doc_id: string;
  version: string;
  pages: ParsePage[];
  regions: ParseRegion[];
  chunks: ParseChunk[];
  metadata: Record<string, unknown>;
}

const isTextInput = (model: DocumentModel) => model.content_type === 'text/plain' || model.content_type === 'text/markdown';

export const pageImageRef = (fileId: string, pageIndex: number) => `/v1/files/${fileId}/pages/${pageIndex}/image`;

/** Blocks of a page in reading order (ties keep extraction order). */
export function orderedBlocks(page: ModelPage): Block[] {
  return page.blocks
    .map((b, i) => ({ b, i }))
    .sort((x, y) => x.b.readingOrder - y.b.readingOrder || x.i - y.i)
    .map((x) => x.b);
}

function captionTexts(blocks: Block[]): Map<string, string> {
  const captions = new Map<string, string>();
  for (const b of blocks) if (b.type === 'caption' && b.captionOf) captions.set(b.captionOf, b.text);
  return captions;
}

function recognisedTableFields(table: TableModel, width: number, height: number): Partial<ParseChunk> {
  return {
    table_html: tableHtml(gridOfTable(table)),
    cells: table.cells.map((c) => ({
      row_index: c.row,
      col_index: c.col,
      rowspan: c.rowspan,
      colspan: c.colspan,
      text: c.text,
      is_header: c.isHeader,
      bbox: roundOut(c.bbox, width, height),
    })),
    grid_row_count: table.rowEdges.length - 1,
    grid_col_count: table.colEdges.length - 1,
    header_row_count: table.headerRowCount,
    mapping_quality: table.mappingQuality,
  };
}

function tableFields(
  table: TableModel | null | undefined,
  grid: SimpleGrid | null | undefined,
  width: number,
  height: number,
): Partial<ParseChunk> {
  if (table) return recognisedTableFields(table, width, height);
  // Otherwise the fallback grid of aligned words (fallback-grid.ts), when the block has one.
  if (!grid) return { table_html: null, grid_row_count: null, grid_col_count: null, header_row_count: null, mapping_quality: 'fallback' };
  return {
    table_html: null,
    cells: grid.cells.map((c) => ({ row_index: c.row, col_index: c.col, text: c.text, bbox: roundOut(c.bbox, width, height) })),
    grid_row_count: grid.rows,
    grid_col_count: grid.cols,
    header_row_count: 1,
    mapping_quality: 'heuristic',
  };
}

/** Body markdown parts; consecutive list items join with one newline so they stay one list. */
interface MarkdownPart {
  md: string;
  list: boolean;
}

/**
 * One page's share of the parse view. A page's part depends only on the page and its own graphics, so pages can
 * be built apart (parse-view-alongside.ts builds those without graphics while the graphics stage runs) and joined.
 */
export interface PageParseView {
  page: ParsePage;
  regions: ParseRegion[];
  chunks: ParseChunk[];
  parts: MarkdownPart[];
}

class PageViewBuilder {
  readonly regions: ParseRegion[] = [];
  readonly chunks: ParseChunk[] = [];
  readonly parts: MarkdownPart[] = [];
  private regionCount = 0;

  constructor(
    private readonly model: DocumentModel,
    private readonly ctx: ParseViewContext,
    private readonly tables?: PageTables,
  ) {}

  addPage(page: ModelPage, size: { width: number; height: number } | null): void {
    if (page.page_index > 0) this.parts.push({ md: `<!-- page ${page.page_index + 1} -->`, list: false });
    const blocks = orderedBlocks(page);
    const captions = captionTexts(blocks);
    const graphics = this.ctx.graphics?.[page.page_index];
    const groups = blockGroups(blocks, graphics);
    const refOf = (box: BBox) => {
      const [l, t, r, btm] = roundOut(box, size?.width, size?.height);
      return `${pageImageRef(this.ctx.fileId, page.page_index)}#xywh=${l},${t},${r - l},${btm - t}`;
    };
    const mdContext: MarkdownContext = {
      escape: this.model.content_type !== 'text/markdown',
      figureRef: (b) => refOf(blockBox(b)),
      captionOf: (id) => captions.get(id),
      tableOf: (block) => (this.tables?.has(block.id) ? this.tables.get(block.id)! : tableOfBlock(page, block)),
    };
    // A formula or chart cut into several blocks is one chunk: the first of its blocks, grounded on all of them.
    const groupChunks = new Map<BlockGroup, ParseChunk>();
    blocks.forEach((block, n) => {
      const group = groups.get(block);
      const joined = group && groupChunks.get(group);
      if (joined) {
        this.ground(joined, block, page.page_index, size);
        return;
      }
      const withMath = group ? undefined : textWithInlineMath(block, graphics);
      const shown = withMath ? { ...block, text: withMath } : block;
      const { markdown, table, grid } = group
        ? { markdown: groupMarkdown(group, refOf), table: null, grid: null }
        : blockMarkdown(shown, mdContext);
      const type = group ? (group.kind === 'formula' ? 'equation' : 'figure') : block.type;
      const chunk: ParseChunk = {
        chunk_id: `p${page.page_index}_c${n}`,
        markdown,
        type,
        label: type,
        display_label: displayLabel(type),
        page_index: page.page_index,
        region_ids: [],
        bbox: null,
      };
      if (group) groupChunks.set(group, chunk);
      this.ground(chunk, block, page.page_index, size);
      if (block.type === 'table') Object.assign(chunk, tableFields(table, grid, size?.width ?? 0, size?.height ?? 0));
      this.chunks.push(chunk);
      if (!isFurniture(block.type) && markdown) this.parts.push({ md: markdown, list: block.type === 'list_item' });
    });
  }

  /** Regions for a block of the chunk (one per block, or one per line with `ocr_lines`); the chunk's box grows to hold it. */
  private ground(chunk: ParseChunk, block: Block, pageIndex: number, size: { width: number; height: number } | null): void {
    if (!size || this.ctx.grounding === 'none') return;
    const box = blockBox(block);
    const rounded = roundOut(box, size.width, size.height);
    chunk.bbox = chunk.bbox
      ? [
          Math.min(chunk.bbox[0], rounded[0]),
          Math.min(chunk.bbox[1], rounded[1]),
          Math.max(chunk.bbox[2], rounded[2]),
          Math.max(chunk.bbox[3], rounded[3]),
        ]
      : rounded;
    const lines = this.ctx.grounding === 'ocr_lines' && block.lines.length;
    for (const part of lines ? block.lines.map(lineBox) : [box]) {
      const region_id = `p${pageIndex}_r${this.regionCount++}`;
      const label = lines ? 'text_line' : chunk.type;
      this.regions.push({
        region_id,
        page_index: pageIndex,
        shape: toShape(roundOut(part, size.width, size.height)),
        label,
        display_label: displayLabel(label),
      });
      chunk.region_ids.push(region_id);
    }
  }
}

function joinMarkdown(parts: readonly MarkdownPart[]): string {
  let out = '';
  parts.forEach((part, i) => {
    if (i > 0) out += part.list && parts[i - 1].list ? '\n' : '\n\n';
    out += part.md;
  });
  return out;
}

function groupMarkdown(group: BlockGroup, refOf: (box: BBox) => string): string {
  return group.kind === 'formula' ? formulaMarkdown(group.formula) : itemMarkdown(group.item, refOf(group.bbox));
}

function metadata(model: DocumentModel, ctx: ParseViewContext): Record<string, unknown> {
  return {
    page_count: model.page_count,
    doc_class: null,
    file_id: ctx.fileId,
    content_type: ctx.contentType ?? model.content_type,
    skipped_pages: model.skipped_pages,
    pages_needing_ocr: model.pages.filter((p) => p.needsOcr && !p.skipped).map((p) => p.page_index),
    warnings: model.warnings,
  };
}

/** The tables of a page's table blocks by block id: they depend on the page alone, not on its graphics. */
export type PageTables = ReadonlyMap<string, TableModel | null>;

export function pageTables(page: ModelPage): PageTables {
  return new Map(page.blocks.filter((b) => b.type === 'table').map((b) => [b.id, tableOfBlock(page, b)]));
}

/** The parse view's part for one page (`ctx.graphics` is read for this page only); `tables` when read already. */
export function buildPageParseView(model: DocumentModel, ctx: ParseViewContext, page: ModelPage, tables?: PageTables): PageParseView {
  const size = isTextInput(model) ? null : (ctx.pageSizes[page.page_index] ?? { width: page.width, height: page.height });
  const builder = new PageViewBuilder(model, ctx, tables);
  builder.addPage(page, size);
  return {
    page: {
      page_index: page.page_index,
      width: size?.width ?? null,
      height: size?.height ?? null,
      image_ref: size ? pageImageRef(ctx.fileId, page.page_index) : null,
      ocr_median_line_height: page.ocr?.medianLineHeight ?? null,
    },
    regions: builder.regions,
    chunks: builder.chunks,
    parts: builder.parts,
  };
}

/** The view from its pages' parts, in the order of the model's selected pages. */
export function joinParseView(model: DocumentModel, ctx: ParseViewContext, views: readonly PageParseView[]): ParseResult {
  return {
    markdown: joinMarkdown(views.flatMap((v) => v.parts)),
    doc_id: ctx.docId,
    version: ctx.version,
    pages: views.map((v) => v.page),
    regions: views.flatMap((v) => v.regions),
    chunks: views.flatMap((v) => v.chunks),
    metadata: metadata(model, ctx),
  };
}

export function buildParseView(model: DocumentModel, ctx: ParseViewContext): ParseResult {
  return joinParseView(
    model,
    ctx,
    selectedPages(model).map((page) => buildPageParseView(model, ctx, page)),
  );
}

import type { TextLayerPage } from './text-layer.ts';

/**
 * The parse view of a document: markdown, chunks (one per text block), regions (their drawable boxes) and
 * pages. This is the foundation's first view; the document model (layout types, reading order, tables, OCR)
 * replaces the block-per-chunk rule as it lands.
 */
export interface ParseOptions {
  grounding: 'none' | 'regions' | 'ocr_lines';
}

export interface ParseSource {
  fileId: string;
  contentType: string;
  pages: { width: number; height: number }[];
  /** Text layer for PDFs; undefined for images (no text until OCR) and for text inputs. */
  textLayer?: TextLayerPage[];
  /** Inline text/markdown content. */
  text?: { content: string; markdown: boolean };
}

export interface ParseResult {
  markdown: string;
  doc_id: string;
  version: string;
  pages: { page_index: number; width: number | null; height: number | null; image_ref: string | null; ocr_median_line_height: number | null }[];
  regions: { region_id: string; page_index: number; shape: { type: 'bbox'; x: number; y: number; w: number; h: number }; label: string }[];
  chunks: { chunk_id: string; markdown: string; type: string; label: string; page_index: number | null; region_ids: string[]; bbox: number[] | null }[];
  metadata: Record<string, unknown>;
}

/** Keeps a paragraph from being read as a heading, quote or list item: `\\#`, `\\-`, `1\\.`. */
function escapeMarkdown(text: string): string {
  return text.replace(/^(\d+)\.(\s)/u, '$1\\.$2').replace(/^([#>*+-])(\s)/u, '\\$1$2');
}

function blockMarkdown(lines: { text: string }[]): string {
  // Join lines of a block into one paragraph; a hyphen at a line end followed by a lowercase letter is a break.
  let out = '';
  for (const { text } of lines) {
    const trimmed = text.trim();
    if (!out) out = trimmed;
    else if (/[a-z]-$/u.test(out) && /^[a-z]/u.test(trimmed)) out = out.slice(0, -1) + trimmed;
    else out += ' ' + trimmed;
  }
  return escapeMarkdown(out);
}

function textChunks(content: string, markdown: boolean): string[] {
  return content.split(/\n\s*\n/u).map((p) => (markdown ? p.trim() : escapeMarkdown(p.trim().replace(/\s*\n\s*/gu, ' ')))).filter(Boolean);
}

export function buildParseView(source: ParseSource, docId: string, version: string, options: ParseOptions): ParseResult {
  const pages = source.pages.map((p, i) => ({
    page_index: i,
    width: source.text ? null : p.width,
    height: source.text ? null : p.height,
    image_ref: source.text ? null : `/v1/files/${source.fileId}/pages/${i}/image`,
    ocr_median_line_height: null,
  }));
  const regions: ParseResult['regions'] = [];
  const chunks: ParseResult['chunks'] = [];
  const pagesWithoutText: number[] = [];

  if (source.text) {
    textChunks(source.text.content, source.text.markdown).forEach((md, i) => {
      chunks.push({ chunk_id: `p0_c${i}`, markdown: md, type: 'text', label: 'text', page_index: 0, region_ids: [], bbox: null });
    });
  } else {
    source.pages.forEach((_, pageIndex) => {
      const layer = source.textLayer?.[pageIndex];
      if (!layer || layer.blocks.length === 0) pagesWithoutText.push(pageIndex);
      layer?.blocks.forEach((block, b) => {
        const regionId = `p${pageIndex}_r${b}`;
        const [l, t, r, btm] = block.bbox;
        if (options.grounding !== 'none') {
          regions.push({ region_id: regionId, page_index: pageIndex, shape: { type: 'bbox', x: l, y: t, w: r - l, h: btm - t }, label: 'text' });
        }
        chunks.push({
          chunk_id: `p${pageIndex}_c${b}`,
          markdown: blockMarkdown(block.lines),
          type: 'text',
          label: 'text',
          page_index: pageIndex,
          region_ids: options.grounding === 'none' ? [] : [regionId],
          bbox: options.grounding === 'none' ? null : [l, t, r, btm],
        });
      });
    });
  }

  const markdown = chunks.map((c) => c.markdown).join('\n\n');
  const metadata: Record<string, unknown> = { page_count: pages.length, file_id: source.fileId, content_type: source.contentType, doc_class: null };
  if (pagesWithoutText.length > 0) {
    metadata.pages_without_text = pagesWithoutText;
    metadata.warnings = [`${pagesWithoutText.length} page(s) have no text layer; they need OCR`];
  }
  return { markdown, doc_id: docId, version, pages, regions, chunks, metadata };
}

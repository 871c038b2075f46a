import { analyzeDocumentLayout } from '../../src/pipeline/layout/mod.ts';
import type { DocumentModel, Line, ModelPage } from '../../src/pipeline/model/types.ts';
import { extractDocumentPages } from '../../src/pipeline/textlayer/mod.ts';

/** A PDF read through the real text-layer and layout stages into a document model, as the analysis would build it. */
export function modelOfPdf(pdf: Uint8Array, fileId = 'file_test'): DocumentModel {
  const { pages, bodyFontSize } = analyzeDocumentLayout(extractDocumentPages(pdf));
  return {
    engine_version: 'test',
    file_id: fileId,
    sha256: '',
    content_type: 'application/pdf',
    page_count: pages.length,
    pages,
    bodyFontSize,
    skipped_pages: [],
    warnings: [],
  };
}

/** A first page holding only `lines` (OCR lines made in a test), before layout. */
export function pageOfLines(lines: Line[], width: number, height: number): ModelPage {
  return { page_index: 0, width, height, rotation: 0, lines, blocks: [], paths: [], images: [], textLayer: 'ok', needsOcr: false };
}

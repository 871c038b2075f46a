import { analyzeDocumentLayout } from '../../src/pipeline/layout/mod.ts';
import type { BBox, DocumentModel, FontInfo, Line, ModelPage } from '../../src/pipeline/model/types.ts';
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

/**
 * OCR line `n` of the first page filling `box`: its words share the box's width evenly, each followed by a gap of
 * `wordGap` px, as a scan's word boxes sit.
 */
export function ocrLine(n: number, text: string, box: BBox, font: FontInfo, wordGap: number): Line {
  const tokens = text.split(' ');
  const step = (box[2] - box[0]) / tokens.length;
  const words = tokens.map((t, i) => ({
    text: t,
    bbox: [box[0] + i * step, box[1], box[0] + (i + 1) * step - wordGap, box[3]] as BBox,
    font,
    baseline: box[3],
    source: 'ocr' as const,
    confidence: 0.9,
  }));
  return { id: `p0_l${n}`, text, bbox: box, words, font, dir: 'ltr', rotation: 0, source: 'ocr' };
}

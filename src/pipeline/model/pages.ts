import type { DocumentModel, ModelPage } from './types.ts';

/**
 * The pages a request covers, in order: all of them, or those of its `page_range` (original indexes). Views list
 * these; lookups by page index keep using `model.pages`, where every page sits at its index.
 */
export function selectedPages(model: DocumentModel): ModelPage[] {
  return model.pages.filter((p) => !p.excluded);
}

/**
 * A page nothing could be read from: no content, the reason as its note. Its size when the caller still knows
 * it; otherwise 0 × 0, and the main side fills it in from the file record.
 */
export function skippedPage(pageIndex: number, reason: string, size = { width: 0, height: 0, rotation: 0 }): ModelPage {
  return {
    page_index: pageIndex,
    ...size,
    lines: [],
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: false,
    notes: [reason],
    skipped: { reason },
  };
}

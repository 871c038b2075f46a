import type { ModelPage } from '../model/types.ts';

/** A page nothing could be read from; the main side fills in its size from the file record. */
export function skippedPage(pageIndex: number, reason: string): ModelPage {
  return {
    page_index: pageIndex,
    width: 0,
    height: 0,
    rotation: 0,
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

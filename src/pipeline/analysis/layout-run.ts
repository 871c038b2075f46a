import { analyzePageLayout, assignHeadingLevels, documentContexts } from '../layout/mod.ts';
import type { ModelPage } from '../model/types.ts';
import { mapInSlices } from './slices.ts';

/**
 * The layout stage over a whole document on the calling thread, in slices: what `analyzeDocumentLayout` does
 * (document contexts, per-page layout, document-wide heading levels; a test keeps the two equal), but it gives the
 * event loop back every few milliseconds, so a 2,000-page document does not stall the API for seconds. Layout runs
 * here rather than in the pool because copying every page's words to a worker and back costs more than the layout.
 */
export interface LaidOutPages {
  pages: ModelPage[];
  bodyFontSize: number;
}

export async function layoutDocument(pages: readonly ModelPage[], signal?: AbortSignal): Promise<LaidOutPages> {
  const { bodyFontSize, contexts } = documentContexts(pages);
  const out = await mapInSlices(pages, (page, i) => analyzePageLayout(page, contexts[i]), 15, signal);
  assignHeadingLevels(out.flatMap((p) => p.blocks));
  return { pages: out, bodyFontSize };
}

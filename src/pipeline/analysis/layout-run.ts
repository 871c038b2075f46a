import { analyzePageLayout, assignHeadingLevels, documentContexts } from '../layout/mod.ts';
import type { ModelPage } from '../model/types.ts';
import type { AnalysisProfile } from './options.ts';
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

/** `fast` skips table and figure detection (its pages have no vector paths to find them by). */
export async function layoutDocument(
  pages: readonly ModelPage[],
  signal?: AbortSignal,
  profile: AnalysisProfile = 'grounded',
): Promise<LaidOutPages> {
  const { bodyFontSize, contexts } = documentContexts(pages);
  const skipRegions = profile === 'fast';
  const out = await mapInSlices(pages, (page, i) => analyzePageLayout(page, { ...contexts[i], skipRegions }), 15, signal);
  assignHeadingLevels(out.flatMap((p) => p.blocks));
  return { pages: out, bodyFontSize };
}

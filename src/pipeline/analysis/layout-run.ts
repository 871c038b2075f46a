import { analyzePageLayout, assignHeadingLevels, bodyFontSize, detectRepeatedFurniture } from '../layout/mod.ts';
import type { ModelPage } from '../model/types.ts';
import { mapInSlices } from './slices.ts';

/**
 * The layout stage over a whole document on the calling thread, in slices: it is what `analyzeDocumentLayout`
 * does (document body size, repeated headers/footers, per-page layout, document-wide heading levels; a test
 * keeps the two equal), but it gives the event loop back every few milliseconds, so a 2,000-page document does
 * not stall the API for seconds. Layout runs here rather than in the pool because copying every page's words to
 * a worker and back costs more than the layout itself.
 */
export interface LaidOutPages {
  pages: ModelPage[];
  bodyFontSize: number;
}

export async function layoutDocument(pages: readonly ModelPage[], signal?: AbortSignal): Promise<LaidOutPages> {
  const body = bodyFontSize(pages);
  const furniture = detectRepeatedFurniture(pages, body);
  const titlePage = pages.find((p) => !p.skipped && p.lines.length > 0)?.page_index;
  const out = await mapInSlices(pages, (page) =>
    analyzePageLayout(page, { bodyFontSize: body, furniture: furniture.get(page.page_index), titlePage: page.page_index === titlePage }), 15, signal);
  assignHeadingLevels(out.flatMap((p) => p.blocks));
  return { pages: out, bodyFontSize: body };
}

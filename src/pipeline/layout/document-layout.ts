import type { ModelPage } from '../model/types.ts';
import { detectRepeatedFurniture } from './headers-footers.ts';
import { assignHeadingLevels } from './headings.ts';
import { evenOcrSizes } from './ocr-sizes.ts';
import { analyzePageLayout, type LayoutContext } from './page-layout.ts';

/** Body font size (px) for a document without text. */
const DEFAULT_BODY_SIZE = 20;
/** The body size is the largest size carrying at least this share of the text of the most common size. */
const BODY_SIZE_MIN_SHARE = 0.5;

/**
 * The most common font size over all text, weighted by characters and rounded to half a pixel: the reference
 * for headings (bigger), footnotes (smaller) and the gaps between blocks.
 */
export function bodyFontSize(pages: readonly ModelPage[]): number {
  const weight = new Map<number, number>();
  for (const page of pages) {
    for (const line of evenOcrSizes(page.lines)) {
      for (const w of line.words) {
        const k = Math.round(w.font.size * 2) / 2;
        if (k > 0) weight.set(k, (weight.get(k) ?? 0) + w.text.length);
      }
    }
  }
  let top = 0;
  for (const w of weight.values()) top = Math.max(top, w);
  if (top === 0) return DEFAULT_BODY_SIZE;
  // The largest size carrying at least half as much text as the most common one: references, footnotes and
  // captions are smaller than the body and can outweigh it on a page, headings never carry that much.
  let best = 0;
  for (const [size, w] of weight) if (w >= top * BODY_SIZE_MIN_SHARE && size > best) best = size;
  return best;
}

/**
 * Layout of a whole document: body font size from all pages, running headers/footers and page numbers found
 * by repetition across pages, the per-page analysis, one title for the document (on its first page with
 * text), and heading levels ranked over the whole document.
 */
export function analyzeDocumentLayout(
  pages: readonly ModelPage[],
  options: { skipRegions?: boolean } = {},
): { pages: ModelPage[]; bodyFontSize: number } {
  const { bodyFontSize: body, contexts } = documentContexts(pages);
  const out = pages.map((page, i) => analyzePageLayout(page, { ...contexts[i], skipRegions: options.skipRegions }));
  assignHeadingLevels(out.flatMap((p) => p.blocks));
  return { pages: out, bodyFontSize: body };
}

/**
 * The document-level facts each page's layout needs, one context per page (same order): for callers that run
 * the pages themselves (in slices, in workers) and then call `assignHeadingLevels` over all blocks, exactly
 * as `analyzeDocumentLayout` does.
 */
export function documentContexts(pages: readonly ModelPage[]): { bodyFontSize: number; contexts: LayoutContext[] } {
  const body = bodyFontSize(pages);
  const furniture = detectRepeatedFurniture(pages, body);
  const titlePage = pages.find((p) => !p.skipped && p.lines.length > 0)?.page_index;
  const contexts = pages.map((page) => ({
    bodyFontSize: body,
    furniture: furniture.get(page.page_index),
    titlePage: page.page_index === titlePage,
    pageCount: pages.length,
  }));
  return { bodyFontSize: body, contexts };
}

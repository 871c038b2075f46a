import type { CallOptions, PageOcrCall } from '../../inference/client.ts';
import type { RecognizePageResponse } from '../../inference/types.ts';
import type { DocumentPool } from '../document/pool.ts';
import type { DocumentType } from '../document/types.ts';
import type { ModelPage, PageOcrInfo } from '../model/types.ts';
import { ocrModelPage } from '../ocr/ocr-page.ts';

/**
 * The OCR stage of an analysis: every page without a trustworthy text layer (a scan, an image, invisible or
 * garbage text) is rendered as the page image clients fetch and read by the inference process; with `force`
 * (OCR in classic/agentic mode) every page is. Pages go to the inference process two at a time, so rendering
 * the next page overlaps reading this one; its own queue bounds the work.
 */
export interface OcrClient {
  recognizePage(page: PageOcrCall, options?: CallOptions): Promise<RecognizePageResponse>;
}

export interface OcrStageOptions {
  mode: PageOcrInfo['mode'];
  force: boolean;
  signal?: AbortSignal;
  onPage?(done: number, total: number): Promise<void> | void;
}

const PAGES_IN_FLIGHT = 2;
/** Single-page formats the inference process decodes itself, to the same pixels the page image shows (EXIF applied). */
const SENT_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The page image to read: the original bytes of a single-page JPEG/PNG/WebP (no PNG re-encoding), else a render. */
async function pageImage(pool: DocumentPool, source: { bytes: Uint8Array; type: DocumentType }, pageIndex: number, pageCount: number): Promise<Uint8Array> {
  if (pageCount === 1 && SENT_AS_IS.has(source.type)) return source.bytes;
  return (await pool.render(source.bytes, source.type, { pageIndex, format: 'png' })).body;
}

export function pagesNeedingOcr(pages: readonly ModelPage[], force: boolean): ModelPage[] {
  return pages.filter((p) => !p.skipped && (force || p.needsOcr));
}

export async function ocrPages(
  pool: DocumentPool,
  inference: OcrClient | null,
  source: { bytes: Uint8Array; type: DocumentType },
  pages: ModelPage[],
  options: OcrStageOptions,
): Promise<ModelPage[]> {
  const targets = pagesNeedingOcr(pages, options.force);
  if (!targets.length) return pages;
  if (!inference) {
    return pages.map((p) => (targets.includes(p) ? { ...p, notes: [...(p.notes ?? []), 'OCR is not available in this deployment: the page has no text'] } : p));
  }
  const out = [...pages];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < targets.length) {
      const page = targets[next++];
      options.signal?.throwIfAborted();
      const image = await pageImage(pool, source, page.page_index, pages.length);
      const response = await inference.recognizePage({ image, mode: options.mode, language: 'auto' }, { signal: options.signal });
      out[out.indexOf(page)] = ocrModelPage(page, response, options.mode);
      await options.onPage?.(++done, targets.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, targets.length) }, lane));
  return out;
}

import type { CallOptions, PageOcrCall, RecognizePageResponse } from '../../inference/mod.ts';
import type { DocumentPool, DocumentType } from '../document/mod.ts';
import { area } from '../model/geometry.ts';
import type { ImagePlacement, ModelPage, PageOcrInfo } from '../model/types.ts';
import { ocrModelPage } from '../ocr/mod.ts';

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

/** The page-image resolution every coordinate is given in (decisions.md: 2 px per PDF point). */
const PAGE_IMAGE_DPI = 144;
/**
 * Small PDF pages (a pocket-book page of 3 x 5 in is 432x720 px at 144 dpi, its body text a few px high) are read
 * from a sharper render: their longer side reaches this many pixels, up to 300 dpi. Pages of Letter size (1584 px)
 * or A4 (1684 px) already exceed it and render as served.
 */
const MIN_OCR_LONG_SIDE = 1500;
const MAX_OCR_DPI = 300;

/** Images within this share of the page's largest image's area count as its largest too (layers of one scan). */
const SAME_EXTENT_SHARE = 0.9;

/**
 * How much sharper than the served page image the page is rendered for OCR (1: as served); never sharper than
 * the page's largest image holds pixels for (upsampling a scan adds no detail, only interpolation). A scan is
 * often placed as layers of the same extent (a coarse colour background under a sharp text mask): the sharpest
 * of them sets the limit.
 */
export function ocrRenderScale(page: Pick<ModelPage, 'width' | 'height' | 'images'>, type: DocumentType): number {
  if (type !== 'application/pdf') return 1;
  const longSide = Math.max(page.width, page.height, 1);
  const scale = Math.min(Math.max(1, MIN_OCR_LONG_SIDE / longSide), MAX_OCR_DPI / PAGE_IMAGE_DPI);
  const sharpest = sharpestLargestImage(page.images);
  const held = sharpest === null ? scale : Math.min(scale, Math.max(1, sharpest));
  return Math.round(held * PAGE_IMAGE_DPI) / PAGE_IMAGE_DPI;
}

/** Image pixels per page-image pixel of the sharpest of the page's largest images, or null without images. */
function sharpestLargestImage(images: readonly ImagePlacement[]): number | null {
  const largest = Math.max(0, ...images.map((i) => area(i.bbox)));
  let best: number | null = null;
  for (const img of images) {
    // Long side against long side: a scan placed turned a quarter still compares its own pixels to its extent.
    const extent = Math.max(img.bbox[2] - img.bbox[0], img.bbox[3] - img.bbox[1]);
    if (extent <= 0 || area(img.bbox) < largest * SAME_EXTENT_SHARE) continue;
    const density = Math.max(img.width, img.height) / extent;
    if (best === null || density > best) best = density;
  }
  return best;
}

/** The page image to read: the original bytes of a single-page JPEG/PNG/WebP (no PNG re-encoding), else a render. */
async function pageImage(
  pool: DocumentPool,
  source: { bytes: Uint8Array; type: DocumentType },
  pageIndex: number,
  pageCount: number,
  scale: number,
): Promise<Uint8Array> {
  if (pageCount === 1 && SENT_AS_IS.has(source.type)) return source.bytes;
  const dpi = scale === 1 ? undefined : Math.round(PAGE_IMAGE_DPI * scale);
  return (await pool.render(source.bytes, source.type, { pageIndex, format: 'png', ...(dpi ? { dpi } : {}) })).body;
}

/** An answer read from a sharper render, in the served page image's pixels. */
function atServedScale(response: RecognizePageResponse, scale: number): RecognizePageResponse {
  if (scale === 1) return response;
  const down = (values: number[]) => values.map((v) => v / scale);
  return {
    ...response,
    width: Math.round(response.width / scale),
    height: Math.round(response.height / scale),
    lines: response.lines.map((l) => ({
      ...l,
      box: down(l.box),
      polygon: down(l.polygon),
      words: l.words.map((w) => ({ ...w, box: down(w.box) })),
    })),
  };
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
    return pages.map((p) =>
      targets.includes(p) ? { ...p, notes: [...(p.notes ?? []), 'OCR is not available in this deployment: the page has no text'] } : p,
    );
  }
  const out = [...pages];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < targets.length) {
      const page = targets[next++];
      options.signal?.throwIfAborted();
      const scale = ocrRenderScale(page, source.type);
      const image = await pageImage(pool, source, page.page_index, pages.length, scale);
      const response = await inference.recognizePage({ image, mode: options.mode, language: 'auto' }, { signal: options.signal });
      out[out.indexOf(page)] = ocrModelPage(page, atServedScale(response, scale), options.mode);
      await options.onPage?.(++done, targets.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, targets.length) }, lane));
  return out;
}

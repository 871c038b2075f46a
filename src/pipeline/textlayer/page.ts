import * as mupdf from 'mupdf';
import type { BBox, ImagePlacement, ModelPage } from '../model/types.ts';
import { oneLine, openPdf, pixelBox, release, withMupdfLog } from '../document/mod.ts';
import { readFragments, STEXT_OPTIONS, STEXT_WITH_IMAGES, type Fragment } from './chars.ts';
import { intersects } from '../model/geometry.ts';
import { skippedPage } from '../model/pages.ts';
import { pixelMatrix, pixelSpace, PX_PER_PT, rotationOfTransform, type PixelSpace } from './pixel-space.ts';
import { collectGraphics } from './graphics-device.ts';
import { buildLines } from './lines.ts';
import { assessTextLayer, largestImageShare, SCAN_COVERAGE } from './quality.ts';
import { Separators } from './separators.ts';

/**
 * The text-layer stage: one PDF page → a ModelPage with lines, words, vector paths, image placements and a
 * verdict on the text layer; `blocks` stay empty for the layout stage. All coordinates are page-image pixels
 * (144 dpi, /Rotate applied), the space of `page.toPixmap(Matrix.scale(2, 2))`.
 *
 * The page's content is interpreted once, into a display list; structured text and the graphics device both
 * replay that list (interpreting the content stream is most of the cost, so this halves it).
 *
 * With `graphics: false` (the `fast` profile) there is no display list and no graphics device: structured text
 * runs straight from the page, with image blocks for where images are. The page then has no vector paths, so
 * lines are not cut at drawn table-cell borders (only at gaps), and invisible text is not detected (hidden text
 * stays in). A page that looks like a scan (no text, or an image over half of it) is read again with the
 * graphics pass, so scans and OCR layers get the same verdict in both profiles.
 */
const MAX_LOG_NOTES = 3;

export interface ExtractOptions {
  /** Collect vector paths, image placements and invisible glyphs with a graphics pass (default true). */
  graphics?: boolean;
}

/** /Rotate as mupdf applied it; non-PDF documents have none. */
function pageRotation(page: mupdf.Page): number {
  return page instanceof mupdf.PDFPage ? rotationOfTransform(page.getTransform()) : 0;
}

interface PageFrame {
  space: PixelSpace;
  pageBox: BBox;
  width: number;
  height: number;
}

function pageFrame(page: mupdf.Page): PageFrame {
  const bounds = page.getBounds();
  const { width, height } = pixelBox(bounds, PX_PER_PT);
  return { space: pixelSpace(bounds), pageBox: [0, 0, width, height], width, height };
}

function finishPage(
  page: mupdf.Page,
  pageIndex: number,
  frame: PageFrame,
  lines: ModelPage['lines'],
  parts: Pick<ModelPage, 'paths' | 'images' | 'textLayer' | 'needsOcr'>,
  notes: string[],
): ModelPage {
  const result: ModelPage = {
    page_index: pageIndex,
    width: frame.width,
    height: frame.height,
    rotation: pageRotation(page),
    lines,
    blocks: [],
    ...parts,
  };
  if (notes.length) result.notes = notes;
  return result;
}

function extractWithGraphics(page: mupdf.Page, pageIndex: number, frame: PageFrame): ModelPage {
  let list: mupdf.DisplayList | undefined;
  let stext: mupdf.StructuredText | undefined;
  try {
    const { space, pageBox } = frame;
    // Errors mupdf logs while interpreting the content (and recovers from) are worth a note on the page.
    const { value, errors } = withMupdfLog((log) => ({ value: page.toDisplayList(true), errors: log.errors }));
    list = value;
    const graphics = collectGraphics(list, pixelMatrix(space), pageBox);
    stext = list.toStructuredText(STEXT_OPTIONS);
    const invisible = graphics.invisible;
    const fragments = readFragments(stext, space, invisible.count > 0 ? (x, y) => invisible.has(x, y) : null);
    const verdict = assessTextLayer(fragments, graphics.images, graphics.paths, pageBox);
    const notes = [...verdict.notes];
    if (graphics.cappedPaths > 0) notes.push(`vector paths capped: ${graphics.cappedPaths} more were left out`);
    if (graphics.cappedImages > 0) notes.push(`images capped: ${graphics.cappedImages} more were left out`);
    for (const message of errors.slice(0, MAX_LOG_NOTES)) notes.push(`mupdf: ${message}`);
    const lines = buildLines(verdict.fragments, pageIndex, new Separators(graphics.paths, graphics.rectilinear));
    return finishPage(
      page,
      pageIndex,
      frame,
      lines,
      { paths: graphics.paths, images: graphics.images, textLayer: verdict.state, needsOcr: verdict.needsOcr },
      notes,
    );
  } finally {
    release(stext, list);
  }
}

const hasInk = (fragments: readonly Fragment[]) => fragments.some((f) => f.chars.some((c) => !c.space));

/** Structured text straight from the page, no graphics device; null when the page needs the graphics pass after all. */
function extractTextOnly(page: mupdf.Page, pageIndex: number, frame: PageFrame): ModelPage | null {
  const { space, pageBox } = frame;
  const images: ImagePlacement[] = [];
  const { value: fragments, errors } = withMupdfLog((log) => {
    const stext = page.toStructuredText(STEXT_WITH_IMAGES);
    try {
      const read = readFragments(stext, space, null, (b, width, height) => {
        const bbox: BBox = [
          b[0] * space.scale - space.offsetX,
          b[1] * space.scale - space.offsetY,
          b[2] * space.scale - space.offsetX,
          b[3] * space.scale - space.offsetY,
        ];
        if (intersects(bbox, pageBox)) images.push({ bbox, width, height });
      });
      return { value: read, errors: log.errors };
    } finally {
      release(stext);
    }
  });
  // No text, or a scan: the verdict (blank or drawn, OCR layer or not) needs paths and invisible glyphs.
  if (!hasInk(fragments) || largestImageShare(images, pageBox) >= SCAN_COVERAGE) return null;
  const verdict = assessTextLayer(fragments, images, [], pageBox);
  const notes = [...verdict.notes];
  for (const message of errors.slice(0, MAX_LOG_NOTES)) notes.push(`mupdf: ${message}`);
  const lines = buildLines(verdict.fragments, pageIndex, new Separators([], new Set()));
  return finishPage(page, pageIndex, frame, lines, { paths: [], images, textLayer: verdict.state, needsOcr: verdict.needsOcr }, notes);
}

export function extractPage(doc: mupdf.Document, pageIndex: number, options: ExtractOptions = {}): ModelPage {
  const page = doc.loadPage(pageIndex);
  try {
    const frame = pageFrame(page);
    if (options.graphics === false) {
      const textOnly = extractTextOnly(page, pageIndex, frame);
      if (textOnly) return textOnly;
    }
    return extractWithGraphics(page, pageIndex, frame);
  } finally {
    release(page);
  }
}

/** The page as skipped: its size when mupdf can still tell it, the reason, no content. */
function unreadablePage(doc: mupdf.Document, pageIndex: number, err: unknown): ModelPage {
  const size = { width: 0, height: 0, rotation: 0 };
  let page: mupdf.Page | undefined;
  try {
    page = doc.loadPage(pageIndex);
    Object.assign(size, pixelBox(page.getBounds(), PX_PER_PT));
    size.rotation = pageRotation(page);
  } catch {
    // the page cannot even be loaded: no size to report
  } finally {
    release(page);
  }
  return skippedPage(pageIndex, `page ${pageIndex + 1} could not be read: ${oneLine(err)}`, size);
}

/** A page, or its skipped stand-in: one bad page never fails the document. */
export function extractPageSafely(doc: mupdf.Document, pageIndex: number, options: ExtractOptions = {}): ModelPage {
  try {
    return extractPage(doc, pageIndex, options);
  } catch (err) {
    return unreadablePage(doc, pageIndex, err);
  }
}

/**
 * Pages `from` (inclusive) to `to` (exclusive, clamped to the page count) of an open document, one at a time:
 * only one page's mupdf objects are alive at once.
 */
export function* documentPages(doc: mupdf.Document, from = 0, to?: number, options: ExtractOptions = {}): Generator<ModelPage> {
  const count = doc.countPages();
  const end = Math.min(to ?? count, count);
  for (let i = Math.max(0, from); i < end; i++) yield extractPageSafely(doc, i, options);
}

/**
 * The same from a PDF's bytes: the document is closed when the iteration ends or is abandoned.
 * Throws DocumentFormatError when the file cannot be opened as a PDF at all.
 */
export function* iterateDocumentPages(bytes: Uint8Array, from = 0, to?: number, options: ExtractOptions = {}): Generator<ModelPage> {
  const doc = openPdf(bytes);
  try {
    yield* documentPages(doc, from, to, options);
  } finally {
    release(doc);
  }
}

export function extractDocumentPages(bytes: Uint8Array, from?: number, to?: number, options: ExtractOptions = {}): ModelPage[] {
  return [...iterateDocumentPages(bytes, from, to, options)];
}

import * as mupdf from 'mupdf';
import type { BBox, ModelPage } from '../model/types.ts';
import { openPdf } from '../document/inspect-pdf.ts';
import { oneLine, pixelBox, release, withMupdfLog } from '../document/mupdf-util.ts';
import { readFragments, STEXT_OPTIONS } from './chars.ts';
import { pixelMatrix, pixelSpace, PX_PER_PT, rotationOfTransform } from './geometry.ts';
import { collectGraphics } from './graphics.ts';
import { buildLines } from './lines.ts';
import { assessTextLayer } from './quality.ts';
import { Separators } from './separators.ts';

/**
 * The text-layer stage: one PDF page → a ModelPage with lines, words, vector paths, image placements and a
 * verdict on the text layer; `blocks` stay empty for the layout stage. All coordinates are page-image pixels
 * (144 dpi, /Rotate applied), the space of `page.toPixmap(Matrix.scale(2, 2))`.
 *
 * The page's content is interpreted once, into a display list; structured text and the graphics device both
 * replay that list (interpreting the content stream is most of the cost, so this halves it).
 */
const MAX_LOG_NOTES = 3;

/** /Rotate as mupdf applied it; non-PDF documents have none. */
function pageRotation(page: mupdf.Page): number {
  return page instanceof mupdf.PDFPage ? rotationOfTransform(page.getTransform()) : 0;
}

export function extractPage(doc: mupdf.Document, pageIndex: number): ModelPage {
  const page = doc.loadPage(pageIndex);
  let list: mupdf.DisplayList | undefined;
  let stext: mupdf.StructuredText | undefined;
  try {
    const bounds = page.getBounds();
    const { width, height } = pixelBox(bounds, PX_PER_PT);
    const space = pixelSpace(bounds);
    const pageBox: BBox = [0, 0, width, height];
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
    const result: ModelPage = {
      page_index: pageIndex,
      width,
      height,
      rotation: pageRotation(page),
      lines: buildLines(verdict.fragments, pageIndex, new Separators(graphics.paths, graphics.rectilinear)),
      blocks: [],
      paths: graphics.paths,
      images: graphics.images,
      textLayer: verdict.state,
      needsOcr: verdict.needsOcr,
    };
    if (notes.length) result.notes = notes;
    return result;
  } finally {
    release(stext, list, page);
  }
}

/** The page as skipped: its size when mupdf can still tell it, the reason, no content. */
function skippedPage(doc: mupdf.Document, pageIndex: number, err: unknown): ModelPage {
  let width = 0;
  let height = 0;
  let rotation = 0;
  let page: mupdf.Page | undefined;
  try {
    page = doc.loadPage(pageIndex);
    ({ width, height } = pixelBox(page.getBounds(), PX_PER_PT));
    rotation = pageRotation(page);
  } catch {
    // the page cannot even be loaded: no size to report
  } finally {
    release(page);
  }
  const reason = `page ${pageIndex + 1} could not be read: ${oneLine(err)}`;
  return {
    page_index: pageIndex,
    width,
    height,
    rotation,
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

/** A page, or its skipped stand-in: one bad page never fails the document. */
export function extractPageSafely(doc: mupdf.Document, pageIndex: number): ModelPage {
  try {
    return extractPage(doc, pageIndex);
  } catch (err) {
    return skippedPage(doc, pageIndex, err);
  }
}

/**
 * Pages `from` (inclusive) to `to` (exclusive, clamped to the page count) one at a time: only one page's mupdf
 * objects are alive at once, and the document is closed when the iteration ends or is abandoned.
 * Throws DocumentFormatError when the file cannot be opened as a PDF at all.
 */
export function* iterateDocumentPages(bytes: Uint8Array, from = 0, to?: number): Generator<ModelPage> {
  const doc = openPdf(bytes);
  try {
    const count = doc.countPages();
    const end = Math.min(to ?? count, count);
    for (let i = Math.max(0, from); i < end; i++) yield extractPageSafely(doc, i);
  } finally {
    release(doc);
  }
}

export function extractDocumentPages(bytes: Uint8Array, from?: number, to?: number): ModelPage[] {
  return [...iterateDocumentPages(bytes, from, to)];
}

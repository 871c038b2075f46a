import { workerDocument } from '../document/mod.ts';
import { documentPages } from '../textlayer/mod.ts';
import type { ModelPage } from '../model/types.ts';
import { compactPage } from './compact.ts';
import type { AnalysisProfile } from './options.ts';
import { packPages, type PackedPages } from './page-transfer.ts';

/**
 * What the document pool's worker threads run for an analysis: the text layer of one page range. A range with a
 * `docKey` reads the document the worker kept open from the previous range of the same file (recent-document.ts);
 * without one the document is opened for the range and closed after it.
 */

/** Pages `from` (inclusive) to `to` (exclusive), zero-based. */
export interface AnalyzeRange {
  from: number;
  to: number;
  profile: AnalysisProfile;
  /** Identifies the bytes (their content hash), so a worker may keep the document open between ranges. */
  docKey?: string;
}

/**
 * The text layer of pages [from, to). A page mupdf cannot read comes back skipped (the text layer degrades per
 * page); a task that dies is retried page by page by the caller (pdf.ts).
 */
export function analyzePageRange(bytes: Uint8Array, range: AnalyzeRange): ModelPage[] {
  // `fast` needs no vector paths (no table or figure analysis): its text layer skips the graphics pass.
  const options = { graphics: range.profile !== 'fast' };
  return workerDocument.use(range.docKey, bytes, (doc) => [...documentPages(doc, range.from, range.to, options)].map(finishPage));
}

/** The same in the form a worker sends it back in (page-transfer.ts). */
export function packedPageRange(bytes: Uint8Array, range: AnalyzeRange): PackedPages {
  return packPages(analyzePageRange(bytes, range));
}

/**
 * mupdf does not throw for a page whose content stream cannot be decoded (bad compression, a missing object): it
 * logs an error and draws nothing. A page that drew nothing at all while mupdf reported errors (the text layer
 * notes them as `mupdf: …`) lost its content, it is not blank: it is reported as skipped with mupdf's reason.
 */
export function markUndecodable(page: ModelPage): ModelPage {
  if (page.skipped || page.lines.length || page.images.length || page.paths.length) return page;
  const error = page.notes?.find((n) => n.startsWith('mupdf: '));
  if (!error) return page;
  return {
    ...page,
    textLayer: 'none',
    needsOcr: false,
    skipped: { reason: `page ${page.page_index + 1} could not be read: ${error.slice(7)}` },
  };
}

const finishPage = (page: ModelPage) => compactPage(markUndecodable(page));

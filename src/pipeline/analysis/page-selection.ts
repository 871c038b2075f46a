import type { PageSize } from '../document/mod.ts';
import type { DocumentModel, ModelPage } from '../model/types.ts';

/**
 * A request's `page_range` applied to an analysis: the model keeps every page at its original index (the views and
 * stages look pages up by index), pages outside the range become empty `excluded` stand-ins, and the counts,
 * skipped pages and warnings describe the selected pages only.
 */

const OUTSIDE = 'outside the requested page_range';

function standIn(pageIndex: number, size: PageSize | undefined): ModelPage {
  return {
    page_index: pageIndex,
    width: size?.width ?? 0,
    height: size?.height ?? 0,
    rotation: 0,
    lines: [],
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: false,
    skipped: { reason: OUTSIDE },
    excluded: true,
  };
}

/**
 * `model` (of the whole file, or of the selected pages only) restricted to `selection` (sorted zero-based indexes)
 * in a file whose page images have `sizes` (one per page).
 */
export function restrictToPages(model: DocumentModel, selection: readonly number[], sizes: readonly PageSize[]): DocumentModel {
  const byIndex = new Map(model.pages.map((p) => [p.page_index, p]));
  const wanted = new Set(selection);
  const count = Math.max(sizes.length, (selection.at(-1) ?? -1) + 1);
  const pages = Array.from({ length: count }, (_, i) => (wanted.has(i) && byIndex.get(i)) || standIn(i, sizes[i]));
  const kept = pages.filter((p) => !p.excluded);
  return { ...model, page_count: kept.length, pages, ...pageNotes(kept) };
}

/** skipped_pages and warnings of the analysed pages (the wording the analysis service has always used). */
export function pageNotes(pages: readonly ModelPage[]): Pick<DocumentModel, 'skipped_pages' | 'warnings'> {
  const skipped = pages.filter((p) => p.skipped).map((p) => ({ page_index: p.page_index, reason: p.skipped!.reason }));
  const needOcr = pages.filter((p) => p.needsOcr && !p.skipped).length;
  const warnings: string[] = [];
  if (skipped.length) warnings.push(`${skipped.length} page(s) could not be read and were skipped`);
  if (needOcr) warnings.push(`${needOcr} page(s) have no trustworthy text layer; they need OCR`);
  return { skipped_pages: skipped, warnings };
}

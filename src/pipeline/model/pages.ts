import type { DocumentModel, ModelPage } from './types.ts';

/**
 * The pages a request covers, in order: all of them, or those of its `page_range` (original indexes). Views list
 * these; lookups by page index keep using `model.pages`, where every page sits at its index.
 */
export function selectedPages(model: DocumentModel): ModelPage[] {
  return model.pages.filter((p) => !p.excluded);
}

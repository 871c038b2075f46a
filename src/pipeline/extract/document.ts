import { classifyPages, documentClass, OTHER_CLASS } from '../classify/mod.ts';
import { documentKeyValues } from '../fields/mod.ts';
import type { DocumentModel } from '../model/types.ts';
import { findTables, type TableModel } from '../tables/mod.ts';
import type { Logger } from '../../shared/logger.ts';
import type { ExtractDocument } from './types.ts';

/**
 * What the extractor reads, built once per document model: key-value pairs (fields stage), tables with cell
 * structure (liberal detection: line items are often unruled), and the document class. Each part degrades to
 * empty on failure so that extraction still runs on the lines.
 */
export function buildExtractDocument(model: DocumentModel, logger?: Logger): ExtractDocument {
  return {
    model,
    keyValues: safely(() => documentKeyValues(model), [], 'key-values', logger),
    tables: model.pages.flatMap((page) =>
      safely(
        () => findTables(page, { policy: 'liberal', source: 'detector' }),
        [] as TableModel[],
        `tables of page ${page.page_index}`,
        logger,
      ),
    ),
    docClass: safely(() => documentClass(classifyPages(model.pages, null)).docClass, OTHER_CLASS, 'classification', logger),
  };
}

function safely<T>(read: () => T, fallback: T, what: string, logger?: Logger): T {
  try {
    return read();
  } catch (err) {
    logger?.warn({ err }, `extract: ${what} failed; extraction goes on without them`);
    return fallback;
  }
}

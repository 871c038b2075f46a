import type { FileRecord } from '../../files/mod.ts';
import type { ChunkIndex, EmbedTexts } from '../../index/mod.ts';
import { documentUnits } from '../../pipeline/ask/mod.ts';
import { buildExtractDocument, type ExtractDocument } from '../../pipeline/extract/mod.ts';
import { ENGINE_VERSION } from '../../shared/version.ts';
import type { JobContext } from '../handler.ts';
import type { AskRequest } from '../requests/ask.ts';
import { jobModel, requestDocId, selectedPageCount, type DocumentRequest } from './analysis-views.ts';

/**
 * The documents of an ask, ready to answer from: parsed (`grounded` analysis, several in parallel), read as
 * extraction documents, and indexed in the tenant's chunk index. A follow-up finds them in this process's cache
 * (no parse) and already indexed (no re-index); another worker process reads the analysis cache and finds the
 * index rows by (doc_id, index version).
 */

export interface PreparedDocument {
  docId: string;
  record: FileRecord;
  doc: ExtractDocument;
}

/**
 * What this process did for ask, for tests and the benchmark: `parses` counts documents read through the analysis
 * (a cache miss here), `indexings` documents cut into units and written to the index, `reuses` documents a request
 * found ready in this process's cache. The job's `pages_processed` (and GET /v1/usage) counts the parsed pages.
 */
export const askCounters = { parses: 0, indexings: 0, reuses: 0 };

/**
 * Documents kept parsed in this process (an LRU): enough for a few conversations over multi-document sets, and
 * bounded in pages too (a parsed page holds its lines, words and blocks).
 */
const CACHE_DOCUMENTS = 32;
const CACHE_PAGES = 2000;

interface Prepared {
  doc: ExtractDocument;
}

const prepared = new Map<string, Prepared>();

function cacheGet(docId: string): Prepared | undefined {
  const hit = prepared.get(docId);
  if (hit) {
    prepared.delete(docId);
    prepared.set(docId, hit);
  }
  return hit;
}

function cachePut(docId: string, value: Prepared): void {
  prepared.delete(docId);
  prepared.set(docId, value);
  const pages = () => [...prepared.values()].reduce((sum, p) => sum + p.doc.model.page_count, 0);
  // The newest document stays even when it alone is over the page budget: its follow-ups are the likely next asks.
  while (prepared.size > 1 && (prepared.size > CACHE_DOCUMENTS || pages() > CACHE_PAGES))
    prepared.delete(prepared.keys().next().value as string);
}

/**
 * The index version a document's rows are keyed by: the engine version and the embedding model, so rows written
 * without vectors (no model served) are rewritten once a model is.
 */
export function indexVersion(embedModel: string | null): string {
  return `${ENGINE_VERSION}+${embedModel ?? 'bm25'}`;
}

export interface PrepareOptions {
  index: ChunkIndex;
  embed: EmbedTexts | null;
  embedModel: string | null;
}

/**
 * Parses (when not cached) and indexes (when not indexed) each record, all at once; answers them in the order
 * given and records the pages parsed on the job (0 for a follow-up).
 */
export async function prepareDocuments(
  ctx: JobContext<AskRequest>,
  records: FileRecord[],
  options: PrepareOptions,
): Promise<PreparedDocument[]> {
  const totalPages = records.reduce((sum, r) => sum + selectedPageCount(ctx, r), 0);
  const done = new Map<string, number>();
  const report = (fileId: string, pages: number) => {
    done.set(fileId, pages);
    return ctx.progress(
      [...done.values()].reduce((a, b) => a + b, 0),
      totalPages,
    );
  };
  let parsedPages = 0;
  const version = indexVersion(options.embedModel);
  // The same bytes given twice are one document: prepared once.
  const byDoc = new Map<string, Promise<ExtractDocument>>();
  const prepareOne = async (docId: string, record: FileRecord): Promise<ExtractDocument> => {
    let entry = cacheGet(docId);
    if (entry) askCounters.reuses++;
    else {
      entry = { doc: await parseRecord(ctx, record, report) };
      parsedPages += selectedPageCount(ctx, record);
      cachePut(docId, entry);
    }
    await indexOnce(ctx, docId, record, entry, version, options);
    return entry.doc;
  };
  const documents = await Promise.all(
    records.map(async (record) => {
      // A page_range makes the selected pages a document of their own: parsed, cached and indexed apart.
      const docId = requestDocId(ctx, record);
      if (!byDoc.has(docId)) byDoc.set(docId, prepareOne(docId, record));
      return { docId, record, doc: await byDoc.get(docId)! };
    }),
  );
  ctx.recordPages(parsedPages);
  return documents;
}

/** The `grounded` analysis of one record through the job's analysis service (and its cache). */
async function parseRecord(
  ctx: JobContext<AskRequest>,
  record: FileRecord,
  report: (fileId: string, pages: number) => Promise<void>,
): Promise<ExtractDocument> {
  const docCtx: JobContext<DocumentRequest> = {
    ...ctx,
    request: { ...ctx.request, input: { file_id: record.file_id } },
    progress: (pages) => report(record.file_id, pages),
    // The ask job records the pages of every document it parsed, once, at the end.
    recordPages: () => {},
  };
  const model = await jobModel(docCtx, { profile: 'grounded' });
  askCounters.parses++;
  return buildExtractDocument(model, ctx.logger);
}

/**
 * Asks the index every time (no in-process memory of what was indexed): a file deleted by another process took its
 * rows with it, and the same bytes uploaded again must be indexed again.
 */
async function indexOnce(
  ctx: JobContext<AskRequest>,
  docId: string,
  record: FileRecord,
  entry: Prepared,
  version: string,
  options: PrepareOptions,
): Promise<void> {
  if (await options.index.isIndexed(ctx.tenant, docId, version)) return;
  ctx.signal.throwIfAborted();
  const units = documentUnits(docId, entry.doc.model, record.pages);
  await options.index.indexDocument(ctx.tenant, docId, version, units, options.embed);
  askCounters.indexings++;
}

/**
 * The chunk index, opened on the first ask (LanceDB is not loaded by processes that never answer one); a failed
 * open is retried by the next ask.
 */
export function lazyChunkIndex(open: () => Promise<ChunkIndex>): ChunkIndex {
  let opening: Promise<ChunkIndex> | null = null;
  const index = () => {
    opening ??= open().catch((err: unknown) => {
      opening = null;
      throw err;
    });
    return opening;
  };
  return {
    indexDocument: async (...args) => (await index()).indexDocument(...args),
    isIndexed: async (...args) => (await index()).isIndexed(...args),
    removeDocuments: async (...args) => (await index()).removeDocuments(...args),
    search: async (request) => (await index()).search(request),
    close: async () => {
      const current = opening;
      opening = null;
      if (current) await (await current.catch(() => null))?.close();
    },
  };
}

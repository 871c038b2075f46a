import type { FileRecord } from '../../files/mod.ts';
import type { ChunkIndex } from '../../index/mod.ts';
import { analysisPrefix } from '../../pipeline/analysis/mod.ts';
import type { BlobStore } from '../../storage/mod.ts';
import { docIdPrefixFor } from './analysis-views.ts';

/**
 * What the pipeline derived from a file and keeps beyond it: the cached analyses of its bytes (and the views stored
 * beside them) and its rows in the tenant's ask index. A file deletion removes them (FileService `removeDerived`).
 * Analyses are keyed by content, so another file with the same bytes loses its cached analysis too: a cache, it
 * is computed again on the next request.
 */
export function derivedDataRemover(blobs: BlobStore, index: ChunkIndex) {
  return async (tenant: string, record: FileRecord): Promise<void> => {
    for (const key of await blobs.list(analysisPrefix(record.sha256))) await blobs.delete(key);
    await index.removeDocuments(tenant, docIdPrefixFor(record.sha256));
  };
}

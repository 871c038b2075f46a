/** The chunk index for ask: open it once per process and share it (it serialises writes per tenant). */
import type { Logger } from '../shared/logger.ts';
import type { ChunkIndex } from './types.ts';
export type * from './types.ts';

/**
 * LanceDB and Apache Arrow load with the first index opened, not with every process that might ask: a service
 * that never answers `ask` never holds them (an idle compiled `serve`: 245 MB instead of 260 MB).
 */
export async function openChunkIndex(options: {
  uri: string;
  logger?: Logger;
  storageOptions?: Record<string, string>;
}): Promise<ChunkIndex> {
  const { LanceChunkIndex } = await import('./lance.ts');
  return LanceChunkIndex.open(options);
}

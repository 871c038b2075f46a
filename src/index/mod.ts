/** The chunk index for ask: open it once per process and share it (it serialises writes per tenant). */
import type { Logger } from '../shared/logger.ts';
import { LanceChunkIndex } from './lance.ts';
import type { ChunkIndex } from './types.ts';
export type * from './types.ts';

export function openChunkIndex(options: { uri: string; logger?: Logger; storageOptions?: Record<string, string> }): Promise<ChunkIndex> {
  return LanceChunkIndex.open(options);
}

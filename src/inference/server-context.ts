import type { Logger } from '../shared/logger.ts';
import type { ModelRegistry } from './models.ts';
import type { BoundedQueue } from './queue.ts';
import type { RuntimeInfo } from './runtime.ts';

// Its own file so that the RPC handlers (ocr-rpc.ts, embed/rpc.ts) and the server that calls them do not import
// each other.

/** State the RPC handlers read; heavy RPCs added later get the queue and registry from here. */
export interface ServerContext {
  queue: BoundedQueue;
  registry: ModelRegistry;
  runtime: RuntimeInfo;
  version: string;
  startedAt: number;
  draining: boolean;
  logger: Logger;
}

// What the document pool (document/pool.ts) sends to and receives from its worker threads. Types only: the
// tasks themselves are loaded by the worker threads (entry.mjs), never by the pool's thread.
export type { PoolReply, PoolRequest, SerializedError, TaskSource } from './tasks.ts';

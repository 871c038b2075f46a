import type { Logger } from '../shared/logger.ts';
import type { BlobStore, MetadataStore } from '../storage/mod.ts';
import type { JobRecord } from './ports.ts';

/**
 * What handlers get besides the job itself. Open on purpose: later issues add members (inference client,
 * document pool, chunk index, ...) either by passing them to the worker or by module augmentation:
 *   declare module '../jobs/handler.ts' { interface HandlerDeps { inference: InferenceClient } }
 */
export interface HandlerDeps {
  metadata: MetadataStore;
  blobs: BlobStore;
  [key: string]: unknown;
}

export interface JobContext {
  job: JobRecord;
  /** The validated request body of the original endpoint (same object as `job.request`). */
  request: Record<string, unknown>;
  tenant: string;
  logger: Logger;
  /** Fires on the job time limit or on worker shutdown; long loops should check it between pages. */
  signal: AbortSignal;
  /** Report progress in pages; stored on the job record and pushed to listeners. */
  progress(done: number, total: number): Promise<void>;
  /** Pages processed, recorded on the job for usage accounting (defaults to the last progress `done`). */
  recordPages(pages: number): void;
  /**
   * Work that must not delay the job's answer (cache writes): it runs once the result is stored and the job's
   * final state published, whether the job succeeded or not; a failure is logged.
   */
  afterAnswer(task: () => Promise<void> | void): void;
  deps: HandlerDeps;
}

/** One per operation, one per file: src/jobs/handlers/<operation>.handler.ts, listed in handlers/index.ts. */
export interface JobHandler {
  operation: string;
  /** Returns the original endpoint's success body (must be JSON-serializable). */
  run(ctx: JobContext): Promise<unknown>;
}

import type { FileService } from '../files/mod.ts';
import type { ChunkIndex } from '../index/mod.ts';
import type { InferenceClient } from '../inference/mod.ts';
import type { DocumentPool } from '../pipeline/document/mod.ts';
import type { LlmPort } from '../pipeline/extract/mod.ts';
import type { Logger } from '../shared/logger.ts';
import type { BlobStore, MetadataStore } from '../storage/mod.ts';
import type { JobRecord } from './ports.ts';

/** What handlers call on the inference process: page OCR (analysis) and sentence embeddings (ask). */
type HandlerInference = Pick<InferenceClient, 'recognizePage' | 'embed'>;

/**
 * What handlers get besides the job itself. The stores are always there; the rest is what the composition root
 * (runtime.ts) gives a worker, optional so that a process or test running only some handlers passes only what
 * those use. A handler reads an optional member it cannot do without through requireDep().
 */
export interface HandlerDeps {
  metadata: MetadataStore;
  blobs: BlobStore;
  files?: FileService;
  /** Opens, renders and analyses documents in worker threads. */
  pool?: DocumentPool;
  /** null: no inference process (scanned pages are not OCRed, ask retrieves by keywords only). */
  inference?: HandlerInference | null;
  /** The optional LLM extraction may ask for fields its rules left empty; null or absent: rules only. */
  llm?: LlmPort | null;
  /** The tenants' chunk index that ask retrieves from. */
  askIndex?: ChunkIndex;
  /** Calibrated extraction confidences (default on). */
  extractCalibration?: boolean;
}

/** The handler dependencies a worker is given; it adds the stores itself. */
export type ExtraHandlerDeps = Omit<HandlerDeps, 'metadata' | 'blobs'>;

/** A handler needed a dependency its process was not given: a wiring mistake, not the caller's. */
export class MissingHandlerDependencyError extends Error {
  constructor(readonly dependency: keyof HandlerDeps) {
    super(`Handler dependency "${dependency}" is not configured in this process (give it in the worker's deps)`);
    this.name = 'MissingHandlerDependencyError';
  }
}

/** The dependency `name`, or MissingHandlerDependencyError when the process was not given one. */
export function requireDep<K extends keyof HandlerDeps>(deps: HandlerDeps, name: K): NonNullable<HandlerDeps[K]> {
  const value = deps[name];
  if (value === undefined || value === null) throw new MissingHandlerDependencyError(name);
  return value;
}

/**
 * One run of a job. `Request` is the operation's request type, read from the route schema that validated the
 * body (jobs/requests/): the body is checked once, by the route, before it is queued.
 */
export interface JobContext<Request = Record<string, unknown>> {
  job: JobRecord;
  /** The validated request body of the original endpoint (same object as `job.request`). */
  request: Request;
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
export interface JobHandler<Request = Record<string, unknown>> {
  operation: string;
  /** Returns the original endpoint's success body (must be JSON-serializable). */
  run(ctx: JobContext<Request>): Promise<unknown>;
}

import { Piscina } from 'piscina';
import { DocumentFormatError } from '../../shared/errors.ts';
import type { PoolReply, PoolRequest, SerializedError, TaskSource } from './pool-tasks.ts';
import { PageOutOfRangeError } from './page-errors.ts';
import type { AnalyzeRange } from '../analysis/pool-analyze.ts';
import type { ModelPage } from '../model/types.ts';
import type { PageDrawing } from '../drawing/types.ts';
import type { DocumentType, ImageFormat, InspectLimits, InspectResult, RenderResult } from './types.ts';

/**
 * A worker_threads pool (piscina) for everything CPU-heavy about documents: opening and validating PDFs and
 * images, and rendering pages. The API's event loop only ships bytes in and results out.
 */

/** A Buffer/Uint8Array, or `{ path }` of a local file the worker reads itself. */
export type DocumentSource = Uint8Array | { path: string };

export interface SourceOptions {
  /**
   * Move the bytes' ArrayBuffer to the worker instead of copying it (the caller's buffer becomes unusable).
   * Only done when the view covers its whole ArrayBuffer; otherwise the bytes are copied.
   */
  transfer?: boolean;
}

export interface PoolRenderOptions {
  pageIndex: number;
  dpi?: number;
  format?: ImageFormat;
  /** Defaults to the pool's limits. */
  maxPagePixels?: number;
}

export interface DocumentPool {
  inspect(source: DocumentSource, type: string, options?: SourceOptions & { limits?: InspectLimits }): Promise<InspectResult>;
  render(source: DocumentSource, type: DocumentType, options: PoolRenderOptions & SourceOptions): Promise<RenderResult>;
  /**
   * The text layer of one page range of a PDF as model pages (blocks empty; unreadable pages marked skipped).
   * Pass the bytes as a Uint8Array over a SharedArrayBuffer to share one copy among the tasks of a document.
   */
  analyze(source: DocumentSource, range: AnalyzeRange, options?: SourceOptions): Promise<ModelPage[]>;
  /** Glyphs and full vector geometry of some pages of a PDF (equations, charts, diagrams); an unreadable page comes back empty. */
  drawings(source: DocumentSource, pageIndexes: number[], options?: SourceOptions): Promise<PageDrawing[]>;
  /** The most worker threads the pool runs at once. */
  readonly threads: number;
  destroy(): Promise<void>;
}

export interface DocumentPoolOptions {
  limits?: InspectLimits;
  /** Tasks waiting beyond this are refused with PoolBusyError (the API answers 503). Default threads * 64. */
  maxQueue?: number;
  /** Idle workers above one are stopped after this long. */
  idleTimeoutMs?: number;
}

/** The pool's queue is full. */
export class PoolBusyError extends Error {
  constructor() {
    super('document workers are busy; try again shortly');
    this.name = 'PoolBusyError';
  }
}

const DEFAULT_LIMITS: InspectLimits = { maxPages: 2000, maxPagePixels: 100_000_000 };

function toTaskSource(source: DocumentSource, transfer: boolean | undefined): { source: TaskSource; transferList: ArrayBuffer[] } {
  if (!(source instanceof Uint8Array)) return { source: { path: source.path }, transferList: [] };
  const ownsBuffer = source.byteOffset === 0 && source.byteLength === source.buffer.byteLength && source.buffer instanceof ArrayBuffer;
  if (transfer && ownsBuffer) return { source: { bytes: source }, transferList: [source.buffer as ArrayBuffer] };
  return { source: { bytes: source }, transferList: [] }; // structured clone copies it
}

function rebuildError(error: SerializedError): Error {
  if (error.kind === 'format') return new DocumentFormatError(error.message, error.detectedType, error.tooLarge);
  if (error.kind === 'page-range') return new PageOutOfRangeError(error.pageIndex, error.pageCount);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

export function createDocumentPool(threads: number, options: DocumentPoolOptions = {}): DocumentPool {
  const maxThreads = Math.max(1, Math.floor(threads));
  const limits = options.limits ?? DEFAULT_LIMITS;
  const piscina = new Piscina({
    filename: new URL('./pool-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    maxQueue: options.maxQueue ?? maxThreads * 64,
  });

  async function run(request: PoolRequest, transferList: ArrayBuffer[]): Promise<PoolReply> {
    try {
      return (await piscina.run(request, { transferList })) as PoolReply;
    } catch (err) {
      if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new PoolBusyError();
      throw err;
    }
  }

  return {
    async inspect(source, type, opts = {}) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      const reply = await run({ op: 'inspect', source: taskSource, type, limits: opts.limits ?? limits }, transferList);
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'inspect') throw new Error('document pool answered a different operation');
      return reply.value;
    },

    async render(source, type, opts) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      const renderOptions = { pageIndex: opts.pageIndex, dpi: opts.dpi, format: opts.format, maxPagePixels: opts.maxPagePixels ?? limits.maxPagePixels };
      const reply = await run({ op: 'render', source: taskSource, type, options: renderOptions }, transferList);
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'render') throw new Error('document pool answered a different operation');
      const { body, ...rest } = reply.value;
      return { ...rest, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
    },

    async analyze(source, range, opts = {}) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      const reply = await run({ op: 'analyze', source: taskSource, range }, transferList);
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'analyze') throw new Error('document pool answered a different operation');
      return reply.value;
    },

    async drawings(source, pageIndexes, opts = {}) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      const reply = await run({ op: 'drawing', source: taskSource, pageIndexes }, transferList);
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'drawing') throw new Error('document pool answered a different operation');
      return reply.value;
    },

    threads: maxThreads,

    destroy: () => piscina.destroy(),
  };
}

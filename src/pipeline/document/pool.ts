import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { RecyclingPiscina, type RecyclingOptions } from './pool-recycle.ts';
import { DocumentFormatError } from '../../shared/errors.ts';
import type { PoolReply, PoolRequest, SerializedError, TaskSource } from '../pool-worker/mod.ts';
import { PageOutOfRangeError } from './page-errors.ts';
import type { AnalyzeRange, PackedPages } from '../analysis/mod.ts';
import type { PageDrawing } from '../drawing/mod.ts';
import type { VectorPageResult, VectorPageTask } from '../drawing-stages/mod.ts';
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
   * The text layer of one page range of a PDF as model pages (blocks empty; unreadable pages marked skipped), in
   * transfer form (analysis `unpackPages` decodes it). Pass the bytes as a Uint8Array over a SharedArrayBuffer to
   * share one copy among the tasks of a document.
   */
  analyze(source: DocumentSource, range: AnalyzeRange, options?: SourceOptions): Promise<PackedPages>;
  /** Glyphs and full vector geometry of some pages of a PDF (equations, charts, diagrams); an unreadable page comes back empty. */
  drawings(source: DocumentSource, pageIndexes: number[], options?: SourceOptions): Promise<PageDrawing[]>;
  /**
   * The equation and chart stages of some born-digital PDF pages, run beside their drawings (which stay in the
   * worker). `docKey` (the bytes' content hash) lets the worker reuse the document it holds open.
   */
  vectorPages(source: DocumentSource, tasks: VectorPageTask[], options?: SourceOptions & { docKey?: string }): Promise<VectorPageResult[]>;
  /**
   * A hint that the pool's work on a document is over for now: workers grown big on it are replaced at once
   * when idle (document/pool-recycle.ts), so their memory is gone before the answer is built.
   */
  releaseHeavyWorkers(): void;
  /** The most worker threads the pool runs at once. */
  readonly threads: number;
  /** How many times workers grown big on a long document were replaced by fresh ones (document/pool-recycle.ts). */
  readonly workersReplaced: number;
  destroy(): Promise<void>;
}

export interface DocumentPoolOptions {
  limits?: InspectLimits;
  /** Tasks waiting beyond this are refused with PoolBusyError (the API answers 503). Default threads * 64. */
  maxQueue?: number;
  /** Idle workers above one are stopped after this long. */
  idleTimeoutMs?: number;
  /**
   * How long a task may run once a worker started it (time waiting in the queue does not count); analyze and
   * drawing tasks get this plus `taskTimeoutPerPageMs` for each page. mupdf has no budget of its own: a page
   * that never finishes (a pattern or form bomb the inspect checks missed) would hold its thread for good, so
   * the worker thread is stopped and replaced. Default 60 s.
   */
  taskTimeoutMs?: number;
  /** Default 10 s. */
  taskTimeoutPerPageMs?: number;
  /** When workers grown big on a long document are replaced (defaults: WORKER_RECYCLE). */
  recycle?: Pick<RecyclingOptions, 'wasmMb' | 'idleMs'>;
}

/** The pool's queue is full. */
export class PoolBusyError extends Error {
  constructor() {
    super('document workers are busy; try again shortly');
    this.name = 'PoolBusyError';
  }
}

/** A task ran past its time limit; its worker thread was stopped. */
export class PoolTaskTimeoutError extends Error {
  constructor(
    readonly op: string,
    readonly timeoutMs: number,
  ) {
    super(`document ${op} task did not finish within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'PoolTaskTimeoutError';
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

/** A timed-out inspect or render is a problem of the document (a 4xx), not of the service. */
function timedOutAs(err: unknown, message: (seconds: number) => string, type: string): unknown {
  if (!(err instanceof PoolTaskTimeoutError)) return err;
  return new DocumentFormatError(message(Math.round(err.timeoutMs / 1000)), type);
}

/**
 * A text layer makes a few small objects per character, nearly all dead by the end of the page: a young
 * generation this big lets more of them die there instead of being copied and promoted. Measured on 2 cores:
 * 32 MB against the default, a quarter faster; 64 MB against 32, a 500-page parse 8-10% faster (fast 3.95-4.09
 * -> 3.61 s, grounded 6.81-7.03 -> 6.40 s) for 27 MB more at the peak of a 2,000-page parse; 128 MB gained
 * 3-4% more for another 150 MB.
 */
const WORKER_YOUNG_GENERATION_MB = 64;

/**
 * Runs `items` as one task; should it run out of time, again one item per task, so only the item at fault is
 * lost (`lost` stands in for it) and the others are still read. Bytes moved to the worker cannot be sent again.
 */
async function itemByItemOnTimeout<T, R>(
  items: T[],
  transferred: boolean,
  runItems: (batch: T[]) => Promise<R[]>,
  lost: (item: T, err: PoolTaskTimeoutError) => R,
): Promise<R[]> {
  try {
    return await runItems(items);
  } catch (err) {
    if (!(err instanceof PoolTaskTimeoutError) || transferred) throw err;
    if (items.length === 1) return [lost(items[0], err)];
    const results: R[] = [];
    for (const item of items) results.push(...(await itemByItemOnTimeout([item], transferred, runItems, lost)));
    return results;
  }
}

/** Like a page mupdf cannot read: a page whose drawing ran out of time comes back empty. */
const timedOutDrawing = (pageIndex: number): PageDrawing => ({
  page_index: pageIndex,
  width: 0,
  height: 0,
  glyphs: [],
  paths: [],
  truncated: true,
});

/** A page whose drawing ran out of time loses its findings, and says why. */
const timedOutVectorPage = (task: VectorPageTask, err: PoolTaskTimeoutError): VectorPageResult => ({
  page_index: task.page.page_index,
  equations: [],
  items: [],
  failures: [{ stage: 'drawing', message: err.message }],
});

export function createDocumentPool(threads: number, options: DocumentPoolOptions = {}): DocumentPool {
  const maxThreads = Math.max(1, Math.floor(threads));
  const limits = options.limits ?? DEFAULT_LIMITS;
  const piscina = new RecyclingPiscina({
    create: () =>
      new Piscina({
        // The tasks live above the stages they run (pipeline/pool-worker/); the pool only starts them by path.
        filename: new URL('../pool-worker/entry.mjs', import.meta.url).href,
        minThreads: 1,
        maxThreads,
        idleTimeout: options.idleTimeoutMs ?? 60_000,
        maxQueue: options.maxQueue ?? maxThreads * 64,
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      }),
    ...options.recycle,
  });

  const taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
  const perPageMs = options.taskTimeoutPerPageMs ?? 10_000;

  /**
   * Runs a task under its time limit. The clock starts when a worker picks the task up: the worker posts on
   * `started` (a MessagePort moved along with the task). Aborting a running piscina task terminates its worker.
   */
  async function run(request: PoolRequest, transferList: ArrayBuffer[], pages = 0): Promise<PoolReply> {
    const limitMs = taskTimeoutMs + pages * perPageMs;
    const channel = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    channel.port1.once('message', () => {
      timer = setTimeout(() => abort.abort(new PoolTaskTimeoutError(request.op, limitMs)), limitMs);
    });
    try {
      const task = { ...request, started: channel.port2 };
      const transfer: (ArrayBuffer | MessagePort)[] = [...transferList, channel.port2];
      return await piscina.run<PoolReply>(task, { transferList: transfer, signal: abort.signal });
    } catch (err) {
      if (abort.signal.aborted) throw abort.signal.reason;
      if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new PoolBusyError();
      throw err;
    } finally {
      clearTimeout(timer);
      channel.port1.close();
    }
  }

  function drawings(source: DocumentSource, pageIndexes: number[], opts: SourceOptions = {}): Promise<PageDrawing[]> {
    const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
    return itemByItemOnTimeout(
      pageIndexes,
      transferList.length > 0,
      async (batch) => {
        const reply = await run({ op: 'drawing', source: taskSource, pageIndexes: batch }, transferList, batch.length);
        if (!reply.ok) throw rebuildError(reply.error);
        if (reply.op !== 'drawing') throw new Error('document pool answered a different operation');
        return reply.value;
      },
      timedOutDrawing,
    );
  }

  function vectorPages(
    source: DocumentSource,
    tasks: VectorPageTask[],
    opts: SourceOptions & { docKey?: string } = {},
  ): Promise<VectorPageResult[]> {
    const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
    return itemByItemOnTimeout(
      tasks,
      transferList.length > 0,
      async (batch) => {
        const reply = await run({ op: 'vector-pages', source: taskSource, docKey: opts.docKey, tasks: batch }, transferList, batch.length);
        if (!reply.ok) throw rebuildError(reply.error);
        if (reply.op !== 'vector-pages') throw new Error('document pool answered a different operation');
        return reply.value;
      },
      timedOutVectorPage,
    );
  }

  return {
    async inspect(source, type, opts = {}) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      const reply = await run({ op: 'inspect', source: taskSource, type, limits: opts.limits ?? limits }, transferList).catch(
        (err: unknown) => {
          throw timedOutAs(
            err,
            (s) => `the document could not be opened and measured within ${s} s; it is malformed or far too complex`,
            type,
          );
        },
      );
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'inspect') throw new Error('document pool answered a different operation');
      return reply.value;
    },

    async render(source, type, opts) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      const renderOptions = {
        pageIndex: opts.pageIndex,
        dpi: opts.dpi,
        format: opts.format,
        maxPagePixels: opts.maxPagePixels ?? limits.maxPagePixels,
      };
      const reply = await run({ op: 'render', source: taskSource, type, options: renderOptions }, transferList).catch((err: unknown) => {
        throw timedOutAs(
          err,
          (s) => `page ${opts.pageIndex + 1} could not be rendered within ${s} s; its content is far too complex`,
          type,
        );
      });
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'render') throw new Error('document pool answered a different operation');
      const { body, ...rest } = reply.value;
      return { ...rest, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
    },

    async analyze(source, range, opts = {}) {
      const { source: taskSource, transferList } = toTaskSource(source, opts.transfer);
      // A timeout stays a PoolTaskTimeoutError: analysis retries the range page by page and skips the page at fault.
      const reply = await run({ op: 'analyze', source: taskSource, range }, transferList, range.to - range.from);
      if (!reply.ok) throw rebuildError(reply.error);
      if (reply.op !== 'analyze') throw new Error('document pool answered a different operation');
      return reply.value;
    },

    drawings,

    vectorPages,

    threads: maxThreads,

    releaseHeavyWorkers: () => piscina.releaseHeavy(),

    get workersReplaced() {
      return piscina.recycled;
    },

    destroy: () => piscina.destroy(),
  };
}

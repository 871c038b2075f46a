import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { DocumentFormatError } from '../../shared/errors.ts';
import { inspectDocument } from '../document/inspect.ts';
import { PageOutOfRangeError } from '../document/page-errors.ts';
import { renderPage } from '../document/render.ts';
import { packedPageRange, type AnalyzeRange } from '../analysis/pool-analyze.ts';
import type { PackedPages } from '../analysis/page-transfer.ts';
import { drawPdfPages } from '../drawing/extract.ts';
import type { PageDrawing } from '../drawing/mod.ts';
import { analyzeVectorPage, type VectorPageResult, type VectorPageTask } from '../drawing-stages/vector-pages.ts';
import { workerDocument } from '../document/recent-document.ts';
import { mupdfWasmModule } from '../document/mupdf-hook.ts';
import type { DocumentType, InspectLimits, InspectResult, RenderOptions, RenderResult } from '../document/mod.ts';

/**
 * What runs inside a pool worker thread (loaded through entry.mjs). It sits above every stage it runs
 * (analysis, drawing, graphics), apart from the pool itself (document/pool.ts), which only names these types. Errors are returned as data, not
 * thrown: structured clone keeps only an Error's message, and callers need the class and its fields.
 */

/** Bytes, or the path of a local file the worker reads itself (saves copying big files between threads). */
export type TaskSource = { bytes: Uint8Array } | { path: string };

export type PoolRequest = (
  | { op: 'inspect'; source: TaskSource; type: string; limits: InspectLimits }
  | { op: 'render'; source: TaskSource; type: DocumentType; options: RenderOptions }
  | { op: 'analyze'; source: TaskSource; range: AnalyzeRange }
  | { op: 'drawing'; source: TaskSource; pageIndexes: number[] }
  | { op: 'vector-pages'; source: TaskSource; docKey?: string; tasks: VectorPageTask[] }
) & {
  /** Posted to when this worker starts the task: the pool's time limit runs from then (pool.ts). */
  started?: MessagePort;
};

export type SerializedError =
  | { kind: 'format'; message: string; detectedType: string | null; tooLarge: boolean }
  | { kind: 'page-range'; pageIndex: number; pageCount: number }
  | { kind: 'other'; name: string; message: string };

/** Render bodies come back as a Uint8Array over a transferred (not copied) ArrayBuffer. */
export type WireRenderResult = Omit<RenderResult, 'body'> & { body: Uint8Array };

export type PoolReply = (
  | { ok: true; op: 'inspect'; value: InspectResult }
  | { ok: true; op: 'render'; value: WireRenderResult }
  | { ok: true; op: 'analyze'; value: PackedPages }
  | { ok: true; op: 'drawing'; value: PageDrawing[] }
  | { ok: true; op: 'vector-pages'; value: VectorPageResult[] }
  | { ok: false; error: SerializedError }
) & {
  /** This worker's WebAssembly memory after the task: the pool replaces workers grown big (document/pool-recycle.ts). */
  wasmBytes?: number;
};

/** Bytes may sit in a SharedArrayBuffer shared by every task of one document (no copy per task). */
async function loadBytes(source: TaskSource): Promise<Uint8Array> {
  return 'bytes' in source ? source.bytes : new Uint8Array(await readFile(source.path));
}

function serializeError(err: unknown): SerializedError {
  if (err instanceof DocumentFormatError)
    return { kind: 'format', message: err.message, detectedType: err.detectedType, tooLarge: err.tooLarge };
  if (err instanceof PageOutOfRangeError) return { kind: 'page-range', pageIndex: err.pageIndex, pageCount: err.pageCount };
  const e = err instanceof Error ? err : new Error(String(err));
  return { kind: 'other', name: e.name, message: e.message };
}

/** Wraps a reply so piscina transfers `buffer` to the parent instead of cloning it. */
function movable(reply: PoolReply, buffer?: ArrayBuffer): unknown {
  if (!buffer) return reply;
  return move({ [transferableSymbol]: [buffer], [valueSymbol]: reply } as Parameters<typeof move>[0]);
}

/** mupdf's WebAssembly memory in bytes (its heap views all span the whole memory), when mupdf exposes it. */
function wasmBytes(): number | undefined {
  return (mupdfWasmModule.HEAPF32 as Float32Array | undefined)?.buffer.byteLength;
}

export async function runTask(request: PoolRequest): Promise<unknown> {
  const reply = await runOp(request);
  const bytes = wasmBytes();
  if (bytes === undefined) return reply;
  // A reply wrapped by movable() carries the reply itself under valueSymbol.
  const target = (reply as Record<symbol, PoolReply>)[valueSymbol] ?? (reply as PoolReply);
  target.wasmBytes = bytes;
  return reply;
}

async function runOp(request: PoolRequest): Promise<unknown> {
  request.started?.postMessage('started');
  request.started?.close();
  try {
    const bytes = await loadBytes(request.source);
    if (request.op === 'analyze') return { ok: true, op: 'analyze', value: packedPageRange(bytes, request.range) } satisfies PoolReply;
    if (request.op === 'drawing') return { ok: true, op: 'drawing', value: drawPdfPages(bytes, request.pageIndexes) } satisfies PoolReply;
    if (request.op === 'vector-pages') {
      const value = workerDocument.use(request.docKey, bytes, (doc) => request.tasks.map((task) => analyzeVectorPage(doc, task)));
      return { ok: true, op: 'vector-pages', value } satisfies PoolReply;
    }
    if (request.op === 'inspect') {
      const value = await inspectDocument(bytes, request.type, request.limits);
      return movable({ ok: true, op: 'inspect', value }, value.rendition?.pdf.buffer as ArrayBuffer | undefined);
    }
    const result = await renderPage(bytes, request.type, request.options);
    // sharp's output may be an external buffer that cannot be transferred; one copy into a plain ArrayBuffer.
    const body = new Uint8Array(result.body.length);
    body.set(result.body);
    return movable({ ok: true, op: 'render', value: { ...result, body } }, body.buffer);
  } catch (err) {
    return { ok: false, error: serializeError(err) } satisfies PoolReply;
  }
}

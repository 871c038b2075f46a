import type { BlobStore } from '../../storage/mod.ts';
import { type DocumentPool, isDocumentType, type StoredDocument } from '../document/mod.ts';
import { readSharedBytes } from '../analysis/mod.ts';
import { type PageDrawing, type RasterPage, rasterFromImage } from '../drawing/mod.ts';
import type { VectorPageResult, VectorPageTask } from './vector-pages.ts';

/**
 * Reads what the equation, chart and diagram stages need beyond the document model, on the document pool:
 * glyphs and vector geometry of PDF pages, and page images as pixels. Nothing is cached here: these are asked
 * for only the pages that hold candidates, and the views built from them are cached like any other view.
 */
const PAGES_PER_TASK = 4;

export interface GraphicsSourceDeps {
  blobs: BlobStore;
  pool: DocumentPool;
}

export class PageGraphicsSource {
  private bytes: Promise<Uint8Array> | null = null;

  constructor(
    private readonly deps: GraphicsSourceDeps,
    private readonly file: StoredDocument,
  ) {}

  /** Drawings of the given pages, by page index; empty for files that are not PDFs. */
  drawings(pageIndexes: readonly number[], signal?: AbortSignal): Promise<Map<number, PageDrawing>> {
    return this.onPool(pageIndexes, signal, (bytes, batch) => this.deps.pool.drawings(bytes, batch));
  }

  /**
   * The equation and chart stages of born-digital PDF pages, each run on the pool beside the page's drawing, a
   * few pages per task on every thread; findings by page index.
   */
  vectorPages(tasks: readonly VectorPageTask[], signal?: AbortSignal): Promise<Map<number, VectorPageResult>> {
    return this.onPool(tasks, signal, (bytes, batch) => this.deps.pool.vectorPages(bytes, batch, { docKey: this.file.sha256 }));
  }

  /** Items a few per task, in as many lanes as the pool has threads; results by page index (none for non-PDFs). */
  private async onPool<T, R extends { page_index: number }>(
    items: readonly T[],
    signal: AbortSignal | undefined,
    run: (bytes: Uint8Array, batch: T[]) => Promise<R[]>,
  ): Promise<Map<number, R>> {
    const out = new Map<number, R>();
    if (this.file.content_type !== 'application/pdf' || items.length === 0) return out;
    const bytes = await this.fileBytes();
    const batches: T[][] = [];
    for (let i = 0; i < items.length; i += PAGES_PER_TASK) batches.push(items.slice(i, i + PAGES_PER_TASK));
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.deps.pool.threads, batches.length) }, async () => {
      while (next < batches.length) {
        signal?.throwIfAborted();
        for (const result of await run(bytes, batches[next++])) out.set(result.page_index, result);
      }
    });
    await Promise.all(lanes);
    return out;
  }

  /** The page image at the model's scale (144 dpi for PDFs, native size for images) as RGB pixels. */
  async raster(pageIndex: number): Promise<RasterPage> {
    const type = this.file.content_type;
    if (!isDocumentType(type)) throw new Error(`file ${this.file.file_id} (${type}) has no page images`);
    const rendered = await this.deps.pool.render(await this.fileBytes(), type, { pageIndex, dpi: 144, format: 'png' });
    return rasterFromImage(rendered.body, pageIndex);
  }

  private fileBytes(): Promise<Uint8Array> {
    this.bytes ??= readSharedBytes(this.deps.blobs, this.file.blob_key);
    return this.bytes;
  }
}

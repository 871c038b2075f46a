import { promisify } from 'node:util';
import { constants, createGzip, gunzip, gzip } from 'node:zlib';
import type { Logger } from '../../shared/logger.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/mod.ts';
import type { DocumentModel } from '../model/types.ts';
import { decodeFonts, decodePage, ModelEncoder, type EncodedModel } from './codec.ts';
import { mapInSlices } from './slices.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Analyses stored as gzipped compact JSON (codec.ts) in the blob store (shared by every api/worker process), the
 * most recent small ones also kept in memory: a second request for a file this process just analysed skips even
 * the gunzip and decoding. Models handed out are shared: views must treat them as read-only. Rendered views of big
 * files are stored beside their analysis as text (getText/storeText).
 */
export class AnalysisCache {
  private readonly recent = new Map<string, DocumentModel>();
  private recentPages = 0;

  constructor(
    private readonly blobs: BlobStore,
    /** Pages kept in memory across all recent models (about 0.2 MB a page: their words dominate). */
    private readonly maxMemoryPages = 400,
    /** Bigger models are not kept in memory: one would push out every other, and the blob read is cheap next to its analysis. */
    private readonly maxModelPages = 200,
  ) {}

  async get(key: string, logger: Logger): Promise<DocumentModel | null> {
    const hit = this.recent.get(key);
    if (hit) {
      this.recent.delete(key);
      this.recent.set(key, hit); // most recently used last
      return hit;
    }
    const text = await this.getText(key, logger);
    if (text === null) return null;
    try {
      const encoded = JSON.parse(text) as EncodedModel;
      const fonts = decodeFonts(encoded);
      const { codec: _codec, fonts: _fonts, pages, ...rest } = encoded;
      const model: DocumentModel = { ...rest, pages: await mapInSlices(pages, (p) => decodePage(p, fonts)) };
      this.remember(key, model);
      return model;
    } catch (err) {
      logger.warn({ err, key }, 'cached analysis is unreadable; analysing again');
      return null;
    }
  }

  /** A gzipped text blob (a cached analysis or a rendered view), or null when absent or unreadable. */
  async getText(key: string, logger: Logger): Promise<string | null> {
    try {
      return (await gunzipAsync(await this.blobs.getBuffer(key))).toString('utf8');
    } catch (err) {
      if (!(err instanceof BlobNotFoundError)) logger.warn({ err, key }, 'analysis cache read failed; computing again');
      return null;
    }
  }

  /** Stores a text gzipped; a failed write is logged, not thrown. */
  async storeText(key: string, text: string, logger: Logger): Promise<void> {
    try {
      const packed = await gzipAsync(Buffer.from(text, 'utf8'), { level: constants.Z_BEST_SPEED });
      await this.blobs.put(key, packed, { contentType: 'application/json; encoding=gzip' });
    } catch (err) {
      logger.warn({ err, key }, 'could not store a result in the analysis cache');
    }
  }

  /** Keeps the model in memory (at once) and stores it; a failed write is logged, not thrown (the next request analyses again). */
  async put(key: string, model: DocumentModel, logger: Logger): Promise<void> {
    this.remember(key, model);
    await this.store(key, model, logger);
  }

  /** Keeps the model in memory for the next requests of this process. */
  remember(key: string, model: DocumentModel): void {
    if (model.pages.length > Math.min(this.maxModelPages, this.maxMemoryPages)) return;
    this.forget(key);
    this.recent.set(key, model);
    this.recentPages += model.pages.length;
    for (const [oldKey] of this.recent) {
      if (this.recentPages <= this.maxMemoryPages) break;
      this.forget(oldKey);
    }
  }

  /**
   * Writes the model to the blob store (shared by every process). Page by page, in slices (a 2,000-page model is
   * seconds of encoding), straight into the compressor: the whole JSON text (tens of megabytes for 500 pages)
   * never exists at once. The pages come first, the font table they index after them.
   */
  async store(key: string, model: DocumentModel, logger: Logger): Promise<void> {
    try {
      const encoder = new ModelEncoder();
      const gzipper = createGzip({ level: constants.Z_BEST_SPEED });
      const packed: Buffer[] = [];
      gzipper.on('data', (chunk: Buffer) => packed.push(chunk));
      const finished = new Promise<void>((resolve, reject) => gzipper.on('end', resolve).on('error', reject));
      gzipper.write('{"pages":[');
      await mapInSlices(model.pages, (p, i) => gzipper.write(`${i ? ',' : ''}${JSON.stringify(encoder.page(p))}`));
      gzipper.end(`],${JSON.stringify(encoder.head(model)).slice(1)}`);
      await finished;
      await this.blobs.put(key, Buffer.concat(packed), { contentType: 'application/json; encoding=gzip' });
    } catch (err) {
      logger.warn({ err, key }, 'could not store a result in the analysis cache');
    }
  }

  private forget(key: string): void {
    const model = this.recent.get(key);
    if (!model) return;
    this.recent.delete(key);
    this.recentPages -= model.pages.length;
  }
}

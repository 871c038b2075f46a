import { UnprocessableError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/ports.ts';
import type { DocumentPool } from '../document/pool.ts';
import { isDocumentType, type PageSize, type StoredDocument } from '../document/types.ts';
import type { DocumentModel, ModelPage } from '../model/types.ts';
import { AnalysisCache } from './cache.ts';
import { ANALYSIS_ENGINE_VERSION, analysisKey, derivedKey, normalizeOptions, type AnalysisOptions } from './options.ts';
import { pageToServed } from '../ocr/quarter-turns.ts';
import { layoutDocument } from './layout-run.ts';
import { ocrPages, type OcrClient } from './ocr-stage.ts';
import { extractPdfPages, shareBytes, type PdfProgress } from './pdf.ts';
import { textInputPage } from './text-input.ts';

/** The part of a stored file record an analysis needs. */
export type AnalyzableFile = StoredDocument;

export interface AnalysisServiceDeps {
  blobs: BlobStore;
  pool: DocumentPool;
  /** Reads pages without a trustworthy text layer; null where no inference process is configured. */
  inference?: OcrClient | null;
}

export interface AnalyzeHooks extends Omit<PdfProgress, 'profile' | 'docKey'> {
  /** Where cache problems and timings go (the job's logger). */
  logger?: Logger;
  /**
   * Runs work that should not delay the answer (writing the cache: encoding and compressing a big model costs
   * about as much main-thread time as its layout). A job passes its `afterAnswer`; by default the work starts on
   * the next turn of the event loop.
   */
  defer?: Defer;
}

export type Defer = (task: () => Promise<void>) => void;

const nextTurn: Defer = (task) => {
  setImmediate(() => void task());
};

const noop = () => {};
const SILENT = { info: noop, warn: noop, error: noop, debug: noop } as unknown as Logger;

/** An image page before OCR: the image's size, no text. */
function imagePage(size: PageSize, pageIndex: number): ModelPage {
  return {
    page_index: pageIndex, width: size.width, height: size.height, rotation: 0, lines: [], blocks: [], paths: [], images: [],
    textLayer: 'none', needsOcr: true, notes: ['image page: no text layer'],
  };
}

function summarize(file: AnalyzableFile, pages: ModelPage[], bodyFontSize: number): DocumentModel {
  const skipped = pages.filter((p) => p.skipped).map((p) => ({ page_index: p.page_index, reason: p.skipped!.reason }));
  const needOcr = pages.filter((p) => p.needsOcr && !p.skipped).length;
  const warnings: string[] = [];
  if (skipped.length) warnings.push(`${skipped.length} page(s) could not be read and were skipped`);
  if (needOcr) warnings.push(`${needOcr} page(s) have no trustworthy text layer; they need OCR`);
  return {
    engine_version: ANALYSIS_ENGINE_VERSION,
    file_id: file.file_id,
    sha256: file.sha256,
    content_type: file.content_type,
    page_count: pages.length,
    pages,
    bodyFontSize,
    skipped_pages: skipped,
    warnings,
  };
}

/**
 * The one canonical analysis of a stored file (DocumentModel), built once per (file bytes, engine version,
 * options) and cached; every endpoint is a view of it. Concurrent requests for the same analysis share one run.
 */
export class AnalysisService {
  private readonly cache: AnalysisCache;
  private readonly inflight = new Map<string, Promise<DocumentModel>>();

  constructor(private readonly deps: AnalysisServiceDeps) {
    this.cache = new AnalysisCache(deps.blobs);
  }

  async analyze(file: AnalyzableFile, options: Partial<AnalysisOptions> = {}, hooks: AnalyzeHooks = {}): Promise<DocumentModel> {
    const normalized = normalizeOptions(options);
    const key = analysisKey(file.sha256, normalized);
    await this.checkOriginal(file);
    const logger = hooks.logger ?? SILENT;
    const cached = await this.cache.get(key, logger);
    // The cache is per file content: another file with the same bytes may have stored it.
    if (cached) return { ...cached, file_id: file.file_id };
    let work = this.inflight.get(key);
    if (!work) {
      work = this.build(file, normalized, hooks, logger);
      this.inflight.set(key, work);
      work.then((model) => this.storeLater(key, model, logger, hooks.defer ?? nextTurn), () => this.inflight.delete(key));
    }
    const model = await work;
    return { ...model, file_id: file.file_id };
  }

  /**
   * A text derived from the analysis (a rendered view as JSON) stored beside it under `name`, or null: for a big
   * file, reading the stored view costs a fraction of decoding its model and rendering it again.
   */
  async readDerived(file: AnalyzableFile, options: Partial<AnalysisOptions>, name: string, logger: Logger = SILENT): Promise<string | null> {
    await this.checkOriginal(file);
    return this.cache.getText(derivedKey(file.sha256, normalizeOptions(options), name), logger);
  }

  /** Stores a derived text after the current request is answered (`produce` runs then); failures are logged. */
  storeDerivedLater(file: AnalyzableFile, options: Partial<AnalysisOptions>, name: string, produce: () => string, logger: Logger = SILENT, defer: Defer = nextTurn): void {
    const key = derivedKey(file.sha256, normalizeOptions(options), name);
    defer(() => this.cache.storeText(key, produce(), logger));
  }

  /** A file whose original is gone is broken, even if an analysis of the same bytes is cached. */
  private async checkOriginal(file: AnalyzableFile): Promise<void> {
    if (!(await this.deps.blobs.stat(file.blob_key))) throw new BlobNotFoundError(file.blob_key);
  }

  /** Until the blob is written (deferred), requests for the same analysis share the finished one in memory. */
  private storeLater(key: string, model: DocumentModel, logger: Logger, defer: Defer): void {
    this.cache.remember(key, model);
    defer(() => this.cache.store(key, model, logger).finally(() => this.inflight.delete(key)));
  }

  private async build(file: AnalyzableFile, options: AnalysisOptions, hooks: AnalyzeHooks, logger: Logger): Promise<DocumentModel> {
    const started = performance.now();
    const model = await this.buildUncached(file, options, hooks);
    logger.info(
      { file_id: file.file_id, pages: model.page_count, profile: options.profile, ms: Math.round(performance.now() - started) },
      'document analysed',
    );
    return model;
  }

  private async buildUncached(file: AnalyzableFile, options: AnalysisOptions, hooks: AnalyzeHooks): Promise<DocumentModel> {
    const type = file.content_type;
    if (type === 'text/plain' || type === 'text/markdown') {
      const text = (await this.deps.blobs.getBuffer(file.blob_key)).toString('utf8');
      return summarize(file, [textInputPage(text, type === 'text/markdown')], 0);
    }
    if (!isDocumentType(type)) throw new UnprocessableError(`file ${file.file_id} is ${type}; it can only be used as a schema_file_id in extract`);
    const bytes = shareBytes(await this.deps.blobs.getBuffer(file.blob_key));
    const extracted = type === 'application/pdf'
      ? await extractPdfPages(this.deps.pool, bytes, file.pages, { ...hooks, profile: options.profile, docKey: file.sha256 })
      : file.pages.map(imagePage);
    hooks.signal?.throwIfAborted();
    const read = await ocrPages(this.deps.pool, this.deps.inference ?? null, { bytes, type }, extracted, {
      mode: options.ocrMode, force: options.forceOcr, signal: hooks.signal,
    });
    hooks.signal?.throwIfAborted();
    const { pages, bodyFontSize } = await layoutDocument(read, hooks.signal, options.profile);
    // Layout ran where OCR turned scans upright; the model keeps the served page images' space.
    return summarize(file, pages.map(pageToServed), bodyFontSize);
  }
}

import { UnprocessableError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/mod.ts';
import { type DocumentPool, isDocumentType, type PageSize, type StoredDocument } from '../document/mod.ts';
import type { DocumentModel, ModelPage } from '../model/types.ts';
import { AnalysisCache } from './cache.ts';
import { ANALYSIS_ENGINE_VERSION, analysisKey, derivedKey, normalizeOptions, wholeFileOptions, type AnalysisOptions } from './options.ts';
import { pageNotes, restrictToPages } from './page-selection.ts';
import { pageToServed } from '../ocr/mod.ts';
import { layoutDocument } from './layout-run.ts';
import { ocrPages, type OcrClient } from './ocr-stage.ts';
import { extractPdfPages, type PdfProgress } from './pdf.ts';
import { readSharedBytes } from './shared-bytes.ts';
import { textInputPage } from './text-input.ts';

/** The part of a stored file record an analysis needs. */
export type AnalyzableFile = StoredDocument;

export interface AnalysisServiceDeps {
  blobs: BlobStore;
  pool: DocumentPool;
  /** Reads pages without a trustworthy text layer; null where no inference process is configured. */
  inference?: OcrClient | null;
}

export interface AnalyzeHooks extends Omit<PdfProgress, 'profile' | 'docKey' | 'pageIndexes'> {
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
    page_index: pageIndex,
    width: size.width,
    height: size.height,
    rotation: 0,
    lines: [],
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
    notes: ['image page: no text layer'],
  };
}

function summarize(file: AnalyzableFile, pages: ModelPage[], bodyFontSize: number): DocumentModel {
  return {
    engine_version: ANALYSIS_ENGINE_VERSION,
    file_id: file.file_id,
    sha256: file.sha256,
    content_type: file.content_type,
    page_count: pages.length,
    pages,
    bodyFontSize,
    ...pageNotes(pages),
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
    await this.checkOriginal(file);
    const logger = hooks.logger ?? SILENT;
    let model: DocumentModel;
    if (normalized.pages) {
      // A page range: its own cached analysis, else cut from the whole file's when one is cached, else only the
      // selected pages are analysed (and cached under the range's key).
      const own = await this.cache.get(analysisKey(file.sha256, normalized), logger);
      const whole = own ? null : await this.cache.get(analysisKey(file.sha256, wholeFileOptions(normalized)), logger);
      model = restrictToPages(own ?? whole ?? (await this.analyzeOnce(file, normalized, hooks, logger)), normalized.pages, file.pages);
    } else {
      model = await this.analyzeOnce(file, normalized, hooks, logger);
    }
    // The cache is per file content: another file with the same bytes may have stored it.
    return { ...model, file_id: file.file_id };
  }

  /** The analysis for these options: cached, shared with a run in flight, or built (then cached). */
  private async analyzeOnce(
    file: AnalyzableFile,
    normalized: AnalysisOptions,
    hooks: AnalyzeHooks,
    logger: Logger,
  ): Promise<DocumentModel> {
    const key = analysisKey(file.sha256, normalized);
    const cached = await this.cache.get(key, logger);
    if (cached) return cached;
    let work = this.inflight.get(key);
    if (!work) {
      work = this.build(file, normalized, hooks, logger);
      this.inflight.set(key, work);
      work.then(
        (model) => this.storeLater(key, model, logger, hooks.defer ?? nextTurn),
        () => this.inflight.delete(key),
      );
    }
    return work;
  }

  /**
   * A text derived from the analysis (a rendered view as JSON) stored beside it under `name`, or null: for a big
   * file, reading the stored view costs a fraction of decoding its model and rendering it again.
   */
  async readDerived(
    file: AnalyzableFile,
    options: Partial<AnalysisOptions>,
    name: string,
    logger: Logger = SILENT,
  ): Promise<string | null> {
    await this.checkOriginal(file);
    return this.cache.getText(derivedKey(file.sha256, normalizeOptions(options), name), logger);
  }

  /** Stores a derived text after the current request is answered (`produce` runs then); failures are logged. */
  storeDerivedLater(
    file: AnalyzableFile,
    options: Partial<AnalysisOptions>,
    name: string,
    produce: () => string,
    logger: Logger = SILENT,
    defer: Defer = nextTurn,
  ): void {
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
    if (!isDocumentType(type))
      throw new UnprocessableError(`file ${file.file_id} is ${type}; it can only be used as a schema_file_id in extract`);
    const bytes = await readSharedBytes(this.deps.blobs, file.blob_key);
    const selected = options.pages ? new Set(options.pages) : null;
    const extracted =
      type === 'application/pdf'
        ? await extractPdfPages(this.deps.pool, bytes, file.pages, {
            ...hooks,
            profile: options.profile,
            docKey: file.sha256,
            pageIndexes: options.pages,
          })
        : file.pages.map(imagePage).filter((p) => !selected || selected.has(p.page_index));
    hooks.signal?.throwIfAborted();
    const read = await ocrPages(this.deps.pool, this.deps.inference ?? null, { bytes, type }, extracted, {
      mode: options.ocrMode,
      force: options.forceOcr,
      signal: hooks.signal,
    });
    hooks.signal?.throwIfAborted();
    const { pages, bodyFontSize } = await layoutDocument(read, hooks.signal, options.profile);
    // Layout ran where OCR turned scans upright; the model keeps the served page images' space.
    return summarize(file, pages.map(pageToServed), bodyFontSize);
  }
}

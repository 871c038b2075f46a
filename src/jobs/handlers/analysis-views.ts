import { createHash } from 'node:crypto';
import type { FileRecord } from '../../files/mod.ts';
import { AnalysisService, type AnalysisOptions, type AnalyzeHooks } from '../../pipeline/analysis/mod.ts';
import type { DocumentModel } from '../../pipeline/model/types.ts';
import { PageGraphicsSource } from '../../pipeline/drawing-stages/mod.ts';
import { ValidationError } from '../../shared/errors.ts';
import { PageRangeError, formatPageSelection, parsePageRange } from '../../shared/page-range.ts';
import { ENGINE_VERSION } from '../../shared/version.ts';
import { requireDep, type HandlerDeps, type JobContext } from '../handler.ts';
import type { ProcessingRequest } from '../requests/common.ts';

/**
 * Views of a job's documents through their analysis, which the document handlers share: one AnalysisService per
 * worker (its in-memory cache and in-flight sharing span all jobs of the process), a job's view of its input file
 * (built or read back from beside the analysis), the analysis itself, values derived from it, and the doc_ids
 * and page selections a request's documents go by, with progress reported in pages.
 */
const services = new WeakMap<object, AnalysisService>();

/** What the views read of a request: its document (a stored file once the route resolved it) and its pages. */
export type DocumentRequest = Pick<ProcessingRequest, 'input' | 'page_range'>;
/** A request's page selection, for requests that name their documents otherwise (ask, schema auto). */
type PagesRequest = Pick<ProcessingRequest, 'page_range'>;

function analysisService(deps: HandlerDeps): AnalysisService {
  let service = services.get(deps.blobs);
  if (!service) {
    service = new AnalysisService({ blobs: deps.blobs, pool: requireDep(deps, 'pool'), inference: deps.inference ?? null });
    services.set(deps.blobs, service);
  }
  return service;
}

const shortHash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** What every doc_id made from these bytes starts with: a file deletion removes them all from the ask index. */
export function docIdPrefixFor(sha256: string): string {
  return `doc_${shortHash(sha256, 18)}`;
}

/**
 * Same file bytes and engine version → same doc_id, so two parses can be compared and cached. `pages` (a page
 * selection's canonical text) makes the selected pages a document of their own (ask indexes it apart).
 */
export function docIdFor(sha256: string, pages?: string): string {
  return `${docIdPrefixFor(sha256)}${shortHash(`${ENGINE_VERSION}${pages ? `:pages=${pages}` : ''}`, 8)}`;
}

/**
 * The request's `page_range` in this file as sorted zero-based indexes, or undefined for the whole file (no range,
 * or one naming every page). The route checked it against the file already; a job checks again (a follow-up ask
 * names its session's files), as the same 422.
 */
export function pageSelection(ctx: JobContext<PagesRequest>, record: FileRecord): number[] | undefined {
  const text = ctx.request.page_range;
  if (text === undefined || text === null) return undefined;
  let pages: number[];
  try {
    pages = parsePageRange(text, record.page_count);
  } catch (err) {
    if (err instanceof PageRangeError) throw ValidationError.at(['body', 'page_range'], `${err.message} (${record.filename})`);
    throw err;
  }
  return pages.length === record.page_count ? undefined : pages;
}

/** The analysis options with the request's page selection (part of every cache key derived from them). */
function selecting(ctx: JobContext<PagesRequest>, record: FileRecord, options: Partial<AnalysisOptions>): Partial<AnalysisOptions> {
  const pages = pageSelection(ctx, record);
  return pages ? { ...options, pages } : options;
}

/** The doc_id a request's document is indexed under (ask): the file's, or that of its selected pages. */
export function requestDocId(ctx: JobContext<PagesRequest>, record: FileRecord): string {
  const pages = pageSelection(ctx, record);
  return docIdFor(record.sha256, pages ? formatPageSelection(pages) : undefined);
}

/** How many pages the request covers in this file. */
export function selectedPageCount(ctx: JobContext<PagesRequest>, record: FileRecord): number {
  return pageSelection(ctx, record)?.length ?? record.page_count;
}

/** Files with more pages than this keep their rendered views beside their analysis (a small file renders in milliseconds). */
const VIEW_CACHE_MIN_PAGES = 200;
/** Stands for the requesting file's id in a cached view (files with the same bytes share it). */
const FILE_ID_PLACEHOLDER = 'file_00000viewcache0placeholder0';

export type ViewBuilder<T> = (model: DocumentModel, record: FileRecord) => T | Promise<T>;

/**
 * The job's input file seen through a view of its analysis (`viewName` names the view and its options, e.g.
 * `parse-regions`). Progress is reported per page range while analysing; the pages are recorded for usage.
 */
export async function jobView<T>(
  ctx: JobContext<DocumentRequest>,
  requested: Partial<AnalysisOptions>,
  viewName: string,
  build: ViewBuilder<T>,
): Promise<T> {
  const record = await requireDep(ctx.deps, 'files').get(ctx.tenant, ctx.request.input.file_id);
  const options = selecting(ctx, record, requested);
  const service = analysisService(ctx.deps);
  const bigFile = record.page_count > VIEW_CACHE_MIN_PAGES;
  const stored = bigFile ? await service.readDerived(record, options, viewName, ctx.logger) : null;
  let view: T;
  if (stored !== null) view = JSON.parse(stored.replaceAll(FILE_ID_PLACEHOLDER, record.file_id)) as T;
  else {
    view = await build(await service.analyze(record, options, analyzeHooks(ctx)), record);
    // Views name their file (image_ref, metadata): the stored copy names a placeholder, files with the same bytes share it.
    if (bigFile)
      service.storeDerivedLater(
        record,
        options,
        viewName,
        () => JSON.stringify(view).replaceAll(record.file_id, FILE_ID_PLACEHOLDER),
        ctx.logger,
        ctx.afterAnswer,
      );
  }
  return finishJob(ctx, record, view);
}

/**
 * The job's input file's analysis itself, for handlers whose output depends on more than the file (extraction
 * against a caller's schema): nothing derived is stored beside the analysis.
 */
export async function jobModel(ctx: JobContext<DocumentRequest>, options: Partial<AnalysisOptions>): Promise<DocumentModel> {
  const record = await requireDep(ctx.deps, 'files').get(ctx.tenant, ctx.request.input.file_id);
  const model = await analysisService(ctx.deps).analyze(record, selecting(ctx, record, options), analyzeHooks(ctx));
  return finishJob(ctx, record, model);
}

/**
 * A JSON value derived from the file's analysis and stored beside it: computed once per file bytes, engine
 * version, analysis options and `name` (which must name everything else the value depends on).
 */
export function derivedValue<T>(
  ctx: JobContext<PagesRequest>,
  record: FileRecord,
  requested: Partial<AnalysisOptions>,
  name: string,
  compute: () => Promise<T>,
): Promise<T> {
  const options = selecting(ctx, record, requested);
  // Requests right behind the first (before its value is stored) share it from memory instead of computing it again.
  const key = `${record.sha256}:${JSON.stringify(options)}:${name}`;
  const recent = recentDerived.get(key);
  if (recent) return recent as Promise<T>;
  const value = readOrCompute(ctx, record, options, name, compute);
  recentDerived.set(key, value);
  if (recentDerived.size > RECENT_DERIVED) recentDerived.delete(recentDerived.keys().next().value as string);
  value.catch(() => recentDerived.delete(key));
  return value;
}

const RECENT_DERIVED = 16;
const recentDerived = new Map<string, Promise<unknown>>();

async function readOrCompute<T>(
  ctx: JobContext<PagesRequest>,
  record: FileRecord,
  options: Partial<AnalysisOptions>,
  name: string,
  compute: () => Promise<T>,
): Promise<T> {
  const service = analysisService(ctx.deps);
  const stored = await service.readDerived(record, options, name, ctx.logger);
  if (stored !== null) return JSON.parse(stored) as T;
  const value = await compute();
  service.storeDerivedLater(record, options, name, () => JSON.stringify(value), ctx.logger, ctx.afterAnswer);
  return value;
}

/** Another file's analysis (a synthesis source): grounded, cached like any other. */
export function analyzeFile(ctx: JobContext, record: FileRecord): Promise<DocumentModel> {
  return analysisService(ctx.deps).analyze(
    record,
    { profile: 'grounded' },
    { signal: ctx.signal, logger: ctx.logger, defer: ctx.afterAnswer },
  );
}

/** The file's glyphs, vector geometry and page pixels, for the equation and chart stages. */
export function graphicsSource(ctx: JobContext, record: FileRecord): PageGraphicsSource {
  return new PageGraphicsSource({ blobs: ctx.deps.blobs, pool: requireDep(ctx.deps, 'pool') }, record);
}

/**
 * The job's last document-pool stage is over: workers grown big on a long document are replaced now, so their
 * memory is given back before the view is built and written (the pool's idle wait cannot start meanwhile).
 */
export function poolWorkDone(ctx: JobContext): void {
  ctx.deps.pool?.releaseHeavyWorkers();
}

function analyzeHooks(ctx: JobContext): AnalyzeHooks {
  return { signal: ctx.signal, logger: ctx.logger, onPages: (done, total) => ctx.progress(done, total), defer: ctx.afterAnswer };
}

/** Usage counts the pages the request covered (its page_range), not the file's. */
async function finishJob<T>(ctx: JobContext<PagesRequest>, record: FileRecord, value: T): Promise<T> {
  ctx.signal.throwIfAborted();
  const pages = selectedPageCount(ctx, record);
  await ctx.progress(pages, pages);
  ctx.recordPages(pages);
  return value;
}

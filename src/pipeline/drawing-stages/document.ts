import type { Logger } from '../../shared/logger.ts';
import type { ChartFinding } from '../charts/mod.ts';
import { isBornDigital, mayHoldVectorGraphics, needsPixels, type PageDrawing, type RasterPage } from '../drawing/mod.ts';
import type { PageGraphicsSource } from './source.ts';
import type { EquationFinding } from '../equations/mod.ts';
import type { DocumentModel, ModelPage } from '../model/types.ts';
import { equationsOfPage, type EquationBoundary } from './page-equations.ts';
import { analyzeVectorPage, type VectorPageTask } from './vector-pages.ts';
import { findPageItems } from './page-items.ts';

/**
 * The equation and chart stages over a whole document. Only candidate pages are read again (glyphs and paths of
 * born-digital pages, pixels of scans and images), a few pages at a time so memory stays flat on long documents.
 * Born-digital pages whose pixels are not wanted are analysed on the document pool beside their drawings
 * (vector-pages.ts), in parallel; the rest on this thread. A page whose extra reading fails keeps what the model
 * alone gives and the failure is logged, never thrown.
 */
export interface GraphicsHooks {
  signal?: AbortSignal;
  logger?: Logger;
}

export interface GraphicsOptions extends GraphicsHooks {
  /** Pages whose formulas are wanted, and how their boundaries are found. */
  equations?: { pages: (page: ModelPage) => boolean; boundary: EquationBoundary };
  /** Pages whose charts, diagrams and figures are wanted, and which of them have their pixels read. */
  items?: { pages: (page: ModelPage) => boolean; pixels: (page: ModelPage) => boolean; engineering: boolean };
}

export interface DocumentGraphics {
  equations: EquationFinding[][];
  items: ChartFinding[][];
}

/** Pages read per step: drawings of at most two steps are alive at once. */
const PAGES_PER_STEP = 8;

/** What the options ask of a page; a page's drawing is read for its formulas or for vector graphics it may hold. */
function wantsOf(options: GraphicsOptions) {
  const wantsEquations = (p: ModelPage) => !!options.equations?.pages(p);
  const wantsItems = (p: ModelPage) => !!options.items?.pages(p);
  return { wantsEquations, wantsItems, wantsDrawing: (p: ModelPage) => wantsEquations(p) || mayHoldVectorGraphics(p) };
}

export async function findDocumentGraphics(
  model: DocumentModel,
  source: PageGraphicsSource,
  options: GraphicsOptions,
): Promise<DocumentGraphics> {
  const out: DocumentGraphics = { equations: model.pages.map(() => []), items: model.pages.map(() => []) };
  const { wantsEquations, wantsItems, wantsDrawing } = wantsOf(options);
  const wantsPixels = (p: ModelPage) => wantsItems(p) && needsPixels(p) && !!options.items?.pixels(p);
  const pages = model.pages.filter((p) => !p.skipped && (wantsEquations(p) || wantsItems(p)));
  // Born-digital pages whose pixels nobody asked for are analysed on the pool, beside their drawings.
  const onPool = new Set(pages.filter((p) => isBornDigital(p) && !wantsPixels(p)));
  const here = pages.filter((p) => !onPool.has(p));
  const tasks = [...onPool].map(
    (page): VectorPageTask => ({
      page,
      equations: wantsEquations(page) ? options.equations!.boundary : null,
      items: wantsItems(page) ? { engineering: options.items!.engineering } : null,
      draw: wantsDrawing(page),
    }),
  );
  const pooled = readOnPool(() => source.vectorPages(tasks, options.signal), tasks.length, options);
  pooled.catch(() => undefined); // should the loop below throw first (an abort), the pool's rejection is not unhandled
  await findHere(here, source, options, out);
  const results = await pooled;
  for (const task of tasks) {
    const result = results.get(task.page.page_index) ?? analyzeVectorPage(null, task);
    for (const failure of result.failures)
      options.logger?.warn(
        { page_index: result.page_index, stage: failure.stage, reason: failure.message },
        'a graphics stage failed on a page; its findings were left out',
      );
    out.equations[result.page_index] = result.equations;
    out.items[result.page_index] = result.items;
  }
  return out;
}

/** Pages analysed on this thread (scans, images, pages whose pixels are read): drawings and pixels come over. */
async function findHere(pages: ModelPage[], source: PageGraphicsSource, options: GraphicsOptions, out: DocumentGraphics): Promise<void> {
  const { wantsEquations, wantsItems, wantsDrawing } = wantsOf(options);
  const steps: ModelPage[][] = [];
  for (let i = 0; i < pages.length; i += PAGES_PER_STEP) steps.push(pages.slice(i, i + PAGES_PER_STEP));
  const read = (step: ModelPage[]) => {
    const indexes = step.filter((p) => isBornDigital(p) && wantsDrawing(p)).map((p) => p.page_index);
    return readOnPool(() => source.drawings(indexes, options.signal), indexes.length, options);
  };
  // The pool reads the next step's pages while this thread analyses the current ones.
  let next = steps.length ? read(steps[0]) : null;
  try {
    for (const [n, step] of steps.entries()) {
      const drawings = await next!;
      next = n + 1 < steps.length ? read(steps[n + 1]) : null;
      for (const page of step) {
        options.signal?.throwIfAborted();
        const drawing = drawings.get(page.page_index) ?? null;
        if (options.equations && wantsEquations(page))
          out.equations[page.page_index] = pageEquations(page, drawing, options.equations.boundary, options);
        if (options.items && wantsItems(page)) out.items[page.page_index] = await pageItems(page, drawing, source, options.items, options);
      }
    }
  } finally {
    next?.catch(() => undefined); // a read still running when an abort stopped the loop must not reject unhandled
  }
}

/** Every formula of the document (`boundary` as the equations endpoint's `boundary_source`). */
export async function findDocumentEquations(
  model: DocumentModel,
  source: PageGraphicsSource,
  options: GraphicsHooks & { boundary: EquationBoundary },
): Promise<EquationFinding[][]> {
  return (await findDocumentGraphics(model, source, { ...options, equations: { pages: () => true, boundary: options.boundary } }))
    .equations;
}

/** Every chart, diagram and figure of the document. */
export async function findDocumentItems(
  model: DocumentModel,
  source: PageGraphicsSource,
  options: GraphicsHooks & { engineering: boolean },
): Promise<ChartFinding[][]> {
  const items = { pages: () => true, pixels: needsPixels, engineering: options.engineering };
  return (await findDocumentGraphics(model, source, { ...options, items })).items;
}

function pageEquations(page: ModelPage, drawing: PageDrawing | null, boundary: EquationBoundary, hooks: GraphicsHooks): EquationFinding[] {
  try {
    return equationsOfPage(page, drawing, boundary);
  } catch (err) {
    hooks.logger?.warn({ err, page_index: page.page_index }, 'equation stage failed on a page; its formulas were left out');
    return [];
  }
}

async function pageItems(
  page: ModelPage,
  drawing: PageDrawing | null,
  source: PageGraphicsSource,
  items: NonNullable<GraphicsOptions['items']>,
  hooks: GraphicsHooks,
): Promise<ChartFinding[]> {
  const raster = needsPixels(page) && items.pixels(page) ? await readRaster(source, page.page_index, hooks) : null;
  if (!drawing && !raster && !page.blocks.some((b) => b.type === 'figure')) return [];
  return findPageItems({
    page,
    drawing,
    raster,
    engineering: items.engineering,
    onError: (stage, err) =>
      hooks.logger?.warn({ err, page_index: page.page_index, stage }, 'chart stage failed on a page; its findings were left out'),
  });
}

/**
 * What the pool read, by page. Should the pool fail (not a page: pages fail inside their task), the pages are
 * analysed here from the model alone, as when their drawings cannot be read.
 */
async function readOnPool<T>(read: () => Promise<Map<number, T>>, pages: number, hooks: GraphicsHooks): Promise<Map<number, T>> {
  try {
    return await read();
  } catch (err) {
    hooks.signal?.throwIfAborted();
    hooks.logger?.warn({ err, pages }, 'page drawings could not be read; vector analysis skipped');
    return new Map();
  }
}

async function readRaster(source: PageGraphicsSource, pageIndex: number, hooks: GraphicsHooks): Promise<RasterPage | null> {
  try {
    return await source.raster(pageIndex);
  } catch (err) {
    hooks.signal?.throwIfAborted();
    hooks.logger?.warn({ err, page_index: pageIndex }, 'page image could not be read; raster analysis skipped');
    return null;
  }
}

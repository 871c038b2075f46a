import type { Logger } from '../../shared/logger.ts';
import type { ChartFinding } from '../charts/types.ts';
import { isBornDigital, mayHoldVectorGraphics, needsPixels } from '../drawing/candidates.ts';
import type { PageGraphicsSource } from '../drawing/source.ts';
import type { PageDrawing, RasterPage } from '../drawing/types.ts';
import type { EquationFinding } from '../equations/types.ts';
import type { DocumentModel, ModelPage } from '../model/types.ts';
import { equationsOfPage, type EquationBoundary } from './page-equations.ts';
import { findPageItems } from './page-items.ts';

/**
 * The equation and chart stages over a whole document: only candidate pages are read again (glyphs and paths of
 * born-digital pages, pixels of scans and images), one page's pixels at a time. A page whose extra reading fails
 * keeps what the model alone gives (figure descriptions) and the failure is logged, never thrown.
 */
export interface GraphicsHooks {
  signal?: AbortSignal;
  logger?: Logger;
}

export interface ItemOptions extends GraphicsHooks {
  /** `engineering_drawing` billing profile: title blocks and dimensions. */
  engineering: boolean;
  /** Only these pages (parse asks for the pages with figures); default every page that may hold graphics. */
  pages?: (page: ModelPage) => boolean;
  /** Of those, the pages whose pixels are read; default scans, images and pages with sizeable placed images. */
  pixels?: (page: ModelPage) => boolean;
}

export async function findDocumentItems(model: DocumentModel, source: PageGraphicsSource, options: ItemOptions): Promise<ChartFinding[][]> {
  const wanted = model.pages.filter((p) => !p.skipped && (options.pages ? options.pages(p) : true));
  const vectorPages = wanted.filter((p) => isBornDigital(p) && mayHoldVectorGraphics(p)).map((p) => p.page_index);
  const drawings = await readDrawings(source, vectorPages, options);
  const out: ChartFinding[][] = model.pages.map(() => []);
  for (const page of wanted) {
    options.signal?.throwIfAborted();
    const drawing = drawings.get(page.page_index) ?? null;
    const raster = needsPixels(page) && (options.pixels?.(page) ?? true) ? await readRaster(source, page.page_index, options) : null;
    if (!drawing && !raster && !page.blocks.some((b) => b.type === 'figure')) continue;
    out[page.page_index] = findPageItems({
      page, drawing, raster, engineering: options.engineering,
      onError: (stage, err) => options.logger?.warn({ err, page_index: page.page_index, stage }, 'chart stage failed on a page; its findings were left out'),
    });
  }
  return out;
}

export interface EquationOptions extends GraphicsHooks {
  boundary: EquationBoundary;
  /** Only these pages (parse asks for the pages that may hold math); default every page. */
  pages?: (page: ModelPage) => boolean;
}

export async function findDocumentEquations(model: DocumentModel, source: PageGraphicsSource, options: EquationOptions): Promise<EquationFinding[][]> {
  const wanted = model.pages.filter((p) => !p.skipped && (options.pages ? options.pages(p) : true));
  // Every born-digital page asked about is read: math set in text fonts ("E = mc2" in Times) has no cheap tell.
  const digital = wanted.filter(isBornDigital).map((p) => p.page_index);
  const drawings = await readDrawings(source, digital, options);
  const out: EquationFinding[][] = model.pages.map(() => []);
  for (const page of wanted) {
    options.signal?.throwIfAborted();
    try {
      out[page.page_index] = equationsOfPage(page, drawings.get(page.page_index) ?? null, options.boundary);
    } catch (err) {
      options.logger?.warn({ err, page_index: page.page_index }, 'equation stage failed on a page; its formulas were left out');
    }
  }
  return out;
}

async function readDrawings(source: PageGraphicsSource, pages: number[], hooks: GraphicsHooks): Promise<Map<number, PageDrawing>> {
  try {
    return await source.drawings(pages, hooks.signal);
  } catch (err) {
    hooks.signal?.throwIfAborted();
    hooks.logger?.warn({ err, pages: pages.length }, 'page drawings could not be read; vector analysis skipped');
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

import type { Logger } from '../../shared/logger.ts';
import type { ChartFinding, PageGraphicsInput } from '../charts/mod.ts';
import { findEngineering } from './engineering.ts';
import { graphFinding } from './finding.ts';
import { rasterGraphs } from './raster.ts';
import { vectorGraphs } from './vector.ts';

export { describeFigure } from './figure.ts';

/**
 * Diagrams, flowcharts and engineering drawings on one page: an engineering drawing (declared or detected) is one
 * finding for the sheet; else diagrams from vector paths and the text layer, and when those give nothing and the
 * page image was passed, from pixels and the page's lines (OCR). Total: odd input gives [], never an exception.
 */
export function findDiagrams(input: PageGraphicsInput, log?: Logger): ChartFinding[] {
  try {
    const drawing = findEngineering(input);
    if (drawing) return [drawing];
    const vector = vectorGraphs(input);
    if (vector.length) return vector.map((g) => graphFinding(g, input.page, 'vector'));
    return rasterGraphs(input).map((g) => graphFinding(g, input.page, 'raster'));
  } catch (err) {
    log?.warn({ err, page_index: input.page.page_index }, 'diagram finder failed on a page; no diagrams reported for it');
    return [];
  }
}

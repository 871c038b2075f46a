import { isBornDigital, mayHoldMath, mayHoldVectorGraphics } from '../drawing/mod.ts';
import type { PageGraphicsSource } from './source.ts';
import type { DocumentModel, ModelPage } from '../model/types.ts';
import type { ChartFinding } from '../charts/mod.ts';
import type { EquationFinding } from '../equations/mod.ts';
import { findDocumentGraphics, type GraphicsHooks } from './document.ts';

/**
 * What parse shows of the equation and chart stages, by page (null where a page has nothing). Only born-digital
 * pages are read: formulas are rebuilt from glyphs (an OCR guess at LaTeX would replace text that reads
 * correctly), charts and diagrams from vector paths; pixels are not read for parse (a render per page would
 * double its time), so charts drawn as images are the charts endpoint's. Figures described from their captions
 * stay out: the caption and the text around them are in the markdown already.
 */
export interface PageGraphics {
  equations: EquationFinding[];
  items: ChartFinding[];
}

const mathPage = (page: ModelPage) => isBornDigital(page) && mayHoldMath(page);
const graphicPage = (page: ModelPage) =>
  isBornDigital(page) && (page.blocks.some((b) => b.type === 'figure') || mayHoldVectorGraphics(page));

/** A page parse may show formulas or charts of; every other page's graphics are null. */
export const mayShowParseGraphics = (page: ModelPage) => mathPage(page) || graphicPage(page);

export async function findParseGraphics(
  model: DocumentModel,
  source: PageGraphicsSource,
  options: GraphicsHooks & { engineering: boolean },
): Promise<(PageGraphics | null)[] | null> {
  if (!model.pages.some(mayShowParseGraphics)) return null;
  const { equations, items } = await findDocumentGraphics(model, source, {
    signal: options.signal,
    logger: options.logger,
    equations: { pages: mathPage, boundary: 'detector' },
    items: { pages: graphicPage, pixels: () => false, engineering: options.engineering },
  });
  return model.pages.map((_, i) => {
    const shown = items[i].filter((item) => item.kind !== 'figure');
    return equations[i].length || shown.length ? { equations: equations[i], items: shown } : null;
  });
}

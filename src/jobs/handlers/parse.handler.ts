import { ENGINE_VERSION } from '../../shared/version.ts';
import { findDocumentEquations, findDocumentItems } from '../../pipeline/graphics/document.ts';
import { buildParseView, type Grounding } from '../../pipeline/views/parse-view.ts';
import type { PageGraphics } from '../../pipeline/views/graphics-markdown.ts';
import type { AnalysisProfile } from '../../pipeline/analysis/mod.ts';
import { isBornDigital, mayHoldMath, mayHoldVectorGraphics } from '../../pipeline/drawing/candidates.ts';
import type { DocumentModel, ModelPage } from '../../pipeline/model/types.ts';
import type { FileRecord } from '../../files/files.service.ts';
import type { JobContext, JobHandler } from '../handler.ts';
import { docIdFor, graphicsSource, jobView } from './analysis-deps.ts';

interface ParseRequest {
  profile?: AnalysisProfile;
  grounding?: Grounding;
  billing_profile?: string;
}

/**
 * Parse is a view of the analysis; with the `grounded` profile, the pages with equation or figure blocks are also
 * read by the equation and chart stages so formulas come out as `$$…$$` and charts with their data.
 */
export const parseHandler: JobHandler = {
  operation: 'parse',
  run(ctx) {
    const request = ctx.request as ParseRequest;
    const grounding = request.grounding ?? 'regions';
    const profile = request.profile ?? 'grounded';
    return jobView(ctx, { profile }, `parse-${grounding}`, async (model, record) => {
      const engineering = request.billing_profile === 'engineering_drawing';
      const graphics = profile === 'grounded' ? await pageGraphics(ctx, model, record, engineering) : undefined;
      return buildParseView(model, { fileId: record.file_id, docId: docIdFor(record.sha256), version: ENGINE_VERSION, pageSizes: record.pages, grounding, graphics });
    });
  },
};

/** Parse shows formulas rebuilt from glyphs only: an OCR guess at LaTeX would replace text that reads correctly. */
const mathPage = (page: ModelPage) => isBornDigital(page) && mayHoldMath(page);
const hasFigures = (page: ModelPage) => page.blocks.some((b) => b.type === 'figure');
/** Vector charts are cheap to read; pixels (scans, images) only where layout saw a figure. */
const graphicPage = (page: ModelPage) => hasFigures(page) || (isBornDigital(page) && mayHoldVectorGraphics(page));

async function pageGraphics(ctx: JobContext, model: DocumentModel, record: FileRecord, engineering: boolean): Promise<(PageGraphics | undefined)[] | undefined> {
  if (!model.pages.some((p) => mathPage(p) || graphicPage(p))) return undefined;
  const source = graphicsSource(ctx, record);
  const hooks = { signal: ctx.signal, logger: ctx.logger };
  const equations = await findDocumentEquations(model, source, { ...hooks, boundary: 'detector', pages: mathPage });
  const items = await findDocumentItems(model, source, { ...hooks, engineering, pages: graphicPage, pixels: hasFigures });
  return model.pages.map((_, i) => (equations[i].length || items[i].length ? { equations: equations[i], items: items[i] } : undefined));
}

import { ENGINE_VERSION } from '../../shared/version.ts';
import { findDocumentGraphics } from '../../pipeline/graphics/document.ts';
import { buildParseView, type Grounding } from '../../pipeline/views/parse-view.ts';
import type { PageGraphics } from '../../pipeline/views/graphics-markdown.ts';
import type { AnalysisProfile } from '../../pipeline/analysis/mod.ts';
import { isBornDigital, mayHoldMath, mayHoldVectorGraphics } from '../../pipeline/drawing/candidates.ts';
import type { DocumentModel, ModelPage } from '../../pipeline/model/types.ts';
import type { FileRecord } from '../../files/files.service.ts';
import type { JobContext, JobHandler } from '../handler.ts';
import { derivedValue, docIdFor, graphicsSource, jobView } from './analysis-deps.ts';

interface ParseRequest {
  profile?: AnalysisProfile;
  grounding?: Grounding;
  billing_profile?: string;
}

/**
 * Parse is a view of the analysis; with the `grounded` profile, the born-digital pages that may hold math or
 * vector graphics are also read by the equation and chart stages, so formulas come out as `$$…$$` and charts with
 * their data. Pixels are not read for parse (that costs a render per page): charts drawn as images are the
 * charts endpoint's. What the stages find is stored beside the analysis, so a second parse reads it back.
 */
export const parseHandler: JobHandler = {
  operation: 'parse',
  run(ctx) {
    const request = ctx.request as ParseRequest;
    const grounding = request.grounding ?? 'regions';
    const profile = request.profile ?? 'grounded';
    return jobView(ctx, { profile }, `parse-${grounding}`, async (model, record) => {
      const engineering = request.billing_profile === 'engineering_drawing';
      const graphics = profile === 'grounded'
        ? await derivedValue(ctx, record, { profile }, `parse-graphics-${engineering ? 'engineering' : 'standard'}`, () => pageGraphics(ctx, model, record, engineering))
        : undefined;
      return buildParseView(model, { fileId: record.file_id, docId: docIdFor(record.sha256), version: ENGINE_VERSION, pageSizes: record.pages, grounding, graphics });
    });
  },
};

/** Parse shows formulas rebuilt from glyphs only: an OCR guess at LaTeX would replace text that reads correctly. */
const mathPage = (page: ModelPage) => isBornDigital(page) && mayHoldMath(page);
const hasFigures = (page: ModelPage) => page.blocks.some((b) => b.type === 'figure');
const graphicPage = (page: ModelPage) => isBornDigital(page) && (hasFigures(page) || mayHoldVectorGraphics(page));

async function pageGraphics(ctx: JobContext, model: DocumentModel, record: FileRecord, engineering: boolean): Promise<(PageGraphics | null)[] | null> {
  if (!model.pages.some((p) => mathPage(p) || graphicPage(p))) return null;
  const source = graphicsSource(ctx, record);
  const { equations, items } = await findDocumentGraphics(model, source, {
    signal: ctx.signal, logger: ctx.logger,
    equations: { pages: mathPage, boundary: 'detector' },
    items: { pages: graphicPage, pixels: () => false, engineering },
  });
  return model.pages.map((_, i) => (equations[i].length || items[i].length ? { equations: equations[i], items: items[i].filter((item) => item.kind !== 'figure') } : null));
}

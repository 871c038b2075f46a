import { ENGINE_VERSION } from '../../shared/version.ts';
import { findParseGraphics, mayShowParseGraphics } from '../../pipeline/drawing-stages/mod.ts';
import { buildParseView, buildParseViewAlongside } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { ParseRequest } from '../requests/documents.ts';
import { derivedValue, docIdFor, graphicsSource, jobView, poolWorkDone } from './analysis-views.ts';

/**
 * Parse is a view of the analysis; with the `grounded` profile it also shows what the equation and chart stages
 * find (formulas as `$$…$$`, charts with their data), stored beside the analysis so a second parse reads it back.
 */
export const parseHandler: JobHandler<ParseRequest> = {
  operation: 'parse',
  run(ctx) {
    const request = ctx.request;
    const grounding = request.grounding ?? 'regions';
    const profile = request.profile ?? 'grounded';
    const engineering = request.billing_profile === 'engineering_drawing';
    return jobView(ctx, { profile }, `parse-${grounding}${engineering ? '-engineering' : ''}`, async (model, record) => {
      const viewContext = {
        fileId: record.file_id,
        docId: docIdFor(record.sha256),
        version: ENGINE_VERSION,
        pageSizes: record.pages,
        grounding,
        contentType: record.original_type,
      };
      if (profile !== 'grounded') {
        poolWorkDone(ctx);
        return buildParseView(model, { ...viewContext, graphics: null });
      }
      const graphics = derivedValue(ctx, record, { profile }, `parse-graphics-${engineering ? 'engineering' : 'standard'}`, () =>
        findParseGraphics(model, graphicsSource(ctx, record), { engineering, signal: ctx.signal, logger: ctx.logger }),
      );
      // The pool is done once the graphics are: its heavy workers may go before the rest of the view is built.
      const pooled = graphics.finally(() => poolWorkDone(ctx));
      // Pages that cannot show graphics are built while the graphics stage runs on the pool.
      return buildParseViewAlongside(model, viewContext, pooled, mayShowParseGraphics, ctx.signal);
    });
  },
};

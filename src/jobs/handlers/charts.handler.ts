import { findDocumentItems } from '../../pipeline/drawing-stages/mod.ts';
import { buildChartsView } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { ChartsRequest } from '../requests/documents.ts';
import { graphicsSource, jobView } from './analysis-views.ts';

/** Charts read the grounded analysis, then the vector paths or pixels of the pages that may hold graphics. */
export const chartsHandler: JobHandler<ChartsRequest> = {
  operation: 'charts',
  run(ctx) {
    const engineering = ctx.request.billing_profile === 'engineering_drawing';
    return jobView(ctx, { profile: 'grounded' }, `charts-${engineering ? 'engineering' : 'standard'}`, async (model, record) => {
      const found = await findDocumentItems(model, graphicsSource(ctx, record), { engineering, signal: ctx.signal, logger: ctx.logger });
      return buildChartsView(model, found, record.pages);
    });
  },
};

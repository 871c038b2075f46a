import { findDocumentEquations } from '../../pipeline/drawing-stages/mod.ts';
import { buildEquationsView } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { EquationsRequest } from '../requests/documents.ts';
import { graphicsSource, jobView } from './analysis-views.ts';

/** Equations read the grounded analysis, then the glyphs and rules of the pages that may hold math. */
export const equationsHandler: JobHandler<EquationsRequest> = {
  operation: 'equations',
  run(ctx) {
    const boundary = ctx.request.boundary_source ?? 'detector';
    return jobView(ctx, { profile: 'grounded' }, `equations-${boundary}`, async (model, record) => {
      const found = await findDocumentEquations(model, graphicsSource(ctx, record), { boundary, signal: ctx.signal, logger: ctx.logger });
      return buildEquationsView(model, found, record.pages);
    });
  },
};

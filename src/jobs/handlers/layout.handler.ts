import { buildLayoutView } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { LayoutRequest } from '../requests/documents.ts';
import { jobView } from './analysis-views.ts';

/** Layout reads the grounded analysis (figures and tables are layout components), shared with parse's default. */
export const layoutHandler: JobHandler<LayoutRequest> = {
  operation: 'layout',
  run(ctx) {
    const mode = ctx.request.mode ?? 'non_overlapping';
    return jobView(ctx, { profile: 'grounded' }, `layout-${mode}`, (model, record) =>
      buildLayoutView(model, { fileId: record.file_id, pageSizes: record.pages, mode }),
    );
  },
};

import { buildLayoutView, type LayoutMode } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import { jobView } from './analysis-deps.ts';

/** Layout reads the grounded analysis (figures and tables are layout components), shared with parse's default. */
export const layoutHandler: JobHandler = {
  operation: 'layout',
  run(ctx) {
    const mode = (ctx.request as { mode?: LayoutMode }).mode ?? 'non_overlapping';
    return jobView(ctx, { profile: 'grounded' }, `layout-${mode}`, (model, record) =>
      buildLayoutView(model, { fileId: record.file_id, pageSizes: record.pages, mode }));
  },
};

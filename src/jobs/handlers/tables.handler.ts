import { buildTablesView, type TablesViewOptions } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { TablesRequest } from '../requests/documents.ts';
import { jobView } from './analysis-views.ts';

/** Tables read the `grounded` analysis (words, vector paths, layout blocks); structure is recognised per request options. */
export const tablesHandler: JobHandler<TablesRequest> = {
  operation: 'tables',
  run(ctx) {
    const { boundary_source = 'detector', detection_policy = 'strict', grounding = 'cell' } = ctx.request;
    const options: TablesViewOptions = { boundary_source, detection_policy, grounding };
    return jobView(ctx, { profile: 'grounded' }, `tables-${boundary_source}-${detection_policy}-${grounding}`, (model, record) =>
      buildTablesView(model, { ...options, pageSizes: record.pages }),
    );
  },
};

import { buildTablesView, type TablesViewOptions } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import { jobView } from './analysis-deps.ts';

type TablesRequest = Partial<TablesViewOptions>;

/** Tables read the `grounded` analysis (words, vector paths, layout blocks); structure is recognised per request options. */
export const tablesHandler: JobHandler = {
  operation: 'tables',
  run(ctx) {
    const { boundary_source = 'detector', detection_policy = 'strict', grounding = 'cell' } = ctx.request as TablesRequest;
    const options: TablesViewOptions = { boundary_source, detection_policy, grounding };
    return jobView(ctx, { profile: 'grounded' }, `tables-${boundary_source}-${detection_policy}-${grounding}`, (model, record) =>
      buildTablesView(model, { ...options, pageSizes: record.pages }));
  },
};

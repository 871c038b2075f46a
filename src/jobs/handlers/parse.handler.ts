import { ENGINE_VERSION } from '../../shared/version.ts';
import { buildParseView, type Grounding } from '../../pipeline/views/parse-view.ts';
import type { AnalysisProfile } from '../../pipeline/analysis/mod.ts';
import type { JobHandler } from '../handler.ts';
import { docIdFor, jobView } from './analysis-deps.ts';

interface ParseRequest {
  profile?: AnalysisProfile;
  grounding?: Grounding;
}

export const parseHandler: JobHandler = {
  operation: 'parse',
  run(ctx) {
    const request = ctx.request as ParseRequest;
    const grounding = request.grounding ?? 'regions';
    return jobView(ctx, { profile: request.profile ?? 'grounded' }, `parse-${grounding}`, (model, record) =>
      buildParseView(model, { fileId: record.file_id, docId: docIdFor(record.sha256), version: ENGINE_VERSION, pageSizes: record.pages, grounding }));
  },
};

import { buildOcrView } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { OcrRequest } from '../requests/documents.ts';
import { jobView } from './analysis-views.ts';

/**
 * OCR reads the `fast` analysis (lines and reading order are all it shows). In `regular` mode born-digital pages
 * answer from their text layer; `classic` and `agentic` OCR every page with their engine.
 */
export const ocrHandler: JobHandler<OcrRequest> = {
  operation: 'ocr',
  run(ctx) {
    const { language = 'auto', mode = 'regular' } = ctx.request;
    const options = { profile: 'fast' as const, ocrMode: mode, forceOcr: mode !== 'regular' };
    return jobView(ctx, options, `ocr-${mode}-${language}`, (model, record) =>
      buildOcrView(model, { language, mode, pageSizes: record.pages }),
    );
  },
};

import { buildOcrView } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import { jobView } from './analysis-deps.ts';

interface OcrRequest {
  language?: 'auto' | 'global';
  mode?: 'regular' | 'classic' | 'agentic';
}

/**
 * OCR reads the `fast` analysis (lines and reading order are all it shows). In `regular` mode born-digital pages
 * answer from their text layer; `classic` and `agentic` OCR every page with their engine.
 */
export const ocrHandler: JobHandler = {
  operation: 'ocr',
  run(ctx) {
    const { language = 'auto', mode = 'regular' } = ctx.request as OcrRequest;
    const options = { profile: 'fast' as const, ocrMode: mode, forceOcr: mode !== 'regular' };
    return jobView(ctx, options, `ocr-${mode}-${language}`, (model, record) => buildOcrView(model, { language, mode, pageSizes: record.pages }));
  },
};

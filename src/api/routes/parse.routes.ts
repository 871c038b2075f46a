import type { ProcessingRouteSpec } from '../processing.ts';
import { ParseResponse } from '../schemas/parse.ts';

export const parseRoute: ProcessingRouteSpec = {
  url: '/api/v1/parse',
  operation: 'parse',
  summary: 'Parse a document into markdown, chunks, pages and drawable regions',
  properties: {
    profile: { type: 'string', enum: ['grounded', 'fast'], default: 'grounded' },
    grounding: { type: 'string', enum: ['none', 'regions', 'ocr_lines'], default: 'regions' },
    include_artifacts: { type: 'boolean', default: false },
  },
  response: { description: 'ParseResponse', ...ParseResponse },
};

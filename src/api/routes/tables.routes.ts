import { tablesProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { TableExtractResponse } from '../schemas/tables.ts';

export const tablesRoute: ProcessingRouteSpec = {
  url: '/v1/tables',
  operation: 'tables',
  summary: 'Tables with cell grounding',
  description: [
    "Every table of the document with its cells: text exactly as printed, grid position, row and column spans, header rows, and each cell's box in page-image pixels. A table that continues on the next pages comes back as one table (`source_page_indexes`); its cells keep their own page and box.",
    "`boundary_source`: `detector` (default: the service's table finder, from vector rules and cell fills or from the alignment of words), `layout` (the layout stage's table blocks), `none` (each page's text area as one table candidate).",
    '`detection_policy`: `strict` (default, precision first) or `liberal` (recall first). `grounding`: `cell` (default: a region per table and per cell), `table` (a region per table), `none`.',
  ].join('\n\n'),
  properties: tablesProperties,
  response: { description: 'TableExtractResponse', ...TableExtractResponse },
};

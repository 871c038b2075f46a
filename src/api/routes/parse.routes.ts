import { parseProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { ParseResponse } from '../schemas/parse.ts';

export const parseRoute: ProcessingRouteSpec = {
  url: '/api/v1/parse',
  operation: 'parse',
  summary: 'Parse a document into markdown, chunks, pages and drawable regions',
  description:
    '`profile` `grounded` (default) runs the whole analysis; `fast` reads the text layer, blocks and reading order only (no figure/table analysis). `grounding` `regions`: one region per chunk; `ocr_lines`: one region per text line, and chunk.region_ids list the lines; `none`: no regions. The markdown has `#` headings by level, lists, tables, figures as image references to the page image with a `#xywh=` fragment, and `<!-- page N -->` at each page break; page headers and footers stay chunks but are left out of it. The analysis is cached per file content, engine version and profile.',
  properties: parseProperties,
  response: { description: 'ParseResponse', ...ParseResponse },
};

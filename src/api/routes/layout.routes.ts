import { layoutProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { LayoutResponse } from '../schemas/layout.ts';

export const layoutRoute: ProcessingRouteSpec = {
  url: '/v1/layout',
  operation: 'layout',
  summary: 'Detect layout components in reading order',
  description:
    '`non_overlapping` (default): leaf components (text, headings, list items, tables, figures, captions, page headers and footers...) whose boxes never overlap. `nested`: the same leaves with their full boxes plus containers (lists → items, figure/table → caption group, table → cells).',
  properties: layoutProperties,
  response: { description: 'LayoutResponse', ...LayoutResponse },
};

/** ChartDescribeResponse (spec section 2) as JSON Schema. */
const intBox = {
  type: ['array', 'null'],
  items: { type: 'integer' },
  description: '[left, top, right, bottom] in page-image pixels',
} as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;
const anyValue = { type: ['string', 'number', 'null'] } as const;

const ChartPoint = {
  type: 'object',
  properties: {
    label: { type: ['string', 'null'], description: 'Category label as printed; null for numeric x' },
    x: { ...anyValue, description: 'The category label, or the x value in data units' },
    y: { ...anyValue, description: 'The value in data units (pie charts: the share in percent)' },
  },
} as const;

export const ChartItem = {
  type: 'object',
  required: ['item_id', 'page_index'],
  properties: {
    item_id: { type: 'string' },
    page_index: { type: 'integer' },
    kind: { type: 'string', enum: ['chart', 'figure', 'diagram', 'flowchart', 'engineering_diagram'], default: 'figure' },
    chart_type: {
      type: ['string', 'null'],
      description: 'For charts: bar, hbar, grouped_bar, stacked_bar, line, scatter, pie, area or unknown',
    },
    title: { type: 'string', default: '' },
    summary: { type: 'string', default: '' },
    mermaid: { type: 'string', default: '', description: 'Flowcharts and diagrams as a mermaid `flowchart TD`' },
    confidence: { type: 'number', default: 0.0 },
    insights: stringList,
    axes: {
      type: 'object',
      properties: { x_label: { type: 'string', default: '' }, y_label: { type: 'string', default: '' } },
    },
    series: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string', default: '' }, points: { type: 'array', items: ChartPoint } } },
    },
    bbox: intBox,
    bbox_ids: { ...stringList, description: 'Ids of the words inside the item (`<line id>_w<n>`)' },
    region_ids: stringList,
  },
} as const;

export const ChartDescribeResponse = {
  type: 'object',
  // Always sent (with their spec defaults when empty); required here so the response is never mistaken for a JobRef.
  required: ['engine', 'pages', 'grounding_regions', 'items'],
  properties: {
    engine: { type: 'string', enum: ['chart_codegen', 'parse_fallback'], default: 'chart_codegen' },
    pages: { type: 'integer', default: 0 },
    grounding_regions: { type: 'array', items: { $ref: 'GroundingRegion#' } },
    items: { type: 'array', items: ChartItem },
  },
} as const;

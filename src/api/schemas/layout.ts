/** LayoutResponse (spec section 2) as JSON Schema. */
const nullableString = { type: ['string', 'null'] } as const;

export const LayoutComponent = {
  type: 'object',
  required: ['id', 'reading_order_rank', 'type', 'bbox'],
  properties: {
    id: { type: 'string', description: 'Stable for the same file and engine version (the block id, e.g. p0_b3)' },
    reading_order_rank: { type: 'integer' },
    type: { type: 'string' },
    bbox: { type: 'array', items: { type: 'integer' }, description: '[left, top, right, bottom] in page-image pixels' },
    score: { type: ['number', 'null'] },
    children: { type: 'array', items: { type: 'string' }, description: 'nested mode: ids of the components this container holds' },
  },
} as const;

export const LayoutPage = {
  type: 'object',
  required: ['page_index', 'width', 'height', 'components'],
  properties: {
    page_index: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    components: { type: 'array', items: LayoutComponent },
    image_ref: nullableString,
    ocr_median_line_height: { type: ['number', 'null'] },
  },
} as const;

export const LayoutResponse = {
  type: 'object',
  required: ['mode', 'pages'],
  properties: {
    mode: { type: 'string', enum: ['nested', 'non_overlapping'] },
    pages: { type: 'array', items: LayoutPage },
  },
} as const;

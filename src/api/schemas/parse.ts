/** ParseResponse (spec section 2) as JSON Schema. */
const nullableString = { type: ['string', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const bbox = { type: ['array', 'null'], items: { type: 'integer' } } as const;

export const ParsePage = {
  type: 'object',
  required: ['page_index'],
  properties: {
    page_index: { type: 'integer' },
    width: nullableInt,
    height: nullableInt,
    image_ref: nullableString,
    ocr_median_line_height: { type: ['number', 'null'] },
  },
} as const;

export const ParseChunk = {
  type: 'object',
  required: ['chunk_id', 'markdown'],
  properties: {
    chunk_id: { type: 'string' },
    markdown: { type: 'string' },
    type: { type: 'string', default: 'text' },
    label: nullableString,
    display_label: nullableString,
    page_index: nullableInt,
    region_ids: { type: 'array', items: { type: 'string' } },
    bbox,
    table_html: nullableString,
    cells: { type: 'array', items: { type: 'object', additionalProperties: true } },
    render_grid: { type: ['object', 'null'], additionalProperties: true },
    grid_row_count: nullableInt,
    grid_col_count: nullableInt,
    header_row_count: nullableInt,
    mapping_quality: { type: ['string', 'null'], enum: ['exact', 'heuristic', 'fallback', null] },
  },
} as const;

export const ParseResponse = {
  type: 'object',
  required: ['markdown'],
  properties: {
    markdown: { type: 'string' },
    doc_id: nullableString,
    version: nullableString,
    pages: { type: 'array', items: ParsePage },
    regions: { type: 'array', items: { $ref: 'GroundingRegion#' } },
    chunks: { type: 'array', items: ParseChunk },
    metadata: { type: 'object', additionalProperties: true },
  },
} as const;

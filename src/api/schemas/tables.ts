/** TableExtractResponse (spec section 2) as JSON Schema. */
const nullableString = { type: ['string', 'null'] } as const;
const intBox = {
  type: ['array', 'null'],
  items: { type: 'integer' },
  description: '[left, top, right, bottom] in page-image pixels',
} as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

export const TableCell = {
  type: 'object',
  required: ['value'],
  properties: {
    value: { type: 'string', description: 'The cell text exactly as printed (numbers untouched)' },
    text: nullableString,
    html: nullableString,
    cell_id: nullableString,
    row: { type: ['integer', 'null'] },
    col: { type: ['integer', 'null'] },
    row_index: { type: ['integer', 'null'] },
    col_index: { type: ['integer', 'null'] },
    page_index: { type: ['integer', 'null'] },
    source_order: { type: ['integer', 'null'] },
    rowspan: { type: 'integer', default: 1 },
    colspan: { type: 'integer', default: 1 },
    is_header: { type: 'boolean', default: false },
    bbox: intBox,
    bbox_ids: stringList,
    region_ids: stringList,
    effective_region_ids: stringList,
  },
} as const;

const GridCell = {
  type: 'object',
  required: ['cell_id', 'source_order', 'row_index', 'col_index'],
  properties: {
    cell_id: { type: 'string' },
    source_order: { type: 'integer' },
    row_index: { type: 'integer' },
    col_index: { type: 'integer' },
    value: { type: 'string', default: '' },
    rowspan: { type: 'integer', default: 1 },
    colspan: { type: 'integer', default: 1 },
    is_header: { type: 'boolean', default: false },
    region_ids: stringList,
    effective_region_ids: stringList,
  },
} as const;

export const TableResult = {
  type: 'object',
  required: ['html'],
  properties: {
    html: { type: 'string', description: 'The table as HTML: <thead>/<tbody>, rowspan/colspan' },
    bbox: intBox,
    page_index: { type: ['integer', 'null'] },
    source_page_indexes: { type: 'array', items: { type: 'integer' }, description: 'Every page a multi-page table spans' },
    region_ids: stringList,
    region_type: { type: 'string', default: 'table_body' },
    grid_row_count: { type: 'integer', default: 0 },
    grid_col_count: { type: 'integer', default: 0 },
    header_row_count: { type: 'integer', default: 0 },
    mapping_quality: { type: 'string', enum: ['exact', 'heuristic', 'fallback'], default: 'fallback' },
    cells: { type: 'array', items: TableCell },
    render_grid: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['row_index'],
            properties: {
              row_index: { type: 'integer' },
              is_header: { type: 'boolean', default: false },
              cells: { type: 'array', items: GridCell },
            },
          },
        },
      },
    },
  },
} as const;

export const TableExtractResponse = {
  type: 'object',
  required: ['grounding', 'tables'],
  properties: {
    grounding: { type: 'string', enum: ['none', 'table', 'cell'] },
    grounding_regions: { type: ['array', 'null'], items: { $ref: 'GroundingRegion#' } },
    tables: { type: 'array', items: TableResult },
  },
} as const;

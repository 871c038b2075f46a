/** ClassificationResult and SplitPlan (spec section 2) as JSON Schema. */
const nullableNumber = { type: ['number', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const freeObject = { type: 'object', additionalProperties: true } as const;

export const ClassificationPage = {
  type: 'object',
  required: ['page_index', 'doc_class'],
  properties: {
    page_index: { type: 'integer' },
    doc_class: { type: 'string' },
    confidence: nullableNumber,
    page_role: nullableString,
    components_present: { type: ['array', 'null'], items: { type: 'string' } },
    document_identity_hints: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

export const ClassificationResult = {
  type: 'object',
  required: ['doc_class'],
  properties: {
    doc_class: { type: 'string' },
    document_identity_hints: freeObject,
    input_type: { type: 'string', enum: ['markdown', 'image', 'pdf', 'text', 'auto'], default: 'auto' },
    page_count: { type: 'integer', default: 1 },
    page_dimensions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['page_index', 'width', 'height'],
        properties: { page_index: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' } },
      },
    },
    page_classifications: { type: 'array', items: ClassificationPage },
    classification_metadata: {
      type: 'object',
      properties: {
        budget_limited: { type: 'boolean', default: false },
        class_count: { type: 'integer', default: 0 },
        classification_scope: { type: 'string', enum: ['document', 'page'], default: 'document' },
        processed_pages: { type: 'integer', default: 1 },
        total_pages: { type: 'integer', default: 1 },
        sampled_page_indexes: { type: 'array', items: { type: 'integer' } },
        verbosity: { type: 'string', enum: ['none', 'debug'], default: 'none' },
      },
    },
    debug: { type: ['object', 'null'], properties: { sampled_page_classifications: { type: 'array', items: ClassificationPage } } },
  },
} as const;

export const SplitSegment = {
  type: 'object',
  required: ['start_page', 'end_page', 'doc_class'],
  properties: {
    start_page: { type: 'integer', description: '1-based, inclusive' },
    end_page: { type: 'integer', description: '1-based, inclusive' },
    doc_class: { type: 'string' },
    confidence: nullableNumber,
    title: nullableString,
    reason: nullableString,
    file_ref: { anyOf: [{ $ref: 'FileRef#' }, { type: 'null' }] },
  },
} as const;

export const SplitPlan = {
  type: 'object',
  required: ['total_pages', 'documents'],
  properties: {
    total_pages: { type: 'integer' },
    documents: { type: 'array', items: SplitSegment },
    page_summaries: { type: ['array', 'null'], items: freeObject },
    split_metadata: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

/** SynthesizeRequest, SynthesizeResponse and SynthesizeSetResponse (spec section 2) as JSON Schema. */
const stringList = { type: 'array', items: { type: 'string' } } as const;
const freeObject = { type: 'object', additionalProperties: true } as const;
const task = { type: 'string', enum: ['edit_document', 'generate_po', 'generate_related_document'] } as const;

/** The request's own members (execution_mode and billing_profile are the family's shared ones). */
export const synthesizeProperties = {
  prompt: { type: 'string', minLength: 1, maxLength: 20_000, description: 'What to generate or change, in plain words: document types, parties, currency, line items, quantities, prices, tax rates, mismatches' },
  inputs: {
    type: 'array',
    maxItems: 20,
    description: 'Source documents (stored files) to generate from or to edit',
    items: {
      type: 'object',
      required: ['file_id'],
      additionalProperties: false,
      properties: {
        file_id: { type: 'string' },
        instructions: { type: ['string', 'null'], description: 'What to do with this source' },
        role: { type: ['string', 'null'], description: 'Its role in a set, e.g. `purchase_order`' },
      },
    },
  },
} as const;

const SynthesizePage = {
  type: 'object',
  required: ['page_index', 'width', 'height', 'image_ref'],
  properties: { page_index: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' }, image_ref: { type: 'string' } },
} as const;

export const SynthesizeResponse = {
  type: 'object',
  required: ['file', 'task', 'prompt'],
  properties: {
    file: { $ref: 'FileRef#' },
    task,
    prompt: { type: 'string' },
    pages: { type: 'array', items: SynthesizePage },
    source_file_ids: stringList,
    metadata: { ...freeObject, description: 'The plan (ledger) the document was generated from, its checks, and for edits what changed where' },
  },
} as const;

const SynthesizeSetDocument = {
  type: 'object',
  required: ['document_key', 'file', 'task', 'prompt'],
  properties: {
    document_key: { type: 'string' },
    file: { $ref: 'FileRef#' },
    task,
    prompt: { type: 'string' },
    document_type: { type: ['string', 'null'] },
    role: { type: ['string', 'null'] },
    pages: { type: 'array', items: SynthesizePage },
    input_file_ids: stringList,
    source_file_ids: stringList,
    depends_on: stringList,
    matching_against: stringList,
    matching_policy: { ...freeObject, description: 'Exactly which fields must match the documents in matching_against, and the intended mismatches with their values' },
    metadata: freeObject,
  },
} as const;

export const SynthesizeSetResponse = {
  type: 'object',
  required: ['prompt'],
  properties: {
    prompt: { type: 'string' },
    documents: { type: 'array', items: SynthesizeSetDocument },
    source_file_ids: stringList,
    metadata: freeObject,
  },
} as const;

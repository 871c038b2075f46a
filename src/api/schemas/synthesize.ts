/** SynthesizeResponse and SynthesizeSetResponse (spec section 2) as JSON Schema (the request: jobs/requests/synthesize.ts). */
const stringList = { type: 'array', items: { type: 'string' } } as const;
const freeObject = { type: 'object', additionalProperties: true } as const;
const task = { type: 'string', enum: ['edit_document', 'generate_po', 'generate_related_document'] } as const;

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
    metadata: {
      ...freeObject,
      description: 'The plan (ledger) the document was generated from, its checks, and for edits what changed where',
    },
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
    matching_policy: {
      ...freeObject,
      description: 'Exactly which fields must match the documents in matching_against, and the intended mismatches with their values',
    },
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

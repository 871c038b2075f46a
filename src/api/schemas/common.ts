/**
 * Shared JSON Schemas, registered once with `app.addSchema` and referenced as `{ $ref: 'Name#' }`.
 * @fastify/swagger turns each into an OpenAPI component named after its $id.
 */
const nullableString = { type: ['string', 'null'] } as const;

export const InputSource = {
  $id: 'InputSource',
  type: 'object',
  description: 'Exactly one content member (file_id, pdf_base64, image_base64, markdown, text) must be set.',
  properties: {
    file_id: { ...nullableString, description: 'Identifier of an uploaded file' },
    filename: { ...nullableString, description: 'Name of inline content' },
    image_base64: { ...nullableString, description: 'Inline image, base64' },
    pdf_base64: { ...nullableString, description: 'Inline PDF, base64' },
    markdown: { ...nullableString, description: 'Inline markdown' },
    text: { ...nullableString, description: 'Inline plain text' },
    password: {
      ...nullableString,
      description: 'Password of an encrypted `pdf_base64`; the PDF is stored decrypted, the password is never stored or logged',
    },
  },
} as const;

export const FileRef = {
  $id: 'FileRef',
  type: 'object',
  required: ['file_id', 'filename', 'size_bytes', 'created_at'],
  properties: {
    file_id: { type: 'string' },
    filename: { type: 'string' },
    size_bytes: { type: 'integer' },
    created_at: { type: 'number' },
    content_type: nullableString,
    page_count: { type: 'integer', default: 1 },
  },
} as const;

export const JobRef = {
  $id: 'JobRef',
  type: 'object',
  required: ['job_id', 'operation', 'status', 'execution_mode', 'created_at', 'updated_at'],
  properties: {
    job_id: { type: 'string' },
    operation: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'processing', 'completed', 'failed'] },
    execution_mode: { type: 'string', enum: ['async', 'sync'] },
    created_at: { type: 'number' },
    updated_at: { type: 'number' },
    progress: {
      type: 'object',
      properties: { done: { type: 'integer' }, total: { type: 'integer' }, unit: { type: 'string', enum: ['pages'] } },
    },
    error: { type: 'object', properties: { type: { type: 'string' }, msg: { type: 'string' } } },
    result_url: { type: 'string' },
  },
} as const;

export const ValidationErrorItem = {
  $id: 'ValidationError',
  type: 'object',
  required: ['loc', 'msg', 'type'],
  properties: {
    loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    msg: { type: 'string' },
    type: { type: 'string' },
  },
} as const;

export const HTTPValidationError = {
  $id: 'HTTPValidationError',
  type: 'object',
  properties: { detail: { type: 'array', items: { $ref: 'ValidationError#' } } },
} as const;

export const ErrorDetail = {
  $id: 'ErrorDetail',
  type: 'object',
  description: 'Error body: `detail` is a message, or an object for job conflicts (409).',
  required: ['detail'],
  properties: { detail: {}, request_id: { type: 'string' } },
} as const;

export const GroundingRegion = {
  $id: 'GroundingRegion',
  type: 'object',
  required: ['region_id', 'page_index', 'shape'],
  properties: {
    region_id: { type: 'string' },
    page_index: { type: 'integer' },
    shape: {
      type: 'object',
      required: ['type', 'x', 'y', 'w', 'h'],
      properties: {
        type: { type: 'string', enum: ['bbox'] },
        x: { type: 'number' },
        y: { type: 'number' },
        w: { type: 'number' },
        h: { type: 'number' },
      },
    },
    label: nullableString,
    display_label: nullableString,
  },
} as const;

export const sharedSchemas = [InputSource, FileRef, JobRef, ValidationErrorItem, HTTPValidationError, ErrorDetail, GroundingRegion];

/** Error responses shared by authenticated routes, for the OpenAPI document. */
export const errorResponses = {
  401: { $ref: 'ErrorDetail#' },
  404: { $ref: 'ErrorDetail#' },
  422: { $ref: 'HTTPValidationError#' },
  429: { $ref: 'ErrorDetail#' },
  500: { $ref: 'ErrorDetail#' },
} as const;

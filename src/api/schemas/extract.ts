/**
 * Schema payloads, ExtractionResult and the schema/auto answer (spec section 2, decisions.md "Schema
 * auto-generation and extract") as JSON Schema. The request's `schema` member (jobs/requests/extract.ts) is only
 * checked to be an object: its deep structure (types, duplicate keys, the second form) is normalizeSchema's, which
 * names the failing `loc`.
 */
export const SchemaV2Field = {
  type: 'object',
  required: ['key', 'description'],
  properties: {
    key: {
      type: 'string',
      description:
        'Result key; unique among the fields and tables of the schema. A dotted key (`seller.address`, at most 3 levels) nests in the result: `{"seller": {"address": …}}`',
    },
    description: {
      type: 'string',
      description: 'What the field holds: also what maps it to a known concept (e.g. "Invoice total incl. VAT")',
    },
    type: {
      type: 'string',
      enum: ['string', 'number', 'integer', 'boolean', 'date'],
      default: 'string',
      description:
        '`date` values are ISO `YYYY-MM-DD`; a value read that is not a date gives null and a failed `date_type` check in `_validation`',
    },
    array: { type: 'boolean', default: false, description: 'Several values (e.g. parties): the result holds an array, [] when none' },
  },
} as const;

export const SchemaV2Table = {
  type: 'object',
  required: ['key'],
  properties: {
    key: { type: 'string' },
    description: { type: 'string', default: '' },
    fields: { type: 'array', items: SchemaV2Field, description: 'The columns of one row' },
  },
} as const;

export const SchemaV2Payload = {
  type: 'object',
  required: ['doc_class'],
  properties: {
    doc_class: { type: 'string' },
    fields: { type: 'array', items: SchemaV2Field },
    tables: { type: 'array', items: SchemaV2Table },
  },
} as const;

const GROUNDING_PATHS =
  'Field paths: `invoice_number`, `party[1]` (array fields), `line_items[2].amount` (table cells), `seller.name` (nested fields).';

export const FieldGrounding = {
  type: 'object',
  required: ['page_index', 'bbox', 'region_ids', 'confidence', 'source'],
  properties: {
    page_index: { type: 'integer' },
    bbox: {
      type: 'array',
      items: { type: 'integer' },
      minItems: 4,
      maxItems: 4,
      description: "Value box [x0, y0, x1, y1] in page pixels (the parse view's coordinates)",
    },
    region_ids: { type: 'array', items: { type: 'string' }, description: 'Layout regions holding the value' },
    table_id: { type: 'string', description: '`cell` grounding: the table of a table value (bbox is then its cell box)' },
    confidence: { type: 'number' },
    source: { type: 'string', enum: ['key_value', 'table_cell', 'text', 'llm'] },
  },
} as const;

export const ValidationCheckSchema = {
  type: 'object',
  required: ['check', 'ok', 'message', 'paths'],
  properties: {
    check: { type: 'string', description: 'e.g. line_amount, lines_sum_subtotal, subtotal_tax_total, tax_rate, date_sanity' },
    ok: { type: 'boolean' },
    message: { type: 'string' },
    paths: { type: 'array', items: { type: 'string' }, description: 'Result paths involved' },
    expected: { type: ['number', 'string'] },
    found: { type: ['number', 'string'] },
  },
} as const;

export const ExtractionResultBody = {
  type: 'object',
  description: [
    "The schema's shape: each field -> its typed value or null (array fields: [] when none), each table key -> an array of row objects.",
    '`_grounding` (absent with grounding false/none): field path -> where the value was read.',
    '`_validation`: arithmetic and sanity checks of the values (a wrong total is flagged, never corrected).',
  ].join(' '),
  additionalProperties: true,
  properties: {
    _grounding: {
      type: 'object',
      description: GROUNDING_PATHS,
      additionalProperties: { anyOf: [FieldGrounding, { type: 'array', items: FieldGrounding }] },
    },
    _validation: {
      type: 'object',
      required: ['ok', 'checks'],
      properties: { ok: { type: 'boolean' }, checks: { type: 'array', items: ValidationCheckSchema } },
    },
  },
} as const;

export const ExtractionResult = {
  type: 'object',
  required: ['schema', 'result', 'grounding_mode'],
  properties: {
    schema: { ...SchemaV2Payload, description: 'The schema used, in V2 form (normalized, or generated when none was given)' },
    result: ExtractionResultBody,
    grounding_mode: { type: ['boolean', 'string'], description: "The request's `grounding`" },
    page_count: { type: 'integer', default: 1 },
  },
} as const;

export const SchemaAutoResponse = {
  type: 'object',
  required: ['schema', 'schema_file_id'],
  properties: {
    schema: SchemaV2Payload,
    schema_file_id: { type: 'string', description: 'The schema stored as a JSON file: pass it to POST /v1/extract as `schema_file_id`' },
  },
} as const;

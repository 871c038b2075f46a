import type { ProcessingRequest } from './common.ts';

/** The own request members of extraction and schema generation, as JSON Schema (routes validate, handlers read). */

/**
 * Request member `schema`: any form, checked in depth by the route (422 with the failing loc). The second form
 * (`invoice_level_fields`: key -> "type: description"; `line_item_structures`: key -> {description,
 * target_fields: ["name (type): description"]}) and JSON Schema (json-schema.ts) are normalized to V2; the examples show all three.
 */
export const SchemaRequestMember = {
  type: ['object', 'null'],
  additionalProperties: true,
  description: [
    'SchemaV2Payload (`doc_class`, `fields`, `tables`), the invoice form (`invoice_level_fields`, `line_item_structures`), or a JSON Schema (`{"type": "object", "properties": {…}}`). Not with `schema_file_id`; with neither, the schema is generated from the document first.',
    'JSON Schema: the result uses your property names. `string`/`number`/`integer`/`boolean` properties are fields; `format` `date` or `date-time` on a string makes a `date` field (ISO `YYYY-MM-DD`); `description` (else `title`) says what a field holds.',
    "A nested object's properties nest in the result the same way (at most 3 levels; `_grounding` names them by dotted path, `seller.address`, as does the V2 schema in the response). An array of objects is a table (line items) of scalar columns; an array of scalars is an `array` field.",
    '`title`, `$schema`, `$id`, `$defs`, `$comment`, `examples`, `default`, `additionalProperties` and `required` are accepted and change nothing (every field is extracted, null when absent); a type `["T", "null"]` is T.',
    'What cannot be honoured is a 422 naming the member and why: references to other schemas, `oneOf`/`anyOf`/`allOf`, other type arrays, constraints (`enum`, `pattern`, `minimum`, …), other formats, arrays of arrays, objects or arrays inside line items, deeper nesting, empty `properties`, property names that are not identifier-like.',
  ].join(' '),
  examples: [
    {
      doc_class: 'invoice',
      fields: [
        { key: 'invoice_number', description: 'Invoice number' },
        { key: 'total', description: 'Total amount due', type: 'number' },
      ],
      tables: [
        {
          key: 'line_items',
          description: 'Invoice lines',
          fields: [
            { key: 'description', description: 'Item' },
            { key: 'amount', description: 'Line total', type: 'number' },
          ],
        },
      ],
    },
    {
      invoice_level_fields: { invoice_number: 'string: Invoice number', total: 'number: Total amount due' },
      line_item_structures: {
        line_items: { description: 'Invoice lines', target_fields: ['description (string): Item', 'amount (number): Line total'] },
      },
    },
    {
      type: 'object',
      properties: {
        invoice_number: { type: 'string', description: 'Invoice number' },
        invoice_date: { type: 'string', format: 'date', description: 'Invoice date' },
        seller: { type: 'object', properties: { name: { type: 'string', description: 'Seller name' } } },
        total: { type: 'number', description: 'Total amount due' },
        line_items: {
          type: 'array',
          description: 'Invoice lines',
          items: {
            type: 'object',
            properties: { description: { type: 'string', description: 'Item' }, amount: { type: 'number', description: 'Line total' } },
          },
        },
      },
      required: ['invoice_number', 'total'],
    },
  ],
} as const;

export const extractProperties = {
  schema: SchemaRequestMember,
  schema_file_id: { type: ['string', 'null'], description: 'A stored JSON schema file of yours (404 when unknown, 422 when not a schema)' },
  // One enum over both types (no `type` union): one clear 422 for anything else, and no coercion of strings.
  grounding: {
    enum: [true, false, 'none', 'regions', 'cell'],
    default: true,
    description:
      '`true`/`regions`: value boxes and regions; `cell`: table values also name their table (cell boxes); `false`/`none`: no `_grounding`',
  },
} as const;
export type ExtractRequest = ProcessingRequest<typeof extractProperties>;

export const schemaAutoProperties = {
  file_id: {
    anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 20 }, { type: 'null' }],
    description: 'Uploaded file id, or several',
  },
  inputs: { type: 'array', items: { $ref: 'InputSource#' }, maxItems: 20 },
  instructions: { type: ['string', 'null'], maxLength: 4000 },
} as const;
/** Every member optional: the route checks that `file_id`, `input` or `inputs` names a document. */
export type SchemaAutoRequest = ProcessingRequest<typeof schemaAutoProperties, never>;

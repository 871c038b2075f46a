import { extractProperties, requestedSchema } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec, ReceivedBody } from '../processing.ts';
import { ExtractionResult } from '../schemas/extract.ts';

export const extractRoute: ProcessingRouteSpec<ReceivedBody<typeof extractProperties>> = {
  url: '/v1/extract',
  operation: 'extract',
  summary: 'Extract the fields of a schema from a document, each with where it was read',
  description: [
    "The schema comes from `schema` (SchemaV2Payload, the `invoice_level_fields` + `line_item_structures` form, or a JSON Schema: see the member) or from `schema_file_id` (a stored JSON file holding any of these, e.g. the one POST /v1/schema/auto writes); giving both is a 422; with neither the schema is generated from the document first. The response's `schema` is always V2 (nested JSON Schema properties as dotted keys).",
    'Values are typed (numbers, ISO dates, booleans) and only ever read from the document. `result._grounding` maps each field path to its page, value box and regions (`grounding`: `true`/`regions`; `cell` adds table ids with cell boxes; `false`/`none` leaves it out); `result._validation` holds arithmetic and sanity checks (line amounts, subtotal + tax = total, dates, ...).',
  ].join('\n\n'),
  properties: extractProperties,
  response: { description: 'ExtractionResult', ...ExtractionResult },
  // Malformed schemas and unknown schema files are refused before anything is stored or queued (also for async).
  async validate(body, { ctx, tenant }) {
    await requestedSchema(ctx.files, tenant, body);
  },
};

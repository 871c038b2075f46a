import { schemaAutoFileIds, schemaAutoProperties } from '../../jobs/mod.ts';
import { ValidationError } from '../../shared/errors.ts';
import type { ProcessingRouteSpec, ReceivedBody } from '../processing.ts';
import { SchemaAutoResponse } from '../schemas/extract.ts';

export const schemaAutoRoute: ProcessingRouteSpec<ReceivedBody<typeof schemaAutoProperties, never>> = {
  url: '/v1/schema/auto',
  operation: 'schema_auto',
  summary: 'Generate an extraction schema from example documents',
  description: [
    'Reads the documents named by `file_id` (one id or several) and/or `inputs`, and proposes a SchemaV2Payload: the document class, the header fields they state (numbers, dates, amounts typed) and their line-item tables. `instructions` steer which fields matter.',
    'The schema is also stored as a JSON file: pass `schema_file_id` to POST /v1/extract to use it.',
  ].join('\n\n'),
  properties: schemaAutoProperties,
  required: [],
  response: { description: 'SchemaAutoResponse', ...SchemaAutoResponse },
  async validate(request, { ctx, tenant }) {
    // `input`/`inputs` are still InputSources here (inline content allowed): only `file_id` names stored files yet.
    const inline = (Array.isArray(request.inputs) ? request.inputs.length : 0) + (request.input ? 1 : 0);
    const named = schemaAutoFileIds({ file_id: request.file_id });
    if (named.length + inline === 0)
      throw ValidationError.at(['body', 'file_id'], 'Name at least one document in file_id or inputs', 'missing');
    // Unknown ids answer 404 before anything is queued (inputs are checked when they are resolved).
    for (const fileId of named) await ctx.files.get(tenant, fileId);
  },
};

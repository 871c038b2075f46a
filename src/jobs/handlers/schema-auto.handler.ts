import path from 'node:path';
import { autoSchema, type ExtractDocument, type SchemaV2 } from '../../pipeline/extract/mod.ts';
import { ValidationError } from '../../shared/errors.ts';
import { requireDep, type JobContext, type JobHandler } from '../handler.ts';
import type { SchemaAutoRequest } from '../requests/extract.ts';
import { extractDocumentOf } from './extract.handler.ts';

export interface SchemaAutoResult {
  schema: SchemaV2;
  schema_file_id: string;
}

/** Every document the request names, each once, in the order given: `file_id` (one or many), `input`, `inputs`. */
export function schemaAutoFileIds(request: Pick<SchemaAutoRequest, 'file_id' | 'input' | 'inputs'>): string[] {
  const ids = [
    ...(Array.isArray(request.file_id) ? request.file_id : request.file_id ? [request.file_id] : []),
    ...(request.input?.file_id ? [request.input.file_id] : []),
    ...(request.inputs ?? []).map((i) => i.file_id),
  ];
  return [...new Set(ids)];
}

/** Each document through the same analysis extract reads (progress is reported per document). */
async function documentsOf(ctx: JobContext<SchemaAutoRequest>, fileIds: string[]): Promise<{ docs: ExtractDocument[]; pages: number }> {
  const docs: ExtractDocument[] = [];
  let pages = 0;
  for (const fileId of fileIds) {
    ctx.signal.throwIfAborted();
    const doc = await extractDocumentOf({ ...ctx, request: { ...ctx.request, input: { file_id: fileId } } });
    docs.push(doc);
    pages += doc.model.page_count;
  }
  return { docs, pages };
}

/**
 * Generates one schema that fits the given documents, stores it as `<first file>.schema.json` (a JSON file of the
 * tenant, usable as extract's `schema_file_id`) and answers both.
 */
export const schemaAutoHandler: JobHandler<SchemaAutoRequest> = {
  operation: 'schema_auto',
  async run(ctx) {
    const request = ctx.request;
    const files = requireDep(ctx.deps, 'files');
    const fileIds = schemaAutoFileIds(request);
    if (fileIds.length === 0) throw ValidationError.at(['body'], 'Name at least one document in file_id or inputs');
    const { docs, pages } = await documentsOf(ctx, fileIds);
    const schema = autoSchema(docs, { instructions: request.instructions ?? null });
    ctx.signal.throwIfAborted();
    const first = await files.get(ctx.tenant, fileIds[0]);
    const name = `${path.parse(first.filename || 'document').name}.schema.json`;
    const ref = await files.ingestBuffer(ctx.tenant, name, Buffer.from(JSON.stringify(schema, null, 2)), { inline: false });
    ctx.recordPages(pages);
    const result: SchemaAutoResult = { schema, schema_file_id: ref.file_id };
    return result;
  },
};

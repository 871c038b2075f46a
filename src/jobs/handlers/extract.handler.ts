import type { FileService } from '../../files/mod.ts';
import {
  autoSchema,
  buildExtractDocument,
  extractFields,
  normalizeSchema,
  SchemaError,
  type SchemaV2,
} from '../../pipeline/extract/mod.ts';
import { buildExtractView } from '../../pipeline/views/mod.ts';
import { ValidationError } from '../../shared/errors.ts';
import { requireDep, type JobContext, type JobHandler } from '../handler.ts';
import type { ExtractRequest } from '../requests/extract.ts';
import { jobModel, type DocumentRequest } from './analysis-views.ts';

/** The members that name an extraction's schema (the route checks them before queueing, the handler again). */
type SchemaChoice = Pick<ExtractRequest, 'schema' | 'schema_file_id'>;

/** A schema file is a small JSON object; anything bigger is not a schema. */
const MAX_SCHEMA_FILE_BYTES = 1024 * 1024;

function schemaIssue(err: unknown, loc: (string | number)[]): never {
  if (err instanceof SchemaError) {
    // normalizeSchema prefixes the loc it was given; a bare loc is relative to the member.
    const full = err.loc[0] === 'body' ? err.loc : [...loc, ...err.loc];
    throw ValidationError.at(full, err.message, err.type ?? 'value_error');
  }
  throw err;
}

/** A stored JSON file of the tenant holding a schema in either form: 404 when unknown, 422 when not a schema. */
export async function readSchemaFile(files: FileService, tenant: string, fileId: string): Promise<SchemaV2> {
  const loc = ['body', 'schema_file_id'];
  const record = await files.get(tenant, fileId);
  if (record.content_type !== 'application/json') {
    throw ValidationError.at(loc, `File ${fileId} is ${record.content_type}, not a JSON schema file`);
  }
  if (record.size_bytes > MAX_SCHEMA_FILE_BYTES) throw ValidationError.at(loc, `File ${fileId} is too large to be a schema`);
  let parsed: unknown;
  try {
    parsed = JSON.parse((await files.readOriginal(record)).toString('utf8'));
  } catch (err) {
    throw ValidationError.at(loc, `File ${fileId} does not parse as JSON: ${(err as Error).message}`);
  }
  try {
    return normalizeSchema(parsed, []);
  } catch (err) {
    if (err instanceof SchemaError) {
      const where = err.loc.length > 0 ? ` at ${err.loc.join('.')}` : '';
      throw ValidationError.at(loc, `File ${fileId} is not a valid schema${where}: ${err.message}`, err.type ?? 'value_error');
    }
    throw err;
  }
}

/**
 * The schema a request names: `schema` (either form) or `schema_file_id`, never both (422); null when neither
 * is given (the schema is then generated from the document). The route calls this before queueing, the handler
 * again when it runs (the file may have changed in between).
 */
export async function requestedSchema(files: FileService, tenant: string, request: SchemaChoice): Promise<SchemaV2 | null> {
  const { schema, schema_file_id: schemaFileId } = request;
  const hasSchema = schema !== undefined && schema !== null;
  const hasFile = schemaFileId !== undefined && schemaFileId !== null;
  if (hasSchema && hasFile) throw ValidationError.at(['body'], 'Give either schema or schema_file_id, not both');
  if (hasSchema) {
    try {
      return normalizeSchema(schema, ['body', 'schema']);
    } catch (err) {
      schemaIssue(err, ['body', 'schema']);
    }
  }
  if (hasFile) return readSchemaFile(files, tenant, schemaFileId);
  return null;
}

/** The `grounded` analysis: blocks, tables and OCR of scanned pages are what extraction reads. */
export async function extractDocumentOf(ctx: JobContext<DocumentRequest>) {
  // The extraction depends on the schema: it reads the analysis itself, nothing derived is cached.
  return buildExtractDocument(await jobModel(ctx, { profile: 'grounded' }), ctx.logger);
}

export const extractHandler: JobHandler<ExtractRequest> = {
  operation: 'extract',
  async run(ctx) {
    const request = ctx.request;
    const given = await requestedSchema(requireDep(ctx.deps, 'files'), ctx.tenant, request);
    const doc = await extractDocumentOf(ctx);
    const schema = given ?? autoSchema([doc]);
    ctx.signal.throwIfAborted();
    // The optional LLM (runtime deps): extractFields asks it only for fields its rules left empty, grounds each answer
    // in the text (or drops it), and carries on without it when it fails.
    const llm = ctx.deps.llm ?? null;
    const calibrate = ctx.deps.extractCalibration !== false;
    const output = await extractFields(doc, schema, { llm, signal: ctx.signal, logger: ctx.logger, calibrate });
    return buildExtractView(output, schema, { grounding: request.grounding ?? true, pageCount: doc.model.page_count });
  },
};

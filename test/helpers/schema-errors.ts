import { normalizeSchema, SchemaError } from '../../src/pipeline/extract/mod.ts';

/** The SchemaError that normalizing `input` as a request's `schema` member throws (fails when none is thrown). */
export function errorOf(input: unknown): SchemaError {
  try {
    normalizeSchema(input, ['body', 'schema']);
  } catch (err) {
    if (err instanceof SchemaError) return err;
    throw err;
  }
  throw new Error('expected a SchemaError');
}

import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Request validation with one Ajv per HTTP part. A query string or path carries only text, so `?limit=5` must be
 * coerced to the integer its schema declares; a JSON body carries types of its own, and coercing them would turn
 * `"file_id": 123` into a lookup of the file "123" or `"query": 5` into a question: bodies are validated strictly,
 * and a wrong type answers 422 naming the member (decisions.md).
 */
const COMMON = { removeAdditional: false, useDefaults: true, allErrors: false } as const;
const STRICT = { ...COMMON, coerceTypes: false } as const;
const COERCING = { ...COMMON, coerceTypes: 'array' } as const;

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildValidator = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildValidator']>;

/** Fastify's `compilersFactory.buildValidator`: bodies strict, query strings, params and headers coerced. */
export function buildPartAwareValidator(): BuildValidator {
  const fromPool = AjvCompiler();
  return (externalSchemas) => {
    const strict = fromPool(externalSchemas, { customOptions: STRICT });
    const coercing = fromPool(externalSchemas, { customOptions: COERCING });
    return (route) => (route.httpPart === 'body' ? strict : coercing)(route);
  };
}

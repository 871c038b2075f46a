/**
 * Schema-driven field extraction (issue 7): normalise a schema, build the extraction view of a document model,
 * extract grounded, typed values with self-checks.
 */
export { SchemaError, normalizeSchema } from './schema.ts';
export { conceptOf, labelConcept } from './lexicon.ts';
export { buildExtractDocument } from './document.ts';
export { extractFields, candidatesFor } from './extract.ts';
export { finderFor } from './concepts/index.ts';
export type * from './types.ts';
export type { LlmPort } from './llm.ts';
export { autoSchema } from './auto-schema.ts';
export { createLlmPort } from './llm.ts';

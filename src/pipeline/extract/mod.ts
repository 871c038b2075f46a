/**
 * Schema-driven field extraction (issue 7): normalise a schema, build the extraction view of a document model,
 * extract grounded, typed values with self-checks.
 */
export { SchemaError, normalizeSchema, FIELD_TYPES, MAX_FIELDS, type Loc } from './schema.ts';
export { conceptOf, labelConcept, labelScore, fieldLabelScore } from './lexicon.ts';
export { buildExtractDocument } from './document.ts';
export { extractFields, candidatesFor, type ExtractOptions } from './extract.ts';
export { CONCEPT_FINDERS, finderFor } from './concepts/index.ts';
export type * from './types.ts';
export type { LlmPort } from './llm.ts';
export { autoSchema } from './auto-schema.ts';
export { createLlmPort } from './llm.ts';

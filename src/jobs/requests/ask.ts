import type { ProcessingRequest } from './common.ts';

/** Longest accepted question, in characters: a question, not a document. */
export const MAX_QUERY_LENGTH = 2000;
/** Most documents one ask may name (each is parsed and indexed). */
export const MAX_ASK_INPUTS = 20;

/** Request members of POST /api/v1/ask beyond the shared processing members, as JSON Schema. */
export const askProperties = {
  query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH },
  input: { anyOf: [{ $ref: 'InputSource#' }, { type: 'null' }] },
  inputs: { type: 'array', items: { $ref: 'InputSource#' }, maxItems: MAX_ASK_INPUTS },
  include_grounding: { type: 'boolean', default: true },
  session_id: { type: ['string', 'null'], maxLength: 200 },
} as const;
/** `input` is optional: a follow-up may name its session instead. */
export type AskRequest = ProcessingRequest<typeof askProperties, 'query'>;

import type { FromProperties } from './from-schema.ts';

/**
 * The request members every processing operation shares, as JSON Schema: the routes validate them (beside each
 * operation's own members, in this folder) and the job handlers' request types are read from them.
 */

/** Members every processing route accepts (decisions.md: validated identically everywhere). */
export function processingProperties(defaultMode: 'async' | 'sync' = 'async') {
  return {
    input: { $ref: 'InputSource#' },
    execution_mode: { type: 'string', enum: ['async', 'sync'], default: defaultMode },
    billing_profile: { type: 'string', enum: ['standard', 'engineering_drawing'], default: 'standard' },
    page_range: {
      type: ['string', 'null'],
      maxLength: 1000,
      description:
        'Optional: only these 1-based pages, e.g. `"1-3,7"` (whitespace allowed). Results keep the original page indexes; usage counts only these pages. Malformed, empty, or past the last page of a document → 422',
      examples: ['1-3,7'],
    },
    webhook_url: {
      type: ['string', 'null'],
      format: 'uri',
      description:
        'Optional: POSTed the final JobRef, signed with HMAC-SHA256 over timestamp and body (X-Docintel-Timestamp, X-Docintel-Signature). Private, loopback and link-local targets are refused (422) unless the server allows them',
    },
  } as const;
}

/** The shared members of the synthesize family: sync only, no input, no webhook (spec: only the listed members). */
export function closedProperties() {
  return {
    execution_mode: { type: 'string', enum: ['sync'], default: 'sync', description: 'Only `sync`: these endpoints answer inline' },
    billing_profile: { type: 'string', enum: ['standard', 'engineering_drawing'], default: 'standard' },
  } as const;
}

/** A request's `InputSource` as its job sees it: the route stored any inline content, so it names a stored file. */
interface StoredInput {
  file_id: string;
}

/** What the `$ref`s of the request schemas are once the route has resolved the request. */
interface ResolvedRefs {
  'InputSource#': StoredInput;
}

/** Members `Own` over `Shared`, as the route spreads them into one body schema (an own member replaces a shared one). */
type BodyProperties<Shared, Own> = Omit<Shared, keyof Own> & Own;

/**
 * The request a processing route queues: the shared members and the operation's own `P` (`Required` of them
 * required). `Refs`: what the schemas' references are, by default as the job sees them (inputs resolved).
 */
export type ProcessingRequest<P = object, Required extends PropertyKey = 'input', Refs = ResolvedRefs> = FromProperties<
  BodyProperties<ReturnType<typeof processingProperties>, P>,
  Required,
  Refs
>;

/** The request a route of the synthesize family queues: its shared members and the operation's own `P`. */
export type ClosedRequest<P, Required extends PropertyKey = never> = FromProperties<
  BodyProperties<ReturnType<typeof closedProperties>, P>,
  Required,
  ResolvedRefs
>;

import type { ClosedRequest } from './common.ts';

/**
 * SynthesizeRequest (spec section 2) as JSON Schema, for /api/v1/synthesize(/one) and /set: the request's own
 * members (execution_mode and billing_profile are the family's shared ones).
 */
export const synthesizeProperties = {
  prompt: {
    type: 'string',
    minLength: 1,
    maxLength: 20_000,
    description:
      'What to generate or change, in plain words: document types, parties, currency, line items, quantities, prices, tax rates, mismatches',
  },
  inputs: {
    type: 'array',
    maxItems: 20,
    description: 'Source documents (stored files) to generate from or to edit',
    items: {
      type: 'object',
      required: ['file_id'],
      additionalProperties: false,
      properties: {
        file_id: { type: 'string' },
        instructions: { type: ['string', 'null'], description: 'What to do with this source' },
        role: { type: ['string', 'null'], description: 'Its role in a set, e.g. `purchase_order`' },
      },
    },
  },
} as const;
export type SynthesizeRequest = ClosedRequest<typeof synthesizeProperties, 'prompt'>;

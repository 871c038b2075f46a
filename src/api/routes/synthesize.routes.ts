import { synthesizeProperties, type SynthesizeRequest } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { SynthesizeResponse, SynthesizeSetResponse } from '../schemas/synthesize.ts';
import { checkSynthesisInputs } from '../services/synthesis-inputs.ts';

const ONE_DESCRIPTION = [
  'One business document as a real PDF (purchase order, invoice, credit note, delivery note, goods receipt, receipt, quote, bank statement, timesheet), planned from the prompt and checked before it is returned (line totals, tax per rate, currency rounding, grand total). The same prompt gives the same document.',
  'With `inputs`, the sources are read (parse and extract) and the related document is generated from them (an invoice from a purchase order), or, when the prompt names values to change, the source PDF is edited in place: exactly those values, in a matching font and size; `metadata.changes` says what changed where. `task` says which the service did. Only the listed members are accepted, and only `sync`.',
].join('\n\n');

export const synthesizeRoute: ProcessingRouteSpec<SynthesizeRequest> = {
  url: '/api/v1/synthesize',
  operation: 'synthesize',
  summary: 'Synthetic business document (generate or edit)',
  description: ONE_DESCRIPTION,
  closed: true,
  required: ['prompt'],
  properties: synthesizeProperties,
  response: { description: 'SynthesizeResponse', ...SynthesizeResponse },
  validate: checkSynthesisInputs,
};

/** An alias of /api/v1/synthesize: not a tool of its own (the registry holds `synthesize` once). */
export const synthesizeOneRoute: ProcessingRouteSpec<SynthesizeRequest> = {
  ...synthesizeRoute,
  url: '/api/v1/synthesize/one',
  summary: 'Synthetic business document (one)',
  tool: false,
};

export const synthesizeSetRoute: ProcessingRouteSpec<SynthesizeRequest> = {
  url: '/api/v1/synthesize/set',
  operation: 'synthesize_set',
  summary: 'A set of related synthetic documents (e.g. PO, invoice, goods receipt)',
  description:
    'A planner builds the shared context and ledger (parties, identifiers, dates, lines, quantities, prices, taxes, totals) and the matching rules; the members are generated in parallel, each after the members it depends on. Every member says what it must match (`matching_against`, `matching_policy`): the fields that agree exactly and the mismatches the prompt asked for, with their values. Only the listed members are accepted, and only `sync`.',
  closed: true,
  required: ['prompt'],
  properties: synthesizeProperties,
  response: { description: 'SynthesizeSetResponse', ...SynthesizeSetResponse },
  validate: checkSynthesisInputs,
};

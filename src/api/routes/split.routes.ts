import { splitProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { SplitPlan } from '../schemas/classify.ts';

export const splitRoute: ProcessingRouteSpec = {
  url: '/v1/split',
  operation: 'split',
  summary: 'Split a packet into its documents',
  description:
    'Where each document of a packet starts and ends (1-based inclusive pages), its class, title, confidence and the reason for the boundary (class change, page numbering restarting, a new document number or issuer, a blank separator page). Each document is also stored as its own PDF (`file_ref`), usable by every endpoint. `verbosity: debug` adds one summary line per page and the boundary scores.',
  properties: splitProperties,
  response: { description: 'SplitPlan', ...SplitPlan },
};

import { classifyProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { ClassificationResult } from '../schemas/classify.ts';

export const classifyRoute: ProcessingRouteSpec = {
  url: '/v1/classify',
  operation: 'classify',
  summary: 'Classify a document or each of its pages',
  description: [
    'The document class (invoice, receipt, contract, nda_contract, scientific_paper, report, … or `other` when nothing fits) with a calibrated confidence, page roles, the components present and identity hints (issuer, document number, date).',
    '`classification_scope`: `document` (one label, from a sample of at most 50 pages of longer files: `budget_limited`, `sampled_page_indexes`) or `page` (every page). `class_definitions` replaces the built-in classes with yours (label + description, scored zero-shot; a class whose label and description describe a built-in class, such as "supplier bills asking for payment", also draws on that class\'s phrases in every supported script and its layout cues). `verbosity: debug` adds the sampled pages\' classifications.',
  ].join('\n\n'),
  properties: classifyProperties,
  response: { description: 'ClassificationResult', ...ClassificationResult },
};

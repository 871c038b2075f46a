import type { ProcessingRequest } from './common.ts';

/**
 * The own request members of the operations that answer with a view of one document's analysis, as JSON Schema
 * (the routes validate them; each handler's request type is read from them).
 */

export const parseProperties = {
  profile: { type: 'string', enum: ['grounded', 'fast'], default: 'grounded' },
  grounding: { type: 'string', enum: ['none', 'regions', 'ocr_lines'], default: 'regions' },
  include_artifacts: { type: 'boolean', default: false },
} as const;
export type ParseRequest = ProcessingRequest<typeof parseProperties>;

export const layoutProperties = {
  mode: { type: 'string', enum: ['nested', 'non_overlapping'], default: 'non_overlapping' },
} as const;
export type LayoutRequest = ProcessingRequest<typeof layoutProperties>;

export const ocrProperties = {
  language: { type: 'string', enum: ['auto', 'global'], default: 'auto' },
  mode: { type: 'string', enum: ['regular', 'classic', 'agentic'], default: 'regular' },
} as const;
export type OcrRequest = ProcessingRequest<typeof ocrProperties>;

export const tablesProperties = {
  boundary_source: { type: 'string', enum: ['detector', 'layout', 'none'], default: 'detector' },
  detection_policy: { type: 'string', enum: ['strict', 'liberal'], default: 'strict' },
  grounding: { type: 'string', enum: ['none', 'table', 'cell'], default: 'cell' },
} as const;
export type TablesRequest = ProcessingRequest<typeof tablesProperties>;

export const equationsProperties = {
  boundary_source: { type: 'string', enum: ['detector', 'layout', 'none'], default: 'detector' },
} as const;
export type EquationsRequest = ProcessingRequest<typeof equationsProperties>;

export const chartsProperties = {} as const;
export type ChartsRequest = ProcessingRequest<typeof chartsProperties>;

export const ClassDefinition = {
  type: 'object',
  required: ['label', 'description'],
  additionalProperties: false,
  properties: { label: { type: 'string', minLength: 1, maxLength: 200 }, description: { type: 'string', maxLength: 4000 } },
} as const;

export const classifyProperties = {
  input_type: { type: 'string', enum: ['markdown', 'image', 'pdf', 'text', 'auto'], default: 'auto' },
  classification_scope: { type: 'string', enum: ['document', 'page'], default: 'document' },
  class_definitions: { type: 'array', items: ClassDefinition, minItems: 1, maxItems: 200 },
  verbosity: { type: 'string', enum: ['none', 'debug'], default: 'none' },
} as const;
export type ClassifyRequest = ProcessingRequest<typeof classifyProperties>;

export const splitProperties = {
  verbosity: { type: 'string', enum: ['none', 'debug'], default: 'none' },
} as const;
export type SplitRequest = ProcessingRequest<typeof splitProperties>;

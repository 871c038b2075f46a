// Documents synthesized from a template and data (one, or a set).
export type { SynthesisPorts } from './service.ts';
export { synthesizeOne, synthesizeSet } from './service.ts';

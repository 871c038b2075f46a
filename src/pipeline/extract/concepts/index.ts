import type { ConceptFinder } from '../types.ts';
import { businessFinders } from './business.ts';
import { contractFinders } from './contract/mod.ts';

/** Every concept finder: invoice/receipt concepts, then contract concepts. */
export const CONCEPT_FINDERS: ConceptFinder[] = [...businessFinders, ...contractFinders];

const byConcept = new Map<string, ConceptFinder>(CONCEPT_FINDERS.map((f) => [f.concept, f]));

export function finderFor(concept: string | null): ConceptFinder | undefined {
  return concept ? byConcept.get(concept) : undefined;
}

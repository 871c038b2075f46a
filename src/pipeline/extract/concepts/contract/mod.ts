import type { Candidate, ConceptFinder } from '../../types.ts';
import { MIN_CONFIDENCE } from './text-index.ts';
import { findEffectiveDate } from './dates.ts';
import { findJurisdiction } from './jurisdiction.ts';
import { findParties } from './parties.ts';
import { findTerm } from './term.ts';

/**
 * Concept finders for contracts (NDAs, employment and services agreements): effective_date, jurisdiction, party,
 * term. Contracts state these in stock phrases ("effective as of", "governed by the laws of", "by and between",
 * "for a period of two (2) years"), so the finders read the document's running text with those phrases and ground
 * each value back to the words that print it. The text is built once per document (cached) and searched with
 * linear regexes: a 20-page contract takes a few milliseconds.
 *
 * One concern per file: text-index.ts (running text and grounding), dates.ts, jurisdiction.ts, term.ts, parties.ts.
 */

/** Single-valued concepts propose only candidates at MIN_CONFIDENCE or above (text-index.ts says why). */
const confident = (candidates: Candidate[]) => candidates.filter((c) => c.confidence >= MIN_CONFIDENCE);

export const contractFinders: ConceptFinder[] = [
  { concept: 'effective_date', find: (doc) => confident(findEffectiveDate(doc)), exhaustive: true },
  { concept: 'jurisdiction', find: (doc) => confident(findJurisdiction(doc)), exhaustive: true },
  { concept: 'party', find: (doc) => findParties(doc), exhaustive: true },
  { concept: 'term', find: (doc) => confident(findTerm(doc)), exhaustive: true },
];

import { CLASS_PARENTS } from '../classify/mod.ts';
import { tokensOf } from '../lexicon/mod.ts';
import { descriptionHead } from './lexicon.ts';
import type { Candidate, SchemaField } from './types.ts';

/**
 * Sibling fields: several single-valued fields of one schema that ask for the same concept (`party_1` and
 * `party_2`, `disclosing_party` and `receiving_party`, `company_a` and `company_b`). Each must name a different
 * entity: a field that gives an ordinal ("2", "b", "second") takes the value of that rank in the finder's order
 * (document order for parties); the others take, in schema order, the best value no sibling took. When no value
 * is left the field stays null: one party found is not two.
 */

const ORDINAL_WORDS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  other: 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
};
/** A trailing single letter or digit of a multi-word key ranks it ("party_b", "seller 2"). */
const TRAILING_RANK = /^(?:[a-d]|[1-4])$/;

/** The 0-based rank a field's key or description gives it, or null. */
export function ordinalOf(field: Pick<SchemaField, 'key' | 'description'>): number | null {
  const key = tokensOf(field.key);
  const last = key[key.length - 1];
  if (key.length >= 2 && TRAILING_RANK.test(last)) return /\d/.test(last) ? Number(last) - 1 : last.charCodeAt(0) - 97;
  for (const t of [...key, ...descriptionHead(field.description)]) if (t in ORDINAL_WORDS) return ORDINAL_WORDS[t];
  return null;
}

const valueKey = (c: Candidate) =>
  typeof c.value === 'string'
    ? c.value
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
    : String(c.value);

/** The candidates in rank order with repeats of a value dropped (the first, best-placed one kept). */
function distinct(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => !seen.has(valueKey(c)) && seen.add(valueKey(c)));
}

export class SiblingAssigner {
  private readonly taken = new Map<string, Set<string>>();
  private readonly counts = new Map<string, number>();

  constructor(fields: readonly SchemaField[], conceptOf: (f: SchemaField) => string | null) {
    for (const f of fields) {
      const c = conceptOf(f);
      if (c && !f.array) this.counts.set(c, (this.counts.get(c) ?? 0) + 1);
    }
  }

  /** The field's candidates with siblings' values removed and its ranked value first; unchanged for a lone field. */
  assign(field: SchemaField, concept: string | null, candidates: Candidate[]): Candidate[] {
    if (!concept || field.array || (this.counts.get(concept) ?? 0) < 2) return candidates;
    const taken = this.taken.get(concept) ?? this.taken.set(concept, new Set()).get(concept)!;
    const ranked = distinct(candidates);
    const rank = ordinalOf(field);
    const pick = rank !== null ? ranked[rank] : ranked.find((c) => !taken.has(valueKey(c)));
    if (!pick || taken.has(valueKey(pick))) return [];
    taken.add(valueKey(pick));
    return [pick, ...ranked.filter((c) => c !== pick && !taken.has(valueKey(c)))];
  }
}

/** Concepts of the business-document vocabulary that, in an agreement, can only mean one of its parties. */
const PARTY_LIKE = new Set(['issuer', 'customer']);
const isAgreement = (docClass: string) => docClass === 'contract' || CLASS_PARENTS.get(docClass) === 'contract';

/** In an agreement a company, seller or buyer field asks for a party; elsewhere the concept stands. */
export function conceptInDocument(concept: string | null, docClass: string): string | null {
  return concept && PARTY_LIKE.has(concept) && isAgreement(docClass) ? 'party' : concept;
}

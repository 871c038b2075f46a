import type { SchemaField } from './types.ts';
import {
  AMOUNT_CONCEPTS,
  CONCEPT_LABELS,
  CONCEPTS,
  DESCRIPTION_HEAD_END,
  IDENTIFIER_NOUNS,
  NEUTRAL,
  normalizeText,
  SCHEMA_NAMES,
  tokensOf,
  WEAK,
} from '../lexicon/mod.ts';

/**
 * Matching printed labels and schema fields to business and contract concepts, with the concept labels and schema
 * names of the lexicon (pipeline/lexicon). conceptOf maps a schema field to a concept; labelConcept and labelScore
 * match a printed label to a concept or to a field's own words.
 */

/** Thresholds and weights of concept and label matching (label scores 0..1; concept scores in matched words). */
const LEX = {
  /** Concept score bonus (words) when a schema key is exactly the concept's phrase. */
  exactKeyBonus: 10,
  /** Concept score bonus (words) when the key's other words are all neutral. */
  neutralRestBonus: 3,
  /** Concept score penalty (words) of a weak phrase. */
  weakPenalty: 0.5,
  /** A key word longer than this ending in "ies" is singularised to "y". */
  pluralIesChars: 4,
  /** A key word longer than this ending in "s" loses it. */
  pluralSChars: 3,
  /** The description adds at most this many matched words to a key's concept score... */
  maxDescriptionWords: 3,
  /** ...each worth this much. */
  descriptionWordWeight: 0.1,
  /** Score of a label that opens with the phrase: this, plus `containedSpan` times the phrase's share of its words. */
  containedAtStart: 0.6,
  /** Score of a label that holds the phrase later on: this, plus `containedSpan` times the share. */
  containedLater: 0.5,
  /** See containedAtStart / containedLater. */
  containedSpan: 0.3,
  /** Score of a label equal to the phrase but for spaces. */
  sameWithoutSpaces: 0.95,
  /** Whole-token overlap counts this much of its share. */
  overlapFactor: 0.9,
  /** Trigram similarity (Dice) counts this much. */
  trigramFactor: 0.9,
  /** Default least score of labelConcept. */
  minConceptScore: 0.75,
  /** Labels longer than this (characters, normalised) name no concept. */
  maxLabelChars: 60,
  /** The concept memo is cleared when it holds more than this many labels. */
  memoEntries: 20_000,
  /** A field description of at most this many words is compared with labels as a whole. */
  maxDescriptionLabelWords: 6,
  /** A match on the description (or its head phrase) counts this much of a match on the key. */
  descriptionFactor: 0.9,
} as const;

function phraseAt(tokens: string[], phrase: string[]): number {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/** Each concept's phrases (labels and schema names) split into words once. */
const CONCEPT_PHRASES = new Map<string, { phrase: string; words: string[] }[]>(
  CONCEPTS.map((c) => [
    c,
    [...new Set([...(CONCEPT_LABELS[c] ?? []), ...(SCHEMA_NAMES[c] ?? [])])].map((phrase) => ({ phrase, words: phrase.split(' ') })),
  ]),
);

/** How strongly the tokens name each concept: longest phrase wins; weak one-word phrases need neutral company. */
function conceptScores(tokens: string[]): Map<string, number> {
  const scores = new Map<string, number>();
  if (!tokens.length) return scores;
  const joined = tokens.join(' ');
  const present = new Set(tokens);
  for (const concept of CONCEPTS) {
    let best = 0;
    for (const { phrase, words } of CONCEPT_PHRASES.get(concept)!) {
      if (!present.has(words[0])) continue;
      const at = phraseAt(tokens, words);
      if (at < 0) continue;
      const rest = tokens.filter((_, i) => i < at || i >= at + words.length);
      if (WEAK.has(phrase) && rest.some((t) => !NEUTRAL.has(t))) continue;
      const score =
        words.length +
        (phrase === joined ? LEX.exactKeyBonus : 0) +
        (rest.every((t) => NEUTRAL.has(t)) ? LEX.neutralRestBonus : 0) -
        (WEAK.has(phrase) ? LEX.weakPenalty : 0);
      best = Math.max(best, score);
    }
    if (best > 0) scores.set(concept, best);
  }
  return scores;
}

function bestOf(scores: Map<string, number>): string | null {
  let best: string | null = null;
  let bestScore = 0;
  for (const concept of CONCEPTS) {
    const s = scores.get(concept) ?? 0;
    if (s > bestScore) [best, bestScore] = [concept, s];
  }
  return best;
}

/** The concept a schema field asks for: its key decides; the description breaks ties or decides alone when the key says nothing. */
const conceptCache = new Map<string, string | null>();

export function conceptOf(field: Pick<SchemaField, 'key' | 'description'>): string | null {
  const cacheKey = `${field.key}\u0000${field.description}`;
  if (conceptCache.has(cacheKey)) return conceptCache.get(cacheKey)!;
  const concept = conceptOfUncached(field);
  if (conceptCache.size > 5_000) conceptCache.clear();
  conceptCache.set(cacheKey, concept);
  return concept;
}

function conceptOfUncached(field: Pick<SchemaField, 'key' | 'description'>): string | null {
  const keyTokens = tokensOf(field.key);
  let byKey = withoutIdentifiedAmounts(conceptScores(keyTokens), keyTokens);
  // Array fields are often named in the plural ("dates", "parties"): try the singular before the description.
  const singular = (t: string) =>
    t.length > LEX.pluralIesChars && t.endsWith('ies')
      ? `${t.slice(0, -3)}y`
      : t.length > LEX.pluralSChars && /[^s]s$/.test(t)
        ? t.slice(0, -1)
        : t;
  if (!byKey.size) byKey = withoutIdentifiedAmounts(conceptScores(keyTokens.map(singular)), keyTokens);
  const byDescription = descriptionScores(field.description);
  if (byKey.size) {
    for (const [c, s] of byDescription)
      if (byKey.has(c)) byKey.set(c, byKey.get(c)! + Math.min(s, LEX.maxDescriptionWords) * LEX.descriptionWordWeight);
    return bestOf(byKey);
  }
  return bestOf(byDescription);
}

/** A key with an identifier noun ("gst number") names an identifier, never the amount its other word names. */
function withoutIdentifiedAmounts(scores: Map<string, number>, tokens: string[]): Map<string, number> {
  if (!tokens.some((t) => IDENTIFIER_NOUNS.has(t))) return scores;
  for (const c of AMOUNT_CONCEPTS) scores.delete(c);
  return scores;
}

/** The head phrase of a description: its words up to the first that starts a clause about something else. */
export function descriptionHead(description: string): string[] {
  const tokens = tokensOf(description);
  const end = tokens.findIndex((t, i) => i > 0 && DESCRIPTION_HEAD_END.has(t));
  return end < 0 ? tokens : tokens.slice(0, end);
}

/**
 * Descriptions are sentences: every phrase of the head counts (the words before a clause about another thing:
 * "cash given by the customer" asks for cash, not the customer), weak ones only as a last resort.
 */
function descriptionScores(description: string): Map<string, number> {
  const tokens = descriptionHead(description);
  const scores = new Map<string, number>();
  const present = new Set(tokens);
  for (const concept of CONCEPTS) {
    let best = 0;
    for (const { phrase, words } of CONCEPT_PHRASES.get(concept)!) {
      if (!present.has(words[0]) || phraseAt(tokens, words) < 0) continue;
      best = Math.max(best, words.length - (WEAK.has(phrase) ? LEX.weakPenalty : 0));
    }
    if (best > 0) scores.set(concept, best);
  }
  return withoutIdentifiedAmounts(scores, tokens);
}

function trigrams(text: string): Set<string> {
  const s = ` ${text.replace(/\s+/g, ' ')} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return out;
}

interface Phrase {
  concept: string;
  text: string;
  tokens: string[];
  grams: Set<string>;
}

/** The label phrases, normalised once: matching runs for every line prefix of every page. */
const PHRASES: Phrase[] = CONCEPTS.flatMap((concept) =>
  CONCEPT_LABELS[concept].map((p) => {
    const text = normalizeText(p);
    return { concept, text, tokens: text.split(' '), grams: trigrams(text) };
  }),
);

/** Phrases by word and by first letter: a label is compared only with phrases that could score (shared word or same start). */
const BY_TOKEN = new Map<string, Phrase[]>();
const BY_INITIAL = new Map<string, Phrase[]>();
for (const p of PHRASES) {
  for (const t of new Set(p.tokens)) BY_TOKEN.set(t, [...(BY_TOKEN.get(t) ?? []), p]);
  BY_INITIAL.set(p.text[0], [...(BY_INITIAL.get(p.text[0]) ?? []), p]);
}

function dice(A: Set<string>, B: Set<string>): number {
  if (!A.size || !B.size) return 0;
  let common = 0;
  for (const t of A) if (B.has(t)) common++;
  return (2 * common) / (A.size + B.size);
}

function scoreNormalized(a: string, A: string[], aGrams: Set<string>, b: string, B: string[], bGrams: Set<string>): number {
  if (a === b) return 1;
  const common = B.filter((t) => A.includes(t)).length;
  const overlap = common / Math.max(A.length, B.length);
  // A label that opens with the phrase ("total for this invoice") is closer than one that merely holds it.
  const at = phraseAt(A, B);
  const contained =
    at === 0
      ? LEX.containedAtStart + LEX.containedSpan * (B.length / A.length)
      : at > 0
        ? LEX.containedLater + LEX.containedSpan * (B.length / A.length)
        : 0;
  // Split words in text layers ("F actuurnummer") and compounds written apart ("rechnungs nr") compare without spaces.
  if (a.replace(/ /g, '') === b.replace(/ /g, '')) return LEX.sameWithoutSpaces;
  // Dice can only reach 2·min/(sum) of the trigram counts: skip the set walk when that cannot win.
  const bound = (2 * Math.min(aGrams.size, bGrams.size)) / (aGrams.size + bGrams.size || 1);
  const tri = bound * LEX.trigramFactor > Math.max(overlap * LEX.overlapFactor, contained) ? dice(aGrams, bGrams) * LEX.trigramFactor : 0;
  return Math.max(overlap * LEX.overlapFactor, contained, tri);
}

/** 0..1: how well a printed label matches a phrase: exact 1, whole-token overlap, containment, else trigram similarity. */
export function labelScore(label: string, phrase: string): number {
  const a = normalizeText(label);
  const b = normalizeText(phrase);
  if (!a || !b) return 0;
  return scoreNormalized(a, a.split(' '), trigrams(a), b, b.split(' '), trigrams(b));
}

const conceptMemo = new Map<string, { concept: string; score: number } | null>();

/** The concept a printed label names, with its score (the best phrase over all concepts), or null below `min`. */
export function labelConcept(label: string, min: number = LEX.minConceptScore): { concept: string; score: number } | null {
  const a = normalizeText(label);
  if (!a || a.length > LEX.maxLabelChars) return null;
  let best = conceptMemo.get(a);
  if (best === undefined) {
    best = null;
    const A = a.split(' ');
    const grams = trigrams(a);
    const phrases = new Set([...A.flatMap((t) => BY_TOKEN.get(t) ?? []), ...(BY_INITIAL.get(a[0]) ?? [])]);
    for (const p of phrases) {
      const score = scoreNormalized(a, A, grams, p.text, p.tokens, p.grams);
      if (!best || score > best.score) best = { concept: p.concept, score };
    }
    if (conceptMemo.size > LEX.memoEntries) conceptMemo.clear();
    conceptMemo.set(a, best);
  }
  return best && best.score >= min ? best : null;
}

/** How well a label matches a field's own words (key, then description) when the field names no known concept. */
export function fieldLabelScore(label: string, field: Pick<SchemaField, 'key' | 'description'>): number {
  const byKey = labelScore(label, field.key);
  const description = normalizeText(field.description);
  const byDescription =
    description && description.split(' ').length <= LEX.maxDescriptionLabelWords
      ? labelScore(label, description) * LEX.descriptionFactor
      : 0;
  // The description's head phrase names the field ("cash" of "cash given by the customer").
  const head = descriptionHead(field.description).join(' ');
  const byHead = head && head !== description ? labelScore(label, head) * LEX.descriptionFactor : 0;
  return Math.max(byKey, byDescription, byHead);
}

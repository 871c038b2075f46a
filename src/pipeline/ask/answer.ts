import type { SearchHit } from '../../index/mod.ts';
import { candidatesFor, finderFor, type Candidate, type SchemaField } from '../extract/mod.ts';
import type { Logger } from '../../shared/logger.ts';
import type { QuestionInfo } from './question.ts';
import { citationOf, datelineAnswers, retrievalAnswers } from './retrieval.ts';
import { squeezeOrdinals } from './entities.ts';
import { readsAsName } from './names.ts';
import { contentTerms } from './terms.ts';
import type { AnswerDraft, AskDocument, ScoredAnswer } from './types.ts';

/**
 * Answering without a generative model (issue 8). A question that names an extraction concept (total, effective
 * date, parties) is answered by that concept's finder, verbatim as printed; otherwise, or when the finder finds
 * nothing, by the retrieved units (key-value pairs, table cells, entities, sentences). The best candidate wins
 * when it is confident enough; else the answer says it is not in the documents. Every answer cites its regions
 * in the document it came from.
 */

export const NOT_FOUND = 'Not found in the documents.';
/** Lowest score (0–1) of an answer given. */
const MIN_SCORE = 0.5;
/** Lowest share of the question's terms an answer's context must hold. */
const MIN_TERMS = 0.5;
/** Array values below this confidence are dropped after the first (as extraction does). */
const MIN_LIST_CONFIDENCE = 0.25;
/** Between the values of a list answer: not a comma, which names hold ("NIKE, Inc."). */
export const LIST_JOINER = '; ';

export interface AnswerInput {
  question: QuestionInfo;
  docs: AskDocument[];
  hits: SearchHit[];
  logger?: Logger;
}

export function answerQuestion(input: AnswerInput): AnswerDraft {
  const { question } = input;
  if (!question.docIds) return answerFrom(input, input.docs);
  // A follow-up asks about the previous answer's documents first, then about all of them.
  const scoped = input.docs.filter((d) => question.docIds!.includes(d.docId));
  const first = answerFrom(input, scoped.length ? scoped : input.docs);
  return first.found || scoped.length === input.docs.length ? first : answerFrom(input, input.docs);
}

function answerFrom(input: AnswerInput, scope: AskDocument[]): AnswerDraft {
  const { question } = input;
  const concept = safely(() => conceptAnswers(question, scope, input.hits, input.logger), 'concept', input.logger);
  // A concept the finder does not find in these documents is still asked: by label, cell and typed value, as any
  // question no finder reads (the finder's phrasings are not every document's).
  const generic = concept.length || !question.concept ? question : { ...question, concept: null };
  const retrieved = safely(() => retrievalAnswers(generic, scope, input.hits), 'retrieval', input.logger);
  // The finder and retrieval reading the same value corroborate each other: the finder's reading (and box) wins.
  const retrievedTexts = new Set(retrieved.map((a) => normalized(a.text)));
  for (const a of concept) if (retrievedTexts.has(normalized(a.text))) a.score += CORROBORATION;
  // A value prints at least one letter or digit: a lone "." or "*" read off a dotted leader or a stamp is no answer.
  const candidates = [...concept, ...retrieved].filter((a) => PRINTED_VALUE.test(a.text)).sort((a, b) => b.score - a.score);
  let best = candidates[0];
  if (!passes(best)) best = safely(() => datelineAnswers(question, scope), 'dateline', input.logger)[0] ?? best;
  if (!best || best.score < MIN_SCORE || best.termScore < MIN_TERMS || !best.citations.length) {
    return {
      text: NOT_FOUND,
      found: false,
      confidence: round(best ? Math.min(best.score, MIN_SCORE) : 0),
      citations: [],
      source: best?.source ?? 'sentence',
    };
  }
  const draft: AnswerDraft = {
    text: best.text,
    found: true,
    confidence: round(Math.min(1, best.score)),
    citations: best.citations,
    source: best.source,
  };
  if (best.value !== undefined && best.value !== best.text) draft.value = best.value;
  return draft;
}

const passes = (a: ScoredAnswer | undefined) => Boolean(a && a.score >= MIN_SCORE && a.termScore >= MIN_TERMS && a.citations.length);

/** One reader failing leaves the other's answers (and, with none, "not found"). */
function safely(read: () => ScoredAnswer[], what: string, logger?: Logger): ScoredAnswer[] {
  try {
    return read();
  } catch (err) {
    logger?.warn({ err }, `ask: the ${what} reader failed; answering goes on without it`);
    return [];
  }
}

/** Score a finder's answer gains when retrieval reads the same value. */
const CORROBORATION = 0.1;
/** A finder's answer scores `floor` plus `perConfidence` times its confidence (0–1), times the document's fit. */
const CONCEPT_SCORE = { floor: 0.55, perConfidence: 0.45 } as const;
/** Finder candidates answered per document. */
const CONCEPT_CANDIDATES = 3;
/**
 * A document's fit to a question asked of several: each rank of its first hit divides the rank fit by 1 + `rankDecay`;
 * without subject words it is `base` plus `rankWeight` times the rank fit; with them, `subjectBase` plus the weighted
 * subject and rank fits.
 */
const DOC_FIT = { rankDecay: 0.25, base: 0.8, rankWeight: 0.2, subjectBase: 0.55, subjectWeight: 0.3, subjectRankWeight: 0.15 } as const;
const PRINTED_VALUE = /[\p{L}\p{N}]/u;
const normalized = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The concept finder's candidates per document, weighted by how well the document fits the question's subject. */
function conceptAnswers(question: QuestionInfo, docs: AskDocument[], hits: SearchHit[], logger?: Logger): ScoredAnswer[] {
  if (!question.concept || !finderFor(question.concept)) return [];
  const field: SchemaField = { key: question.concept, description: '', type: 'string', array: question.list };
  const out: ScoredAnswer[] = [];
  for (const ask of docs) {
    const found = candidatesFor(ask.doc, field, logger);
    if (!found.length) continue;
    const fit = docFit(question, ask, hits, docs.length);
    if (question.list) {
      const list = listAnswer(ask, found, fit);
      if (list) out.push(list);
    } else {
      for (const c of found.slice(0, CONCEPT_CANDIDATES)) {
        out.push({
          text: printedText(c.text, question),
          value: String(c.value),
          score: (CONCEPT_SCORE.floor + CONCEPT_SCORE.perConfidence * c.confidence) * fit,
          termScore: 1,
          source: 'concept',
          citations: [citationOf(ask, c.pageIndex, c.bbox)],
        });
      }
    }
  }
  return out;
}

/**
 * A finder's text as it reads: a date's raised ordinal, which the text layer gives as a word of its own ("9 th ,
 * 2014"), joined to its number ("9th, 2014"), as the line prints it.
 */
function printedText(text: string, question: QuestionInfo): string {
  return question.expects === 'date' ? squeezeOrdinals(text.trim()).text : text.trim();
}

/**
 * Several values (the parties): deduplicated, only those that read as names, joined with "; " (a name holds
 * commas: "NIKE, Inc."), each cited. Null when none reads as a name.
 */
function listAnswer(ask: AskDocument, found: Candidate[], fit: number): ScoredAnswer | null {
  const seen = new Set<string>();
  const kept: Candidate[] = [];
  for (const c of found) {
    const key = c.text.toLowerCase().replace(/\s+/g, ' ').trim();
    if (!key || seen.has(key) || (kept.length && c.confidence < MIN_LIST_CONFIDENCE)) continue;
    if (!readsAsName(c.text, ask.doc.model)) continue;
    seen.add(key);
    kept.push(c);
  }
  if (!kept.length) return null;
  const confidence = Math.max(...kept.map((c) => c.confidence));
  return {
    text: kept.map((c) => c.text.trim()).join(LIST_JOINER),
    value: kept.map((c) => String(c.value)).join(LIST_JOINER),
    score: (CONCEPT_SCORE.floor + CONCEPT_SCORE.perConfidence * confidence) * fit,
    termScore: 1,
    source: 'concept',
    citations: kept.map((c) => citationOf(ask, c.pageIndex, c.bbox)),
  };
}

/**
 * 1 when one document is asked about; with several, the document whose text holds the question's subject words
 * ("the Northwind invoice") and whose units rank highest fits best.
 */
function docFit(question: QuestionInfo, ask: AskDocument, hits: SearchHit[], docCount: number): number {
  if (docCount <= 1) return 1;
  const rank = hits.findIndex((h) => h.unit.doc_id === ask.docId);
  const rankFit = rank < 0 ? 0 : 1 / (1 + rank * DOC_FIT.rankDecay);
  if (!question.subject.length) return DOC_FIT.base + DOC_FIT.rankWeight * rankFit;
  const words = new Set(ask.doc.model.pages.flatMap((p) => p.lines.flatMap((l) => contentTerms(l.text))));
  const subjectFit = question.subject.filter((t) => words.has(t)).length / question.subject.length;
  return DOC_FIT.subjectBase + DOC_FIT.subjectWeight * subjectFit + DOC_FIT.subjectRankWeight * rankFit;
}

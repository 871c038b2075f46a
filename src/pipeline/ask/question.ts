import { conceptOf } from '../extract/mod.ts';
import { alternation, CONCEPT_LABELS, QUESTION_TAX_NAMES } from '../lexicon/mod.ts';
import { contentTerms } from './terms.ts';

/**
 * Question typing without a generative model (issue 8): what kind of question it is, what kind of value answers
 * it, which extraction concept (if any) asks for the same thing, and the terms retrieval and scoring compare.
 * Follow-ups ("and its due date?", "what about the tax?") keep the previous turn's documents and subject.
 */

export type QuestionType = 'what' | 'when' | 'who' | 'how_much' | 'where' | 'yes_no' | 'list' | 'other';
export type AnswerKind = 'date' | 'amount' | 'organisation' | 'person' | 'place' | 'duration' | 'text';

export interface QuestionInfo {
  text: string;
  type: QuestionType;
  expects: AnswerKind;
  /** The extraction concept asked for (total, invoice_date, party, ...), or null. */
  concept: string | null;
  /** Several values answer it (the parties). */
  list: boolean;
  /** Stemmed content words of the question itself. */
  terms: string[];
  /** Stemmed words naming what the question is about (a document, a company): inherited by follow-ups. */
  subject: string[];
  /** What to search the index with: the question, plus the previous subject for a follow-up. */
  query: string;
  followUp: boolean;
  /** Documents the previous turn answered from (a follow-up asks about the same ones); null: all. */
  docIds: string[] | null;
  /** What the asked place is to the subject: 'incorporation' for "in which state is X incorporated/organized?". */
  relation?: 'incorporation';
}

/**
 * "In which state is X incorporated?", "Under the laws of which country is X organized?", "Where is X
 * domiciled?": the place a party is organised in, not the governing law nor the parties themselves.
 */
const INCORPORATION = /\b(incorporated|incorporation|organi[sz]ed|formed|domiciled|chartered)\b/;
const PLACE_ASKED = /\b(state|country|jurisdiction|province|where|place|laws? of (which|what))\b/;

/** A question of no known type with at most this many content terms, after another, is a follow-up. */
const FOLLOW_UP_MAX_TERMS = 3;

/** Question patterns that name a concept more surely than the lexicon does from loose words. */
const CONCEPT_PATTERNS: [RegExp, string][] = [
  [
    /\bgovern(s|ed|ing)?\b|\bjurisdiction\b|\b(state|country|which)('s)? laws?\b|\blaws? of (which|what)\b|\bapplicable law\b/,
    'jurisdiction',
  ],
  [/\bpart(y|ies)\b|\bbetween whom\b|\bwho (signed|entered|executed)\b/, 'party'],
  [
    /\beffective\b|\bcommencement date\b|\bwhen (does|did|will) (the|this) (agreement|contract) (take effect|start|begin|commence)\b/,
    'effective_date',
  ],
  [/\bdue date\b|\bwhen is (it|the \w+|this \w+|payment) due\b|\bdate due\b|\bpay(ment)? by when\b/, 'due_date'],
  [/\bpayment terms?\b|\bterms of payment\b/, 'payment_terms'],
  [/\bhow long\b|\b(the )?term\b|\bduration\b/, 'term'],
  [
    /\b(which|what) (company|vendor|merchant|store|shop|seller|supplier|business)\b|\bwho (issued|sold|is the (vendor|seller|supplier|merchant))\b|\bissued by\b/,
    'issuer',
  ],
  [/\bwho (is|was) (the )?(customer|client|buyer)\b|\bbilled to\b|\bbill to\b/, 'customer'],
  [
    /\b(what|which) date\b.*\b(issued|dated|receipt|invoice|bill)\b|\bwhen was (it|this|the) (\w+ )?(issued|dated|made|printed)\b|\b(invoice|receipt|issue) date\b/,
    'invoice_date',
  ],
  [/\b(sub ?total)\b/, 'subtotal'],
  [new RegExp(`\\b(${alternation(QUESTION_TAX_NAMES)})\\b(?! (id|number|no|rate))`), 'tax'],
  [/\btotal\b|\bamount (paid|due)\b|\bhow much\b.*\b(pay|paid|owe|due|cost)\b/, 'total'],
];

const CONCEPT_KIND: Record<string, AnswerKind> = {
  invoice_date: 'date',
  due_date: 'date',
  effective_date: 'date',
  total: 'amount',
  subtotal: 'amount',
  tax: 'amount',
  issuer: 'organisation',
  customer: 'organisation',
  party: 'organisation',
  jurisdiction: 'place',
  issuer_address: 'place',
  customer_address: 'place',
  term: 'duration',
};

const FOLLOW_UP = /^(and|also|plus|what about|how about|and what about|same for|what of)\b|\b(its|their|it|that one|this one|the same)\b/;
const YES_NO = /^(is|are|was|were|does|do|did|can|could|has|have|had|will|would|should|shall|must)\b/;

export function classifyQuestion(text: string, previous?: QuestionInfo | null): QuestionInfo {
  const lower = text.toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ').trim();
  const type = questionType(lower.replace(/^(and|also|plus)\s+/, ''));
  const incorporation = INCORPORATION.test(lower) && PLACE_ASKED.test(lower);
  const concept = incorporation ? null : conceptFor(lower);
  const terms = contentTerms(lower);
  // "and its due date?", "what about the tax?", or an elliptical "the due date?" (no question word).
  const followUp = Boolean(previous) && (FOLLOW_UP.test(lower) || (type === 'other' && terms.length <= FOLLOW_UP_MAX_TERMS));
  const conceptWords = new Set(concept ? contentTerms([concept.replace(/_/g, ' '), ...(CONCEPT_LABELS[concept] ?? [])].join(' ')) : []);
  const own = terms.filter((t) => !conceptWords.has(t) && !GENERIC_SUBJECT.has(t));
  const subject = followUp && previous ? [...new Set([...previous.subject, ...own])] : own;
  const list = concept === 'party' ? /\bpart(ies)\b|\bwho are\b/.test(lower) || type === 'list' : type === 'list';
  const expects = incorporation ? 'place' : kindFor(lower, type, concept);
  const inherited = followUp && previous ? previous.subject.filter((t) => !terms.includes(t)) : [];
  return {
    text,
    type: list && type === 'who' ? 'list' : type === 'other' && expects === 'date' ? 'when' : type === 'other' && followUp ? 'what' : type,
    expects,
    concept,
    list,
    terms,
    subject,
    query: [text, ...inherited].join(' '),
    followUp,
    docIds: followUp && previous ? previous.docIds : null,
    ...(incorporation ? { relation: 'incorporation' as const } : {}),
  };
}

/** Words that say what is asked, not which document: not a subject to carry over. */
const GENERIC_SUBJECT = new Set([
  'date',
  'amount',
  'value',
  'name',
  'number',
  'much',
  'long',
  'many',
  'document',
  'agreement',
  'contract',
  'receipt',
  'invoice',
  'issu',
  'paid',
  'pay',
  'law',
  'state',
]);

function questionType(q: string): QuestionType {
  if (/^(list|name all|enumerate)\b|^(what|which|who) are\b/.test(q)) return 'list';
  if (/^(and |also )?(when)\b|^(on |by )?(what|which) (date|day|year|month)\b/.test(q)) return 'when';
  if (/^(and |also )?(who|whom|whose)\b/.test(q)) return 'who';
  if (/^(and |also )?how (much|many)\b/.test(q)) return 'how_much';
  if (/^(and |also )?where\b|^in (what|which) (state|country|city|place)\b/.test(q)) return 'where';
  if (YES_NO.test(q)) return 'yes_no';
  if (/^(and |also |so )?(what|which|how)\b|^(what|how) about\b/.test(q)) return 'what';
  return 'other';
}

function conceptFor(q: string): string | null {
  for (const [pattern, concept] of CONCEPT_PATTERNS) if (pattern.test(q)) return concept;
  const stripped = q
    .replace(/^(and |also )?(what|which|who|when|where|how much|how many|what about|how about)( is| are| was| were)?\b/, '')
    .replace(/[?.!]+$/, '');
  // Scored as a key: weak words ("amount", "date") then name a concept only in neutral company.
  return conceptOf({ key: stripped, description: '' });
}

/** The question as the next turn's `previous`: the documents its answer cited become the follow-up's documents. */
export function rememberAnswer(question: QuestionInfo, citedDocIds: string[]): QuestionInfo {
  const cited = [...new Set(citedDocIds)];
  return { ...question, docIds: cited.length ? cited : question.docIds };
}

function kindFor(q: string, type: QuestionType, concept: string | null): AnswerKind {
  if (concept && CONCEPT_KIND[concept]) return CONCEPT_KIND[concept];
  if (type === 'when' || /\b(what|which) (date|day)\b/.test(q)) return 'date';
  if (type === 'how_much' || /\b(amount|price|cost|fee|sum)\b/.test(q)) return 'amount';
  if (/\bhow long\b|\bduration\b|\bperiod\b/.test(q)) return 'duration';
  if (type === 'where') return 'place';
  if (type === 'who' || type === 'list')
    return /\b(company|organi[sz]ation|firm|vendor|supplier|corporation)\b/.test(q) ? 'organisation' : 'person';
  return 'text';
}

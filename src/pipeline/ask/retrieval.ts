import type { IndexUnit, SearchHit } from '../../index/mod.ts';
import { labelConcept } from '../extract/mod.ts';
import { findAmounts, findDates, type KeyValuePair } from '../fields/mod.ts';
import { centerIn } from '../model/geometry.ts';
import type { BBox } from '../model/types.ts';
import type { TableModel } from '../tables/mod.ts';
import { countsOf, entitiesOf } from './entities.ts';
import type { AnswerKind, QuestionInfo } from './question.ts';
import { boxOfRange, sentencesOf, spanTextOf, type SpanText } from './spans.ts';
import { contentTerms, overlap, stem, weightedOverlap } from './terms.ts';
import type { AnswerCitation, AskDocument, ScoredAnswer } from './types.ts';
import { columnHeaders } from './units.ts';

/**
 * Answers read from the retrieved units (issue 8): a key-value pair whose label the question names, a table cell
 * at the row and column the question names ("total for Q3"), a value of the expected kind near the question's
 * words, or the sentence that shares most of them. Each scored by term overlap, type match, proximity and rank.
 */

/** Weights of an answer's score parts (term overlap, type fit, proximity, retrieval rank), summing to 1. */
const W = { terms: 0.5, type: 0.2, proximity: 0.15, rank: 0.15 };

const rankScore = (rank: number) => 1 / (1 + rank * FIT.rankDecay);

export function citationOf(ask: AskDocument, pageIndex: number, bbox: BBox): AnswerCitation {
  const page = ask.doc.model.pages.find((p) => p.page_index === pageIndex);
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    docId: ask.docId,
    pageIndex,
    pageWidth: page?.width ?? 0,
    pageHeight: page?.height ?? 0,
    bbox: [r(bbox[0]), r(bbox[1]), r(bbox[2]), r(bbox[3])],
  };
}

export function retrievalAnswers(question: QuestionInfo, docs: AskDocument[], hits: SearchHit[], maxHits = 10): ScoredAnswer[] {
  const byId = new Map(docs.map((d) => [d.docId, d]));
  const out: ScoredAnswer[] = [];
  const tablesSeen = new Set<string>();
  hits.slice(0, maxHits).forEach((hit, rank) => {
    const ask = byId.get(hit.unit.doc_id);
    if (!ask) return;
    if (hit.unit.kind === 'key_value') out.push(...keyValueAnswers(question, ask, hit.unit, rank));
    else if (hit.unit.kind === 'table_row') {
      for (const table of ask.doc.tables.filter((t) => hit.unit.region_ids.includes(t.id) && t.pageIndex === hit.unit.page_index)) {
        const key = `${ask.docId}:${table.id}`;
        if (tablesSeen.has(key)) continue;
        tablesSeen.add(key);
        out.push(...tableCellAnswers(question, ask, table, rank));
      }
    } else out.push(...chunkAnswers(question, ask, hit.unit, rank));
  });
  // A table retrieval ranked low (its rows share few words with the question) is still looked up by row and column.
  for (const ask of docs) {
    for (const table of ask.doc.tables) {
      const key = `${ask.docId}:${table.id}`;
      if (tablesSeen.has(key)) continue;
      tablesSeen.add(key);
      out.push(...tableCellAnswers(question, ask, table, UNRETRIEVED_TABLE_RANK));
    }
  }
  return out;
}

function kindFits(expects: AnswerKind, valueKind: string): number {
  if (expects === 'text') return FIT.textForText;
  if (expects === 'date' || expects === 'amount') return valueKind === expects ? FIT.typed : FIT.none;
  return valueKind === 'text' ? FIT.textForNamed : FIT.wrongKind;
}

/**
 * Fits and scores of the answer readers, on a 0–1 scale (an exact table lookup scores a little above 1 so it
 * wins over any other reading).
 */
const FIT = {
  /** Each rank down the retrieval list divides the rank part by 1 + this. */
  rankDecay: 0.5,
  /** A value of the kind asked for... */
  typed: 1,
  /** ...of another kind where a date or amount is asked... */
  none: 0,
  /** ...untyped text for a text question... */
  textForText: 0.7,
  /** ...untyped text for a named kind (a place, a person)... */
  textForNamed: 0.8,
  /** ...a typed value of the wrong kind (or a cell that is not a date or amount where one is asked)... */
  wrongKind: 0.2,
  /** ...a cell that reads as no duration where one is asked. */
  untypedDuration: 0.3,
  /** A label covering the question's terms counts this share of a label naming all of them. */
  labelCoveredShare: 0.9,
  /** A table lookup is exact when the row and column name this share of the question's terms... */
  exactNamedShare: 0.99,
  /** ...and the cell fits at least this well... */
  exactMinFit: 0.7,
  /** ...and then scores at least this. */
  exactLookupScore: 1.02,
  /** Type fit of a sentence answering a question that asks for a typed value. */
  sentenceForTyped: 0.3,
  /** Proximity part given to a sentence answer. */
  sentenceProximity: 0.5,
} as const;

/** A question asking for a count: answered by numbers in digits or written out. */
const HOW_MANY = /\bhow many\b/i;

/** Fit of a value typed by the fields stage to a named kind (place, person, organisation, duration): read by the entity reader. */
const NAMED_FIT = { typed: 1, untyped: 0.6, wrongKind: 0.2 };

/** How well a key-value pair's value is of the kind the question asks for. */
function valueFits(expects: AnswerKind, valueKind: string, valueText: string): number {
  if (expects === 'date' || expects === 'amount' || expects === 'text') return kindFits(expects, valueKind);
  if (valueKind !== 'text' && valueKind !== 'quantity') return NAMED_FIT.wrongKind;
  return entitiesOf(valueText, expects).length ? NAMED_FIT.typed : NAMED_FIT.untyped;
}

/** How well a label's terms match the question: share of the question named, or of the label covered. */
function labelMatch(question: QuestionInfo, label: string[]): number {
  if (!label.length) return 0;
  const hit = label.filter((t) => question.terms.includes(t)).length;
  if (!hit) return 0;
  return Math.max(hit / question.terms.length, (hit / label.length) * FIT.labelCoveredShare);
}

function keyValueAnswers(question: QuestionInfo, ask: AskDocument, unit: IndexUnit, rank: number): ScoredAnswer[] {
  const kv: KeyValuePair | undefined = ask.doc.keyValues.find((k) => unit.region_ids.includes(k.id));
  if (!kv || !kv.valueText.trim() || (kv.value.kind === 'boolean' && question.type !== 'yes_no')) return [];
  const termScore = labelMatch(question, contentTerms(kv.label));
  if (!termScore) return [];
  // "Invoice Date" shares a word with "effective date" but names another concept: not an answer to it.
  const named = question.concept ? labelConcept(kv.label) : null;
  if (named && named.concept !== question.concept) return [];
  if (printedInHeading(ask, kv.pageIndex, kv.valueBox)) return [];
  const score =
    W.terms * termScore + W.type * valueFits(question.expects, kv.value.kind, kv.valueText) + W.proximity + W.rank * rankScore(rank);
  const typed = kv.value.kind === 'text' ? undefined : String(kv.value.value);
  return [
    {
      text: kv.valueText.trim(),
      value: typed,
      score,
      termScore,
      source: 'key_value',
      citations: [citationOf(ask, kv.pageIndex, kv.valueBox)],
    },
  ];
}

/** A value whose box sits in a title or section heading block is the next section's name, not a value. */
function printedInHeading(ask: AskDocument, pageIndex: number, box: BBox): boolean {
  const page = ask.doc.model.pages.find((p) => p.page_index === pageIndex);
  return Boolean(page?.blocks.some((b) => HEADING_TYPES.has(b.type) && centerIn(box, b.bbox)));
}

const NUMERIC = /^[\s\p{Sc}%+\-–.,()\d]+$/u;

/** Layout types that name a section: a title or heading is never itself the value a question asks for. */
const HEADING_TYPES = new Set<string>(['title', 'section_header']);
/** A sentence answer adds at least this many content words the question does not already hold (else it only restates it). */
const MIN_NEW_TERMS = 2;
/** How well a row's label must match the question for the cell right of it to answer it, in a label/value grid. */
const MIN_FORM_LABEL = 0.5;
/** Rank given to a table of a document in scope that retrieval did not return (read anyway: a lookup is cheap). */
const UNRETRIEVED_TABLE_RANK = 10;

/** Is the cell's text a value of the kind asked for: 1 yes, 0.7 untyped text for a text question, low otherwise. */
function cellFits(expects: AnswerKind, text: string): number {
  if (expects === 'date') return findDates(text).length ? FIT.typed : FIT.wrongKind;
  if (expects === 'amount') return NUMERIC.test(text) || findAmounts(text).length ? FIT.typed : FIT.wrongKind;
  if (expects === 'duration') return entitiesOf(text, 'duration').length ? FIT.typed : FIT.untypedDuration;
  return kindFits(expects, NUMERIC.test(text) ? 'amount' : 'text');
}

/**
 * Column headers per column; a table without detected header rows whose first row is all words (no numbers)
 * uses that row as its header.
 */
function headerTerms(table: TableModel): { headers: string[][]; firstBodyRow: number } {
  const rows = table.rowEdges.length - 1;
  // Two columns without a header are labels and values (a form printed as a grid), not a header over data.
  if (table.headerRowCount > 0 || rows < 2 || table.colEdges.length - 1 <= 2)
    return { headers: columnHeaders(table).map((h) => contentTerms(h)), firstBodyRow: table.headerRowCount };
  const first = table.cells.filter((c) => c.row === 0 && c.text.trim());
  if (first.length < 2 || first.some((c) => NUMERIC.test(c.text) || findDates(c.text).length)) {
    return { headers: columnHeaders(table).map((h) => contentTerms(h)), firstBodyRow: 0 };
  }
  const headers: string[][] = Array.from({ length: table.colEdges.length - 1 }, () => []);
  for (const c of first) for (let k = c.col; k < c.col + c.colspan && k < headers.length; k++) headers[k].push(...contentTerms(c.text));
  return { headers, firstBodyRow: 1 };
}

/**
 * Row x column lookup: a cell whose row labels (the word cells left of it) and column header the question names;
 * a cell right of a label the question names, in a table without a header over it (a form laid out as a table);
 * the one body row's cell under a header the question names.
 */
function tableCellAnswers(question: QuestionInfo, ask: AskDocument, table: TableModel, rank: number): ScoredAnswer[] {
  const { headers, firstBodyRow } = headerTerms(table);
  const rows = table.rowEdges.length - 1;
  const q = new Set(question.terms);
  const out: ScoredAnswer[] = [];
  const bodyRows = rows - firstBodyRow;
  for (let r = firstBodyRow; r < rows; r++) {
    const cells = table.cells.filter((c) => c.row === r && c.text.trim()).sort((a, b) => a.col - b.col);
    for (const cell of cells) {
      const own = contentTerms(cell.text);
      // A cell holding the question's own words is a label, not the value.
      if (own.some((t) => q.has(t)) && !NUMERIC.test(cell.text)) continue;
      const labels = cells.filter((c) => c.col < cell.col && !NUMERIC.test(c.text));
      const rowTerms = labels.flatMap((c) => contentTerms(c.text));
      const colTerms = headers[cell.col] ?? [];
      const rowHit = rowTerms.filter((t) => q.has(t)).length;
      const colHit = colTerms.filter((t) => q.has(t)).length;
      const left = labels[labels.length - 1];
      const labelValueRow = cells.length === 2 && (!colTerms.length || table.colEdges.length - 1 === 2);
      const formLike =
        rowHit > 0 &&
        labelValueRow &&
        left !== undefined &&
        left.col + left.colspan === cell.col &&
        labelMatch(question, contentTerms(left.text)) >= MIN_FORM_LABEL;
      const columnOnly = colHit > 0 && !rowHit && bodyRows === 1;
      if (!(rowHit && colHit) && !formLike && !columnOnly) continue;
      const named = overlap(question.terms, new Set([...rowTerms, ...colTerms]));
      const fits = cellFits(question.expects, cell.text);
      // Row and column both named by the question, nothing else asked: the lookup is exact. A concept question
      // ("total amount due") is the finder's unless the row or column names its qualifier ("total for Q3").
      const qualified = !question.concept || question.subject.some((t) => rowTerms.includes(t) || colTerms.includes(t));
      const exact = named >= FIT.exactNamedShare && colHit > 0 && fits >= FIT.exactMinFit && qualified;
      const base = W.terms * named + W.type * fits + W.proximity + W.rank * rankScore(rank);
      out.push({
        text: cell.text.trim(),
        score: exact ? Math.max(base, FIT.exactLookupScore) : base,
        termScore: named,
        source: 'table_cell',
        citations: [citationOf(ask, table.pageIndex, cell.bbox)],
      });
    }
  }
  return out;
}

/** Positions (character offsets) of the question's terms in a text. */
function termPositions(text: string, terms: Set<string>): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}%]+/gu)) if (terms.has(stem(m[0].toLowerCase()))) out.push(m.index ?? 0);
  return out;
}

interface ScoredSentence {
  text: string;
  start: number;
  end: number;
  /** Share of the question's terms in the sentence or its section's heading. */
  termScore: number;
  /** Content terms of the sentence and its section heading. */
  context: Set<string>;
  heading: boolean;
}

/** Sentences of a span, each with the terms of the heading its section starts with (a heading names what follows it). */
function scoredSentences(question: QuestionInfo, span: SpanText): ScoredSentence[] {
  const blockAt = (pos: number) => span.blocks.findIndex((b) => pos >= b.start && pos <= b.end);
  return sentencesOf(span.text).map((s) => {
    const b = blockAt(s.start);
    const heading = b >= 0 && HEADING_TYPES.has(span.blocks[b].type);
    const context = new Set(contentTerms(s.text));
    if (!heading) {
      for (let k = b - 1; k >= 0; k--) {
        if (!HEADING_TYPES.has(span.blocks[k].type)) continue;
        for (const t of contentTerms(span.text.slice(span.blocks[k].start, span.blocks[k].end))) context.add(t);
        break;
      }
    }
    return { ...s, termScore: weightedOverlap(question.terms, context), context, heading };
  });
}

function chunkAnswers(question: QuestionInfo, ask: AskDocument, unit: IndexUnit, rank: number): ScoredAnswer[] {
  const page = ask.doc.model.pages.find((p) => p.page_index === unit.page_index);
  if (!page) return [];
  const blocks = unit.region_ids.map((id) => page.blocks.find((b) => b.id === id)).filter((b) => b !== undefined);
  if (!blocks.length) return [];
  const span = spanTextOf(blocks);
  const sentences = scoredSentences(question, span);
  const out: ScoredAnswer[] = [];
  const cite = (start: number, end: number) => {
    const box = boxOfRange(span, start, end);
    return box ? [citationOf(ask, unit.page_index, box)] : [];
  };
  if (question.expects !== 'text') out.push(...entityAnswers(question, span, sentences, rank, cite));
  const sentenceFit = question.expects === 'text' || question.type === 'yes_no' ? FIT.typed : FIT.sentenceForTyped;
  // A concept's finder reads every way a document states it: a loose sentence is no answer to "what is the term".
  if (question.concept && sentenceFit < 1) return out.filter((a) => a.citations.length);
  const q = new Set(question.terms);
  const asksCount = question.expects === 'amount' && HOW_MANY.test(question.text);
  const typed =
    sentenceFit < 1
      ? (asksCount ? countsOf(span.text) : entitiesOf(span.text, question.expects)).filter(
          (e) => question.relation !== 'incorporation' || e.role === 'incorporation',
        )
      : [];
  for (const s of sentences) {
    if (!s.termScore || s.heading) continue;
    // A question asking for a typed value (a place, a date) is answered by a sentence only where it prints one.
    if (sentenceFit < 1 && !typed.some((e) => e.start >= s.start && e.start < s.end)) continue;
    // A line that only restates the question ("Term.", "Purchase Price") names a topic; its value is elsewhere.
    if (contentTerms(s.text).filter((t) => !q.has(t) && /\p{L}/u.test(t)).length < MIN_NEW_TERMS) continue;
    const score = W.terms * s.termScore + W.type * sentenceFit + W.proximity * FIT.sentenceProximity + W.rank * rankScore(rank);
    out.push({ text: s.text, score, termScore: s.termScore, source: 'sentence', citations: cite(s.start, s.end) });
  }
  return out.filter((a) => a.citations.length);
}

type Cite = (start: number, end: number) => AnswerCitation[];

/**
 * Question words a typed value answers by its type ("which state": a place is a state; "what date": a date is
 * one), and words an incorporation place answers by where it is printed ("incorporated", "organized").
 */
const ANSWERED_BY_TYPE: Partial<Record<AnswerKind, Set<string>>> = {
  place: new Set(contentTerms('state country jurisdiction place city province nation located law laws')),
  date: new Set(contentTerms('date day month year')),
  amount: new Set(contentTerms('amount price cost sum fee')),
  duration: new Set(contentTerms('term period duration long')),
  organisation: new Set(contentTerms('company organization organisation firm corporation entity business name')),
  person: new Set(contentTerms('person individual name')),
};
const ANSWERED_BY_INCORPORATION = new Set(
  contentTerms('incorporated incorporation organized organised formed domiciled chartered registered existing'),
);
/** How far (characters) from a value the question's words still count as near it (proximity falls to 0 there). */
const PROXIMITY_WINDOW = 200;

/**
 * The question's terms an entity's sentence must hold: without the words its type already answers, for a
 * question no concept finder reads ("in which state is X incorporated": X's name is what must be near).
 */
function termsToMatch(question: QuestionInfo): string[] {
  if (question.concept) return question.terms;
  const byType = ANSWERED_BY_TYPE[question.expects] ?? new Set<string>();
  const rest = question.terms.filter((t) => !byType.has(t) && !(question.relation === 'incorporation' && ANSWERED_BY_INCORPORATION.has(t)));
  return rest.length ? rest : question.terms;
}

function entityAnswers(question: QuestionInfo, span: SpanText, sentences: ScoredSentence[], rank: number, cite: Cite): ScoredAnswer[] {
  const terms = termsToMatch(question);
  const positions = termPositions(span.text, new Set(terms));
  const out: ScoredAnswer[] = [];
  for (const e of entitiesOf(span.text, question.expects)) {
    if (question.relation === 'incorporation' && e.role !== 'incorporation') continue;
    const sentence = sentences.find((s) => e.start >= s.start && e.start < s.end);
    if (!sentence) continue;
    // Either reading of the question's words: a value is no worse evidence for holding the words its type answers.
    const termScore =
      terms === question.terms ? sentence.termScore : Math.max(sentence.termScore, weightedOverlap(terms, sentence.context));
    if (!termScore) continue;
    // An incorporation's party is named before its place, in its sentence ("X, a Delaware corporation"; "X ...
    // organized under the laws of Y"); other values may have the question's words on either side.
    const distances =
      question.relation === 'incorporation'
        ? positions.filter((p) => p < e.start && p >= sentence.start).map((p) => e.start - p)
        : positions.filter((p) => p < e.start || p >= e.end).map((p) => Math.abs(p - e.start));
    const proximity = distances.length ? Math.max(0, 1 - Math.min(...distances) / PROXIMITY_WINDOW) : 0;
    const score = W.terms * termScore + W.type + W.proximity * proximity + W.rank * rankScore(rank);
    out.push({ text: e.text, value: e.value, score, termScore, source: 'entity', citations: cite(e.start, e.end) });
  }
  return out;
}

/** A dateline is a block of the first page's top part that is (almost) only a date: "June 3, 2019", "Dated: 3/6/2019". */
const DATELINE = { topShare: 0.4, dateShare: 0.6, confidence: 0.6 };

/**
 * The document's own date, from its dateline (a letter agreement dated at its head): the answer to a date question
 * that names nothing but the document ("what is the date of the agreement?") when no sentence, label or cell dates
 * it. One per document, the topmost.
 */
export function datelineAnswers(question: QuestionInfo, docs: AskDocument[]): ScoredAnswer[] {
  if (question.expects !== 'date' || question.subject.length) return [];
  const out: ScoredAnswer[] = [];
  for (const ask of docs) {
    const page = ask.doc.model.pages.find((p) => !p.skipped);
    if (!page) continue;
    const blocks = page.blocks
      .filter((b) => !HEADING_TYPES.has(b.type) && b.bbox[1] < page.height * DATELINE.topShare && b.text.trim())
      .sort((a, b) => a.readingOrder - b.readingOrder);
    for (const block of blocks) {
      const span = spanTextOf([block]);
      const dates = entitiesOf(span.text, 'date');
      if (dates.length !== 1) continue;
      const d = dates[0];
      if ((d.end - d.start) / span.text.trim().length < DATELINE.dateShare) continue;
      const box = boxOfRange(span, d.start, d.end);
      if (!box) continue;
      out.push({
        text: d.text,
        value: d.value,
        score: DATELINE.confidence,
        termScore: 1,
        source: 'entity',
        citations: [citationOf(ask, page.page_index, box)],
      });
      break;
    }
  }
  return out;
}

import type { IndexUnit, SearchHit } from '../../index/types.ts';
import { labelConcept } from '../extract/mod.ts';
import type { KeyValuePair } from '../fields/mod.ts';
import type { BBox } from '../model/types.ts';
import type { TableModel } from '../tables/mod.ts';
import { entitiesOf } from './entities.ts';
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

const W = { terms: 0.5, type: 0.2, proximity: 0.15, rank: 0.15 };

const rankScore = (rank: number) => 1 / (1 + rank * 0.5);

export function citationOf(ask: AskDocument, pageIndex: number, bbox: BBox): AnswerCitation {
  const page = ask.doc.model.pages.find((p) => p.page_index === pageIndex);
  const r = (n: number) => Math.round(n * 100) / 100;
  return { docId: ask.docId, pageIndex, pageWidth: page?.width ?? 0, pageHeight: page?.height ?? 0, bbox: [r(bbox[0]), r(bbox[1]), r(bbox[2]), r(bbox[3])] };
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
  return out;
}

function kindFits(expects: AnswerKind, valueKind: string): number {
  if (expects === 'text') return 0.7;
  if (expects === 'date' || expects === 'amount') return valueKind === expects ? 1 : 0;
  return valueKind === 'text' ? 0.8 : 0.2;
}

/** How well a label's terms match the question: share of the question named, or of the label covered. */
function labelMatch(question: QuestionInfo, label: string[]): number {
  if (!label.length) return 0;
  const hit = label.filter((t) => question.terms.includes(t)).length;
  if (!hit) return 0;
  return Math.max(hit / question.terms.length, (hit / label.length) * 0.9);
}

function keyValueAnswers(question: QuestionInfo, ask: AskDocument, unit: IndexUnit, rank: number): ScoredAnswer[] {
  const kv: KeyValuePair | undefined = ask.doc.keyValues.find((k) => unit.region_ids.includes(k.id));
  if (!kv || !kv.valueText.trim() || (kv.value.kind === 'boolean' && question.type !== 'yes_no')) return [];
  const termScore = labelMatch(question, contentTerms(kv.label));
  if (!termScore) return [];
  // "Invoice Date" shares a word with "effective date" but names another concept: not an answer to it.
  const named = question.concept ? labelConcept(kv.label) : null;
  if (named && named.concept !== question.concept) return [];
  const score = W.terms * termScore + W.type * kindFits(question.expects, kv.value.kind) + W.proximity + W.rank * rankScore(rank);
  const typed = kv.value.kind === 'text' ? undefined : String(kv.value.value);
  return [{ text: kv.valueText.trim(), value: typed, score, termScore, source: 'key_value', citations: [citationOf(ask, kv.pageIndex, kv.valueBox)] }];
}

const NUMERIC = /^[\s\p{Sc}%+\-–.,()\d]+$/u;

/** Row x column lookup: the row whose label and the column whose header the question names. */
function tableCellAnswers(question: QuestionInfo, ask: AskDocument, table: TableModel, rank: number): ScoredAnswer[] {
  const headers = columnHeaders(table).map((h) => contentTerms(h));
  const rows = table.rowEdges.length - 1;
  const out: ScoredAnswer[] = [];
  for (let r = table.headerRowCount; r < rows; r++) {
    const cells = table.cells.filter((c) => c.row === r && c.text.trim()).sort((a, b) => a.col - b.col);
    const labelCell = cells.find((c) => !NUMERIC.test(c.text));
    if (!labelCell) continue;
    const rowTerms = contentTerms(labelCell.text);
    const rowHit = rowTerms.filter((t) => question.terms.includes(t)).length;
    if (!rowHit) continue;
    for (const cell of cells) {
      if (cell === labelCell) continue;
      const colTerms = headers[cell.col] ?? [];
      const colHit = colTerms.filter((t) => question.terms.includes(t)).length;
      const twoColumn = cells.length === 2 && !colTerms.length;
      if (!colHit && !twoColumn) continue;
      const named = overlap(question.terms, new Set([...rowTerms, ...colTerms]));
      const valueKind = NUMERIC.test(cell.text) ? 'amount' : 'text';
      const fits = question.expects === 'date' ? 0.3 : kindFits(question.expects, valueKind);
      // Row and column both named by the question, nothing else asked: the lookup is exact. A concept question
      // ("total amount due") is the finder's unless the row or column names its qualifier ("total for Q3").
      const qualified = !question.concept || question.subject.some((t) => rowTerms.includes(t) || colTerms.includes(t));
      const exact = named >= 0.99 && colHit > 0 && fits >= 0.7 && qualified;
      const base = W.terms * named + W.type * fits + W.proximity + W.rank * rankScore(rank);
      out.push({ text: cell.text.trim(), score: exact ? Math.max(base, 1.02) : base, termScore: named, source: 'table_cell', citations: [citationOf(ask, table.pageIndex, cell.bbox)] });
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

function chunkAnswers(question: QuestionInfo, ask: AskDocument, unit: IndexUnit, rank: number): ScoredAnswer[] {
  const page = ask.doc.model.pages.find((p) => p.page_index === unit.page_index);
  if (!page) return [];
  const blocks = unit.region_ids.map((id) => page.blocks.find((b) => b.id === id)).filter((b) => b !== undefined);
  if (!blocks.length) return [];
  const span = spanTextOf(blocks);
  const sentences = sentencesOf(span.text).map((s) => ({ ...s, termScore: weightedOverlap(question.terms, new Set(contentTerms(s.text))) }));
  const out: ScoredAnswer[] = [];
  const cite = (start: number, end: number) => {
    const box = boxOfRange(span, start, end);
    return box ? [citationOf(ask, unit.page_index, box)] : [];
  };
  if (question.expects !== 'text') out.push(...entityAnswers(question, span, sentences, rank, cite));
  const sentenceFit = question.expects === 'text' || question.type === 'yes_no' ? 1 : 0.3;
  // A concept's finder reads every way a document states it: a loose sentence is no answer to "what is the term".
  if (question.concept && sentenceFit < 1) return out.filter((a) => a.citations.length);
  for (const s of sentences) {
    if (!s.termScore) continue;
    const score = W.terms * s.termScore + W.type * sentenceFit + W.proximity * 0.5 + W.rank * rankScore(rank);
    out.push({ text: s.text, score, termScore: s.termScore, source: 'sentence', citations: cite(s.start, s.end) });
  }
  return out.filter((a) => a.citations.length);
}

type Cite = (start: number, end: number) => AnswerCitation[];

function entityAnswers(question: QuestionInfo, span: SpanText, sentences: { start: number; end: number; termScore: number }[], rank: number, cite: Cite): ScoredAnswer[] {
  const positions = termPositions(span.text, new Set(question.terms));
  const out: ScoredAnswer[] = [];
  for (const e of entitiesOf(span.text, question.expects)) {
    const sentence = sentences.find((s) => e.start >= s.start && e.start < s.end);
    const termScore = sentence?.termScore ?? 0;
    if (!termScore) continue;
    const near = positions.filter((p) => p < e.start || p >= e.end).map((p) => Math.abs(p - e.start));
    const proximity = near.length ? Math.max(0, 1 - Math.min(...near) / 200) : 0;
    const score = W.terms * termScore + W.type + W.proximity * proximity + W.rank * rankScore(rank);
    out.push({ text: e.text, value: e.value, score, termScore, source: 'entity', citations: cite(e.start, e.end) });
  }
  return out;
}

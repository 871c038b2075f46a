import { findAmounts, findDates, parseDate } from '../fields/mod.ts';
import { union } from '../model/geometry.ts';
import type { BBox, Line } from '../model/types.ts';
import { regionIdsOf, spanBox, visualLines } from './concepts/lines.ts';
import { isDateField, typedPart } from './generic.ts';
import { phrasePattern, tokensOf } from '../lexicon/mod.ts';
import type { Candidate, ExtractDocument, SchemaField } from './types.ts';

/**
 * Grounding an LLM's answer back to the document: amounts and dates are compared as typed values against those
 * printed on the pages; text is searched word by word over the page text (case, punctuation and line breaks
 * ignored). The value returned is the document's own text, so nothing the model made up survives.
 */

/** Thresholds of grounding an LLM answer. */
const GROUND = {
  /** Confidence (0..1) of a value the LLM gave and the document shows. */
  llmConfidence: 0.5,
  /** Text answers of more than this many words are not searched for. */
  maxAnswerWords: 60,
} as const;

export function groundAnswer(doc: ExtractDocument, answer: string, field: SchemaField): Candidate[] {
  if (field.type === 'number' || field.type === 'integer') return groundNumber(doc, answer, field);
  if (field.type === 'date' || (field.type === 'string' && isDateField(field))) {
    const iso = parseDate(answer);
    if (iso) return groundDate(doc, iso);
    if (field.type === 'date') return [];
  }
  return groundText(doc, answer, field);
}

function groundNumber(doc: ExtractDocument, answer: string, field: SchemaField): Candidate[] {
  const wanted = typedPart(answer, field)?.value;
  if (typeof wanted !== 'number') return [];
  return eachLine(doc, (pageIndex, line) => {
    const hit = findAmounts(line.text).find((a) => Math.abs(a.value - wanted) < 1e-9);
    if (hit) return candidate(doc, pageIndex, [[line, hit.index, hit.index + hit.raw.length]], wanted);
    const plain = new RegExp(`(?<![\\d.,])${String(wanted).replace('.', '[.,]')}(?![\\d]|[.,]\\d)`).exec(line.text);
    return plain ? candidate(doc, pageIndex, [[line, plain.index, plain.index + plain[0].length]], wanted) : null;
  });
}

function groundDate(doc: ExtractDocument, iso: string): Candidate[] {
  return eachLine(doc, (pageIndex, line) => {
    const hit = findDates(line.text).find((d) => d.iso === iso);
    return hit ? candidate(doc, pageIndex, [[line, hit.index, hit.index + hit.raw.length]], iso) : null;
  });
}

/** The answer's words in order, over the page's lines joined (values may wrap). */
function groundText(doc: ExtractDocument, answer: string, field: SchemaField): Candidate[] {
  const words = tokensOf(answer);
  if (!words.length || words.length > GROUND.maxAnswerWords) return [];
  const pattern = phrasePattern(words);
  const out: Candidate[] = [];
  for (const page of doc.model.pages) {
    const lines = visualLines(page);
    const starts: number[] = [];
    let text = '';
    for (const l of lines) {
      starts.push(text.length);
      text += `${l.text}\n`;
    }
    const m = pattern.exec(text);
    if (!m) continue;
    const end = m.index + m[0].length;
    const parts: [Line, number, number][] = [];
    lines.forEach((l, i) => {
      const s = starts[i];
      const e = s + l.text.length;
      if (s < end && e > m.index) parts.push([l, Math.max(0, m.index - s), Math.min(l.text.length, end - s)]);
    });
    const printed = parts.map(([l, s, e]) => l.text.slice(s, e)).join(' ');
    const value = field.type === 'boolean' ? typedPart(printed, field)?.value : printed;
    if (value !== undefined && value !== null) out.push(candidate(doc, page.page_index, parts, value));
  }
  return out;
}

function eachLine(doc: ExtractDocument, match: (pageIndex: number, line: Line) => Candidate | null): Candidate[] {
  const out: Candidate[] = [];
  for (const page of doc.model.pages) {
    for (const line of visualLines(page)) {
      const c = match(page.page_index, line);
      if (c) out.push(c);
    }
  }
  return out;
}

function candidate(doc: ExtractDocument, pageIndex: number, parts: [Line, number, number][], value: Candidate['value']): Candidate {
  const boxes = parts.map(([l, s, e]) => spanBox(l, s, e));
  const bbox: BBox = union(boxes);
  return {
    value,
    text: parts.map(([l, s, e]) => l.text.slice(s, e)).join('\n'),
    pageIndex,
    bbox,
    regionIds: regionIdsOf(
      doc,
      pageIndex,
      parts.map(([l]) => l.id),
    ),
    confidence: GROUND.llmConfidence,
    source: 'llm',
  };
}

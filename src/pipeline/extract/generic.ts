import { findAmounts, findDates } from '../fields/mod.ts';
import type { Candidate, ExtractDocument, SchemaField } from './types.ts';
import { candidateFrom, candidateOfLine, LAYOUT_WEIGHT, labelledValues, rightOf, visualLines, type Labelled } from './concepts/lines.ts';
import { phrasePattern, tokensOf } from '../lexicon/mod.ts';
import { fieldLabelScore } from './lexicon.ts';

/**
 * Fields that name no known concept: match printed labels against the field's own key and description (token
 * overlap and trigram similarity), keep values whose type fits the field, then look for the key's words in the
 * running text and take what follows them.
 */

const TRUE = /^(?:yes|y|true|x|✓|✔|☑|☒|checked|ja|oui|sí|si|tak|sì|wahr)$/i;
const FALSE = /^(?:no|n|false|☐|unchecked|nein|non|nee|nie|falsch)$/i;
/** Thresholds of the generic finder: label-match scores and candidate scores (0..1). */
const GENERIC = {
  /** A printed label matches the field's key or description when it scores at least this. */
  minLabelScore: 0.6,
  /** A label of a known concept (another field's) must score at least this to be taken for this field. */
  minKnownConceptScore: 0.8,
  /** Most words in a printed label without a colon ("CASH", "AMOUNT TENDERED", "Change due"). */
  ownLabelMaxWords: 4,
  /** Labelled values found by the generic finder are worth this share of a concept finder's. */
  labelledFactor: 0.8,
  /** Score of a typed value right after the field's words in running text. */
  inTextScore: 0.35,
  /** A string value in running text is at most this many characters. */
  inTextMaxChars: 80,
  /** At most this many in-text candidates are kept. */
  inTextMaxCandidates: 5,
} as const;

/** A typed value read from [start, end) of `text`, or null when the text holds nothing of the field's type. */
export function typedPart(text: string, field: SchemaField): { value: string | number | boolean; start: number; end: number } | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const first = text.indexOf(trimmed);
  switch (field.type) {
    case 'number':
    case 'integer': {
      const amounts = findAmounts(text);
      const a = amounts[amounts.length - 1];
      let found = a ? { value: a.value, start: a.index, end: a.index + a.raw.length } : null;
      if (!found) {
        const m = /-?\d+(?:[.,]\d+)?/.exec(text);
        if (m && !findDates(text).length) found = { value: Number(m[0].replace(',', '.')), start: m.index, end: m.index + m[0].length };
      }
      if (!found || !Number.isFinite(found.value)) return null;
      if (field.type === 'integer' && !Number.isInteger(found.value)) return null;
      return found;
    }
    case 'boolean': {
      const word = trimmed.split(/\s+/)[0].replace(/[.:;,]$/, '');
      if (TRUE.test(word)) return { value: true, start: first, end: first + word.length };
      if (FALSE.test(word)) return { value: false, start: first, end: first + word.length };
      return null;
    }
    default: {
      // A date field without a date keeps the text, so that what was read is named when it is refused.
      const date = field.type === 'date' || isDateField(field) ? findDates(text)[0] : undefined;
      if (date) return { value: date.iso, start: date.index, end: date.index + date.raw.length };
      const line = trimmed.split('\n')[0].trim();
      return { value: line, start: first, end: first + line.length };
    }
  }
}

export const isDateField = (field: SchemaField): boolean =>
  tokensOf(`${field.key} ${field.description}`).some((t) => /^(?:date|datum|fecha|data|dated|day)$/.test(t));

/**
 * Candidates for a field from labels that match its own words, then (unless `labelsOnly`) from its key phrase in
 * the text. After an exhaustive finder (contract prose) found nothing, closely matching key-value pairs only: the
 * words after "term" in running text are rarely a term.
 */
export function genericCandidates(doc: ExtractDocument, field: SchemaField, labelsOnly = false): Candidate[] {
  const out: Candidate[] = [];
  for (const l of labelledValues(doc)) {
    const score = fieldLabelScore(l.label, field);
    if (score < (labelsOnly ? GENERIC.minKnownConceptScore : GENERIC.minLabelScore)) continue;
    // A known concept's own finder read the lines already: only a real key-value pair ("Term: 2 years") adds to it.
    if (labelsOnly && l.source !== 'key_value') continue;
    const typed = kvBoolean(doc, l, field) ?? typedPart(l.valueText, field);
    if (!typed) continue;
    out.push(candidateFrom(doc, l, typed.value, typed.start, typed.end, score * LAYOUT_WEIGHT[l.layout] * GENERIC.labelledFactor));
  }
  if (!out.length && !labelsOnly) out.push(...ownLabelCandidates(doc, field));
  if (!out.length && !labelsOnly) out.push(...phraseCandidates(doc, field));
  return out.sort((a, b) => b.confidence - a.confidence);
}

/**
 * The typed value in `text` after position `at`, a separator right after the label (":", "#", "-") read as space
 * so offsets stay those of `text.slice(at)`.
 */
function typedAfter(text: string, at: number, field: SchemaField): ReturnType<typeof typedPart> {
  return typedPart(
    text.slice(at).replace(/^\s*[:#-]?/, (m) => ' '.repeat(m.length)),
    field,
  );
}

/**
 * Labels only the field's own words name (no colon, no known concept: "CASH 50.00", "CHANGE" with "26.00" in the
 * column to its right): a short line, or the words before its first digit, that matches the field's key or
 * description closely, with a value of the field's type after it on the line or in the line to its right.
 */
function ownLabelCandidates(doc: ExtractDocument, field: SchemaField): Candidate[] {
  const out: Candidate[] = [];
  for (const page of doc.model.pages) {
    for (const line of page.lines) {
      const digit = line.text.search(/\d/);
      const label = (digit < 0 ? line.text : line.text.slice(0, digit)).replace(/[\s:#.-]+$/, '').trim();
      if (!label || label.split(/\s+/).length > GENERIC.ownLabelMaxWords) continue;
      const score = fieldLabelScore(label, field);
      if (score < GENERIC.minLabelScore) continue;
      const after = line.text.indexOf(label) + label.length;
      const inline = typedAfter(line.text, after, field);
      if (inline && inline.end > inline.start) {
        out.push(
          candidateOfLine(
            doc,
            page.page_index,
            line,
            inline.value,
            after + inline.start,
            after + inline.end,
            score * LAYOUT_WEIGHT.inline * GENERIC.labelledFactor,
          ),
        );
        continue;
      }
      const right = rightOf(page, line);
      const typed = right && typedPart(right.text, field);
      if (right && typed)
        out.push(
          candidateOfLine(
            doc,
            page.page_index,
            right,
            typed.value,
            typed.start,
            typed.end,
            score * LAYOUT_WEIGHT.right * GENERIC.labelledFactor,
          ),
        );
    }
  }
  return out;
}

/** Checkbox key-values already carry a boolean. */
function kvBoolean(doc: ExtractDocument, l: Labelled, field: SchemaField): { value: boolean; start: number; end: number } | null {
  if (field.type !== 'boolean' || l.source !== 'key_value') return null;
  const kv = doc.keyValues.find((k) => k.pageIndex === l.pageIndex && k.label === l.label && k.valueText === l.valueText);
  return kv && typeof kv.value.value === 'boolean' ? { value: kv.value.value, start: 0, end: l.valueText.length } : null;
}

/** "... payment reference 2023-001 ..." : the key's words in a line, and the typed value right after them. */
function phraseCandidates(doc: ExtractDocument, field: SchemaField): Candidate[] {
  const words = tokensOf(field.key).filter((w) => w.length > 1);
  if (!words.length) return [];
  const pattern = phrasePattern(words);
  const out: Candidate[] = [];
  for (const page of doc.model.pages) {
    for (const line of visualLines(page)) {
      const m = pattern.exec(line.text);
      if (!m) continue;
      const after = m.index + m[0].length;
      const typed = typedAfter(line.text, after, field);
      if (!typed || (field.type === 'string' && typed.end - typed.start > GENERIC.inTextMaxChars)) continue;
      out.push(candidateOfLine(doc, page.page_index, line, typed.value, after + typed.start, after + typed.end, GENERIC.inTextScore));
      if (out.length >= GENERIC.inTextMaxCandidates) return out;
    }
  }
  return out;
}

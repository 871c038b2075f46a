import type { Logger } from '../../shared/logger.ts';
import { calibrateOutput } from './calibration.ts';
import { runChecks } from './checks.ts';
import { conceptInDocument, SiblingAssigner } from './sibling-fields.ts';
import { finderFor } from './concepts/index.ts';
import { isoDateOf, notADate } from './dates.ts';
import { genericCandidates, typedPart } from './generic.ts';
import { groundAnswer } from './ground.ts';
import { conceptOf } from './lexicon.ts';
import { extractTable } from './line-items.ts';
import type { LlmPort } from './llm.ts';
import type { Candidate, ExtractDocument, ExtractOutput, FieldGrounding, SchemaField, SchemaV2, ValidationCheck } from './types.ts';

/**
 * Extraction against a schema (issue 7): each field from its concept's finder (or, for fields naming no known
 * concept, from labels matching its own words), typed to the field; tables from the line-item reader; then the
 * arithmetic and date self-checks, whose failures lower the confidence of the values involved. Fields still
 * missing may be asked of the optional LLM, whose answers are kept only when found in the document's text.
 */

export interface ExtractOptions {
  llm?: LlmPort | null;
  signal?: AbortSignal;
  instructions?: string | null;
  /** Map confidences through the fitted calibration table (default); false keeps the finders' raw scores. */
  calibrate?: boolean;
  /** Finder and LLM failures are logged here (extraction degrades instead of failing). */
  logger?: Logger;
}

/** Thresholds of assembling the result (confidences 0..1). */
const RESULT = {
  /** Array fields keep the candidates scoring at least this. */
  minArrayConfidence: 0.25,
  /** A value whose self-check failed keeps this share of its confidence. */
  failedCheckFactor: 0.5,
} as const;

export async function extractFields(doc: ExtractDocument, schema: SchemaV2, options: ExtractOptions = {}): Promise<ExtractOutput> {
  const result: Record<string, unknown> = {};
  const grounding: ExtractOutput['grounding'] = {};
  // Date fields whose values as read held no date: reported unless the LLM fills them after all.
  const notDates = new Map<string, ValidationCheck>();
  const concept = (f: SchemaField) => conceptInDocument(conceptOf(f), doc.docClass);
  const siblings = new SiblingAssigner(schema.fields, concept);
  for (const field of schema.fields) {
    const rejected: Candidate[] = [];
    setField(result, grounding, field, siblings.assign(field, concept(field), candidatesFor(doc, field, options.logger, rejected)));
    if (field.type === 'date' && missing(result[field.key]) && rejected.length) notDates.set(field.key, notADate(field, rejected[0]));
  }
  for (const table of schema.tables) {
    const { rows, grounding: cells } = extractTable(doc, table);
    result[table.key] = rows;
    cells.forEach((row, i) => {
      for (const [key, g] of Object.entries(row)) grounding[`${table.key}[${i}].${key}`] = g;
    });
  }
  if (options.llm) await askLlm(doc, schema, options, result, grounding);
  const validation = runChecks(result, schema, grounding);
  for (const [key, check] of notDates) if (missing(result[key])) validation.push(check);
  for (const check of validation) {
    if (check.ok) continue;
    for (const path of check.paths) {
      const g = grounding[path];
      if (g && !Array.isArray(g)) g.confidence = round(g.confidence * RESULT.failedCheckFactor);
    }
  }
  const output = { result, grounding, validation };
  if (options.calibrate !== false) calibrateOutput(schema, output);
  return output;
}

/**
 * The concept's candidates typed to the field, else the generic ones that can be the concept (key-value pairs only
 * after an exhaustive finder).
 */
export function candidatesFor(doc: ExtractDocument, field: SchemaField, logger?: Logger, rejected?: Candidate[]): Candidate[] {
  const finder = finderFor(conceptInDocument(conceptOf(field), doc.docClass));
  const own = finder
    ? typedCandidates(
        safeFind(() => finder.find(doc, field), field, logger),
        field,
        rejected,
      )
    : [];
  if (own.length) return own;
  const generic = typedCandidates(
    safeFind(() => genericCandidates(doc, field, finder?.exhaustive === true), field, logger),
    field,
    rejected,
  );
  return finder?.accepts ? generic.filter((c) => typeof c.value !== 'string' || finder.accepts!(c.value)) : generic;
}

function safeFind(find: () => Candidate[], field: SchemaField, logger?: Logger): Candidate[] {
  try {
    return find();
  } catch (err) {
    logger?.warn({ err, field: field.key }, 'extract: a finder failed; the field falls back');
    return [];
  }
}

/**
 * Finders type values for their concept; the field's type has the last word (integers only when exact). Values that
 * are not of the type go to `rejected` when given.
 */
function typedCandidates(candidates: Candidate[], field: SchemaField, rejected?: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of candidates) {
    const value = coerce(c.value, field);
    if (value !== null) out.push({ ...c, value });
    else rejected?.push(c);
  }
  return out;
}

function coerce(value: Candidate['value'], field: SchemaField): Candidate['value'] | null {
  switch (field.type) {
    case 'number':
      return typeof value === 'number' ? value : (typedPart(String(value), field)?.value ?? null);
    case 'integer': {
      const n = typeof value === 'number' ? value : typedPart(String(value), field)?.value;
      return typeof n === 'number' && Number.isInteger(n) ? n : null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : (typedPart(String(value), field)?.value ?? null);
    case 'date':
      return isoDateOf(value);
    default:
      return typeof value === 'string' ? value.trim() || null : String(value);
  }
}

function setField(
  result: Record<string, unknown>,
  grounding: ExtractOutput['grounding'],
  field: SchemaField,
  candidates: Candidate[],
): void {
  if (!field.array) {
    const best = candidates[0];
    result[field.key] = best ? best.value : null;
    if (best) grounding[field.key] = groundingOf(best);
    return;
  }
  const seen = new Set<string>();
  const values: Candidate[] = [];
  for (const c of candidates) {
    const key = typeof c.value === 'string' ? c.value.toLowerCase().replace(/\s+/g, ' ') : String(c.value);
    if (seen.has(key) || (values.length && c.confidence < RESULT.minArrayConfidence)) continue;
    seen.add(key);
    values.push(c);
  }
  result[field.key] = values.map((c) => c.value);
  values.forEach((c, i) => (grounding[`${field.key}[${i}]`] = groundingOf(c)));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function groundingOf(c: Candidate): FieldGrounding {
  return {
    page_index: c.pageIndex,
    bbox: [c.bbox[0], c.bbox[1], c.bbox[2], c.bbox[3]].map((v) => Math.round(v * 100) / 100) as FieldGrounding['bbox'],
    region_ids: c.regionIds,
    confidence: round(Math.max(0, Math.min(1, c.confidence))),
    source: c.source,
  };
}

const missing = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/** Fields the document did not yield are asked of the LLM; each answer must be found in the text or it is dropped. */
async function askLlm(
  doc: ExtractDocument,
  schema: SchemaV2,
  options: ExtractOptions,
  result: Record<string, unknown>,
  grounding: ExtractOutput['grounding'],
): Promise<void> {
  const fields = schema.fields.filter((f) => missing(result[f.key]));
  if (!fields.length || !options.llm) return;
  const pages = doc.model.pages.map((p) => ({ page_index: p.page_index, text: p.lines.map((l) => l.text).join('\n') }));
  let answer: Record<string, string | string[] | null>;
  try {
    answer = await options.llm.findFields({ fields, pages, instructions: options.instructions ?? null }, options.signal);
  } catch (err) {
    if (options.signal?.aborted) throw err;
    options.logger?.warn({ err }, 'extract: the LLM did not answer; missing fields stay null');
    return;
  }
  for (const field of fields) {
    const raw = answer[field.key];
    const texts = (Array.isArray(raw) ? raw : [raw]).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    const grounded = typedCandidates(
      texts.flatMap((t) => groundAnswer(doc, t, field).slice(0, 1)),
      field,
    );
    if (grounded.length) setField(result, grounding, field, grounded);
  }
}

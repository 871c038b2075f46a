import type { KeyValuePair } from '../fields/mod.ts';
import { plainWords } from '../lexicon/mod.ts';
import { cellNumber, type ColumnRole } from './columns.ts';
import { labelConcept } from './lexicon.ts';
import { lineItemSegmentsOf } from './line-items.ts';
import { standardFieldOfLabel, standardFieldsOf, type StandardField } from './standard-fields.ts';
import { columnHoldsNumbers, type Segment } from './table-binding.ts';
import type { ExtractDocument, FieldType, SchemaField, SchemaTable, SchemaV2 } from './types.ts';

/**
 * Schemas from documents (issue 7, /v1/schema/auto): the class's standard fields that the documents show, every
 * labelled value (key-value pairs) as a field, and the line-item table's columns. Across several documents a
 * field must appear in at least half of them; free-text instructions narrow the fields when they name any.
 */

/** Thresholds of automatic schemas. */
const AUTO = {
  /** A key-value label names a lexicon concept when it scores at least this (0..1). */
  minConceptScore: 0.85,
  /** A standard field's label is looked for in running text when at least this many characters. */
  minLabelInTextChars: 3,
  /** A label of more than this many words makes no field. */
  maxLabelWords: 5,
  /** A plural "s" is taken off words longer than this (characters). */
  minStemChars: 3,
  /** An instruction word this long or longer also matches as a field word's prefix or suffix. */
  minAffixChars: 4,
} as const;

const LINE_ITEM_COLUMNS: { key: string; role: ColumnRole; type: FieldType; description: string }[] = [
  { key: 'description', role: 'description', type: 'string', description: 'Item description' },
  { key: 'sku', role: 'sku', type: 'string', description: 'Item code (SKU, article number)' },
  { key: 'quantity', role: 'quantity', type: 'number', description: 'Quantity' },
  { key: 'unit', role: 'unit', type: 'string', description: 'Unit of measure' },
  { key: 'unit_price', role: 'unit_price', type: 'number', description: 'Unit price' },
  { key: 'discount', role: 'discount', type: 'number', description: 'Discount' },
  { key: 'tax_rate', role: 'tax_rate', type: 'number', description: 'Tax rate (percent)' },
  { key: 'tax', role: 'tax', type: 'number', description: 'Tax amount of the line' },
  { key: 'amount', role: 'amount', type: 'number', description: 'Line amount (line total)' },
];

export function autoSchema(docs: ExtractDocument[], options: { instructions?: string | null } = {}): SchemaV2 {
  const docClass = majorityClass(docs);
  const standard = standardFieldsOf(docClass);
  const perDoc = docs.map((doc) => documentFields(doc, standard));
  const fields = keepCommon(
    perDoc.map((d) => d.fields),
    docs.length,
  );
  const tables = commonTables(
    perDoc.map((d) => d.table),
    docs.length,
  );
  return narrow({ doc_class: docClass, fields, tables }, options.instructions ?? null);
}

function majorityClass(docs: ExtractDocument[]): string {
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(d.docClass, (counts.get(d.docClass) ?? 0) + 1);
  let best = docs[0]?.docClass ?? 'other';
  for (const [c, n] of counts) if (n > (counts.get(best) ?? 0)) best = c;
  return best || 'other';
}

/** One document's fields: standard ones with evidence first, then its other labelled values. */
function documentFields(doc: ExtractDocument, standard: StandardField[]): { fields: SchemaField[]; table: SchemaTable | null } {
  const text = doc.model.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n');
  const labelled = new Map<string, SchemaField>();
  const named = new Set<string>();
  const standardKeys = new Set(standard.map((f) => f.key));
  for (const kv of doc.keyValues) {
    const plain = plainWords(kv.label);
    // The extraction lexicon's concept names keep auto schemas and extraction in step ("Facture N°" is invoice_number).
    const lexicon = labelConcept(kv.label, AUTO.minConceptScore)?.concept ?? null;
    const concept = (plain ? standardFieldOfLabel(plain, standard)?.key : null) ?? (lexicon && standardKeys.has(lexicon) ? lexicon : null);
    if (concept) named.add(concept);
    else {
      const field = labelField(kv, lexicon);
      if (field && !labelled.has(field.key)) labelled.set(field.key, field);
    }
  }
  const fields: SchemaField[] = standard
    .filter(
      (s) =>
        (s.always instanceof RegExp ? s.always.test(doc.docClass) : s.always) ||
        named.has(s.key) ||
        labelInText(text, s) ||
        (s.inText?.test(text) ?? false),
    )
    .map((s) => ({ key: s.key, description: s.description, type: s.type, array: s.array }));
  const taken = new Set(fields.map((f) => f.key));
  for (const f of labelled.values()) if (!taken.has(f.key)) fields.push(f);
  return { fields, table: lineItemTable(doc) };
}

const NOT_A_VALUE = /^(id|number|no|nr|code|reg|registration|ident)\b/;

/** A line that starts with the label and carries a number ("Invoice No: 42", "VAT 20% 154.73"), not "VAT number ...". */
function labelInText(text: string, s: StandardField): boolean {
  const plainLines = text.split('\n').map((l) => plainWords(l));
  return s.labels.some(
    (label) =>
      label.length >= AUTO.minLabelInTextChars &&
      plainLines.some((l) => l.startsWith(`${label} `) && /\d/.test(l) && !NOT_A_VALUE.test(l.slice(label.length + 1))),
  );
}

/** A field for one labelled value: the concept's name or a snake_case key from the label, type from the value's kind. */
function labelField(kv: KeyValuePair, concept: string | null): SchemaField | null {
  const words = plainWords(kv.label)
    .replace(/[%#]/g, ' ')
    .split(' ')
    .filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || words.length > AUTO.maxLabelWords) return null;
  const key = concept ?? words.join('_').replace(/[^a-z0-9_]/g, '');
  if (!/^[a-z]/.test(key)) return null;
  return {
    key,
    description: `${capitalize(words.join(' '))} as printed next to "${kv.label.trim()}"`,
    type: typeOfValue(kv),
    array: false,
  };
}

function typeOfValue(kv: KeyValuePair): FieldType {
  const v = kv.value;
  if (kv.layout === 'checkbox' || v.kind === 'boolean') return 'boolean';
  if (v.kind === 'quantity' && typeof v.value === 'number' && Number.isInteger(v.value) && !v.unit) return 'integer';
  if (v.kind === 'amount' || v.kind === 'percent' || v.kind === 'quantity') return 'number';
  return 'string';
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The line-item table's columns: header cells naming a line-item role, typed by what the column holds. */
function lineItemTable(doc: ExtractDocument): SchemaTable | null {
  const probe: SchemaField[] = LINE_ITEM_COLUMNS.map((c) => ({ key: c.key, description: c.description, type: c.type, array: false }));
  const segments = lineItemSegmentsOf(doc, probe);
  if (segments.length === 0) return null;
  const first = segments[0];
  const hasBody = segments.some((s) => s.grid.rows > s.bodyStart);
  if (!hasBody || first.bindings.length < 2) return null;
  const fields = first.bindings.map((b) => {
    const numeric = segments.every((s) => {
      const bound = s.bindings.find((x) => x.field.key === b.field.key);
      return !bound || columnHoldsNumbers(s.grid, bound.col, s.bodyStart);
    });
    const values = numeric && b.field.type === 'number' ? columnNumbers(segments, b.field.key) : [];
    // Counts are integers; prices that happen to be whole stay numbers.
    const type: FieldType =
      values.length === 0 ? 'string' : b.field.key === 'quantity' && values.every(Number.isInteger) ? 'integer' : 'number';
    return { ...b.field, type };
  });
  return { key: 'line_items', description: 'Line items of the document (one row per item)', fields };
}

function columnNumbers(segments: Segment[], key: string): number[] {
  const out: number[] = [];
  for (const s of segments) {
    const b = s.bindings.find((x) => x.field.key === key);
    if (!b) continue;
    for (let r = s.bodyStart; r < s.grid.rows; r++) {
      const n = cellNumber(s.grid.at(r, b.col)?.text ?? '');
      if (n !== null) out.push(n);
    }
  }
  return out;
}

/** Fields present in at least half of the documents, in first-seen order. */
function keepCommon(perDoc: SchemaField[][], n: number): SchemaField[] {
  const counts = new Map<string, { field: SchemaField; count: number }>();
  for (const fields of perDoc) {
    for (const f of fields) {
      const entry = counts.get(f.key);
      if (entry) entry.count++;
      else counts.set(f.key, { field: f, count: 1 });
    }
  }
  return [...counts.values()].filter((e) => e.count * 2 >= n).map((e) => e.field);
}

function commonTables(perDoc: (SchemaTable | null)[], n: number): SchemaTable[] {
  const present = perDoc.filter((t): t is SchemaTable => t !== null);
  if (present.length === 0 || present.length * 2 < n) return [];
  return [
    {
      ...present[0],
      fields: keepCommon(
        present.map((t) => t.fields),
        present.length,
      ),
    },
  ];
}

const STOP = new Set([
  'the',
  'and',
  'only',
  'all',
  'any',
  'with',
  'from',
  'for',
  'each',
  'every',
  'please',
  'extract',
  'get',
  'field',
  'fields',
  'just',
  'also',
  'document',
  'documents',
  'want',
  'need',
  'give',
  'return',
  'value',
  'values',
  'printed',
  'next',
  'its',
  'their',
  'of',
  'as',
  'to',
  'in',
  'on',
  'me',
]);

const stem = (w: string): string => (w.length > AUTO.minStemChars && w.endsWith('s') ? w.slice(0, -1) : w);

function wordsOf(text: string): string[] {
  return plainWords(text)
    .split(' ')
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map(stem);
}

/** Whether a field's words meet an instruction's (also "subtotal" for "totals": a word ending in an asked one). */
function overlaps(fieldWords: string[], asked: Set<string>): boolean {
  return fieldWords.some(
    (w) => asked.has(w) || [...asked].some((a) => a.length >= AUTO.minAffixChars && (w.endsWith(a) || w.startsWith(a))),
  );
}

/** Keep the fields the instructions name; instructions that name none of them are ignored. */
function narrow(schema: SchemaV2, instructions: string | null): SchemaV2 {
  const asked = new Set(instructions ? wordsOf(instructions) : []);
  if (asked.size === 0) return schema;
  const fields = schema.fields.filter((f) => overlaps(wordsOf(`${f.key} ${f.description}`), asked));
  const tables = schema.tables.filter((t) => overlaps(wordsOf(`${t.key} ${t.description}`), asked));
  if (fields.length === 0 && tables.length === 0) return schema;
  return { ...schema, fields, tables };
}

import { fromJsonSchema, isJsonSchema } from './json-schema.ts';
import { FIELD_TYPES, isObject, keyAt, MAX_FIELDS, SchemaError, type Loc } from './schema-common.ts';
import type { FieldType, SchemaField, SchemaTable, SchemaV2 } from './types.ts';

export { SchemaError, type Loc } from './schema-common.ts';

/**
 * Schema normalisation (issue 7): the contract's SchemaV2Payload, the second form a sample shows
 * (`invoice_level_fields` + `line_item_structures`), or a JSON Schema (json-schema.ts), checked and turned into one
 * SchemaV2 with defaults filled in.
 * Errors carry the path of the offending member so the API layer can answer 422 with a FastAPI-style `loc`.
 */

export function normalizeSchema(input: unknown, loc: Loc = []): SchemaV2 {
  if (!isObject(input)) throw new SchemaError(loc, 'schema must be an object', 'type_error');
  if ('invoice_level_fields' in input || 'line_item_structures' in input) return checkSchema(fromSecondForm(input, loc), loc);
  if (isJsonSchema(input)) return checkSchema(fromJsonSchema(input, loc), loc);
  return checkSchema(fromV2(input, loc), loc);
}

function fromV2(input: Record<string, unknown>, loc: Loc): SchemaV2 {
  if (typeof input.doc_class !== 'string' || !input.doc_class.trim()) {
    throw new SchemaError([...loc, 'doc_class'], 'doc_class is required and must be a non-empty string', 'missing');
  }
  const fields = listAt(input.fields, [...loc, 'fields']).map((f, i) => fieldOf(f, [...loc, 'fields', i], true));
  const tables = listAt(input.tables, [...loc, 'tables']).map((t, i) => tableOf(t, [...loc, 'tables', i]));
  return { doc_class: input.doc_class.trim(), fields, tables };
}

function listAt(value: unknown, loc: Loc): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SchemaError(loc, 'must be an array', 'type_error');
  return value;
}

function descriptionAt(value: unknown, loc: Loc, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) throw new SchemaError(loc, 'description is required', 'missing');
    return '';
  }
  if (typeof value !== 'string') throw new SchemaError(loc, 'description must be a string', 'type_error');
  return value.trim();
}

function typeAt(value: unknown, loc: Loc): FieldType {
  if (value === undefined || value === null) return 'string';
  const t = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (typeof t !== 'string' || !FIELD_TYPES.includes(t as FieldType)) {
    throw new SchemaError(loc, `unknown type ${JSON.stringify(value)}: expected one of ${FIELD_TYPES.join(', ')}`, 'enum');
  }
  return t as FieldType;
}

function fieldOf(value: unknown, loc: Loc, dotted = false): SchemaField {
  if (!isObject(value)) throw new SchemaError(loc, 'field must be an object', 'type_error');
  const array = value.array ?? false;
  if (typeof array !== 'boolean') throw new SchemaError([...loc, 'array'], 'array must be a boolean', 'type_error');
  return {
    key: keyAt(value.key, [...loc, 'key'], dotted),
    description: descriptionAt(value.description, [...loc, 'description'], true),
    type: typeAt(value.type, [...loc, 'type']),
    array,
  };
}

function tableOf(value: unknown, loc: Loc): SchemaTable {
  if (!isObject(value)) throw new SchemaError(loc, 'table must be an object', 'type_error');
  const fields = listAt(value.fields, [...loc, 'fields']).map((f, i) => fieldOf(f, [...loc, 'fields', i]));
  if (!fields.length) throw new SchemaError([...loc, 'fields'], 'a table needs at least one field');
  return {
    key: keyAt(value.key, [...loc, 'key'], true),
    description: descriptionAt(value.description, [...loc, 'description'], false),
    fields,
  };
}

/** When an unknown word before a colon is taken for a mistyped type (an error) rather than description text. */
const TYPE_PREFIX = {
  /** The word is at most this many characters... */
  maxChars: 10,
  /** ...and the colon comes before this character offset. */
  maxColonAt: 12,
} as const;

/** "number: the amount due" -> type and description; a string without a known type prefix is all description. */
function typedDescription(text: unknown, loc: Loc): { type: FieldType; description: string } {
  if (typeof text !== 'string') throw new SchemaError(loc, 'must be a string of the form "type: description"', 'type_error');
  const m = /^\s*([A-Za-z]+)\s*:\s*([\s\S]*)$/.exec(text);
  if (m && FIELD_TYPES.includes(m[1].toLowerCase() as FieldType))
    return { type: m[1].toLowerCase() as FieldType, description: m[2].trim() };
  if (m && /^(?:str|text|float|int|bool|date|decimal|double)$/i.test(m[1])) return { type: legacyType(m[1]), description: m[2].trim() };
  if (m && !/\s/.test(m[1]) && m[1].length <= TYPE_PREFIX.maxChars && text.indexOf(':') < TYPE_PREFIX.maxColonAt)
    throw new SchemaError(loc, `unknown type ${JSON.stringify(m[1])}`, 'enum');
  return { type: 'string', description: text.trim() };
}

function legacyType(t: string): FieldType {
  const lower = t.toLowerCase();
  if (lower === 'float' || lower === 'decimal' || lower === 'double') return 'number';
  if (lower === 'int') return 'integer';
  if (lower === 'bool') return 'boolean';
  if (lower === 'date') return 'date';
  return 'string';
}

/** "amount (number): line total" (type optional: "name: description"). */
function targetField(text: unknown, loc: Loc): SchemaField {
  if (typeof text !== 'string') throw new SchemaError(loc, 'must be a string of the form "name (type): description"', 'type_error');
  const m = /^\s*([^\s(:]+)\s*(?:\(\s*([^)]*)\s*\))?\s*(?::\s*([\s\S]*))?$/.exec(text);
  if (!m) throw new SchemaError(loc, 'must be a string of the form "name (type): description"');
  const type =
    m[2] === undefined ? 'string' : /^(?:str|text|float|int|bool|date|decimal|double)$/i.test(m[2]) ? legacyType(m[2]) : typeAt(m[2], loc);
  return { key: keyAt(m[1], loc), description: (m[3] ?? '').trim(), type, array: false };
}

function fromSecondForm(input: Record<string, unknown>, loc: Loc): SchemaV2 {
  const fields: SchemaField[] = [];
  const levelLoc = [...loc, 'invoice_level_fields'];
  const level = input.invoice_level_fields ?? {};
  if (!isObject(level)) throw new SchemaError(levelLoc, 'must be an object mapping keys to "type: description"', 'type_error');
  for (const [key, spec] of Object.entries(level)) {
    const { type, description } = typedDescription(spec, [...levelLoc, key]);
    fields.push({ key: keyAt(key, [...levelLoc, key]), description, type, array: false });
  }
  const tables: SchemaTable[] = [];
  const itemsLoc = [...loc, 'line_item_structures'];
  const items = input.line_item_structures ?? {};
  if (!isObject(items)) throw new SchemaError(itemsLoc, 'must be an object mapping table names to structures', 'type_error');
  for (const [name, spec] of Object.entries(items)) {
    const at = [...itemsLoc, name];
    if (!isObject(spec)) throw new SchemaError(at, 'must be an object with description and target_fields', 'type_error');
    const targets = listAt(spec.target_fields, [...at, 'target_fields']).map((t, i) => targetField(t, [...at, 'target_fields', i]));
    if (!targets.length) throw new SchemaError([...at, 'target_fields'], 'a table needs at least one field');
    tables.push({ key: keyAt(name, at), description: descriptionAt(spec.description, [...at, 'description'], false), fields: targets });
  }
  const docClass = typeof input.doc_class === 'string' && input.doc_class.trim() ? input.doc_class.trim() : 'invoice';
  return { doc_class: docClass, fields, tables };
}

/** Rules all forms share: something to extract, unique keys (no key inside another's path), a bounded size. */
function checkSchema(schema: SchemaV2, loc: Loc): SchemaV2 {
  if (!schema.fields.length && !schema.tables.length) throw new SchemaError(loc, 'schema needs at least one field or table');
  const total = schema.fields.length + schema.tables.reduce((n, t) => n + t.fields.length, 0);
  if (total > MAX_FIELDS) throw new SchemaError(loc, `schema has ${total} fields; at most ${MAX_FIELDS} are allowed`);
  const seen = new Map<string, Loc>();
  schema.fields.forEach((f, i) => claim(seen, f.key, [...loc, 'fields', i, 'key']));
  schema.tables.forEach((t, i) => {
    claim(seen, t.key, [...loc, 'tables', i, 'key']);
    const own = new Map<string, Loc>();
    t.fields.forEach((f, j) => claim(own, f.key, [...loc, 'tables', i, 'fields', j, 'key']));
  });
  for (const [key, at] of seen) {
    const parts = key.split('.');
    for (let n = 1; n < parts.length; n++) {
      const prefix = parts.slice(0, n).join('.');
      if (seen.has(prefix))
        throw new SchemaError(
          at,
          `key ${JSON.stringify(key)} collides with ${JSON.stringify(prefix)}: a value cannot also hold nested keys`,
        );
    }
  }
  return schema;
}

function claim(seen: Map<string, Loc>, key: string, loc: Loc): void {
  if (seen.has(key)) throw new SchemaError(loc, `duplicate key ${JSON.stringify(key)}`);
  seen.set(key, loc);
}

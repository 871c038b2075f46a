import { isObject, MAX_DEPTH, SchemaError, segmentAt, type Loc } from './schema-common.ts';
import type { FieldType, SchemaField, SchemaTable, SchemaV2 } from './types.ts';

/**
 * JSON Schema as users bring it (issue 7), translated to SchemaV2: `{"type": "object", "properties": {…}}` whose
 * properties are the fields, under the user's own keys.
 *
 * - `string`, `number`, `integer`, `boolean` properties are fields of that type; `format: "date"` or `"date-time"`
 *   on a string makes a `date` field (ISO `YYYY-MM-DD` out). `description` (else `title`) is the field description.
 * - A nested object's properties become dotted keys (`seller.address`), at most MAX_DEPTH levels; the result nests
 *   them back (`{"seller": {"address": …}}`) and `_grounding` names them by the dotted path.
 * - An array of objects is a table (line items) whose scalar properties are its columns; an array of scalars is an
 *   `array: true` field.
 * - `title`, `$schema`, `$id`, `$comment`, `$defs`, `examples`, `default`, `additionalProperties` and `required`
 *   (which must name properties) are accepted and change nothing: every field is extracted, null when absent.
 * - A type array is taken only as `[T, "null"]` (every field may be null anyway).
 *
 * Anything else cannot be honoured and is refused with the loc of the member and why: `$ref`, `oneOf`/`anyOf`/
 * `allOf`, constraints (`enum`, `pattern`, `minimum`, …), other formats, arrays of arrays, objects or arrays inside
 * line items, nesting deeper than MAX_DEPTH, an empty `properties`.
 */

type JsonType = FieldType | 'object' | 'array';
type Node = Record<string, unknown>;

const ANNOTATIONS = ['title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly'];
const ROOT_ONLY = ['$schema', '$id', '$defs', 'definitions'];
const OBJECT_KEYWORDS = ['type', 'properties', 'required', 'additionalProperties', ...ANNOTATIONS];
const ARRAY_KEYWORDS = ['type', 'items', ...ANNOTATIONS];
const SCALAR_KEYWORDS = ['type', 'format', ...ANNOTATIONS];
const DATE_FORMATS = new Set(['date', 'date-time']);
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

const WHY: Record<string, string> = {
  $ref: 'references are not resolved; write the referenced schema in place',
  oneOf: 'alternative schemas cannot be extracted; give the property one type',
  anyOf: 'alternative schemas cannot be extracted; give the property one type',
  allOf: 'combined schemas are not merged; write the property as one schema',
  not: 'negated schemas cannot be extracted',
  if: 'conditional schemas cannot be extracted',
  enum: 'values are read as printed; a list of allowed values cannot be enforced',
  const: 'values are read as printed; a fixed value cannot be enforced',
  prefixItems: 'tuples cannot be extracted; use one items schema',
  patternProperties: 'properties must be named to be extracted',
};

/** A JSON Schema rather than a SchemaV2Payload: it has `properties` or `$schema`, or a `type` and no V2 member. */
export function isJsonSchema(input: Node): boolean {
  if ('properties' in input || '$schema' in input) return true;
  return 'type' in input && !('doc_class' in input || 'fields' in input || 'tables' in input);
}

export function fromJsonSchema(input: Node, loc: Loc): SchemaV2 {
  if (typeOf(input, loc) !== 'object')
    throw new SchemaError(
      [...loc, 'type'],
      'the schema must describe an object (type "object") whose properties are the fields to extract',
    );
  allowOnly(input, [...OBJECT_KEYWORDS, ...ROOT_ONLY], loc);
  const out: SchemaV2 = { doc_class: 'document', fields: [], tables: [] };
  walkObject(input, [], loc, out);
  return out;
}

function walkObject(node: Node, path: string[], loc: Loc, out: SchemaV2): void {
  for (const [name, prop, at] of propertiesOf(node, loc)) {
    const key = [...path, segmentAt(name, at)];
    const type = typeOf(prop, at);
    if (type === 'object') {
      allowOnly(prop, OBJECT_KEYWORDS, at);
      if (key.length >= MAX_DEPTH)
        throw new SchemaError(
          at,
          `object nested deeper than ${MAX_DEPTH} levels: the extractor supports keys of at most ${MAX_DEPTH} levels (a.b.c)`,
        );
      walkObject(prop, key, at, out);
    } else if (type === 'array') {
      arrayOf(prop, key.join('.'), at, out);
    } else {
      out.fields.push(scalarField(key.join('.'), prop, type, at, false));
    }
  }
}

function arrayOf(node: Node, key: string, loc: Loc, out: SchemaV2): void {
  allowOnly(node, ARRAY_KEYWORDS, loc);
  const at = [...loc, 'items'];
  if (node.items === undefined) throw new SchemaError(at, 'an array needs an items schema saying what it holds', 'missing');
  if (!isObject(node.items)) throw new SchemaError(at, 'items must be one schema object (tuples are not supported)', 'type_error');
  const items = node.items;
  const type = typeOf(items, at);
  if (type === 'array') throw new SchemaError(at, 'an array of arrays cannot be extracted: rows of a table hold scalar columns');
  if (type !== 'object') {
    const field = scalarField(key, items, type, at, true);
    out.fields.push({ ...field, description: descriptionOf(node, loc) || field.description });
    return;
  }
  allowOnly(items, OBJECT_KEYWORDS, at);
  const fields: SchemaField[] = [];
  for (const [name, prop, propAt] of propertiesOf(items, at)) {
    const column = segmentAt(name, propAt);
    const t = typeOf(prop, propAt);
    if (t === 'object' || t === 'array') {
      throw new SchemaError(
        [...propAt, 'type'],
        `a line-item column must be a scalar (string, number, integer, boolean or date): an ${t} inside array items is deeper than the extractor supports`,
      );
    }
    fields.push(scalarField(column, prop, t, propAt, false));
  }
  const table: SchemaTable = { key, description: descriptionOf(node, loc) || descriptionOf(items, at), fields };
  out.tables.push(table);
}

function scalarField(key: string, node: Node, type: FieldType, loc: Loc, array: boolean): SchemaField {
  allowOnly(node, SCALAR_KEYWORDS, loc);
  let fieldType = type;
  if (node.format !== undefined) {
    const at = [...loc, 'format'];
    if (typeof node.format !== 'string') throw new SchemaError(at, 'format must be a string', 'type_error');
    if (type === 'string' && DATE_FORMATS.has(node.format)) fieldType = 'date';
    else if ((type === 'number' || type === 'integer') && NUMBER_FORMATS.has(node.format)) fieldType = type;
    else
      throw new SchemaError(
        at,
        `format ${JSON.stringify(node.format)} is not supported on a ${type}: strings take "date" or "date-time" (read as a date, ISO YYYY-MM-DD)`,
      );
  }
  return { key, description: descriptionOf(node, loc), type: fieldType, array };
}

/** The named properties of an object schema, each with its loc; `required` must name some of them. */
function propertiesOf(node: Node, loc: Loc): [string, Node, Loc][] {
  const at = [...loc, 'properties'];
  if (node.properties === undefined) throw new SchemaError(at, 'an object needs properties naming the fields to extract', 'missing');
  if (!isObject(node.properties)) throw new SchemaError(at, 'properties must be an object mapping names to schemas', 'type_error');
  const properties = node.properties;
  const entries = Object.entries(properties);
  if (!entries.length) throw new SchemaError(at, 'properties is empty: there is nothing to extract');
  const out: [string, Node, Loc][] = entries.map(([name, prop]) => {
    if (!isObject(prop)) throw new SchemaError([...at, name], 'a property must be a schema object (e.g. {"type": "string"})', 'type_error');
    return [name, prop, [...at, name]];
  });
  if (node.required !== undefined) {
    const reqAt = [...loc, 'required'];
    if (!Array.isArray(node.required)) throw new SchemaError(reqAt, 'required must be an array of property names', 'type_error');
    node.required.forEach((name, i) => {
      if (typeof name !== 'string') throw new SchemaError([...reqAt, i], 'required must be an array of property names', 'type_error');
      if (!Object.hasOwn(properties, name))
        throw new SchemaError([...reqAt, i], `required names ${JSON.stringify(name)}, which is not among the properties`);
    });
  }
  const extra = node.additionalProperties;
  if (extra !== undefined && typeof extra !== 'boolean' && !isObject(extra)) {
    throw new SchemaError([...loc, 'additionalProperties'], 'additionalProperties must be a boolean or a schema object', 'type_error');
  }
  return out;
}

/** The node's type; `[T, "null"]` is T; no type is object with properties, array with items, else refused. */
function typeOf(node: Node, loc: Loc): JsonType {
  // `$ref`, `oneOf`, … say more about the node than a missing type would.
  for (const keyword of Object.keys(node))
    if (Object.hasOwn(WHY, keyword)) throw new SchemaError([...loc, keyword], `${keyword} is not supported: ${WHY[keyword]}`);
  const at = [...loc, 'type'];
  let type = node.type;
  if (type === undefined) {
    if ('properties' in node) return 'object';
    if ('items' in node) return 'array';
    throw new SchemaError(at, 'type is required (string, number, integer, boolean, object or array)', 'missing');
  }
  if (Array.isArray(type)) {
    const named = type.filter((t) => t !== 'null');
    if (named.length !== 1 || type.length !== 2 || typeof named[0] !== 'string') {
      throw new SchemaError(at, `a type array ${JSON.stringify(type)} is not supported: give one type (["T", "null"] is taken as T)`);
    }
    type = named[0];
  }
  if (typeof type !== 'string') throw new SchemaError(at, 'type must be a string', 'type_error');
  if (type === 'null') throw new SchemaError(at, 'type "null" holds no value to extract');
  if (!['string', 'number', 'integer', 'boolean', 'object', 'array'].includes(type)) {
    throw new SchemaError(at, `unknown type ${JSON.stringify(type)}: expected string, number, integer, boolean, object or array`, 'enum');
  }
  return type as JsonType;
}

function descriptionOf(node: Node, loc: Loc): string {
  for (const member of ['description', 'title'] as const) {
    const value = node[member];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new SchemaError([...loc, member], `${member} must be a string`, 'type_error');
    if (value.trim()) return value.trim();
  }
  return '';
}

/** Keywords this node may hold; any other is named with why it cannot be honoured. */
function allowOnly(node: Node, allowed: string[], loc: Loc): void {
  for (const keyword of Object.keys(node)) {
    if (allowed.includes(keyword)) continue;
    const why =
      (Object.hasOwn(WHY, keyword) ? WHY[keyword] : undefined) ??
      (Object.hasOwn(WHY_KIND, keyword) ? WHY_KIND[keyword] : undefined) ??
      'the extractor cannot honour it here';
    throw new SchemaError([...loc, keyword], `${keyword} is not supported: ${why}`);
  }
}

const WHY_KIND: Record<string, string> = Object.fromEntries([
  ...['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map((k) => [
    k,
    'values are read as printed; constraints on them are not enforced',
  ]),
  ...['minItems', 'maxItems', 'uniqueItems', 'contains', 'minProperties', 'maxProperties'].map((k) => [
    k,
    'the number of values found is not constrained',
  ]),
  ...['then', 'else', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'propertyNames'].map((k) => [
    k,
    'conditional and dependent schemas cannot be extracted',
  ]),
]);

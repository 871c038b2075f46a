/**
 * normalizeSchema on JSON Schema (json-schema.ts) and the `date` type: scalar, date, nested, array and table
 * properties become V2 fields under the user's keys; ignored annotations change nothing; every construct that
 * cannot be honoured is refused with the loc of the member and why.
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers/schema-errors.ts';
import { normalizeSchema } from '../src/pipeline/extract/mod.ts';
import { nestedResult } from '../src/pipeline/views/extract-view.ts';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const at = (...path: (string | number)[]) => ['body', 'schema', ...path];

describe('normalizeSchema: JSON Schema', () => {
  it('maps scalar, date, array and line-item properties to V2 under the same keys', () => {
    const schema = normalizeSchema(
      object({
        number: { type: 'string', description: 'Order number' },
        issued: { type: 'string', format: 'date', description: 'Issue date' },
        shipped_at: { type: 'string', format: 'date-time', title: 'Shipping time' },
        amount: { type: 'number', description: 'Amount due' },
        count: { type: 'integer', format: 'int32' },
        settled: { type: 'boolean' },
        notes: { type: 'array', description: 'Remarks', items: { type: 'string' } },
        rows: {
          type: 'array',
          description: 'Order lines',
          items: {
            type: 'object',
            properties: {
              item: { type: 'string' },
              cost: { type: 'number', description: 'Line cost' },
              on: { type: 'string', format: 'date' },
            },
          },
        },
      }),
    );
    expect(schema).toEqual({
      doc_class: 'document',
      fields: [
        { key: 'number', description: 'Order number', type: 'string', array: false },
        { key: 'issued', description: 'Issue date', type: 'date', array: false },
        { key: 'shipped_at', description: 'Shipping time', type: 'date', array: false },
        { key: 'amount', description: 'Amount due', type: 'number', array: false },
        { key: 'count', description: '', type: 'integer', array: false },
        { key: 'settled', description: '', type: 'boolean', array: false },
        { key: 'notes', description: 'Remarks', type: 'string', array: true },
      ],
      tables: [
        {
          key: 'rows',
          description: 'Order lines',
          fields: [
            { key: 'item', description: '', type: 'string', array: false },
            { key: 'cost', description: 'Line cost', type: 'number', array: false },
            { key: 'on', description: '', type: 'date', array: false },
          ],
        },
      ],
    });
  });

  it('gives the same V2 schema as the equivalent SchemaV2 payload (doc_class aside)', () => {
    const v2 = {
      doc_class: 'document',
      fields: [
        { key: 'ref', description: 'Reference', type: 'string' },
        { key: 'due', description: 'Due date', type: 'date' },
      ],
      tables: [{ key: 'items', description: 'Lines', fields: [{ key: 'price', description: 'Price', type: 'number' }] }],
    };
    const json = object({
      ref: { type: 'string', description: 'Reference' },
      due: { type: 'string', format: 'date', description: 'Due date' },
      items: {
        type: 'array',
        description: 'Lines',
        items: { type: 'object', properties: { price: { type: 'number', description: 'Price' } } },
      },
    });
    expect(normalizeSchema(json)).toEqual(normalizeSchema(v2));
  });

  it('accepts and ignores title, $schema, $id, $comment, examples, additionalProperties and required; a [T, "null"] type is T', () => {
    const plain = normalizeSchema(object({ a: { type: 'string' }, b: { type: 'number' } }));
    const decorated = normalizeSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:x',
      title: 'Things',
      description: 'All of them',
      $comment: 'c',
      type: 'object',
      additionalProperties: false,
      required: ['a'],
      properties: { a: { type: ['string', 'null'], examples: ['x'], default: '' }, b: { type: ['null', 'number'], $comment: 'n' } },
    });
    expect(decorated).toEqual(plain);
    expect(normalizeSchema({ properties: { a: { type: 'string' } } })).toEqual(normalizeSchema(object({ a: { type: 'string' } })));
  });

  it('flattens nested objects to dotted keys (up to 3 levels), tables included; the view nests them back', () => {
    const schema = normalizeSchema(
      object({
        seller: {
          type: 'object',
          description: 'Who sells',
          properties: {
            name: { type: 'string', description: 'Seller name' },
            address: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
        order: {
          type: 'object',
          properties: { lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } } },
        },
        ref: { type: 'string' },
      }),
    );
    expect(schema.fields.map((f) => f.key)).toEqual(['seller.name', 'seller.address.city', 'ref']);
    expect(schema.tables.map((t) => t.key)).toEqual(['order.lines']);
    expect(nestedResult({ 'seller.name': 'A', 'seller.address.city': null, 'order.lines': [{ qty: 2 }], ref: 'R' })).toEqual({
      seller: { name: 'A', address: { city: null } },
      order: { lines: [{ qty: 2 }] },
      ref: 'R',
    });
  });

  it.each([
    ['$ref', object({ a: { $ref: '#/$defs/a' } }), at('properties', 'a', '$ref'), /\$ref is not supported/],
    ['oneOf', object({ a: { oneOf: [{ type: 'string' }, { type: 'number' }] } }), at('properties', 'a', 'oneOf'), /oneOf is not supported/],
    ['anyOf', object({ a: { anyOf: [{ type: 'string' }] } }), at('properties', 'a', 'anyOf'), /anyOf is not supported/],
    ['a type array', object({ a: { type: ['string', 'number'] } }), at('properties', 'a', 'type'), /type array/],
    ['a type array of three', object({ a: { type: ['string', 'number', 'null'] } }), at('properties', 'a', 'type'), /type array/],
    [
      'nesting deeper than 3 levels',
      object({
        a: {
          type: 'object',
          properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'string' } } } } } },
        },
      }),
      at('properties', 'a', 'properties', 'b', 'properties', 'c'),
      /deeper than 3/,
    ],
    [
      'an array of arrays',
      object({ a: { type: 'array', items: { type: 'array', items: { type: 'string' } } } }),
      at('properties', 'a', 'items'),
      /array of arrays/,
    ],
    [
      'an object inside line items',
      object({
        a: { type: 'array', items: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'string' } } } } } },
      }),
      at('properties', 'a', 'items', 'properties', 'b', 'type'),
      /line-item column must be a scalar/,
    ],
    [
      'an array inside line items',
      object({ a: { type: 'array', items: { type: 'object', properties: { b: { type: 'array', items: { type: 'string' } } } } } }),
      at('properties', 'a', 'items', 'properties', 'b', 'type'),
      /line-item column/,
    ],
    ['empty properties', object({}), at('properties'), /empty/],
    ['empty nested properties', object({ a: { type: 'object', properties: {} } }), at('properties', 'a', 'properties'), /empty/],
    [
      'empty line-item properties',
      object({ a: { type: 'array', items: { type: 'object', properties: {} } } }),
      at('properties', 'a', 'items', 'properties'),
      /empty/,
    ],
    [
      'a key that would collide after flattening',
      object({ 'a.b': { type: 'string' }, a: { type: 'object', properties: { b: { type: 'string' } } } }),
      at('properties', 'a.b'),
      /collide/,
    ],
    ['a key that is not identifier-like', object({ 'total due': { type: 'number' } }), at('properties', 'total due'), /identifier-like/],
    ['an array without items', object({ a: { type: 'array' } }), at('properties', 'a', 'items'), /items/],
    ['tuple items', object({ a: { type: 'array', items: [{ type: 'string' }] } }), at('properties', 'a', 'items'), /tuples/],
    ['an enum', object({ a: { type: 'string', enum: ['x', 'y'] } }), at('properties', 'a', 'enum'), /enum is not supported/],
    ['a constraint', object({ a: { type: 'number', minimum: 0 } }), at('properties', 'a', 'minimum'), /not enforced/],
    ['an unknown format', object({ a: { type: 'string', format: 'email' } }), at('properties', 'a', 'format'), /format "email"/],
    [
      'a date format on a number',
      object({ a: { type: 'number', format: 'date' } }),
      at('properties', 'a', 'format'),
      /not supported on a number/,
    ],
    ['a property without type', object({ a: { description: 'x' } }), at('properties', 'a', 'type'), /type is required/],
    ['type null', object({ a: { type: 'null' } }), at('properties', 'a', 'type'), /null/],
    ['an unknown type', object({ a: { type: 'money' } }), at('properties', 'a', 'type'), /unknown type/],
    ['a root that is not an object', { type: 'array', items: { type: 'string' } }, at('type'), /must describe an object/],
    ['a property that is not a schema', object({ a: true }), at('properties', 'a'), /schema object/],
    [
      'a description that is not a string',
      object({ a: { type: 'string', description: 5 } }),
      at('properties', 'a', 'description'),
      /must be a string/,
    ],
    ['a type that is not a string', object({ a: { type: 5 } }), at('properties', 'a', 'type'), /must be a string/],
    ['required naming no property', object({ a: { type: 'string' } }, { required: ['b'] }), at('required', 0), /not among the properties/],
    ['required that is not an array', object({ a: { type: 'string' } }, { required: 'a' }), at('required'), /array/],
    [
      'additionalProperties that is not a boolean or schema',
      object({ a: { type: 'string' } }, { additionalProperties: 'no' }),
      at('additionalProperties'),
      /boolean or a schema/,
    ],
    [
      'a reserved key',
      JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}}}'),
      at('properties', '__proto__'),
      /reserved/,
    ],
  ])('refuses %s with the loc of the member and why', (_name, input, loc, message) => {
    const err = errorOf(input);
    expect(err.loc).toEqual(loc);
    expect(err.message).toMatch(message);
  });
});

describe('normalizeSchema: the date type and dotted keys in the other forms', () => {
  it('takes type date in SchemaV2 fields and table columns, and "date:" in the invoice form', () => {
    const v2 = normalizeSchema({
      doc_class: 'x',
      fields: [{ key: 'due', description: 'Due', type: 'date' }],
      tables: [{ key: 't', fields: [{ key: 'on', description: '', type: 'date' }] }],
    });
    expect(v2.fields[0].type).toBe('date');
    expect(v2.tables[0].fields[0].type).toBe('date');
    const second = normalizeSchema({
      invoice_level_fields: { due: 'date: Due' },
      line_item_structures: { t: { target_fields: ['on (date): '] } },
    });
    expect(second.fields[0].type).toBe('date');
    expect(second.tables[0].fields[0].type).toBe('date');
  });

  it('takes a dotted key in SchemaV2 (the response form of nested properties) and refuses one that collides or nests too deep', () => {
    expect(normalizeSchema({ doc_class: 'x', fields: [{ key: 'seller.name', description: '' }] }).fields[0].key).toBe('seller.name');
    const collide = errorOf({
      doc_class: 'x',
      fields: [
        { key: 'seller', description: '' },
        { key: 'seller.name', description: '' },
      ],
    });
    expect(collide.loc).toEqual(at('fields', 1, 'key'));
    expect(collide.message).toMatch(/collides with "seller"/);
    expect(errorOf({ doc_class: 'x', fields: [{ key: 'a.b.c.d', description: '' }] }).message).toMatch(/at most 3/);
    expect(errorOf({ doc_class: 'x', fields: [{ key: 'a..b', description: '' }] }).loc).toEqual(at('fields', 0, 'key'));
    expect(errorOf({ doc_class: 'x', tables: [{ key: 't', fields: [{ key: 'a.b', description: '' }] }] }).loc).toEqual(
      at('tables', 0, 'fields', 0, 'key'),
    );
  });
});

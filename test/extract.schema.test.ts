import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers/schema-errors.ts';
import { conceptOf, normalizeSchema } from '../src/pipeline/extract/mod.ts';

const V2 = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'The invoice number' },
    { key: 'total', description: 'Amount due', type: 'number' },
    { key: 'paid', description: 'Whether it is paid', type: 'boolean', array: false },
  ],
  tables: [
    {
      key: 'line_items',
      description: 'Items billed',
      fields: [
        { key: 'description', description: 'Item' },
        { key: 'amount', description: 'Line total', type: 'number' },
      ],
    },
  ],
};

const SECOND_FORM = {
  invoice_level_fields: { invoice_number: 'string: The invoice number', total: 'number: Amount due', paid: 'boolean: Whether it is paid' },
  line_item_structures: {
    line_items: { description: 'Items billed', target_fields: ['description (string): Item', 'amount (number): Line total'] },
  },
};

describe('normalizeSchema', () => {
  it('fills V2 defaults (type string, array false, table description empty)', () => {
    const s = normalizeSchema({
      doc_class: 'receipt',
      fields: [{ key: 'company', description: '' }],
      tables: [{ key: 'items', fields: [{ key: 'name', description: 'x' }] }],
    });
    expect(s).toEqual({
      doc_class: 'receipt',
      fields: [{ key: 'company', description: '', type: 'string', array: false }],
      tables: [{ key: 'items', description: '', fields: [{ key: 'name', description: 'x', type: 'string', array: false }] }],
    });
  });

  it('normalises the invoice_level_fields + line_item_structures form to the same V2 schema', () => {
    expect(normalizeSchema(SECOND_FORM)).toEqual(normalizeSchema(V2));
    expect(normalizeSchema({ ...SECOND_FORM, doc_class: 'bill' }).doc_class).toBe('bill');
  });

  it('rejects an unknown type with the path of the type', () => {
    const bad = { ...V2, fields: [...V2.fields, { key: 'when', description: 'd', type: 'datetime' }] };
    const err = errorOf(bad);
    expect(err.loc).toEqual(['body', 'schema', 'fields', 3, 'type']);
    expect(err.message).toMatch(/unknown type/);
    expect(errorOf({ line_item_structures: { items: { target_fields: ['qty (decimalish): n'] } } }).loc).toEqual([
      'body',
      'schema',
      'line_item_structures',
      'items',
      'target_fields',
      0,
    ]);
  });

  it('rejects duplicate keys among fields, within a table, and between a field and a table', () => {
    expect(
      errorOf({
        doc_class: 'x',
        fields: [
          { key: 'a', description: '' },
          { key: 'a', description: '' },
        ],
      }).loc,
    ).toEqual(['body', 'schema', 'fields', 1, 'key']);
    expect(
      errorOf({
        doc_class: 'x',
        tables: [
          {
            key: 't',
            fields: [
              { key: 'a', description: '' },
              { key: 'a', description: '' },
            ],
          },
        ],
      }).loc,
    ).toEqual(['body', 'schema', 'tables', 0, 'fields', 1, 'key']);
    expect(
      errorOf({ doc_class: 'x', fields: [{ key: 't', description: '' }], tables: [{ key: 't', fields: [{ key: 'a', description: '' }] }] })
        .message,
    ).toMatch(/duplicate/);
  });

  it('rejects malformed schemas with a location', () => {
    expect(errorOf('nope').loc).toEqual(['body', 'schema']);
    expect(errorOf({ fields: [{ key: 'a', description: '' }] }).loc).toEqual(['body', 'schema', 'doc_class']);
    expect(errorOf({ doc_class: 'x' }).message).toMatch(/at least one field or table/);
    expect(errorOf({ doc_class: 'x', fields: [{ key: 'bad key', description: '' }] }).loc).toEqual(['body', 'schema', 'fields', 0, 'key']);
    expect(errorOf({ doc_class: 'x', fields: [{ key: '', description: '' }] }).loc).toEqual(['body', 'schema', 'fields', 0, 'key']);
    expect(errorOf({ doc_class: 'x', fields: [{ key: 'k'.repeat(65), description: '' }] }).loc).toEqual([
      'body',
      'schema',
      'fields',
      0,
      'key',
    ]);
    expect(errorOf({ doc_class: 'x', fields: [{ key: 'a' }] }).loc).toEqual(['body', 'schema', 'fields', 0, 'description']);
    expect(errorOf({ doc_class: 'x', fields: 'a' }).loc).toEqual(['body', 'schema', 'fields']);
    const many = Array.from({ length: 201 }, (_, i) => ({ key: `f${i}`, description: '' }));
    expect(errorOf({ doc_class: 'x', fields: many }).message).toMatch(/at most 200/);
  });
});

describe('conceptOf', () => {
  const concept = (key: string, description = '') => conceptOf({ key, description });

  it('maps keys (and descriptions when the key says nothing) to business concepts', () => {
    expect(concept('invoice_number')).toBe('invoice_number');
    expect(concept('company')).toBe('issuer');
    expect(concept('vendorName')).toBe('issuer');
    expect(concept('address')).toBe('issuer_address');
    expect(concept('amount')).toBe('total');
    expect(concept('date')).toBe('invoice_date');
    expect(concept('due_date')).toBe('due_date');
    expect(concept('tax_total')).toBe('tax');
    expect(concept('vat_number')).toBe('tax_id');
    expect(concept('customer_address')).toBe('customer_address');
    expect(concept('field_7', 'The grand total the customer must pay')).toBe('total');
    expect(concept('order_date')).toBeNull();
    expect(concept('colour')).toBeNull();
  });
});

/**
 * POST /v1/extract with JSON Schema over HTTP, on documents drawn in the test: a JSON Schema with string, number,
 * date fields and a line-item array extracts what the equivalent SchemaV2 payload extracts (sync, async and as a
 * schema file); nested objects nest in the result with dotted grounding paths; `date` fields (JSON Schema format
 * and V2 type) come out as ISO dates, and a value that is not a date is null with a failed `date_type` check; every
 * construct that cannot be honoured is a 422 naming the member, before anything is stored.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_A, type TestApp } from './helpers/app.ts';
import {
  detailOf,
  get,
  storedFiles,
  uploadOne,
  useTestApp,
  validationLocs,
  waitForFinalJob,
  type InjectResponse,
  type JobRefBody,
} from './helpers/api.ts';
import { invoicePdf, LINES } from './helpers/invoice-pdfs.ts';
import { helveticaPdf } from './helpers/pdf.ts';

interface Check {
  check: string;
  ok: boolean;
  message: string;
  paths: string[];
  found?: string;
}
interface ExtractBody {
  schema: {
    doc_class: string;
    fields: { key: string; type: string; array: boolean }[];
    tables: { key: string; fields: { key: string; type: string }[] }[];
  };
  result: Record<string, unknown> & { _grounding?: Record<string, unknown>; _validation: { ok: boolean; checks: Check[] } };
}

const app = useTestApp();

const JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Invoice',
  type: 'object',
  additionalProperties: false,
  required: ['invoice_number', 'total'],
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Invoice date' },
    subtotal: { type: 'number', description: 'Subtotal before tax' },
    tax: { type: 'number', description: 'VAT amount' },
    total: { type: ['number', 'null'], description: 'Total amount due' },
    line_items: {
      type: 'array',
      description: 'Invoice lines',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'Item description' },
          quantity: { type: 'number', description: 'Quantity' },
          unit_price: { type: 'number', description: 'Unit price' },
          amount: { type: 'number', description: 'Line amount' },
        },
      },
    },
  },
};

const V2_SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'invoice_date', description: 'Invoice date', type: 'date' },
    { key: 'subtotal', description: 'Subtotal before tax', type: 'number' },
    { key: 'tax', description: 'VAT amount', type: 'number' },
    { key: 'total', description: 'Total amount due', type: 'number' },
  ],
  tables: [
    {
      key: 'line_items',
      description: 'Invoice lines',
      fields: [
        { key: 'description', description: 'Item description' },
        { key: 'quantity', description: 'Quantity', type: 'number' },
        { key: 'unit_price', description: 'Unit price', type: 'number' },
        { key: 'amount', description: 'Line amount', type: 'number' },
      ],
    },
  ],
};

function extract(t: TestApp, body: Record<string, unknown>): Promise<InjectResponse> {
  return t.app.inject({ method: 'POST', url: '/v1/extract', headers: AUTH_A, payload: { execution_mode: 'sync', ...body } });
}

async function extractOk(t: TestApp, body: Record<string, unknown>): Promise<ExtractBody> {
  const res = await extract(t, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExtractBody;
}

const inline = (pdf: Buffer) => ({ pdf_base64: pdf.toString('base64'), filename: 'document.pdf' });

/** A one-page order: a date printed with a month name, and a delivery date that is not a date. */
function orderPdf(): Buffer {
  const text = (x: number, y: number, s: string, font = 'F1', size = 10) => `BT /${font} ${size} Tf ${x} ${y} Td (${s}) Tj ET`;
  return helveticaPdf([
    [
      text(72, 740, 'Harbourside Supplies', 'F2', 14),
      text(72, 700, 'PURCHASE ORDER', 'F2', 20),
      text(72, 660, 'Order Number:'),
      text(200, 660, 'PO-58213'),
      text(72, 644, 'Order Date:'),
      text(200, 644, '7 February 2025'),
      text(72, 628, 'Delivery Date:'),
      text(200, 628, 'to be confirmed'),
    ].join('\n'),
  ]);
}

describe('POST /v1/extract with a JSON Schema', () => {
  const pdf = invoicePdf();

  it('extracts the same values under the same keys as the equivalent SchemaV2 payload (sync, async, schema file)', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: pdf });
    const input = { file_id: file.file_id };
    const v2 = await extractOk(t, { input, schema: V2_SCHEMA });
    const json = await extractOk(t, { input, schema: JSON_SCHEMA });
    expect(json.result).toEqual(v2.result);
    expect({ ...json.schema, doc_class: 'invoice' }).toEqual(v2.schema);
    const r = json.result;
    expect(r).toMatchObject({ invoice_number: 'INV-2024-0417', invoice_date: '2024-03-15', subtotal: 102, tax: 20.4, total: 122.4 });
    const rows = r.line_items as Record<string, unknown>[];
    expect(rows.map((row) => [row.description, row.quantity, row.unit_price, row.amount])).toEqual(
      LINES.map(([d, q, u, a]) => [d, Number(q), Number(u), Number(a)]),
    );
    expect(
      Object.keys(r)
        .filter((k) => !k.startsWith('_'))
        .sort(),
    ).toEqual(Object.keys(JSON_SCHEMA.properties).sort());
    expect(r._validation.ok, JSON.stringify(r._validation.checks)).toBe(true);

    const res = await extract(t, { input, schema: JSON_SCHEMA, execution_mode: 'async' });
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json() as JobRefBody;
    expect((await waitForFinalJob(t.app, ref.job_id)).status).toBe('completed');
    const fromJob = await get(t.app, `/v1/jobs/${ref.job_id}/result`);
    expect(fromJob.statusCode, fromJob.body).toBe(200);
    expect((fromJob.json() as ExtractBody).result).toEqual(json.result);

    const stored = await uploadOne(t.app, { filename: 'invoice.schema.json', bytes: Buffer.from(JSON.stringify(JSON_SCHEMA)) });
    expect((await extractOk(t, { input, schema_file_id: stored.file_id })).result).toEqual(json.result);
  });

  it('nests the values of nested objects in the result; grounding and the V2 schema name them by dotted path', async () => {
    const nested = {
      type: 'object',
      properties: {
        invoice: {
          type: 'object',
          properties: {
            number: { type: 'string', description: 'Invoice number' },
            date: { type: 'string', format: 'date', description: 'Invoice date' },
          },
        },
        amounts: {
          type: 'object',
          description: 'Totals',
          properties: {
            subtotal: { type: 'number', description: 'Subtotal before tax' },
            total: { type: 'number', description: 'Total amount due' },
          },
        },
      },
    };
    const body = await extractOk(app(), { input: inline(pdf), schema: nested });
    expect(body.schema.fields.map((f) => [f.key, f.type])).toEqual([
      ['invoice.number', 'string'],
      ['invoice.date', 'date'],
      ['amounts.subtotal', 'number'],
      ['amounts.total', 'number'],
    ]);
    const { _grounding, _validation, ...values } = body.result;
    expect(values).toEqual({ invoice: { number: 'INV-2024-0417', date: '2024-03-15' }, amounts: { subtotal: 102, total: 122.4 } });
    expect(Object.keys(_grounding!).sort()).toEqual(['amounts.subtotal', 'amounts.total', 'invoice.date', 'invoice.number']);
    expect(_validation.ok, JSON.stringify(_validation.checks)).toBe(true);
  });

  it('reads date fields as ISO dates (JSON Schema format and V2 type); a value that is not a date is null with a reason', async () => {
    const t = app();
    const order = orderPdf();
    const json = await extractOk(t, {
      input: inline(order),
      schema: {
        type: 'object',
        properties: {
          order_number: { type: 'string', description: 'Order number' },
          order_date: { type: 'string', format: 'date', description: 'Order date' },
          delivery_date: { type: 'string', format: 'date-time', description: 'Delivery date' },
        },
      },
    });
    expect(json.result).toMatchObject({ order_number: 'PO-58213', order_date: '2025-02-07', delivery_date: null });
    expect(json.result._grounding!.delivery_date).toBeUndefined();
    const failed = json.result._validation.checks.filter((c) => !c.ok);
    expect(failed).toEqual([expect.objectContaining({ check: 'date_type', paths: ['delivery_date'], found: 'to be confirmed' })]);
    expect(json.result._validation.ok).toBe(false);

    const v2 = await extractOk(t, {
      input: inline(order),
      schema: {
        doc_class: 'order',
        fields: [
          { key: 'order_date', description: 'Order date', type: 'date' },
          { key: 'delivery_date', description: 'Delivery date', type: 'date' },
        ],
      },
    });
    expect(v2.result).toMatchObject({ order_date: '2025-02-07', delivery_date: null });
    expect(v2.result._validation.checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(['date_type']);
  });
});

describe('POST /v1/extract: JSON Schemas that cannot be honoured', () => {
  const pdf = invoicePdf();
  const props = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const at = (...path: (string | number)[]) => ['body', 'schema', ...path];

  it.each([
    ['$ref', props({ total: { $ref: '#/$defs/money' } }), at('properties', 'total', '$ref'), /\$ref is not supported/],
    ['oneOf', props({ total: { oneOf: [{ type: 'number' }, { type: 'string' }] } }), at('properties', 'total', 'oneOf'), /oneOf/],
    ['anyOf', props({ total: { anyOf: [{ type: 'number' }] } }), at('properties', 'total', 'anyOf'), /anyOf/],
    ['a property type array', props({ total: { type: ['number', 'string'] } }), at('properties', 'total', 'type'), /type array/],
    [
      'nesting deeper than the extractor supports',
      props({
        a: {
          type: 'object',
          properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'string' } } } } } },
        },
      }),
      at('properties', 'a', 'properties', 'b', 'properties', 'c'),
      /deeper than 3 levels/,
    ],
    [
      'an array of arrays',
      props({ rows: { type: 'array', items: { type: 'array', items: { type: 'number' } } } }),
      at('properties', 'rows', 'items'),
      /array of arrays/,
    ],
    ['an empty properties object', props({}), at('properties'), /empty/],
    [
      'a key that collides after flattening',
      props({ 'seller.name': { type: 'string' }, seller: { type: 'object', properties: { name: { type: 'string' } } } }),
      at('properties', 'seller.name'),
      /collide/,
    ],
    [
      'a wrong JSON type for description',
      props({ total: { type: 'number', description: 42 } }),
      at('properties', 'total', 'description'),
      /must be a string/,
    ],
    ['a number where a schema is expected', props({ total: 7 }), at('properties', 'total'), /schema object/],
  ])('refuses %s with 422 naming the member and why, before anything is stored (sync and async)', async (_name, schema, loc, why) => {
    const t = app();
    const before = await storedFiles(t.runtime);
    for (const execution_mode of ['sync', 'async']) {
      const res = await extract(t, { input: inline(pdf), schema, execution_mode });
      expect(validationLocs(res)).toEqual([loc]);
      const [issue] = detailOf(res) as { msg: string }[];
      expect(issue.msg).toMatch(why);
    }
    expect(await storedFiles(t.runtime)).toEqual(before);
  });

  it('refuses a stored JSON Schema file that cannot be honoured, naming the member', async () => {
    const t = app();
    const file = await uploadOne(t.app, {
      filename: 'bad.schema.json',
      bytes: Buffer.from(JSON.stringify(props({ total: { anyOf: [{ type: 'number' }] } }))),
    });
    const res = await extract(t, { input: inline(pdf), schema_file_id: file.file_id });
    expect(validationLocs(res)).toEqual([['body', 'schema_file_id']]);
    expect((detailOf(res) as { msg: string }[])[0].msg).toMatch(
      /properties\.total\.anyOf: anyOf is not supported|at properties\.total\.anyOf/,
    );
  });
});

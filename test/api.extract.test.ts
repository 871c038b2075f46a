/**
 * POST /v1/extract and POST /v1/schema/auto over HTTP on invoices drawn with mupdf: both schema forms give the
 * same result; typed values whose boxes contain the printed characters; grounding none/regions/cell; a wrong total
 * flagged by `_validation`; 422s (schema and schema_file_id together, unknown type, duplicate keys, a file that is
 * not a schema) refused before anything is stored, also for async; 404 for an unknown schema file; a generated
 * schema stored as a JSON file that extract reads back; the async job path answering what sync answers; the
 * optional LLM (a local OpenAI-compatible server) filling a field only with text the page holds.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_A, AUTH_B, type TestApp } from './helpers/app.ts';
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
import { charBox, invoicePdf, LINES, type Box } from './helpers/invoice-pdfs.ts';

interface Grounding {
  page_index: number;
  bbox: Box;
  region_ids: string[];
  table_id?: string;
  confidence: number;
  source: string;
}
interface Check {
  check: string;
  ok: boolean;
  message: string;
  paths: string[];
}
interface ExtractBody {
  schema: { doc_class: string; fields: { key: string; type: string }[]; tables: { key: string; fields: { key: string }[] }[] };
  result: Record<string, unknown> & { _grounding?: Record<string, Grounding>; _validation: { ok: boolean; checks: Check[] } };
  grounding_mode: boolean | string;
  page_count: number;
}
interface SchemaAutoBody {
  schema: ExtractBody['schema'];
  schema_file_id: string;
}

const app = useTestApp();

function expectBoxHolds(grounding: Grounding | undefined, pdf: Buffer, text: string, what: string): void {
  expect(grounding, `${what} has no grounding`).toBeDefined();
  const chars = charBox(pdf, grounding!.page_index, text);
  const [x0, y0, x1, y1] = grounding!.bbox;
  expect(grounding!.bbox.every(Number.isInteger)).toBe(true);
  const slack = 3;
  const holds = x0 <= chars[0] + slack && y0 <= chars[1] + slack && x1 >= chars[2] - slack && y1 >= chars[3] - slack;
  expect(holds, `${what}: box ${grounding!.bbox.join(',')} does not contain "${text}" at ${chars.map(Math.round).join(',')}`).toBe(true);
  // A value box, not the page: no wider than half the page (1224 px) nor taller than a few lines.
  expect(x1 - x0).toBeLessThan(612);
  expect(y1 - y0).toBeLessThan(120);
}

const V2_SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'invoice_date', description: 'Invoice date' },
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

const SECOND_FORM = {
  invoice_level_fields: {
    invoice_number: 'string: Invoice number',
    invoice_date: 'string: Invoice date',
    subtotal: 'number: Subtotal before tax',
    tax: 'number: VAT amount',
    total: 'number: Total amount due',
  },
  line_item_structures: {
    line_items: {
      description: 'Invoice lines',
      target_fields: [
        'description (string): Item description',
        'quantity (number): Quantity',
        'unit_price (number): Unit price',
        'amount (number): Line amount',
      ],
    },
  },
};

function extract(t: TestApp, body: Record<string, unknown>, auth = AUTH_A): Promise<InjectResponse> {
  return t.app.inject({ method: 'POST', url: '/v1/extract', headers: auth, payload: { execution_mode: 'sync', ...body } });
}

async function extractOk(t: TestApp, body: Record<string, unknown>): Promise<ExtractBody> {
  const res = await extract(t, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExtractBody;
}

const inline = (pdf: Buffer) => ({ pdf_base64: pdf.toString('base64'), filename: 'invoice.pdf' });

describe('POST /v1/extract', () => {
  const pdf = invoicePdf();

  it('reads typed header values and line items whose boxes contain the printed text; both schema forms agree', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: pdf });
    const v2 = await extractOk(t, { input: { file_id: file.file_id }, schema: V2_SCHEMA });
    const second = await extractOk(t, { input: { file_id: file.file_id }, schema: SECOND_FORM });
    expect(second.schema).toEqual(v2.schema);
    expect(second.result).toEqual(v2.result);
    expect(v2.schema.fields.map((f) => [f.key, f.type])).toEqual(V2_SCHEMA.fields.map((f) => [f.key, f.type ?? 'string']));
    expect(v2.grounding_mode).toBe(true);
    expect(v2.page_count).toBe(1);

    const r = v2.result;
    expect(r).toMatchObject({ invoice_number: 'INV-2024-0417', invoice_date: '2024-03-15', subtotal: 102, tax: 20.4, total: 122.4 });
    const items = r.line_items as Record<string, unknown>[];
    expect(items.map((row) => [row.description, row.quantity, row.unit_price, row.amount])).toEqual(
      LINES.map(([d, q, u, a]) => [d, Number(q), Number(u), Number(a)]),
    );

    const g = r._grounding!;
    expectBoxHolds(g.invoice_number, pdf, 'INV-2024-0417', 'invoice_number');
    expectBoxHolds(g.total, pdf, '122.40', 'total');
    expectBoxHolds(g['line_items[1].amount'], pdf, '32.00', 'line_items[1].amount');
    for (const one of Object.values(g)) {
      expect(one.region_ids.length).toBeGreaterThan(0);
      expect(one.confidence).toBeGreaterThan(0);
      expect(one.confidence).toBeLessThanOrEqual(1);
    }
    expect(r._validation.ok, JSON.stringify(r._validation.checks)).toBe(true);
  });

  it('shapes _grounding by mode: none leaves it out, regions without table ids, cell with them', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: pdf });
    const run = (grounding: unknown) => extractOk(t, { input: { file_id: file.file_id }, schema: V2_SCHEMA, grounding });
    const [none, off, regions, cell] = await Promise.all([run('none'), run(false), run('regions'), run('cell')]);
    expect(none.result._grounding).toBeUndefined();
    expect(off.result._grounding).toBeUndefined();
    expect(none.grounding_mode).toBe('none');
    expect(off.grounding_mode).toBe(false);
    expect(none.result._validation).toBeDefined();
    const { _grounding: regionsGrounding, ...regionsValues } = regions.result;
    const { _grounding: cellGrounding, ...cellValues } = cell.result;
    expect(cellValues).toEqual(regionsValues);
    const { _grounding: _none, ...noneValues } = none.result;
    expect(noneValues).toEqual(regionsValues);
    expect(Object.keys(cellGrounding!).sort()).toEqual(Object.keys(regionsGrounding!).sort());
    for (const one of Object.values(regionsGrounding!)) expect(one.table_id).toBeUndefined();
    const cellAmount = cellGrounding!['line_items[0].amount'];
    expect(typeof cellAmount.table_id).toBe('string');
    expect(cellAmount.source).toBe('table_cell');
    expectBoxHolds(cellAmount, pdf, '50.00', 'cell line_items[0].amount');
    expect(cellGrounding!.invoice_number.table_id).toBeUndefined();
  });

  it('flags a total that does not add up, without correcting it', async () => {
    const wrong = invoicePdf('125.40');
    const body = await extractOk(app(), { input: inline(wrong), schema: V2_SCHEMA });
    expect(body.result.total).toBe(125.4);
    expect(body.result._validation.ok).toBe(false);
    const failed = body.result._validation.checks.filter((c) => !c.ok);
    expect(
      failed.some((c) => c.paths.includes('total')),
      JSON.stringify(failed),
    ).toBe(true);
  });

  it('answers the same through an async job', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: pdf });
    const sync = await extractOk(t, { input: { file_id: file.file_id }, schema: V2_SCHEMA, grounding: 'cell' });
    const res = await extract(t, { input: { file_id: file.file_id }, schema: SECOND_FORM, grounding: 'cell', execution_mode: 'async' });
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json() as JobRefBody;
    expect(ref.operation).toBe('extract');
    expect((await waitForFinalJob(t.app, ref.job_id)).status).toBe('completed');
    const result = await get(t.app, `/v1/jobs/${ref.job_id}/result`);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual(sync);
  });
});

describe('POST /v1/extract: refused requests', () => {
  const pdf = invoicePdf();

  it('refuses schema and schema_file_id together with 422, before anything is stored (sync and async)', async () => {
    const t = app();
    const auto = await t.app.inject({
      method: 'POST',
      url: '/v1/schema/auto',
      headers: AUTH_A,
      payload: { inputs: [inline(pdf)], execution_mode: 'sync' },
    });
    expect(auto.statusCode, auto.body).toBe(200);
    const { schema_file_id } = auto.json() as SchemaAutoBody;
    const before = await storedFiles(t.runtime);
    for (const execution_mode of ['sync', 'async']) {
      const res = await extract(t, { input: inline(pdf), schema: V2_SCHEMA, schema_file_id, execution_mode });
      expect(validationLocs(res)).toEqual([['body']]);
    }
    expect(await storedFiles(t.runtime)).toEqual(before);
  });

  it.each([
    [
      'an unknown field type',
      { ...V2_SCHEMA, fields: [{ key: 'total', description: 'Total', type: 'money' }] },
      ['body', 'schema', 'fields', 0, 'type'],
    ],
    [
      'duplicate field keys',
      { ...V2_SCHEMA, fields: [V2_SCHEMA.fields[0], { ...V2_SCHEMA.fields[4], key: 'invoice_number' }] },
      ['body', 'schema', 'fields', 1, 'key'],
    ],
    [
      'a table key that repeats a field key',
      { ...V2_SCHEMA, tables: [{ ...V2_SCHEMA.tables[0], key: 'total' }] },
      ['body', 'schema', 'tables', 0, 'key'],
    ],
    [
      'a duplicate column',
      {
        ...V2_SCHEMA,
        tables: [
          {
            key: 'line_items',
            fields: [
              { key: 'amount', description: 'a' },
              { key: 'amount', description: 'b' },
            ],
          },
        ],
      },
      ['body', 'schema', 'tables', 0, 'fields', 1, 'key'],
    ],
    [
      'an unknown type in the second form',
      { invoice_level_fields: { total: 'money: Total' } },
      ['body', 'schema', 'invoice_level_fields', 'total'],
    ],
    ['a field without description', { doc_class: 'invoice', fields: [{ key: 'total' }] }, ['body', 'schema', 'fields', 0, 'description']],
  ])('refuses %s with 422 naming where, also for async jobs', async (_name, schema, loc) => {
    const t = app();
    const before = await storedFiles(t.runtime);
    for (const execution_mode of ['sync', 'async']) {
      const res = await extract(t, { input: inline(pdf), schema, execution_mode });
      expect(validationLocs(res)).toEqual([loc]);
    }
    expect(await storedFiles(t.runtime)).toEqual(before);
  });

  it('refuses a grounding mode it does not know', async () => {
    const res = await extract(app(), { input: inline(pdf), schema: V2_SCHEMA, grounding: 'words' });
    expect(validationLocs(res)).toEqual([['body', 'grounding']]);
  });

  it("answers 404 for an unknown schema_file_id or another tenant's, and 422 for a file that is not a schema", async () => {
    const t = app();
    const missing = await extract(t, { input: inline(pdf), schema_file_id: 'file_00000000000000000000000000' });
    expect(missing.statusCode, missing.body).toBe(404);
    expect(detailOf(missing)).toBe('File not found');

    const theirs = await uploadOne(t.app, { filename: 'schema.json', bytes: Buffer.from(JSON.stringify(V2_SCHEMA)) }, AUTH_B);
    const foreign = await extract(t, { input: inline(pdf), schema_file_id: theirs.file_id });
    expect(foreign.statusCode, foreign.body).toBe(404);

    const notJson = await uploadOne(t.app, { filename: 'invoice.pdf', bytes: pdf });
    expect(validationLocs(await extract(t, { input: inline(pdf), schema_file_id: notJson.file_id }))).toEqual([['body', 'schema_file_id']]);

    const notSchema = await uploadOne(t.app, { filename: 'settings.json', bytes: Buffer.from('{"colour": "blue"}') });
    const res = await extract(t, { input: inline(pdf), schema_file_id: notSchema.file_id });
    expect(validationLocs(res)).toEqual([['body', 'schema_file_id']]);
  });
});

describe('POST /v1/schema/auto', () => {
  const pdf = invoicePdf();

  it('proposes an invoice schema, stores it as a JSON file, and extract reads it back by schema_file_id', async () => {
    const t = app();
    const file = await uploadOne(t.app, { filename: 'northwind.pdf', bytes: pdf });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/schema/auto',
      headers: AUTH_A,
      payload: { file_id: file.file_id, execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const auto = res.json() as SchemaAutoBody;
    expect(auto.schema.doc_class).toBe('invoice');
    expect(auto.schema.fields.length).toBeGreaterThan(0);

    const stored = await get(t.app, `/v1/files/${auto.schema_file_id}`);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ filename: 'northwind.schema.json', content_type: 'application/json' });

    const byFile = await extractOk(t, { input: { file_id: file.file_id }, schema_file_id: auto.schema_file_id });
    expect(byFile.schema).toEqual(auto.schema);
    for (const f of auto.schema.fields) expect(byFile.result, f.key).toHaveProperty(f.key);
    for (const table of auto.schema.tables) expect(Array.isArray(byFile.result[table.key]), table.key).toBe(true);
    // With no schema at all, extract generates the same one first.
    const generated = await extractOk(t, { input: { file_id: file.file_id } });
    expect(generated.schema).toEqual(auto.schema);
    expect(generated.result).toEqual(byFile.result);

    // The stored schema belongs to its tenant.
    const foreign = await extract(t, { input: inline(pdf), schema_file_id: auto.schema_file_id }, AUTH_B);
    expect(foreign.statusCode).toBe(404);
  });

  it('accepts several documents (file_id list and inline inputs) and runs as an async job', async () => {
    const t = app();
    const a = await uploadOne(t.app, { filename: 'a.pdf', bytes: pdf });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/schema/auto',
      headers: AUTH_A,
      payload: {
        file_id: [a.file_id],
        inputs: [inline(invoicePdf('125.40'))],
        instructions: 'Only the totals and the invoice number matter',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json() as JobRefBody;
    expect(ref.operation).toBe('schema_auto');
    expect((await waitForFinalJob(t.app, ref.job_id)).status).toBe('completed');
    const body = (await get(t.app, `/v1/jobs/${ref.job_id}/result`)).json() as SchemaAutoBody;
    expect(body.schema.fields.length).toBeGreaterThan(0);
    expect((await get(t.app, `/v1/files/${body.schema_file_id}`)).json()).toMatchObject({ filename: 'a.schema.json' });
  });

  it('refuses a request naming no document (422) or an unknown one (404)', async () => {
    const t = app();
    expect(validationLocs(await t.app.inject({ method: 'POST', url: '/v1/schema/auto', headers: AUTH_A, payload: {} }))).toEqual([
      ['body', 'file_id'],
    ]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/schema/auto',
      headers: AUTH_A,
      payload: { file_id: ['file_00000000000000000000000000'] },
    });
    expect(missing.statusCode, missing.body).toBe(404);
    expect(detailOf(missing)).toBe('File not found');
  });
});

describe('POST /v1/extract with an LLM configured (DOCINTEL_LLM_BASE_URL)', () => {
  const pdf = invoicePdf();
  const asked: string[] = [];
  let status = 200;
  // A local OpenAI-compatible server: one answer it can ground in the page, one it invents.
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      asked.push(body.messages.map((m) => m.content).join('\n'));
      const content = JSON.stringify({ packaging: 'case', purchase_order: 'PO-77812' });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }) : '{"error":"down"}');
    });
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const llmApp = useTestApp(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { DOCINTEL_LLM_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, DOCINTEL_LLM_MODEL: 'local-test' };
  });
  const schema = {
    doc_class: 'invoice',
    fields: [
      { key: 'invoice_number', description: 'Invoice number' },
      { key: 'packaging', description: 'Packaging unit of the paper towels' },
      { key: 'purchase_order', description: 'Purchase order number' },
    ],
  };

  it('asks it for what the rules left empty and keeps only answers found in the document', async () => {
    const body = await extractOk(llmApp(), { input: inline(pdf), schema });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toContain('packaging');
    expect(asked[0]).toContain('INV-2024-0417');
    expect(body.result.invoice_number).toBe('INV-2024-0417');
    expect(body.result.packaging).toBe('case');
    expect(body.result._grounding!.packaging.source).toBe('llm');
    expectBoxHolds(body.result._grounding!.packaging, pdf, 'case', 'packaging');
    expect(body.result.purchase_order).toBeNull();
    expect(body.result._grounding!.purchase_order).toBeUndefined();
  });

  it('extracts without it when it fails', async () => {
    status = 500;
    const before = asked.length;
    const body = await extractOk(llmApp(), { input: inline(pdf), schema });
    expect(asked.length).toBeGreaterThan(before);
    expect(body.result.invoice_number).toBe('INV-2024-0417');
    expect(body.result.packaging).toBeNull();
  });
});

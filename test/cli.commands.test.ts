/**
 * The CLI covers every operation: each processing command (declared once in src/cli/operations.ts) runs with
 * `node bin/docintel.js` against a real listening server, in its human form and with --json, sync, as a waited
 * job and --async; `files list|delete` and `jobs list|cancel` run against a stub server answering exactly the
 * shapes decisions.md fixes for those routes (GET /v1/files, DELETE /v1/files/{id}, GET /v1/jobs,
 * POST /v1/jobs/{id}/cancel), recording what the CLI asked for.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COMMANDS } from '../src/cli.ts';
import { CLIENT_COMMAND_NAMES } from '../src/cli/client.ts';
import { OPERATIONS } from '../src/cli/operations.ts';
import { get, listen, waitForFinalJob, type JobRefBody } from './helpers/api.ts';
import { createTestApp, KEY_A, type TestApp } from './helpers/app.ts';
import { chartSuitePdf } from './helpers/chart-pdfs.ts';
import { REPORT, reportPdf } from './helpers/layout-pdfs.ts';
import { MATH_CASES, mathPdf } from './helpers/math-pdfs.ts';
import { INVOICE, NDA, packetPdf } from './helpers/packet-pdfs.ts';
import { RULED_4X3, tablePdf } from './helpers/table-pdfs.ts';
import { describeFinished, runToExit, type Finished as Run } from './helpers/processes.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'docintel.js');

let t: TestApp;
let baseUrl = '';
let dir = '';
const files: Record<string, string> = {};

function docintel(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const childEnv = { ...process.env, DOCINTEL_URL: baseUrl, DOCINTEL_API_KEY: KEY_A, ...env };
  return runToExit(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv, timeoutMs: 120_000 });
}

function expectExit(run: Run, code: number): void {
  expect(run.code, describeFinished(run)).toBe(code);
}

async function ok(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const run = await docintel(args, env);
  expectExit(run, 0);
  return run;
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-cli-commands-'));
  const documents: Record<string, Buffer> = {
    report: reportPdf(),
    table: tablePdf(RULED_4X3),
    math: mathPdf(MATH_CASES.slice(0, 2).map((c) => c.page)),
    charts: chartSuitePdf().bytes,
    packet: packetPdf([NDA, INVOICE]).pdf,
    invoice: packetPdf([INVOICE]).pdf,
  };
  for (const [name, bytes] of Object.entries(documents)) {
    files[name] = path.join(dir, `${name}.pdf`);
    await writeFile(files[name], bytes);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the command table', () => {
  it('every processing route has a command, and src/cli.ts routes every client command to the client', () => {
    const routes = OPERATIONS.map((o) => o.route).sort();
    expect(routes).toEqual([
      '/api/v1/ask',
      '/api/v1/parse',
      '/api/v1/synthesize',
      '/v1/charts',
      '/v1/classify',
      '/v1/equations',
      '/v1/extract',
      '/v1/layout',
      '/v1/ocr',
      '/v1/schema/auto',
      '/v1/split',
      '/v1/tables',
    ]);
    expect([...CLIENT_COMMANDS].sort()).toEqual([...CLIENT_COMMAND_NAMES].sort());
  });

  it('docintel --help lists every command; COMMAND --help shows its own options', async () => {
    const help = await ok(['--help']);
    for (const words of [...OPERATIONS.map((o) => o.words.join(' ')), 'files list', 'files delete', 'jobs list', 'wait ID', 'cancel ID']) {
      expect(help.stdout).toContain(words);
    }
    const tables = await ok(['tables', '--help']);
    expect(tables.stdout).toContain('usage: docintel tables FILE');
    expect(tables.stdout).toContain('--detection-policy strict|liberal');
    expect(tables.stdout).toContain('--async');
    const schema = await ok(['schema', '--help']);
    expect(schema.stdout).toContain('usage: docintel schema auto FILE…');
  });
});

describe('processing commands against a listening server', () => {
  it("ocr prints each page's text; layout one line per region", async () => {
    const ocr = await ok(['ocr', files.report, '--sync']);
    expect(ocr.stdout).toMatch(/^--- page 1 ---\n/);
    expect(ocr.stdout).toContain('--- page 3 ---');
    expect(ocr.stdout).toContain(REPORT.title);

    const layout = await ok(['layout', files.report]);
    expect(layout.stdout).toMatch(/^p1 \d+x\d+: \d+ regions\n {2}\w+ \[\d+,\d+,\d+,\d+\]/);
    expect(layout.stdout).toMatch(/^p3 /m);
    const asJson = JSON.parse((await ok(['layout', files.report, '--json', '--mode', 'nested'])).stdout) as {
      mode: string;
      pages: unknown[];
    };
    expect(asJson.mode).toBe('nested');
    expect(asJson.pages).toHaveLength(3);
  });

  it('tables prints the cells as tab-separated rows; the options become request members', async () => {
    const run = await ok(['tables', files.table, '--grounding', 'table']);
    expect(run.stdout).toMatch(/^table 1 \(p1, 4x3\)\n/);
    expect(run.stdout).toContain('Item\tQuantity\tPrice');
    expect(run.stdout).toContain('Plums\t75\t2.00');
    const body = JSON.parse((await ok(['tables', files.table, '--grounding', 'none', '--json', '--sync'])).stdout) as {
      grounding: string;
      tables: unknown[];
    };
    expect(body.grounding).toBe('none');
    expect(body.tables).toHaveLength(1);
  });

  it('equations prints page and LaTeX; charts page, kind and title', async () => {
    const equations = await ok(['equations', files.math]);
    const lines = equations.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^p1\t.*\\frac/);
    expect(lines.some((l) => l.startsWith('p2\t') && l.includes('^{2}'))).toBe(true);

    const suite = chartSuitePdf();
    const charts = await ok(['charts', files.charts]);
    expect(charts.stdout).toMatch(/^p1\tchart\/\w+\t/);
    expect(charts.stdout).toContain(suite.pages[0][0].title);
  });

  it('classify prints the class, per page with --scope page; split the documents with their stored files', async () => {
    expect((await ok(['classify', files.invoice])).stdout).toBe('invoice\n');
    const pages = await ok(['classify', files.packet, '--scope', 'page']);
    const [head, ...perPage] = pages.stdout.trim().split('\n');
    expect(head).toMatch(/^\w+/);
    expect(perPage.length).toBe(NDA.pages.length + INVOICE.pages.length);
    expect(perPage.at(-1)).toMatch(/^p\d+\tinvoice/);

    const split = await ok(['split', files.packet]);
    const documents = split.stdout.trim().split('\n');
    expect(documents).toHaveLength(2);
    expect(documents[0]).toMatch(new RegExp(`^pages 1-${NDA.pages.length}\\tnda_contract\\t.*\\tfile_\\w+$`));
    expect(documents[1]).toMatch(/\tinvoice\t.*\tfile_\w+$/);
    const stored = documents[1].split('\t').at(-1) as string;
    expect((await get(t.app, `/v1/files/${stored}`)).statusCode).toBe(200);
  });

  it('schema auto prints a schema that extract takes back, by file and by stored id', async () => {
    const auto = await ok(['schema', 'auto', files.invoice, '--instructions', 'invoice number and total']);
    const schema = JSON.parse(auto.stdout) as { doc_class: string; fields: { key: string }[] };
    expect(schema.doc_class).toBe('invoice');
    expect(schema.fields.length).toBeGreaterThan(0);
    const stored = /stored as (file_\w+)/.exec(auto.stderr)?.[1];
    expect(stored, auto.stderr).toBeDefined();

    const schemaFile = path.join(dir, 'auto.schema.json');
    await writeFile(schemaFile, auto.stdout);
    const byFile = JSON.parse((await ok(['extract', files.invoice, '--schema', schemaFile])).stdout) as { result: Record<string, unknown> };
    const byId = JSON.parse((await ok(['extract', files.invoice, '--schema-file-id', stored as string])).stdout) as {
      result: Record<string, unknown>;
    };
    expect(Object.keys(byFile.result).length).toBeGreaterThan(0);
    expect(byId.result).toEqual(byFile.result);
  });

  it('synthesize prints the generated file (sync only); --set the documents of a set', async () => {
    const one = await ok(['synthesize', '-p', 'A purchase order in USD for 3 lines of IT hardware.']);
    const [fileId, filename, pages, task] = one.stdout.trim().split('\t');
    expect(fileId).toMatch(/^file_\w+$/);
    expect(filename).toMatch(/\.pdf$/);
    expect(pages).toMatch(/^\d+ pages$/);
    expect(task).toBe('generate_po');
    const related = await ok(['synthesize', fileId, '-p', 'Create the supplier invoice for this purchase order.']);
    expect(related.stdout).toMatch(/^file_\w+\t.*\tgenerate_related_document$/m);

    const set = await ok(['synthesize', '--set', '-p', 'A purchase order and its invoice in EUR, 2 lines of office chairs.']);
    expect(set.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    for (const line of set.stdout.trim().split('\n')) expect(line).toMatch(/^file_\w+\t/);
  });

  it('--async prints the job id at once (--json: the JobRef); jobs wait follows it; --inline sends the bytes', async () => {
    const submitted = await ok(['ocr', files.report, '--async']);
    const jobId = submitted.stdout.trim();
    expect(jobId).toMatch(/^job_\w+$/);
    expect((await waitForFinalJob(t.app, jobId)).status).toBe('completed');
    const ref = JSON.parse((await ok(['split', files.packet, '--async', '--json'])).stdout) as JobRefBody;
    expect(ref).toMatchObject({ operation: 'split', execution_mode: 'async' });
    expect(JSON.parse((await ok(['jobs', 'wait', ref.job_id])).stdout)).toMatchObject({ job_id: ref.job_id, status: 'completed' });

    const inline = await ok(['classify', files.invoice, '--inline', '--json', '--sync']);
    expect(JSON.parse(inline.stdout)).toMatchObject({ doc_class: 'invoice' });
  });

  it('usage errors exit 2 before any request', async () => {
    const cases = [
      ['ocr'],
      ['ocr', files.report, '--mode', 'fast'],
      ['tables', files.report, files.table],
      ['schema', 'auto'],
      ['schema', files.invoice],
      ['synthesize'],
      ['synthesize', '-p', 'x', '--async'],
      ['synthesize', '-p', 'x', '--page-range', '1'],
      ['classify', files.report, '--classes', path.join(dir, 'missing.json')],
      ['layout', files.report, '--sync', '--async'],
      ['files'],
      ['files', 'delete'],
      ['jobs', 'list', '--limit', '0'],
      ['jobs', 'list', '--status', 'done'],
      ['jobs', 'cancel'],
      ['charts', path.join(dir, 'missing.pdf')],
    ];
    const runs = await Promise.all(cases.map((args) => docintel(args, { DOCINTEL_URL: 'http://127.0.0.1:1' })));
    runs.forEach((run, i) => {
      expect(run.code, `${cases[i].join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^docintel \w+: /);
    });
  });

  it('an API error exits 1 with its detail', async () => {
    const run = await docintel(['classify', 'file_doesnotexist0000000000']);
    expectExit(run, 1);
    expect(run.stderr).toContain('API error 404');
  });

  it('--page-range reaches the real service (original page indexes); files list/delete and jobs list/cancel work against it', async () => {
    const layout = JSON.parse((await ok(['layout', '--sync', '--json', '--page-range', '2', files.packet])).stdout) as {
      pages: { page_index: number }[];
    };
    expect(layout.pages.map((p) => p.page_index)).toEqual([1]);
    const listed = JSON.parse((await ok(['files', 'list', '--json', '--limit', '200'])).stdout) as {
      files: { file_id: string; filename: string }[];
    };
    const packet = listed.files.find((f) => f.filename === 'packet.pdf');
    expect(packet).toBeDefined();
    const jobs = JSON.parse((await ok(['jobs', 'list', '--json', '--operation', 'layout'])).stdout) as {
      jobs: { job_id: string; status: string }[];
    };
    expect(jobs.jobs.length).toBeGreaterThan(0);
    // A finished job cannot be cancelled: the 409 is an API error.
    const finished = jobs.jobs.find((j) => j.status === 'completed') as { job_id: string };
    const cancel = await docintel(['jobs', 'cancel', finished.job_id]);
    expectExit(cancel, 1);
    expect(cancel.stderr).toContain('409');
    await ok(['files', 'delete', packet!.file_id]);
    expect((await get(t.app, `/v1/files/${packet!.file_id}`)).statusCode).toBe(404);
  });
});

interface StubRequest {
  method: string;
  url: string;
  authorization?: string;
  body?: unknown;
}

/** GET /v1/files and /v1/jobs (two pages each), DELETE /v1/files/{id}, POST /v1/jobs/{id}/cancel, as decisions.md fixes them. */
async function lifecycleStub(): Promise<{ app: FastifyInstance; url: string; requests: StubRequest[] }> {
  const requests: StubRequest[] = [];
  const app = Fastify();
  app.addHook('preHandler', async (request) => {
    requests.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body: request.body });
  });
  // A processing route, to see the request members the options become.
  app.post('/v1/ocr', async () => ({
    language: 'global',
    mode: 'regular',
    pages: [{ page_index: 1, width: 10, height: 10, text: 'second page' }],
  }));
  // Upload: the multipart parts in order, as the server reads them.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post('/api/v1/upload', async (request) => {
    const form = await new Response(request.body as Buffer, {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
    requests.push({
      method: 'FORM',
      url: '/api/v1/upload',
      body: [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
    });
    return { files: [file(7)] };
  });
  const file = (n: number) => ({
    file_id: `file_${n}`,
    filename: `doc${n}.pdf`,
    size_bytes: 1000 + n,
    created_at: 1_790_000_000 + n,
    content_type: 'application/pdf',
    page_count: n,
  });
  const job = (n: number, status: string) => ({
    job_id: `job_${n}`,
    operation: 'parse',
    status,
    execution_mode: 'async',
    created_at: 1_790_000_000 + n,
    updated_at: 1_790_000_100 + n,
  });
  app.get<{ Querystring: { cursor?: string } }>('/v1/files', async (request) =>
    request.query.cursor === 'c2' ? { files: [file(1)], next_cursor: null } : { files: [file(3), file(2)], next_cursor: 'c2' },
  );
  app.delete<{ Params: { id: string } }>('/v1/files/:id', async (request, reply) => {
    if (request.params.id !== 'file_3') return reply.code(404).send({ detail: 'File not found' });
    return reply.code(204).send();
  });
  app.get<{ Querystring: { cursor?: string } }>('/v1/jobs', async (request) =>
    request.query.cursor === 'j2'
      ? { jobs: [job(1, 'completed')], next_cursor: null }
      : { jobs: [job(3, 'processing'), job(2, 'failed')], next_cursor: 'j2' },
  );
  app.post<{ Params: { id: string } }>('/v1/jobs/:id/cancel', async (request, reply) => {
    if (request.params.id === 'job_1') return reply.code(409).send({ detail: 'Job already finished' });
    return { ...job(3, 'failed'), job_id: request.params.id, error: { type: 'cancelled', msg: 'cancelled' } };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, requests };
}

describe("files and jobs commands (stub of the spec'd lifecycle routes)", () => {
  let stub: Awaited<ReturnType<typeof lifecycleStub>>;
  const env = () => ({ DOCINTEL_URL: stub.url });

  beforeAll(async () => {
    stub = await lifecycleStub();
  });
  afterAll(() => stub?.app.close());

  it('files list prints a page and the next cursor on stderr; --all follows it; --json prints the page bodies', async () => {
    const page = await ok(['files', 'list', '--limit', '2'], env());
    expect(
      page.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(['file_3', 'file_2']);
    expect(page.stdout).toContain('file_3\t2026-09-21T');
    expect(page.stdout).toContain('\t3p\t1003B\tdoc3.pdf');
    expect(page.stderr).toBe('more: --cursor c2\n');
    expect(stub.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/files?limit=2', authorization: `Bearer ${KEY_A}` });

    const all = await ok(['files', 'list', '--all'], env());
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(['file_3', 'file_2', 'file_1']);
    expect(all.stderr).toBe('');
    expect(stub.requests.at(-1)?.url).toBe('/v1/files?cursor=c2');

    const asJson = await ok(['files', 'list', '--json', '--cursor', 'c2'], env());
    expect(JSON.parse(asJson.stdout)).toEqual({ files: [expect.objectContaining({ file_id: 'file_1' })], next_cursor: null });
  });

  it('a processing command sends its options as request members, page_range included', async () => {
    const run = await ok(['ocr', 'file_abc', '--sync', '--page-range', '2-3', '--language', 'global'], env());
    expect(stub.requests.at(-1)).toMatchObject({ method: 'POST', url: '/v1/ocr' });
    expect(stub.requests.at(-1)?.body).toEqual({
      language: 'global',
      page_range: '2-3',
      input: { file_id: 'file_abc' },
      execution_mode: 'sync',
    });
    expect(run.stdout).toBe('--- page 2 ---\nsecond page\n');
  });

  it('--password goes with the upload (before the files) or beside inline pdf_base64', async () => {
    await ok(['ocr', files.report, '--sync', '--password', 's3cret'], env());
    const form = stub.requests.find((r) => r.method === 'FORM');
    expect(form?.body).toEqual([
      ['password', 's3cret'],
      ['files', 'report.pdf'],
    ]);
    expect(stub.requests.at(-1)?.body).toMatchObject({ input: { file_id: 'file_7' } });

    await ok(['ocr', files.report, '--sync', '--inline', '--password', 's3cret'], env());
    expect(stub.requests.at(-1)?.body).toMatchObject({
      input: { filename: 'report.pdf', pdf_base64: expect.any(String), password: 's3cret' },
    });
  });

  it('files delete deletes each id (204); an unknown one exits 1 with the 404', async () => {
    const deleted = await ok(['files', 'delete', 'file_3'], env());
    expect(deleted.stdout).toBe('deleted file_3\n');
    expect(stub.requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/v1/files/file_3' });
    const missing = await docintel(['files', 'delete', 'file_9'], env());
    expectExit(missing, 1);
    expect(missing.stderr).toContain('API error 404: File not found');
  });

  it('jobs list passes the filters and prints one line per job; jobs cancel prints the failed JobRef', async () => {
    const list = await ok(['jobs', 'list', '--status', 'failed', '--operation', 'parse', '--limit', '5'], env());
    expect(stub.requests.at(-1)?.url).toBe('/v1/jobs?limit=5&operation=parse&status=failed');
    expect(list.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^job_3\tprocessing\tparse\t2026-09-21T\S+$/),
      expect.stringMatching(/^job_2\tfailed\tparse\t/),
    ]);
    expect(list.stderr).toBe('more: --cursor j2\n');

    const cancelled = await ok(['jobs', 'cancel', 'job_3'], env());
    expect(stub.requests.at(-1)).toMatchObject({ method: 'POST', url: '/v1/jobs/job_3/cancel' });
    expect(cancelled.stdout).toMatch(/^job_3\tfailed\tparse\t\S+\tcancelled\n$/);
    const asJson = await ok(['jobs', 'cancel', 'job_3', '--json'], env());
    expect(JSON.parse(asJson.stdout)).toMatchObject({ job_id: 'job_3', status: 'failed', error: { msg: 'cancelled' } });
    const finished = await docintel(['jobs', 'cancel', 'job_1'], env());
    expectExit(finished, 1);
    expect(finished.stderr).toContain('API error 409');
  });
});

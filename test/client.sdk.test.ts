/**
 * The typed SDK (docintel/client): its types are generated from the committed openapi.json without drift, they
 * are strict (the `@ts-expect-error` lines below fail the repository's typecheck if a wrong call ever compiles),
 * and it drives a full upload → async parse → waitForJob (SSE, then the polling fallback) → result flow
 * against a listening server, with typed errors for HTTP failures, bad keys, unreachable servers and timeouts.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDocintelClient,
  DocintelApiError,
  DocintelConnectionError,
  DocintelTimeoutError,
  type DocintelClient,
  type JobRef,
  type ParseResult,
} from 'docintel/client';
import { CLIENT_SCHEMA_FILE, readOpenApi, renderClientSchema, schemaType } from '../scripts/gen-client.ts';
import { listen } from './helpers/api.ts';
import { createTestApp, KEY_A, type TestApp } from './helpers/app.ts';
import { REPORT, reportPdf } from './helpers/layout-pdfs.ts';

/** A local port nothing listens on (bound, then released). */
async function closedPortNumber(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('generated types (scripts/gen-client.ts)', () => {
  it('src/client/schema.ts is what `npm run gen` writes from openapi.json', async () => {
    const fresh = renderClientSchema(await readOpenApi());
    expect(readFileSync(CLIENT_SCHEMA_FILE, 'utf8'), 'src/client/schema.ts is stale: run `npm run gen`').toBe(fresh);
    expect(fresh.startsWith('/**\n * Generated from openapi.json')).toBe(true);
    expect(fresh).toContain('"/api/v1/parse": {');
  });

  it('maps JSON Schema to TypeScript as openapi-typescript does', () => {
    expect(schemaType({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaType({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(schemaType({ enum: [true, 'none'] })).toBe('true | "none"');
    expect(schemaType({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe('(string | number)[]');
    expect(schemaType({ anyOf: [{ $ref: '#/components/schemas/InputSource' }, { type: 'null' }] })).toBe(
      'components["schemas"]["InputSource"] | null',
    );
    expect(schemaType({ allOf: [{ $ref: '#/components/schemas/A' }, { type: ['object', 'null'], additionalProperties: true }] })).toBe(
      'components["schemas"]["A"] & ({\n    [key: string]: unknown;\n} | null)',
    );
    expect(schemaType({})).toBe('unknown');
    expect(schemaType({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, 'x-y': { type: 'number' } } })).toBe(
      '{\n    id: string;\n    "x-y"?: number;\n}',
    );
    expect(schemaType({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('{\n    [key: string]: number;\n}');
  });
});

describe('SDK against a listening server', () => {
  let t: TestApp;
  let baseUrl = '';
  let client: DocintelClient;
  beforeAll(async () => {
    // Each job waits in `processing` a little, so progress is seen moving.
    t = await createTestApp({ DOCINTEL_FAULTS: 'job.delay_ms=300' });
    baseUrl = await listen(t.app);
    client = createDocintelClient({ baseUrl: `${baseUrl}/`, apiKey: KEY_A });
  });
  afterAll(() => t?.close());

  async function startParse(c: DocintelClient): Promise<JobRef> {
    const [file] = await c.upload([{ name: 'report.pdf', data: reportPdf(), type: 'application/pdf' }]);
    const started = await c.ok(c.POST('/api/v1/parse', { body: { input: { file_id: file.file_id }, execution_mode: 'async' } }));
    if (!('job_id' in started)) throw new Error('async parse answered a result instead of a JobRef');
    return started;
  }

  function expectProgressTo(final: JobRef, seen: JobRef[]): void {
    expect(final).toMatchObject({ status: 'completed', progress: { done: 3, total: 3, unit: 'pages' } });
    expect(seen.at(-1)).toEqual(final);
    const statuses = seen.map((job) => ['pending', 'processing', 'completed'].indexOf(job.status));
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    const done = seen.map((job) => job.progress?.done ?? 0);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  }

  it('uploads a PDF, parses it as a job, follows its progress over SSE and fetches the markdown', async () => {
    const [file] = await client.upload([{ name: 'report.pdf', data: reportPdf(), type: 'application/pdf' }]);
    expect(file).toMatchObject({ file_id: expect.stringMatching(/^file_/), filename: 'report.pdf', page_count: 3 });
    const looked = await client.ok(client.GET('/v1/files/{file_id}', { params: { path: { file_id: file.file_id } } }));
    expect(looked.file_id).toBe(file.file_id);

    const started = await client.ok(client.POST('/api/v1/parse', { body: { input: { file_id: file.file_id } } }));
    if (!('job_id' in started)) throw new Error('async parse answered a result instead of a JobRef');
    expect(started.status).toBe('pending');
    const seen: JobRef[] = [];
    const final = await client.waitForJob(started.job_id, { onProgress: (job) => seen.push(job), timeoutMs: 30_000 });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expectProgressTo(final, seen);

    const result = await client.result<ParseResult>(started.job_id);
    expect(result.markdown).toContain(REPORT.title);
    for (const section of REPORT.sections) expect(result.markdown).toContain(section);
    expect(result.chunks?.length).toBeGreaterThan(0);
  });

  it('falls back to polling when the event stream is not available (a proxy answering 502)', async () => {
    const eventUrls: string[] = [];
    const proxied = createDocintelClient({
      baseUrl,
      apiKey: KEY_A,
      fetch: async (request) => {
        if (!request.url.endsWith('/events')) return fetch(request);
        eventUrls.push(request.url);
        return new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
      },
    });
    const job = await startParse(proxied);
    const seen: JobRef[] = [];
    const final = await proxied.waitForJob(job.job_id, { onProgress: (j) => seen.push(j), pollIntervalMs: 50, timeoutMs: 30_000 });
    expect(eventUrls).toEqual([`${baseUrl}/v1/jobs/${job.job_id}/events`]);
    expectProgressTo(final, seen);
  });

  it('sync calls are typed too; wrong calls do not compile and the server refuses them with DocintelApiError', async () => {
    const [file] = await client.upload([{ name: 'report.pdf', data: new Blob([reportPdf()]) }]);
    const sync = await client.ok(
      client.POST('/api/v1/parse', { body: { input: { file_id: file.file_id }, execution_mode: 'sync', grounding: 'none' } }),
    );
    if ('job_id' in sync) throw new Error('sync parse answered a JobRef');
    expect(sync.markdown).toContain(REPORT.title);

    // @ts-expect-error execution_mode is "async" | "sync"
    const wrongEnum = client.POST('/api/v1/parse', { body: { input: { file_id: file.file_id }, execution_mode: 'later' } });
    const error = await client.ok(wrongEnum).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DocintelApiError);
    expect((error as DocintelApiError).status).toBe(422);
    expect(JSON.stringify((error as DocintelApiError).detail)).toContain('execution_mode');

    // Strictness checked by the typecheck only (never sent): unknown paths, missing required members.
    const neverCalled = () => {
      // @ts-expect-error no such route
      void client.GET('/v1/no-such-route', {});
      // @ts-expect-error `input` is required
      void client.POST('/v1/extract', { body: { execution_mode: 'sync' } });
      // @ts-expect-error the path parameter is required
      void client.GET('/v1/jobs/{job_id}', {});
      // @ts-expect-error a FileRef's size_bytes is a number
      const size: string = file.size_bytes;
      return size;
    };
    expect(typeof neverCalled).toBe('function');
  });

  it('the result of an unfinished job is a 409 DocintelApiError; waitForJob times out with DocintelTimeoutError', async () => {
    const job = await startParse(client);
    const early = await client.result(job.job_id).catch((err: unknown) => err);
    expect(early).toBeInstanceOf(DocintelApiError);
    expect(early).toMatchObject({ status: 409, detail: { job_id: job.job_id } });
    const timedOut = await client.waitForJob(job.job_id, { timeoutMs: 1 }).catch((err: unknown) => err);
    expect(timedOut).toBeInstanceOf(DocintelTimeoutError);
    expect((await client.waitForJob(job.job_id)).status).toBe('completed');
  });

  it('a bad key is a DocintelApiError with isAuthError; an unreachable server a DocintelConnectionError', async () => {
    const badKey = createDocintelClient({ baseUrl, apiKey: 'not-a-valid-key-0123456789' });
    const denied = await badKey.upload([{ name: 'a.pdf', data: reportPdf() }]).catch((err: unknown) => err);
    expect(denied).toBeInstanceOf(DocintelApiError);
    expect(denied).toMatchObject({ status: 401, isAuthError: true, detail: 'Invalid API key' });

    const closedPort = createDocintelClient({ baseUrl: `http://127.0.0.1:${await closedPortNumber()}`, apiKey: KEY_A });
    const unreachable = await closedPort.ok(closedPort.GET('/v1/usage')).catch((err: unknown) => err);
    expect(unreachable).toBeInstanceOf(DocintelConnectionError);
    expect((unreachable as Error).message).toMatch(/ECONNREFUSED/);
  });
});

/**
 * Docs that work: every operation of the OpenAPI document, executed as /docs "Try it out" would, succeeds. Bodies
 * are the operations' own examples (each JSON body must have one, realistic: no "string" placeholders, no webhook);
 * path parameters are ids the earlier operations created (a file, a job, an agent), as a reader would paste them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_INVOICE_PDF_BASE64 } from '../src/api/schemas/examples.ts';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { upload, waitForFinalJob, type InjectResponse } from './helpers/api.ts';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> };
}
type Paths = Record<string, Record<string, Operation>>;

let t: TestApp;
let paths: Paths;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
  paths = (t.app.swagger() as { paths: Paths }).paths;
}, 120_000);
afterAll(() => t?.close());

function jsonExample(op: Operation): Record<string, unknown> | undefined {
  const media = op.requestBody?.content['application/json'];
  return (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as Record<string, unknown> | undefined;
}

/**
 * Every string value in `value`: a placeholder ("string") is what Swagger UI fills in when there is no example.
 * The `type` members of a JSON Schema given as a value (extract's `schema`) are the one place "string" is real.
 */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => key !== 'type')
      .flatMap(([, v]) => strings(v));
  return [];
}

/** What an example's answer shows, so that an example stays a realistic one (not merely a 200 with nothing found). */
const SHOWS: Record<string, string> = {
  '/v1/extract': '"invoice_number":"INV-1001"',
  '/api/v1/ask': '55.00',
  '/v1/equations': 'a^{2} + b^{2} = c^{2}',
  '/v1/classify': '"doc_class":"invoice"',
};

/** Order of execution: what creates ids first, what removes them last. */
function phase(method: string, path: string): number {
  if (method === 'delete') return 3;
  if (method === 'post' && path.includes('{')) return 2;
  return method === 'post' ? 0 : 1;
}

function operations(): [string, string, Operation][] {
  return Object.entries(paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [method, path, op] as [string, string, Operation]))
    .sort((a, b) => phase(a[0], a[1]) - phase(b[0], b[1]));
}

describe('OpenAPI examples', () => {
  it('every JSON request body has a realistic example', () => {
    const withBodies = operations().filter(([, , op]) => op.requestBody?.content['application/json']);
    expect(withBodies.length).toBeGreaterThan(10);
    for (const [method, path, op] of withBodies) {
      const example = jsonExample(op);
      expect(example, `${method} ${path}`).toBeDefined();
      expect(strings(example), `${method} ${path}`).not.toContain('string');
      expect(example, `${method} ${path}`).not.toHaveProperty('webhook_url');
    }
  });

  it('every operation succeeds when executed with its example', async () => {
    const ids = await createIds(t.app);
    const failures: string[] = [];
    for (const [method, path, op] of operations()) {
      const own = OWN_IDS[`${method} ${path}`];
      const res = await execute(t.app, method, path, op, own ? { ...ids, ...(await own(t.app)) } : ids);
      if (FINISHED_ANSWERS[`${method} ${path}`] === res.statusCode) continue;
      if (res.statusCode < 200 || res.statusCode >= 300)
        failures.push(`${method.toUpperCase()} ${path} → ${res.statusCode} ${res.body.slice(0, 300)}`);
      else if (SHOWS[path] && method === 'post' && !res.body.includes(SHOWS[path]))
        failures.push(`${path}: the example's answer lacks ${SHOWS[path]}`);
      if (path === '/v1/agents' && method === 'post') ids.agent_id = (res.json() as { agent_id: string }).agent_id;
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * Operations that need an id of their own: cancelling needs a job that has not finished (the shared one has), so
 * it gets a fresh async job. The worker may still finish that job before the cancel arrives; its documented answer
 * then is 409 (FINISHED_ANSWERS), which does not depend on how fast the machine is.
 */
const OWN_IDS: Record<string, (app: FastifyInstance) => Promise<Record<string, string>>> = {
  'post /v1/jobs/{job_id}/cancel': async (app) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: { pdf_base64: EXAMPLE_INVOICE_PDF_BASE64 }, execution_mode: 'async' },
    });
    return { job_id: (res.json() as { job_id: string }).job_id };
  },
};

const FINISHED_ANSWERS: Record<string, number> = { 'post /v1/jobs/{job_id}/cancel': 409 };

/** A file (uploaded as /docs would: the example invoice) and a finished job to name in path parameters. */
async function createIds(app: FastifyInstance): Promise<Record<string, string>> {
  const uploaded = await upload(app, [{ filename: 'invoice-INV-1001.pdf', bytes: Buffer.from(EXAMPLE_INVOICE_PDF_BASE64, 'base64') }]);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const fileId = (uploaded.json() as { files: { file_id: string }[] }).files[0].file_id;
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/v1/parse',
    headers: AUTH_A,
    payload: { input: { file_id: fileId }, execution_mode: 'async' },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const jobId = (submitted.json() as { job_id: string }).job_id;
  expect((await waitForFinalJob(app, jobId)).status).toBe('completed');
  return { file_id: fileId, job_id: jobId, page_index: '0' };
}

async function execute(
  app: FastifyInstance,
  method: string,
  path: string,
  op: Operation,
  ids: Record<string, string>,
): Promise<InjectResponse> {
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    expect(ids[name], `an id for {${name}} of ${method} ${path}`).toBeDefined();
    return encodeURIComponent(ids[name]);
  });
  if (path === '/api/v1/upload') {
    return upload(app, [{ filename: 'invoice-INV-1001.pdf', bytes: Buffer.from(EXAMPLE_INVOICE_PDF_BASE64, 'base64') }]);
  }
  const payload = jsonExample(op);
  return app.inject({ method: method.toUpperCase() as 'GET', url, headers: AUTH_A, ...(payload ? { payload } : {}) });
}

describe('GET / without a key', () => {
  it('is a small HTML page linking the docs, the viewer and health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const href of ['/docs', '/viewer', '/healthz']) expect(res.body).toContain(`href="${href}"`);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers the same links as JSON to a client that asks for JSON only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { links: { href: string }[] }).links.map((l) => l.href)).toEqual(
      expect.arrayContaining(['/docs', '/viewer', '/healthz']),
    );
  });
});

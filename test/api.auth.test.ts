/**
 * Authentication and tenancy over HTTP (decisions.md "Authentication and tenancy" and the errors table):
 * 401 shapes, public routes, tenant isolation of files, page images and jobs, and x-request-id everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, AUTH_B, createTestApp, KEY_A, type TestApp } from './helpers/app.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import { detailOf, get, parse, uploadOne, waitForFinalJob, type FileRefBody, type JobRefBody } from './helpers/api.ts';

let t: TestApp;
let fx: Fixtures;
let fileA: FileRefBody;
let jobA: JobRefBody;

beforeAll(async () => {
  [t, fx] = await Promise.all([createTestApp(), createFixtures()]);
  fileA = await uploadOne(t.app, fx.good.pdf, AUTH_A);
  const submitted = await parse(t.app, { input: { file_id: fileA.file_id } }, AUTH_A);
  expect(submitted.statusCode, submitted.body).toBe(200);
  jobA = await waitForFinalJob(t.app, (submitted.json() as JobRefBody).job_id, AUTH_A);
  expect(jobA.status).toBe('completed');
});

afterAll(async () => {
  await t?.close();
  await fx?.cleanup();
});

describe('missing or malformed Authorization', () => {
  it('answers 401 Not authenticated with WWW-Authenticate: Bearer when the header is absent', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${fileA.file_id}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  const malformed: [string, string][] = [
    ['Basic credentials', `Basic ${Buffer.from(`user:${KEY_A}`).toString('base64')}`],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['two spaces before the key', `Bearer  ${KEY_A}`],
    ['garbage after the key', `Bearer ${KEY_A} garbage`],
    ['a key without a scheme', KEY_A],
    ['another scheme name', `Token ${KEY_A}`],
    ['a non-ASCII key', 'Bearer clé-secrète'],
  ];
  it.each(malformed)('answers 401 Not authenticated for %s', async (_name, header) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${fileA.file_id}`, headers: { authorization: header } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('checks the key before the route: every authenticated route answers 401 without one', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/v1/upload'],
      ['POST', '/api/v1/parse'],
      ['GET', `/v1/files/${fileA.file_id}`],
      ['GET', `/v1/files/${fileA.file_id}/pages/0/image`],
      ['GET', `/v1/jobs/${jobA.job_id}`],
      ['GET', `/v1/jobs/${jobA.job_id}/result`],
      ['GET', `/v1/jobs/${jobA.job_id}/events`],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
    }
  });
});

describe('API keys', () => {
  it('answers 401 Invalid API key for a well-formed but unknown key', async () => {
    const res = await get(t.app, `/v1/files/${fileA.file_id}`, { authorization: 'Bearer not-a-configured-key-123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid API key' });
  });

  it('rejects a key that differs from a real one only by a suffix or case', async () => {
    for (const key of [`${KEY_A}x`, KEY_A.slice(0, -1), KEY_A.toUpperCase()]) {
      const res = await get(t.app, `/v1/files/${fileA.file_id}`, { authorization: `Bearer ${key}` });
      expect(res.statusCode, key).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid API key' });
    }
  });

  it('accepts the scheme name in any case (it is case-insensitive) and surrounding whitespace', async () => {
    for (const header of [`bearer ${KEY_A}`, `BEARER ${KEY_A}`, `  Bearer ${KEY_A}  `]) {
      const res = await get(t.app, `/v1/files/${fileA.file_id}`, { authorization: header });
      expect(res.statusCode, header).toBe(200);
    }
  });
});

describe('tenant isolation', () => {
  it('lets the owner read its file, page image, job, result and events', async () => {
    expect((await get(t.app, `/v1/files/${fileA.file_id}`, AUTH_A)).statusCode).toBe(200);
    expect((await get(t.app, `/v1/files/${fileA.file_id}/pages/0/image`, AUTH_A)).statusCode).toBe(200);
    expect((await get(t.app, `/v1/jobs/${jobA.job_id}`, AUTH_A)).statusCode).toBe(200);
    expect((await get(t.app, `/v1/jobs/${jobA.job_id}/result`, AUTH_A)).statusCode).toBe(200);
  });

  it("answers 404 File not found for another tenant's file and page image", async () => {
    for (const url of [`/v1/files/${fileA.file_id}`, `/v1/files/${fileA.file_id}/pages/0/image`]) {
      const res = await get(t.app, url, AUTH_B);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'File not found' });
    }
  });

  it("answers the same 404 for another tenant's file as for an id that never existed", async () => {
    const foreign = await get(t.app, `/v1/files/${fileA.file_id}`, AUTH_B);
    const unknown = await get(t.app, `/v1/files/file_${'0'.repeat(26)}`, AUTH_B);
    expect(foreign.statusCode).toBe(unknown.statusCode);
    expect(foreign.body).toBe(unknown.body);
  });

  it("answers 404 Job not found for another tenant's job, result and events", async () => {
    for (const url of [`/v1/jobs/${jobA.job_id}`, `/v1/jobs/${jobA.job_id}/result`, `/v1/jobs/${jobA.job_id}/events`]) {
      const res = await get(t.app, url, AUTH_B);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Job not found' });
    }
  });

  it("refuses another tenant's file_id as parse input (sync and async) without creating a job", async () => {
    const jobsBefore = (await t.runtime.stores.metadata.list('jobs')).length;
    for (const mode of ['sync', 'async']) {
      const res = await parse(t.app, { input: { file_id: fileA.file_id }, execution_mode: mode }, AUTH_B);
      expect(res.statusCode, mode).toBe(404);
      expect(res.json()).toEqual({ detail: 'File not found' });
    }
    expect((await t.runtime.stores.metadata.list('jobs')).length).toBe(jobsBefore);
  });

  it("keeps tenant B's own files separate: B's upload is invisible to A", async () => {
    const fileB = await uploadOne(t.app, fx.good.png, AUTH_B);
    expect((await get(t.app, `/v1/files/${fileB.file_id}`, AUTH_B)).statusCode).toBe(200);
    const res = await get(t.app, `/v1/files/${fileB.file_id}`, AUTH_A);
    expect(res.statusCode).toBe(404);
    expect(detailOf(res)).toBe('File not found');
  });
});

describe('public routes', () => {
  it('serves /healthz, /readyz, /openapi.json and the docs UI without a key', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    const openapi = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json()).toMatchObject({ openapi: '3.1.0' });
    for (const url of ['/docs', '/docs/', '/docs?tab=parse']) {
      const docs = await t.app.inject({ method: 'GET', url });
      expect(docs.statusCode, url).toBe(200);
      expect(docs.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('ignores a wrong key on public routes instead of refusing them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { authorization: 'Bearer wrong-key-wrong-key' } });
    expect(res.statusCode).toBe(200);
  });

  it('does not open other routes through a /docs prefix in the raw URL', async () => {
    for (const url of [`/docs/../v1/files/${fileA.file_id}`, `/docs/%2e%2e/v1/files/${fileA.file_id}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain(fileA.file_id);
    }
  });
});

describe('x-request-id', () => {
  it('is set on every response: success, 401, 404, 422 and public routes, and differs per request', async () => {
    const responses = await Promise.all([
      get(t.app, `/v1/files/${fileA.file_id}`),
      t.app.inject({ method: 'GET', url: `/v1/files/${fileA.file_id}` }),
      get(t.app, '/v1/files/file_unknown'),
      get(t.app, '/v1/no-such-route'),
      parse(t.app, { execution_mode: 'sync' }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/openapi.json' }),
      get(t.app, `/v1/files/${fileA.file_id}/pages/0/image`),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 404, 422, 200, 200, 200]);
    const ids = responses.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-z]{20,}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores a client-sent x-request-id (ids are generated by the server)', async () => {
    const res = await get(t.app, `/v1/files/${fileA.file_id}`, AUTH_A, { 'x-request-id': 'client-chosen' });
    expect(res.headers['x-request-id']).not.toBe('client-chosen');
  });
});

/**
 * HTTP-level security (issue 13's review): security headers on every answer, CORS off unless origins are
 * configured, and path traversal through ids, page indexes and static routes. Size limits are in
 * api.errors.test.ts, tenant isolation in security.isolation.test.ts, webhook SSRF in api.webhooks.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A } from './helpers/app.ts';
import { get, uploadOne, useTestApp, type FileRefBody, type InjectResponse } from './helpers/api.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';

let fx: Fixtures;

beforeAll(async () => {
  fx = await createFixtures();
});

afterAll(() => fx?.cleanup());

function expectSecurityHeaders(res: InjectResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

function expectNoCors(res: InjectResponse): void {
  for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
}

describe('security headers and CORS off (the default)', () => {
  const t = useTestApp();
  let file: FileRefBody;

  beforeAll(async () => {
    file = await uploadOne(t().app, fx.good.pdf);
  });

  it('every answer carries nosniff, no-referrer, DENY framing and a CSP; JSON is never stored by caches', async () => {
    const answers = [
      await get(t().app, `/v1/files/${file.file_id}`),
      await get(t().app, '/v1/files/file_00000000000000000000000000'),
      await t().app.inject({ method: 'GET', url: '/v1/jobs' }),
      await t().app.inject({ method: 'GET', url: '/healthz' }),
      await t().app.inject({ method: 'GET', url: '/openapi.json' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401, 200, 200]);
    for (const res of answers) {
      expectSecurityHeaders(res);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps the caching rule of page images and the page policies of the docs UI and the viewer', async () => {
    const image = await get(t().app, `/v1/files/${file.file_id}/pages/0/image`);
    expect(image.statusCode).toBe(200);
    expectSecurityHeaders(image);
    expect(image.headers['cache-control']).toBe('private, max-age=86400');

    const docs = await t().app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
    const viewer = await t().app.inject({ method: 'GET', url: '/viewer' });
    expect(viewer.statusCode).toBe(200);
    expectSecurityHeaders(viewer);
    expect(String(viewer.headers['content-security-policy'])).toContain("connect-src 'self'");
  });

  it('sends no CORS headers to a foreign origin and refuses its preflight', async () => {
    const origin = { origin: 'https://evil.example' };
    const read = await get(t().app, `/v1/files/${file.file_id}`, AUTH_A, origin);
    expect(read.statusCode).toBe(200);
    expectNoCors(read);
    const preflight = await t().app.inject({
      method: 'OPTIONS',
      url: `/v1/files/${file.file_id}`,
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expectNoCors(preflight);
  });
});

describe('CORS with DOCINTEL_CORS_ORIGINS', () => {
  const allowed = 'https://app.example.com';
  const t = useTestApp({ DOCINTEL_CORS_ORIGINS: `${allowed},http://localhost:5173` });

  it('answers a preflight from an allowed origin without a key, naming methods and headers', async () => {
    const res = await t().app.inject({
      method: 'OPTIONS',
      url: '/api/v1/parse',
      headers: {
        origin: allowed,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(res.headers.vary).toContain('Origin');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('lets the allowed origin read answers (errors included) and the ids they name; others get nothing', async () => {
    const res = await get(t().app, '/v1/jobs/job_00000000000000000000000000', AUTH_A, { origin: allowed });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-request-id');

    const other = await get(t().app, '/v1/jobs/job_00000000000000000000000000', AUTH_A, { origin: 'https://app.example.com.evil.example' });
    expectNoCors(other);
    const preflight = await t().app.inject({
      method: 'OPTIONS',
      url: '/api/v1/parse',
      headers: { origin: 'null', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expectNoCors(preflight);
  });

  it('still needs a key for the real request', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/v1/jobs', headers: { origin: allowed } });
    expect(res.statusCode).toBe(401);
  });
});

describe('path traversal', () => {
  const t = useTestApp();
  let file: FileRefBody;

  beforeAll(async () => {
    file = await uploadOne(t().app, fx.good.pdf);
  });

  const hostileIds = [
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fapi-keys.json',
    '..%5C..%5Capi-keys.json',
    'file_%00..%2fapi-keys.json',
    '....%2F%2F....%2F%2Fetc%2Fpasswd',
  ];

  it.each(hostileIds)('GET /v1/files/%s and its page image answer 404/422 without file contents', async (id) => {
    for (const url of [`/v1/files/${id}`, `/v1/files/${id}/pages/0/image`, `/v1/jobs/${id}`, `/v1/jobs/${id}/result`]) {
      const res = await get(t().app, url);
      expect([400, 404, 422], `${url}: ${res.body}`).toContain(res.statusCode);
      expect(res.body).not.toMatch(/root:|sha256|"keys"/);
    }
  });

  it('refuses traversal in the page index and in static routes', async () => {
    for (const url of [
      `/v1/files/${file.file_id}/pages/..%2F0/image`,
      `/v1/files/${file.file_id}/pages/0%2F..%2F..%2F/image`,
      '/viewer/..%2F..%2F..%2Fpackage.json',
      '/viewer/%2e%2e%2fviewer.routes.ts',
      '/docs/static/..%2F..%2F..%2Fpackage.json',
    ]) {
      const res = await get(t().app, url);
      expect([400, 404, 422], `${url}: ${res.body}`).toContain(res.statusCode);
      expect(res.body).not.toContain('"dependencies"');
      expect(res.body).not.toContain('import ');
    }
  });
});

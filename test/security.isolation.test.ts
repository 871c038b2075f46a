/**
 * Tenant isolation, driven by the OpenAPI document: every route whose path names a resource by id is called by
 * tenant b with tenant a's ids and must answer 404 (not 200, 403 or 500) without a's data in the body; the same
 * call as tenant a succeeds. The routes come from GET /openapi.json, so a new id route is covered automatically,
 * and a path parameter this test cannot fill fails the test (a new kind of id must be taught here).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, AUTH_B } from './helpers/app.ts';
import { uploadOne, useTestApp, waitForFinalJob, type Auth, type InjectResponse } from './helpers/api.ts';
import { helveticaPdf } from './helpers/pdf.ts';

/** Strings only tenant a's resources contain: none may show up in an answer to tenant b. */
const SECRET_TEXT = 'Isolation secret of tenant A';
const SECRET_FILENAME = 'isolation-secret-a.pdf';
const SECRET_AGENT = 'isolation-agent-of-tenant-a';

interface Route {
  method: string;
  path: string;
  params: string[];
  successCodes: number[];
}

/** Tenant a's resources, by the path parameter that names them. */
type Ids = Record<string, string>;

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function idRoutes(doc: { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (params.length === 0) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const successCodes = Object.keys(op.responses ?? {})
        .map(Number)
        .filter((c) => (c >= 200 && c < 300) || c === 409);
      routes.push({ method: method.toUpperCase(), path, params, successCodes });
    }
  }
  // Deleting last: a's DELETE must not take the resource away from the calls after it.
  return routes.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
}

function fill(path: string, ids: Ids): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = ids[name];
    if (id === undefined)
      throw new Error(`${path}: the isolation test does not know how to fill {${name}}; teach it (test/security.isolation.test.ts)`);
    return encodeURIComponent(id);
  });
}

function expectNoStackTrace(res: InjectResponse, what: string): void {
  // JSON escapes the newlines, so match the indented frame anywhere.
  expect(res.body, `${what} answered a stack trace`).not.toMatch(/ {4}at \S/);
}

describe('tenant isolation over every id route of the OpenAPI document', () => {
  const app = useTestApp();
  const ids: Ids = {};
  let routes: Route[] = [];

  const call = (route: Route, auth: Auth) => app().app.inject({ method: route.method, url: fill(route.path, ids), headers: auth });

  beforeAll(async () => {
    const t = app().app;
    const doc = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    routes = idRoutes(doc.json());

    const pdf = helveticaPdf([`BT /F1 14 Tf 72 700 Td (${SECRET_TEXT}) Tj ET`]);
    const file = await uploadOne(t, { filename: SECRET_FILENAME, bytes: pdf }, AUTH_A);
    ids.file_id = file.file_id;
    ids.page_index = '0';

    const job = await t.inject({
      method: 'POST',
      url: '/v1/layout',
      headers: AUTH_A,
      payload: { input: { file_id: file.file_id }, execution_mode: 'async' },
    });
    expect(job.statusCode, job.body).toBe(200);
    ids.job_id = job.json().job_id;
    // Finished, so the result is there and the event stream closes.
    expect((await waitForFinalJob(t, ids.job_id, AUTH_A, 60_000)).status).toBe('completed');

    const agent = await t.inject({
      method: 'POST',
      url: '/v1/agents',
      headers: AUTH_A,
      payload: {
        name: SECRET_AGENT,
        description: `${SECRET_AGENT} description`,
        instructions: `${SECRET_AGENT} instructions`,
        tool_names: ['parse'],
      },
    });
    expect(agent.statusCode, agent.body).toBeLessThan(300);
    ids.agent_id = agent.json().agent_id;
  }, 90_000);

  it('finds the id routes in the document and can fill every parameter', () => {
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const paths = routes.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/v1/files/{file_id}', '/v1/jobs/{job_id}', '/v1/agents/{agent_id}']));
    for (const route of routes) expect(() => fill(route.path, ids), route.path).not.toThrow();
  });

  it("another tenant gets 404 without the owner's data; the owner succeeds", async () => {
    const secrets = [SECRET_TEXT, SECRET_FILENAME, SECRET_AGENT];
    for (const route of routes) {
      const what = `${route.method} ${route.path}`;
      const asB = await call(route, AUTH_B);
      expect(asB.statusCode, `${what} as tenant b: ${asB.body}`).toBe(404);
      for (const secret of secrets) expect(asB.body, `${what} as tenant b leaks "${secret}"`).not.toContain(secret);
      expectNoStackTrace(asB, `${what} as tenant b`);

      const asA = await call(route, AUTH_A);
      expect(route.successCodes, `${what} as tenant a answered ${asA.statusCode}: ${asA.body.slice(0, 300)}`).toContain(asA.statusCode);
      expectNoStackTrace(asA, `${what} as tenant a`);
    }
  }, 60_000);
});

/**
 * The OpenAPI contract: GET /openapi.json is OpenAPI 3.1.0 / 1.0.0, lists every implemented route of the spec,
 * and equals the committed ./openapi.json (written by `npm run openapi`), so route changes cannot drift silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { OPENAPI_FILE, renderOpenApi } from '../scripts/write-openapi.ts';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme: string }> };
  security: Record<string, unknown[]>[];
}

const DRIFT = 'openapi.json at the repository root is out of date with the routes: run `npm run openapi` and commit the result';

/** The spec's routes implemented so far: [method, OpenAPI path, public?]. */
const ROUTES: [string, string, boolean][] = [
  ['post', '/api/v1/upload', false],
  ['get', '/v1/files', false],
  ['get', '/v1/files/{file_id}', false],
  ['delete', '/v1/files/{file_id}', false],
  ['get', '/v1/files/{file_id}/pages/{page_index}/image', false],
  ['post', '/api/v1/parse', false],
  ['post', '/v1/layout', false],
  ['post', '/v1/ocr', false],
  ['post', '/v1/tables', false],
  ['post', '/v1/equations', false],
  ['post', '/v1/charts', false],
  ['post', '/api/v1/synthesize', false],
  ['post', '/api/v1/synthesize/one', false],
  ['post', '/api/v1/synthesize/set', false],
  ['post', '/v1/classify', false],
  ['post', '/v1/split', false],
  ['post', '/v1/schema/auto', false],
  ['post', '/v1/extract', false],
  ['post', '/api/v1/ask', false],
  ['get', '/v1/jobs', false],
  ['get', '/v1/jobs/{job_id}', false],
  ['delete', '/v1/jobs/{job_id}', false],
  ['post', '/v1/jobs/{job_id}/cancel', false],
  ['get', '/v1/jobs/{job_id}/result', false],
  ['get', '/v1/jobs/{job_id}/events', false],
  ['get', '/v1/jobs/{job_id}/webhooks', false],
  ['get', '/v1/webhooks/secret', false],
  ['get', '/v1/usage', false],
  ['get', '/v1/agents/tools', false],
  ['post', '/v1/agents/tools', false],
  ['post', '/v1/agents', false],
  ['get', '/v1/agents', false],
  ['get', '/v1/agents/{agent_id}', false],
  ['delete', '/v1/agents/{agent_id}', false],
  ['get', '/healthz', true],
  ['get', '/readyz', true],
];

let t: TestApp;
let served: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp({}, { worker: false });
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  served = res.json() as OpenApiDocument;
});
afterAll(() => t?.close());

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1.0 with info.version 1.0.0', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served.info.version).toBe('1.0.0');
    expect(served.info.title).toBeTruthy();
  });

  it.each(ROUTES)('documents %s %s', (method, path, isPublic) => {
    const operation = served.paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path} is missing from the document`).toBeDefined();
    // Deletes answer 204 No Content; everything else documents its 200 body.
    expect(operation.responses[method === 'delete' ? '204' : '200']).toBeDefined();
    if (isPublic) expect(operation.security).toEqual([]);
    else {
      expect(operation.security).toBeUndefined(); // inherits the document-wide bearer requirement
      for (const status of ['401', '404', '422']) expect(operation.responses[status], `${path} ${status}`).toBeDefined();
    }
  });

  it('does not document routes beyond those (and hides itself)', () => {
    const documented = Object.entries(served.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();
    expect(documented).toEqual(ROUTES.map(([m, p]) => `${m} ${p}`).sort());
  });

  it('declares bearer authentication for the whole API', () => {
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(served.security).toEqual([{ bearerAuth: [] }]);
  });

  it('describes the shared resources as components and references them', () => {
    for (const name of [
      'InputSource',
      'FileRef',
      'JobRef',
      'HTTPValidationError',
      'ValidationError',
      'ToolDefinition',
      'AgentCreateResponse',
    ]) {
      expect(served.components.schemas[name], name).toBeDefined();
    }
    const parseBody = served.paths['/api/v1/parse'].post.requestBody?.content['application/json'].schema as {
      required: string[];
      properties: Record<string, { $ref?: string; enum?: string[]; default?: string }>;
    };
    expect(parseBody.required).toContain('input');
    expect(parseBody.properties.input.$ref).toBe('#/components/schemas/InputSource');
    expect(parseBody.properties.execution_mode).toMatchObject({ enum: ['async', 'sync'], default: 'async' });
    expect(parseBody.properties.billing_profile).toMatchObject({ enum: ['standard', 'engineering_drawing'], default: 'standard' });
    expect(served.paths['/api/v1/upload'].post.requestBody?.content['multipart/form-data']).toBeDefined();
    const pageParams = served.paths['/v1/files/{file_id}/pages/{page_index}/image'].get.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(pageParams).toEqual(expect.arrayContaining(['path:file_id', 'path:page_index', 'query:dpi']));
  });
});

describe('the committed openapi.json', () => {
  it('exists', () => {
    expect(existsSync(OPENAPI_FILE), `${OPENAPI_FILE} is missing: run \`npm run openapi\` and commit it`).toBe(true);
  });

  it('equals the document the app serves', () => {
    const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as unknown;
    expect(served, DRIFT).toEqual(committed);
  });

  it('is byte-for-byte what `npm run openapi` writes', async () => {
    expect(await renderOpenApi(), DRIFT).toBe(readFileSync(OPENAPI_FILE, 'utf8'));
  });
});

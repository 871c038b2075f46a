/**
 * Strictness where it protects users: JSON bodies are validated without type coercion (a wrong type is a 422
 * naming the member), while query strings and path parameters, which carry only text, are still coerced; and a
 * multi-file upload with bad files names each of them and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import { get, storedFiles, tinyPng, upload, uploadOne, useTestApp, validationLocs } from './helpers/api.ts';

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  [t, fx] = await Promise.all([createTestApp({}, { worker: true }), createFixtures()]);
});
afterAll(async () => {
  await t?.close();
  await fx?.cleanup();
});

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: AUTH_A, payload });

describe('JSON bodies are not coerced', () => {
  it.each([
    ['/api/v1/parse', { input: { file_id: 123 } }, ['body', 'input', 'file_id']],
    ['/api/v1/parse', { input: { markdown: '# A' }, execution_mode: 1 }, ['body', 'execution_mode']],
    ['/api/v1/parse', { input: { markdown: true } }, ['body', 'input', 'markdown']],
    ['/api/v1/ask', { query: 5, input: { markdown: '# A\n\nThe total is 10.' } }, ['body', 'query']],
  ] as const)('%s with %j → 422 at %j', async (url, body, loc) => {
    const res = await post(url, body);
    expect(validationLocs(res)).toContainEqual(loc);
  });

  it('the message says which type was expected', async () => {
    const res = await post('/api/v1/parse', { input: { file_id: 123 } });
    expect(res.json()).toEqual({
      detail: [{ loc: ['body', 'input', 'file_id'], msg: 'Input should be of type string or null', type: 'type_error' }],
    });
  });

  it('the same members with the right types are accepted', async () => {
    const res = await post('/api/v1/ask', { query: 'What is the total?', input: { markdown: '# A\n\nThe total is 10.' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('query strings and path parameters are still coerced', () => {
  it('?dpi=72 and a numeric page index in the path reach their integer schemas', async () => {
    const ref = await uploadOne(t.app, fx.good.png);
    const res = await get(t.app, `/v1/files/${ref.file_id}/pages/0/image?dpi=72`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(validationLocs(await get(t.app, `/v1/files/${ref.file_id}/pages/0/image?dpi=abc`))).toContainEqual(['query', 'dpi']);
  });
});

interface RefusedBody {
  detail: string;
  files: { index: number; filename: string; status: number; detail: string }[];
}

describe('a batch upload with bad files', () => {
  it('names every refused file with its index and reason, and stores nothing', async () => {
    const before = await storedFiles(t.runtime);
    const res = await upload(t.app, [fx.good.png, fx.bad.textAsPng, fx.good.pdf, fx.bad.zeroByte]);
    expect(res.statusCode, res.body).toBe(415);
    const body = res.json() as RefusedBody;
    expect(body.files).toEqual([
      { index: 1, filename: fx.bad.textAsPng.filename, status: 415, detail: expect.stringMatching(fx.bad.textAsPng.message) },
      { index: 3, filename: fx.bad.zeroByte.filename, status: 415, detail: expect.stringMatching(fx.bad.zeroByte.message) },
    ]);
    expect(body.detail).toContain('2 of 4 files refused');
    expect(body.detail).toContain(`files[1] "${fx.bad.textAsPng.filename}"`);
    expect(body.detail).toContain(`files[3] "${fx.bad.zeroByte.filename}"`);
    expect(await storedFiles(t.runtime)).toEqual(before);
  });

  it('a single refused file is named too', async () => {
    const res = await upload(t.app, [fx.bad.encryptedPdf]);
    expect(res.statusCode, res.body).toBe(415);
    const body = res.json() as RefusedBody;
    expect(body.files).toEqual([
      { index: 0, filename: 'locked.pdf', status: 415, detail: expect.stringMatching(fx.bad.encryptedPdf.message) },
    ]);
    expect(body.detail).toMatch(/^files\[0\] "locked\.pdf": /);
  });
});

describe('a batch upload with a file over the size limit', () => {
  const small = useTestApp({ DOCINTEL_MAX_UPLOAD_BYTES: '2048' }, { worker: false });

  it('names the large file (413) and still checks the files after it', async () => {
    const before = await storedFiles(small().runtime);
    const png = { filename: 'small.png', bytes: await tinyPng(1) };
    const res = await upload(small().app, [png, fx.good.pdf, fx.bad.textAsPng]);
    expect(res.statusCode, res.body).toBe(413);
    expect((res.json() as RefusedBody).files).toEqual([
      { index: 1, filename: fx.good.pdf.filename, status: 413, detail: expect.stringMatching(/2048 bytes upload limit/) },
      { index: 2, filename: fx.bad.textAsPng.filename, status: 415, detail: expect.stringMatching(fx.bad.textAsPng.message) },
    ]);
    expect(await storedFiles(small().runtime)).toEqual(before);
  });
});

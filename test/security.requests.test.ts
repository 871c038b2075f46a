/**
 * Hostile or broken requests at the HTTP layer: an upload refused before its end must not leave its keep-alive
 * connection hung, malformed multipart bodies are the client's 400 (not a logged 500), and over-long or
 * undecodable path parameters answer the contract's `{detail}` without echoing the URL.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/api/app.ts';
import { KeyRing } from '../src/api/keys.ts';
import { appContext } from '../src/runtime.ts';
import { AUTH_A, KEY_A, multipartBody } from './helpers/app.ts';
import { listen, tinyPng, useTestApp } from './helpers/api.ts';
import { RawConnection, rawRequest, type RawOutcome, type RawResponse } from './helpers/raw-http.ts';

/** A ZIP local-file header (a DOCX is a ZIP): sniffing refuses it after its first bytes, before the rest is read. */
const ZIP = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), Buffer.alloc(8192, 7)]);
const HEALTHZ = rawRequest('GET', '/healthz', {});

function uploadRequest(files: { filename: string; content: Buffer }[]): Buffer {
  const { payload, headers } = multipartBody(files);
  return rawRequest('POST', '/api/v1/upload', { ...AUTH_A, ...headers }, payload);
}

/** `refusedFiles`: the body of an upload refused per file, which also lists the files. */
function expectResponse(outcome: RawOutcome, status: number, refusedFiles = false): RawResponse {
  expect(typeof outcome, `expected a ${status} answer, got: ${String(outcome)}`).toBe('object');
  const response = outcome as RawResponse;
  expect(response.status, response.body).toBe(status);
  expect(JSON.parse(response.body)).toEqual({ detail: expect.any(String), ...(refusedFiles ? { files: expect.any(Array) } : {}) });
  return response;
}

describe('a keep-alive connection after an upload refused early', () => {
  const t = useTestApp({ DOCINTEL_MAX_FILES_PER_REQUEST: '2' }, { worker: false });
  let port: number;
  const open: RawConnection[] = [];

  beforeAll(async () => {
    port = Number(new URL(await listen(t().app)).port);
  });
  afterAll(() => open.forEach((c) => c.close()));

  async function connect(): Promise<RawConnection> {
    const connection = await RawConnection.open(port);
    open.push(connection);
    return connection;
  }

  /** Sends `first`, expects `status` on a connection that stays open, then the next request must be answered. */
  async function expectSecondAnswered(first: Buffer, status: number): Promise<void> {
    const connection = await connect();
    connection.send(first);
    const refused = expectResponse(await connection.next(), status);
    expect(refused.headers.connection).not.toBe('close');
    connection.send(HEALTHZ);
    const second = await connection.next(10_000);
    expect(second, 'the second request on the socket got no answer').toMatchObject({ status: 200 });
  }

  it('answers the next request after a 415 for a ZIP first part followed by another part', async () => {
    // Every part of a refused upload is still checked (the answer names each bad file), so this body is read whole.
    const rest = { filename: 'more.pdf', content: Buffer.alloc(256 * 1024, 1) };
    const connection = await connect();
    connection.send(uploadRequest([{ filename: 'report.docx', content: ZIP }, rest]));
    const refused = expectResponse(await connection.next(), 415, true);
    expect(JSON.parse(refused.body).files.map((f: { filename: string }) => f.filename)).toEqual(['report.docx', 'more.pdf']);
    connection.send(HEALTHZ);
    expect(await connection.next(10_000), 'the second request on the socket got no answer').toMatchObject({ status: 200 });
  });

  it('answers the next request after a 413 past the files limit followed by more parts', async () => {
    const pngs = await Promise.all([1, 2, 3].map(async (n) => ({ filename: `p${n}.png`, content: await tinyPng(n) })));
    const rest = { filename: 'big.pdf', content: Buffer.alloc(512 * 1024, 9) };
    await expectSecondAnswered(uploadRequest([...pngs, rest]), 413);
  });

  it('closes the connection (Connection: close) instead of reading a large rest, and does so at once', async () => {
    const connection = await connect();
    const started = Date.now();
    const pngs = await Promise.all([1, 2, 3].map(async (n) => ({ filename: `p${n}.png`, content: await tinyPng(n) })));
    connection.send(uploadRequest([...pngs, { filename: 'huge.pdf', content: Buffer.alloc(12 * 1024 * 1024, 3) }]));
    const refused = expectResponse(await connection.next(), 413);
    expect(refused.headers.connection).toBe('close');
    expect(await connection.next(10_000)).toBe('closed');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('malformed multipart bodies', () => {
  const t = useTestApp({}, { worker: false });
  let app: FastifyInstance;
  const logged: { level: number; msg?: string; err?: { stack?: string } }[] = [];

  beforeAll(async () => {
    // The same app over the same runtime, with a logger whose lines the test reads.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    const ctx = {
      ...appContext(t().runtime, KeyRing.fromSpecs([{ name: 'a', key: KEY_A, named: true }])),
      logger: pino({ level: 'info' }, sink),
    };
    app = await buildApp(ctx);
    await app.ready();
  });
  afterAll(() => app?.close());

  const part = '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n';
  it.each([
    ['no boundary in the Content-Type', 'multipart/form-data', `${part}\r\n--xyz--\r\n`, /no boundary/],
    ['a part the body ends inside', 'multipart/form-data; boundary=xyz', part, /ends inside a part/],
    ['a boundary over the length limit', `multipart/form-data; boundary=${'b'.repeat(300)}`, part, /boundary/],
  ])('%s: 400 with a detail naming it, and no error logged', async (_case, contentType, body, detail) => {
    const before = logged.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...AUTH_A, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: expect.stringMatching(detail) });
    const errors = logged.slice(before).filter((line) => line.level >= 50 || line.err?.stack !== undefined);
    expect(errors).toEqual([]);
  });

  it('a body of another media type is still a 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...AUTH_A, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/multipart\/form-data/) });
  });
});

describe('path parameters the router cannot take as they are', () => {
  const t = useTestApp({}, { worker: false });
  const LONG = 'a'.repeat(150);

  it('an id over 100 characters is a 422 path validation error, like any invalid id, without the URL in it', async () => {
    for (const [url, loc] of [
      [`/v1/files/file_${LONG}`, ['path', 'file_id']],
      [`/v1/files/file_${LONG}/pages/0/image`, ['path', 'file_id']],
      [`/v1/jobs/job_${LONG}`, ['path', 'job_id']],
      [`/v1/jobs/job_${LONG}/result`, ['path', 'job_id']],
    ] as const) {
      const res = await t().app.inject({ url, headers: AUTH_A });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc, type: 'string_too_long' })]);
      expect(res.body).not.toContain(LONG);
    }
  });

  it('a parameter past the router limit and an undecodable path answer {detail} with the usual headers, not the URL', async () => {
    const huge = 'a'.repeat(1500);
    for (const [url, status] of [
      [`/v1/jobs/job_${huge}`, 414],
      ['/v1/files/%zz', 400],
      ['/v1/files/file_%E0%A4%A', 400],
    ] as const) {
      const res = await t().app.inject({ url, headers: AUTH_A });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ detail: expect.any(String) });
      expect(res.body).not.toContain(huge);
      expect(res.body).not.toContain('%zz');
      expect(res.headers['x-request-id']).toMatch(/^req_/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

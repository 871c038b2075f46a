/**
 * Every error status of decisions.md's errors table, produced over HTTP by real conditions:
 * 401 (see also api.auth), 404, 409, 413, 415, 422, 429, 503, 504 and 500.
 */
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toInferenceError } from '../src/inference/client.ts';
import { classifyJobError } from '../src/jobs/errors.ts';
import type { AppError } from '../src/shared/errors.ts';
import { NatsUnavailableError } from '../src/storage/nats-connection.ts';
import { AUTH_A, AUTH_B, multipartBody } from './helpers/app.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import { freePort } from './helpers/nats-server.ts';
import {
  detailOf,
  get,
  parse,
  storedFiles,
  tinyPng,
  upload,
  uploadOne,
  useTestApp,
  validationLocs,
  waitForFinalJob,
  type InjectResponse,
  type JobRefBody,
} from './helpers/api.ts';

let fx: Fixtures;
beforeAll(async () => {
  fx = await createFixtures();
});
afterAll(() => fx?.cleanup());

function expectStringDetail(res: InjectResponse, status: number, pattern: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(detailOf(res)).toMatch(pattern);
}

function expectRetryAfter(res: InjectResponse): void {
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
}

/** A 500 body: the fixed message and the request id, nothing from the exception. */
function expectInternalError(res: InjectResponse): void {
  expect(res.statusCode, res.body).toBe(500);
  const body = res.json() as Record<string, unknown>;
  expect(body.detail).toBe('Internal server error');
  expect(body.request_id).toBe(res.headers['x-request-id']);
  expect(res.body).not.toMatch(/\n\s+at |stack|\.ts:\d+|node_modules|SqliteError|BlobNotFound/);
}

describe('with the default configuration', () => {
  const app = useTestApp();

  it('404: unknown file, job, job result, job events and route', async () => {
    const cases: [string, string][] = [
      [`/v1/files/file_${'0'.repeat(26)}`, 'File not found'],
      ['/v1/files/not-an-id', 'File not found'],
      [`/v1/files/file_${'0'.repeat(26)}/pages/0/image`, 'File not found'],
      [`/v1/jobs/job_${'0'.repeat(26)}`, 'Job not found'],
      [`/v1/jobs/job_${'0'.repeat(26)}/result`, 'Job not found'],
      [`/v1/jobs/job_${'0'.repeat(26)}/events`, 'Job not found'],
      ['/v1/jobs/file_not_a_job', 'Job not found'],
      ['/v1/no-such-route', 'Not Found'],
    ];
    for (const [url, detail] of cases) {
      const res = await get(app().app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail });
    }
    const parsed = await parse(app().app, { input: { file_id: `file_${'0'.repeat(26)}` }, execution_mode: 'sync' });
    expect(parsed.statusCode).toBe(404);
    expect(parsed.json()).toEqual({ detail: 'File not found' });
  });

  it('409 with the job error for the result of a failed job (its file lost its bytes); sync answers 500', async () => {
    const file = await uploadOne(app().app, fx.good.pdf);
    await app().runtime.stores.blobs.delete(`files/${file.file_id}/original`);
    const submitted = (await parse(app().app, { input: { file_id: file.file_id } })).json() as JobRefBody;
    const final = await waitForFinalJob(app().app, submitted.job_id);
    expect(final.status).toBe('failed');
    expect(final.error).toEqual({ type: expect.any(String), msg: expect.any(String) });
    const result = await get(app().app, `/v1/jobs/${submitted.job_id}/result`);
    expect(result.statusCode).toBe(409);
    expect(result.json()).toEqual({ detail: { status: 'failed', job_id: submitted.job_id, error: final.error } });

    const sync = await parse(app().app, { input: { file_id: file.file_id }, execution_mode: 'sync' });
    expectInternalError(sync);
    expect(sync.headers['x-job-id']).toMatch(/^job_/);
  });

  it('413: a decompression-bomb image is refused before decoding and nothing is stored', async () => {
    const before = await storedFiles(app().runtime);
    const res = await upload(app().app, [fx.bad.bombPng]);
    expectStringDetail(res, 413, fx.bad.bombPng.message);
    expect(await storedFiles(app().runtime)).toEqual(before);
  });

  it('415: a disguised upload and an upload that is not multipart/form-data', async () => {
    expectStringDetail(await upload(app().app, [fx.bad.docxAsPdf]), 415, /DOCX/);
    const asText = await app().app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...AUTH_A, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectStringDetail(asText, 415, /multipart\/form-data.*text\/plain/);
    const asJson = await app().app.inject({ method: 'POST', url: '/api/v1/upload', headers: AUTH_A, payload: { files: ['x'] } });
    expectStringDetail(asJson, 415, /multipart\/form-data.*application\/json/);
    const asOctets = await app().app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...AUTH_A, 'content-type': 'application/pdf' },
      payload: fx.good.pdf.bytes,
    });
    expect(asOctets.statusCode).toBe(415);
  });

  it('422: upload without files', async () => {
    const empty = multipartBody([]);
    expect(
      validationLocs(
        await app().app.inject({ method: 'POST', url: '/api/v1/upload', headers: { ...AUTH_A, ...empty.headers }, payload: empty.payload }),
      ),
    ).toEqual([['body', 'files']]);
    const wrongField = multipartBody([{ filename: 'a.png', content: fx.good.png.bytes, field: 'document' }]);
    expect(
      validationLocs(
        await app().app.inject({
          method: 'POST',
          url: '/api/v1/upload',
          headers: { ...AUTH_A, ...wrongField.headers },
          payload: wrongField.payload,
        }),
      ),
    ).toEqual([['body', 'document']]);
  });

  const invalidBodies: [string, Record<string, unknown>, (string | number)[]][] = [
    ['a missing input', { execution_mode: 'sync' }, ['body', 'input']],
    ['a bad execution_mode', { input: { text: 'x' }, execution_mode: 'later' }, ['body', 'execution_mode']],
    ['a bad billing_profile', { input: { text: 'x' }, billing_profile: 'gold' }, ['body', 'billing_profile']],
    ['a bad grounding', { input: { text: 'x' }, grounding: 'words' }, ['body', 'grounding']],
    ['input of the wrong type', { input: 'file_123' }, ['body', 'input']],
    ['a content member of the wrong type', { input: { text: { value: 'x' } } }, ['body', 'input', 'text']],
    ['include_artifacts of the wrong type', { input: { text: 'x' }, include_artifacts: 'yes' }, ['body', 'include_artifacts']],
    ['a webhook_url that is not a URI', { input: { text: 'x' }, webhook_url: 'not a url' }, ['body', 'webhook_url']],
    ['both file_id and text', { input: { file_id: 'file_x', text: 'x' }, execution_mode: 'sync' }, ['body', 'input']],
    ['no content member', { input: {}, execution_mode: 'sync' }, ['body', 'input']],
    ['only a filename and nulls', { input: { filename: 'a.pdf', text: null, file_id: null }, execution_mode: 'sync' }, ['body', 'input']],
    ['invalid base64', { input: { pdf_base64: '%%% not base64 %%%' }, execution_mode: 'sync' }, ['body', 'input', 'pdf_base64']],
    ['empty base64', { input: { image_base64: '' }, execution_mode: 'sync' }, ['body', 'input', 'image_base64']],
  ];
  it.each(invalidBodies)('422 in FastAPI shape for %s', async (_name, body, loc) => {
    const before = await storedFiles(app().runtime);
    const res = await parse(app().app, body);
    expect(validationLocs(res)).toEqual([loc]);
    expect(await storedFiles(app().runtime)).toEqual(before);
  });

  it('422 names both members when two content members are set', async () => {
    const res = await parse(app().app, { input: { file_id: 'file_x', text: 'x' } });
    expect((detailOf(res) as { msg: string }[])[0].msg).toMatch(/file_id.*text/);
  });

  it('422 for a body that is not JSON', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: { ...AUTH_A, 'content-type': 'application/json' },
      payload: '{"input": ',
    });
    expect(validationLocs(res)).toEqual([['body']]);
    expect((detailOf(res) as { type: string }[])[0].type).toBe('json_invalid');
  });

  it('422 with a string detail naming the problem for corrupt or mistyped inline files, storing nothing', async () => {
    const before = await storedFiles(app().runtime);
    expectStringDetail(
      await parse(app().app, { input: { pdf_base64: fx.bad.truncatedPdf.bytes.toString('base64') }, execution_mode: 'sync' }),
      422,
      /PDF .*corrupt\/truncated/,
    );
    expectStringDetail(
      await parse(app().app, { input: { pdf_base64: fx.good.png.bytes.toString('base64') }, execution_mode: 'sync' }),
      422,
      /expected a PDF, detected image\/png/,
    );
    expectStringDetail(
      await parse(app().app, { input: { image_base64: fx.good.pdf.bytes.toString('base64') } }),
      422,
      /expected an image.*application\/pdf/,
    );
    expectStringDetail(
      await parse(app().app, { input: { image_base64: fx.bad.truncatedPng.bytes.toString('base64') } }),
      422,
      /PNG .*corrupt\/truncated/,
    );
    expect(await storedFiles(app().runtime)).toEqual(before);
  });

  it('422 for page_index that is not a non-negative integer and dpi out of range, with path/query locs', async () => {
    const file = await uploadOne(app().app, fx.good.png);
    const base = `/v1/files/${file.file_id}/pages`;
    for (const page of ['abc', '1.5', '-1'])
      expect(validationLocs(await get(app().app, `${base}/${page}/image`)), page).toEqual([['path', 'page_index']]);
    for (const dpi of ['35', '601', 'high'])
      expect(validationLocs(await get(app().app, `${base}/0/image?dpi=${dpi}`)), dpi).toEqual([['query', 'dpi']]);
  });
});

describe('with small upload limits', () => {
  const app = useTestApp({ DOCINTEL_MAX_UPLOAD_BYTES: '2048', DOCINTEL_MAX_FILES_PER_REQUEST: '2' }, { worker: false });

  it('413: a file over DOCINTEL_MAX_UPLOAD_BYTES, naming the limit, storing nothing', async () => {
    expect(fx.good.pdf.bytes.length).toBeGreaterThan(2048);
    const before = await storedFiles(app().runtime);
    expectStringDetail(await upload(app().app, [fx.good.pdf]), 413, /2048 bytes upload limit/);
    expectStringDetail(await parse(app().app, { input: { text: 'x'.repeat(3000) } }), 413, /2048 bytes upload limit/);
    expect(await storedFiles(app().runtime)).toEqual(before);
  });

  it('413: more files than DOCINTEL_MAX_FILES_PER_REQUEST, storing none of them', async () => {
    const pngs = await Promise.all([1, 2, 3].map((seed) => tinyPng(seed)));
    const items = pngs.map((bytes, i) => ({ filename: `p${i}.png`, bytes }));
    expect((await upload(app().app, items.slice(0, 2))).statusCode).toBe(200);
    const before = await storedFiles(app().runtime);
    expectStringDetail(await upload(app().app, items), 413, /[Tt]oo many files.*limit/);
    expect(await storedFiles(app().runtime)).toEqual(before);
  });

  it('413: a JSON body over the body limit', async () => {
    const res = await parse(app().app, { input: { text: 'x'.repeat(app().config.limits.maxJsonBodyBytes + 10) } });
    expectStringDetail(res, 413, /over the size limit/);
  });
});

describe('with no worker and one unfinished job allowed per key', () => {
  const app = useTestApp({ DOCINTEL_MAX_CONCURRENT_JOBS: '1' }, { worker: false });

  it('409 for the result of a pending job; 429 + Retry-After for a second job of the same key only', async () => {
    const file = await uploadOne(app().app, fx.good.png);
    const first = await parse(app().app, { input: { file_id: file.file_id } });
    expect(first.statusCode, first.body).toBe(200);
    const job = first.json() as JobRefBody;
    expect(job.status).toBe('pending');
    const result = await get(app().app, `/v1/jobs/${job.job_id}/result`);
    expect(result.statusCode).toBe(409);
    expect(result.json()).toEqual({ detail: { status: 'pending', job_id: job.job_id } });

    const before = await storedFiles(app().runtime);
    for (const body of [
      { input: { file_id: file.file_id } },
      { input: { file_id: file.file_id }, execution_mode: 'sync' },
      { input: { pdf_base64: fx.good.pdf.bytes.toString('base64') } },
    ]) {
      const second = await parse(app().app, body);
      expectStringDetail(second, 429, /unfinished jobs.*limit 1/);
      expectRetryAfter(second);
    }
    expect(await storedFiles(app().runtime)).toEqual(before);
    const fileB = await uploadOne(app().app, fx.good.png, AUTH_B);
    expect((await parse(app().app, { input: { file_id: fileB.file_id } }, AUTH_B)).statusCode).toBe(200);
  });
});

describe('with a rate limit of 6 requests per minute (a burst of 1)', () => {
  const app = useTestApp({ DOCINTEL_RATE_LIMIT_PER_MINUTE: '6' }, { worker: false });

  it('429 + Retry-After once the key has used its burst; other keys and public routes are unaffected', async () => {
    expect((await get(app().app, `/v1/files/file_${'0'.repeat(26)}`)).statusCode).toBe(404);
    const limited = await get(app().app, `/v1/files/file_${'0'.repeat(26)}`);
    expectStringDetail(limited, 429, /[Rr]ate limit of 6 requests per minute/);
    expectRetryAfter(limited);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect((await get(app().app, `/v1/files/file_${'0'.repeat(26)}`, AUTH_B)).statusCode).toBe(404);
    expect((await app().app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('with failing dependencies', () => {
  // A port that was free a moment ago: nothing answers there.
  const app = useTestApp(async () => ({
    DOCINTEL_SYNC_BUDGET_MS: '100',
    DOCINTEL_FAULTS: 'job.delay_ms=2000',
    DOCINTEL_INFERENCE_ADDR: `127.0.0.1:${await freePort()}`,
  }));

  it('503 + Retry-After from /readyz while the configured inference address does not answer', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/readyz' });
    expectStringDetail(res, 503, /inference/);
    expectRetryAfter(res);
    expect(res.json()).toMatchObject({
      checks: { metadata: 'ok', blobs: 'ok', queue: 'ok', inference: expect.stringMatching(/^failing/) },
    });
  });

  it('/readyz names the inference service as failing without its address or the socket error', async () => {
    const [address] = app().config.inferenceAddrs;
    const res = await app().app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json().checks.inference).toBe('failing: The inference service is unavailable; retry later');
    expect(res.body).not.toContain(address);
    expect(res.body).not.toMatch(/ECONNREFUSED|No connection established/);
  });

  it('504 for a sync request over its budget, pointing at async; the job goes on under X-Job-Id', async () => {
    const file = await uploadOne(app().app, fx.good.png);
    const res = await parse(app().app, { input: { file_id: file.file_id }, execution_mode: 'sync' });
    expectStringDetail(res, 504, /execution_mode async/);
    const job = await get(app().app, `/v1/jobs/${res.headers['x-job-id']}`);
    expect(job.statusCode).toBe(200);
    expect(['pending', 'processing']).toContain((job.json() as JobRefBody).status);
  });

  it('503 + Retry-After for a processing request while the job queue is down', async () => {
    const file = await uploadOne(app().app, fx.good.png);
    await app().runtime.jobs.queue.close();
    const res = await parse(app().app, { input: { file_id: file.file_id } });
    expectStringDetail(res, 503, /queue/);
    expectRetryAfter(res);
    expect((await app().app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      checks: { queue: expect.stringMatching(/^failing/) },
    });
  });

  it('500 without internals for a request that hits a closed metadata store; /readyz names it', async () => {
    await app().runtime.stores.metadata.close();
    expectInternalError(await get(app().app, `/v1/files/file_${'0'.repeat(26)}`));
    const ready = await app().app.inject({ method: 'GET', url: '/readyz' });
    expectStringDetail(ready, 503, /metadata/);
    expectRetryAfter(ready);
  });
});

describe('a dependency that is down', () => {
  const socket = 'unix:/srv/docintel/data/inference.sock';
  const details = 'No connection established. Last error: connect ECONNREFUSED /srv/docintel/data/inference.sock';

  function grpcError(code: number): ServiceError {
    return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: new Metadata() });
  }

  it('tells clients and failed jobs only what kind of trouble it is; the address stays in the message, for the log', () => {
    for (const [code, said] of [
      [GrpcStatus.UNAVAILABLE, 'The inference service is unavailable; retry later'],
      [GrpcStatus.DEADLINE_EXCEEDED, 'The inference service did not answer in time; retry later'],
      [GrpcStatus.RESOURCE_EXHAUSTED, 'The inference service is busy; retry later'],
    ] as const) {
      const err = toInferenceError(grpcError(code), socket) as AppError;
      expect(err.status).toBe(503);
      expect(err.body()).toEqual({ detail: said });
      expect(err.message).toContain(socket);
      expect(err.message).toContain('ECONNREFUSED');
      // A job that keeps meeting it is retried, and its error (shown by GET /v1/jobs/{id}, webhooks, SSE) says the same.
      const outcome = classifyJobError(err, 'ocr', 1);
      expect(outcome).toMatchObject({ kind: 'retry', info: { msg: said } });
      expect(JSON.stringify(outcome)).not.toMatch(/inference\.sock|ECONNREFUSED/);
    }
    const nats = new NatsUnavailableError('connection refused nats://10.1.2.3:4222');
    expect(JSON.stringify(nats.body())).not.toContain('10.1.2.3');
    expect(nats.message).toContain('10.1.2.3');
  });
});

/**
 * Async jobs over HTTP: JobRef on submit, polling to completion, result = sync body, Server-Sent Events over a
 * listening server, failed jobs (409) and signed webhooks. The core lifecycle runs against the embedded
 * adapters and again against NATS (a real nats-server).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, AUTH_B, createTestApp, type TestApp } from './helpers/app.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import { natsOrSkip } from './helpers/nats-server.ts';
import {
  get,
  listen,
  parse,
  readSse,
  startWebhookReceiver,
  uploadOne,
  useNatsTestApp,
  useTestApp,
  waitForFinalJob,
  type JobRefBody,
  type WebhookReceiver,
} from './helpers/api.ts';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
// Holds each job in `processing` a little, so event streams opened right after submit see it move.
// The webhook receiver listens on 127.0.0.1, which the SSRF guard refuses by default.
const SLOW_JOBS = { DOCINTEL_FAULTS: 'job.delay_ms=500', DOCINTEL_WEBHOOK_SECRET: WEBHOOK_SECRET, DOCINTEL_WEBHOOK_ALLOW_PRIVATE: 'true' };
const STATUS_ORDER = ['pending', 'processing', 'completed'];

let fx: Fixtures;
beforeAll(async () => {
  fx = await createFixtures();
});
afterAll(() => fx?.cleanup());

async function submitParse(t: TestApp, body: Record<string, unknown>, auth = AUTH_A): Promise<JobRefBody> {
  const res = await parse(t.app, body, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobRefBody;
}

/** A job whose PDF lost its stored bytes (parse reads the text layer from them): the worker fails it. */
async function failingJob(t: TestApp): Promise<JobRefBody> {
  const file = await uploadOne(t.app, fx.good.pdf);
  await t.runtime.stores.blobs.delete(`files/${file.file_id}/original`);
  return submitParse(t, { input: { file_id: file.file_id } });
}

/** The lifecycle every deployment must show, whatever adapters are behind it. */
function lifecycleTests(app: () => TestApp): void {
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await listen(app().app);
  });

  it('async parse answers a pending JobRef with every spec field, then completes with progress', async () => {
    const t = app();
    const file = await uploadOne(t.app, fx.good.pdf);
    const ref = await submitParse(t, { input: { file_id: file.file_id } });
    expect(ref).toEqual({
      job_id: expect.stringMatching(/^job_[0-9a-z]{20,}$/),
      operation: 'parse',
      status: 'pending',
      execution_mode: 'async',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(ref.updated_at).toBeGreaterThanOrEqual(ref.created_at);
    const final = await waitForFinalJob(t.app, ref.job_id);
    expect(final).toMatchObject({
      job_id: ref.job_id,
      operation: 'parse',
      status: 'completed',
      execution_mode: 'async',
      created_at: ref.created_at,
      progress: { done: 3, total: 3, unit: 'pages' },
      result_url: `/v1/jobs/${ref.job_id}/result`,
    });
    expect(final.updated_at).toBeGreaterThan(ref.created_at);
    expect(final.error).toBeUndefined();
  });

  it('the result of a completed job equals the sync parse body', async () => {
    const t = app();
    const file = await uploadOne(t.app, fx.good.tiff);
    const ref = await submitParse(t, { input: { file_id: file.file_id }, grounding: 'regions' });
    await waitForFinalJob(t.app, ref.job_id);
    const result = await get(t.app, `/v1/jobs/${ref.job_id}/result`);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    const sync = await parse(t.app, { input: { file_id: file.file_id }, grounding: 'regions', execution_mode: 'sync' });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(result.json()).toEqual(sync.json());
    expect(result.json()).toMatchObject({ metadata: { file_id: file.file_id, page_count: 3 } });
  });

  it('streams JobRef events over SSE until completed, then closes the stream', async () => {
    const t = app();
    const file = await uploadOne(t.app, fx.good.png);
    const ref = await submitParse(t, { input: { file_id: file.file_id } });
    const sse = await readSse(`${baseUrl}/v1/jobs/${ref.job_id}/events`, AUTH_A);
    expect(sse.status).toBe(200);
    expect(sse.contentType).toMatch(/^text\/event-stream/);
    expect(sse.requestId).toMatch(/^req_/);
    expect(sse.closedByServer).toBe(true);
    const refs = sse.events.map((e) => {
      expect(e.event).toBe('job');
      return JSON.parse(e.data) as JobRefBody;
    });
    expect(refs.length).toBeGreaterThanOrEqual(2);
    for (const r of refs) expect(r).toMatchObject({ job_id: ref.job_id, operation: 'parse', execution_mode: 'async' });
    const order = refs.map((r) => STATUS_ORDER.indexOf(r.status));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(refs.at(-1)).toEqual((await get(t.app, `/v1/jobs/${ref.job_id}`)).json());
    expect(refs.at(-1)?.status).toBe('completed');
  });

  it('SSE of a finished job sends its final state once and closes; another tenant gets 404', async () => {
    const t = app();
    const file = await uploadOne(t.app, fx.good.gif);
    const ref = await submitParse(t, { input: { file_id: file.file_id } });
    const final = await waitForFinalJob(t.app, ref.job_id);
    const sse = await readSse(`${baseUrl}/v1/jobs/${ref.job_id}/events`, AUTH_A);
    expect(sse.closedByServer).toBe(true);
    expect(sse.events.map((e) => JSON.parse(e.data))).toEqual([final]);
    const foreign = await fetch(`${baseUrl}/v1/jobs/${ref.job_id}/events`, { headers: AUTH_B });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ detail: 'Job not found' });
  });

  it('a failed job reports its error; its result is 409 with that error; SSE ends with failed', async () => {
    const t = app();
    const ref = await failingJob(t);
    const sse = await readSse(`${baseUrl}/v1/jobs/${ref.job_id}/events`, AUTH_A);
    expect(sse.closedByServer).toBe(true);
    const last = JSON.parse(sse.events.at(-1)?.data ?? '{}') as JobRefBody;
    expect(last.status).toBe('failed');
    const final = await waitForFinalJob(t.app, ref.job_id);
    expect(final.status).toBe('failed');
    expect(final.error).toEqual({ type: expect.any(String), msg: expect.any(String) });
    expect(final.result_url).toBeUndefined();
    const result = await get(t.app, `/v1/jobs/${ref.job_id}/result`);
    expect(result.statusCode).toBe(409);
    expect(result.json()).toEqual({ detail: { status: 'failed', job_id: ref.job_id, error: final.error } });
  });

  it("jobs are the submitting tenant's only", async () => {
    const t = app();
    const file = await uploadOne(t.app, fx.good.bmp);
    const ref = await submitParse(t, { input: { file_id: file.file_id } });
    await waitForFinalJob(t.app, ref.job_id);
    for (const url of [`/v1/jobs/${ref.job_id}`, `/v1/jobs/${ref.job_id}/result`]) {
      const res = await get(t.app, url, AUTH_B);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Job not found' });
    }
  });
}

describe('jobs on the embedded adapters (SQLite queue, in-process events)', () => {
  const app = useTestApp(SLOW_JOBS);
  lifecycleTests(app);

  describe('webhooks', () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(() => receiver?.close());

    it("POSTs the final JobRef to webhook_url, signed with HMAC-SHA256 of timestamp + exact body with the key's secret", async () => {
      const t = app();
      const file = await uploadOne(t.app, fx.good.webp);
      const ref = await submitParse(t, { input: { file_id: file.file_id }, webhook_url: receiver.url });
      const delivery = await receiver.next();
      const secret = (await get(t.app, '/v1/webhooks/secret')).json().secret as string;
      const timestamp = delivery.headers['x-docintel-timestamp'] as string;
      expect(timestamp).toMatch(/^\d+$/);
      const signed = (key: string) =>
        `t=${timestamp},v1=${createHmac('sha256', key).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
      expect(delivery.headers['x-docintel-signature']).toBe(signed(secret));
      expect(delivery.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(delivery.body) as JobRefBody;
      expect(body).toMatchObject({ job_id: ref.job_id, status: 'completed', operation: 'parse' });
      expect(body).toEqual((await get(t.app, `/v1/jobs/${ref.job_id}`)).json());
      // Signed with the calling key's secret, not the server secret itself nor another key's.
      expect(delivery.headers['x-docintel-signature']).not.toBe(signed(WEBHOOK_SECRET));
      expect(delivery.headers['x-docintel-signature']).not.toBe(signed((await get(t.app, '/v1/webhooks/secret', AUTH_B)).json().secret));
      expect(receiver.received).toHaveLength(1);
    });
  });
});

const haveNats = natsOrSkip('API job lifecycle on NATS');

describe.skipIf(!haveNats)('jobs on the NATS adapters (JetStream queue, KV, object store, events)', () => {
  const app = useNatsTestApp(SLOW_JOBS);

  it('really runs on NATS (no embedded SQLite queue)', () => {
    expect(app().config.natsUrl).toMatch(/^nats:/);
    expect(app().runtime.jobs.queue.constructor.name).toMatch(/Nats/);
  });

  lifecycleTests(app);
});

describe('closing the server', () => {
  it('ends open event streams, so a watching client cannot hold a graceful shutdown', async () => {
    const t = await createTestApp({ DOCINTEL_FAULTS: 'job.delay_ms=60000' });
    try {
      const baseUrl = await listen(t.app);
      const ref = await submitParse(t, { input: { file_id: (await uploadOne(t.app, fx.good.pdf)).file_id } });
      const res = await fetch(`${baseUrl}/v1/jobs/${ref.job_id}/events`, { headers: AUTH_A, signal: AbortSignal.timeout(60_000) });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('event: job');
      await t.app.close();
      // The server ends the stream: the reader reaches its end instead of waiting for the held job.
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    } finally {
      await t.close();
    }
  });
});

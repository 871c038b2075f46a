/**
 * Webhooks over HTTP: each API key learns its own signing secret, a completed job is POSTed to webhook_url with
 * `X-Docintel-Timestamp` and `X-Docintel-Signature: t=…,v1=…` (HMAC-SHA256 of "<t>.<body>"), a 500 from the
 * receiver is retried with backoff, a 4xx is not, and every attempt shows in GET /v1/jobs/{id}/webhooks.
 * The receivers here verify signatures with their own HMAC code, not the service's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, AUTH_B } from './helpers/app.ts';
import { get, parse, useTestApp, validationLocs, type JobRefBody } from './helpers/api.ts';
import { waitFor } from './helpers/jobs-wait.ts';
import { parseSignatureHeader, signWebhook, tenantWebhookSecret, verifyWebhookSignature } from '../src/jobs/webhook-signature.ts';
import { backoffMs } from '../src/jobs/webhook.ts';
import { isPrivateAddress } from '../src/jobs/webhook-target.ts';

const SERVER_SECRET = 'webhooks-test-server-secret-0123456789';
// Receivers listen on 127.0.0.1, which the SSRF guard refuses by default.
const ENV = {
  DOCINTEL_WEBHOOK_SECRET: SERVER_SECRET,
  DOCINTEL_WEBHOOK_RETRY_BASE_MS: '50',
  DOCINTEL_WEBHOOK_MAX_ATTEMPTS: '3',
  DOCINTEL_WEBHOOK_ALLOW_PRIVATE: 'true',
};

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Attempt {
  attempt: number;
  attempted_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  outcome: string;
}
interface DeliveryLog {
  job_id: string;
  webhook_url: string | null;
  status: string;
  deliveries: Attempt[];
}

/** A receiver that answers each POST with the next status of `statuses` (the last one repeats). */
async function startReceiver(statuses: number[]): Promise<{ url: string; received: Delivery[]; close(): Promise<void> }> {
  const received: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(statuses[Math.min(received.length, statuses.length) - 1]).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** What a receiver written from the README does: recompute "<t>.<body>" with the secret, compare in constant time. */
function receiverAccepts(delivery: Delivery, secret: string): boolean {
  const header = String(delivery.headers['x-docintel-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match || match[1] !== delivery.headers['x-docintel-timestamp']) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${delivery.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

describe('webhooks', () => {
  const app = useTestApp(ENV);
  const receivers: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  let secretA: string;
  let secretB: string;
  beforeAll(async () => {
    const [a, b] = await Promise.all([get(app().app, '/v1/webhooks/secret', AUTH_A), get(app().app, '/v1/webhooks/secret', AUTH_B)]);
    expect(a.statusCode, a.body).toBe(200);
    secretA = a.json().secret;
    secretB = b.json().secret;
  });

  async function submit(body: Record<string, unknown>, auth = AUTH_A): Promise<JobRefBody> {
    const res = await parse(app().app, { input: { text: 'Webhook test\n\nSecond paragraph' }, ...body }, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobRefBody;
  }

  async function logOf(jobId: string, auth = AUTH_A): Promise<DeliveryLog> {
    const res = await get(app().app, `/v1/jobs/${jobId}/webhooks`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeliveryLog;
  }

  const settledLog = (jobId: string) =>
    waitFor(
      'the webhook delivery to settle',
      async () => {
        const log = await logOf(jobId);
        return log.status === 'delivered' || log.status === 'failed' ? log : undefined;
      },
      15_000,
      50,
    );

  it('gives each API key its own secret, derived from the server secret, and needs a key', async () => {
    expect(secretA).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(secretB).toMatch(/^whsec_/);
    expect(secretA).not.toBe(secretB);
    expect(secretA).toBe(tenantWebhookSecret(SERVER_SECRET, 'a'));
    expect((await get(app().app, '/v1/webhooks/secret', AUTH_A)).json().secret).toBe(secretA);
    expect((await get(app().app, '/v1/webhooks/secret', {})).statusCode).toBe(401);
  });

  it("signs timestamp + body with the key's secret, retries a 500 and logs both attempts", async () => {
    const receiver = await startReceiver([500, 200]);
    receivers.push(receiver);
    const ref = await submit({ webhook_url: receiver.url });
    const log = await settledLog(ref.job_id);

    expect(receiver.received).toHaveLength(2);
    for (const delivery of receiver.received) {
      expect(delivery.headers['content-type']).toMatch(/^application\/json/);
      expect(receiverAccepts(delivery, secretA)).toBe(true);
      expect(receiverAccepts(delivery, secretB)).toBe(false); // another key's secret does not verify it
      expect(verifyWebhookSignature(delivery.body, delivery.headers['x-docintel-signature'] as string, secretA)).toBe(true);
    }
    const body = JSON.parse(receiver.received[1].body) as JobRefBody;
    expect(body).toMatchObject({
      job_id: ref.job_id,
      status: 'completed',
      operation: 'parse',
      result_url: `/v1/jobs/${ref.job_id}/result`,
    });
    expect(body).toEqual((await get(app().app, `/v1/jobs/${ref.job_id}`)).json());
    expect(receiver.received[1].body).toBe(receiver.received[0].body);

    expect(log).toMatchObject({ job_id: ref.job_id, webhook_url: receiver.url, status: 'delivered' });
    expect(log.deliveries).toHaveLength(2);
    expect(log.deliveries[0]).toMatchObject({ attempt: 1, status_code: 500, outcome: 'retrying', error: 'HTTP 500' });
    expect(log.deliveries[1]).toMatchObject({ attempt: 2, status_code: 200, outcome: 'delivered', error: null });
    for (const entry of log.deliveries) {
      expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Math.abs(entry.attempted_at - Date.now() / 1000)).toBeLessThan(120);
    }
    expect(log.deliveries[1].attempted_at).toBeGreaterThan(log.deliveries[0].attempted_at);
    // The log is the job owner's: another key sees no such job.
    expect((await get(app().app, `/v1/jobs/${ref.job_id}/webhooks`, AUTH_B)).statusCode).toBe(404);
  });

  it('a tampered body, a forged signature or a stale timestamp fails verification', async () => {
    const receiver = await startReceiver([204]);
    receivers.push(receiver);
    const ref = await submit({ webhook_url: receiver.url });
    await settledLog(ref.job_id);
    const [delivery] = receiver.received;
    const header = delivery.headers['x-docintel-signature'] as string;
    expect(receiverAccepts(delivery, secretA)).toBe(true);

    const tampered = delivery.body.replace('"completed"', '"failed"');
    expect(tampered).not.toBe(delivery.body);
    expect(receiverAccepts({ ...delivery, body: tampered }, secretA)).toBe(false);
    expect(verifyWebhookSignature(tampered, header, secretA)).toBe(false);

    const { timestamp } = parseSignatureHeader(header)!;
    const shifted = header.replace(`t=${timestamp}`, `t=${timestamp + 1}`);
    expect(verifyWebhookSignature(delivery.body, shifted, secretA)).toBe(false);
    expect(verifyWebhookSignature(delivery.body, header, secretA, { now: timestamp + 301 })).toBe(false);
    expect(verifyWebhookSignature(delivery.body, header, secretA, { now: timestamp + 299 })).toBe(true);
    expect(verifyWebhookSignature(delivery.body, signWebhook(delivery.body, secretB, timestamp), secretA)).toBe(false);
    expect(verifyWebhookSignature(delivery.body, undefined, secretA)).toBe(false);
    expect(verifyWebhookSignature(delivery.body, 'garbage', secretA)).toBe(false);
  });

  it('does not retry a 4xx answer', async () => {
    const receiver = await startReceiver([410, 200]);
    receivers.push(receiver);
    const ref = await submit({ webhook_url: receiver.url });
    const log = await settledLog(ref.job_id);
    expect(log.status).toBe('failed');
    expect(log.deliveries).toEqual([expect.objectContaining({ attempt: 1, status_code: 410, outcome: 'failed' })]);
    expect(receiver.received).toHaveLength(1);
  });

  it('retries network errors up to the attempt limit, then gives up', async () => {
    const receiver = await startReceiver([200]);
    await receiver.close(); // nothing listens on its port any more
    const ref = await submit({ webhook_url: receiver.url });
    const log = await settledLog(ref.job_id);
    expect(log.status).toBe('failed');
    expect(log.deliveries.map((d) => [d.attempt, d.status_code, d.outcome])).toEqual([
      [1, null, 'retrying'],
      [2, null, 'retrying'],
      [3, null, 'failed'],
    ]);
    for (const entry of log.deliveries) expect(entry.error).toBeTruthy();
  });

  it('accepts a loopback webhook_url when DOCINTEL_WEBHOOK_ALLOW_PRIVATE=true', async () => {
    expect(app().config.webhooks.allowPrivate).toBe(true);
    const ref = await submit({ webhook_url: 'http://localhost:9/hooks' });
    expect(ref.job_id).toMatch(/^job_/);
  });

  it('a job without webhook_url has an empty log', async () => {
    const ref = await submit({});
    expect(await logOf(ref.job_id)).toEqual({ job_id: ref.job_id, webhook_url: null, status: 'none', deliveries: [] });
  });
});

describe('backoff', () => {
  it('doubles per attempt from the base, with at most 10% jitter', () => {
    for (const [attempt, base] of [
      [2, 1000],
      [3, 2000],
      [4, 4000],
      [5, 8000],
    ]) {
      const delay = backoffMs(attempt, 1000);
      expect(delay).toBeGreaterThanOrEqual(base);
      expect(delay).toBeLessThanOrEqual(base * 1.1);
    }
  });
});

describe('webhook SSRF guard (default: private targets refused)', () => {
  const app = useTestApp({}, { worker: false });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://127.1.2.3/hook',
    'http://localhost:3000/hook',
    'http://10.0.0.5/hook',
    'http://172.16.0.1/hook',
    'http://172.31.255.254/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[fc00::1]/hook',
    'http://[fd12:3456::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0.0.0.0/hook',
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:0:7f00:1]/hook',
    'http://[64:ff9b::10.0.0.1]/hook',
    'http://[fec0::1]/hook',
    'http://[2002:a9fe:a9fe::1]/latest/meta-data',
  ])('refuses %s with a 422 at webhook_url', async (url) => {
    const res = await parse(app().app, { input: { text: 'x' }, webhook_url: url });
    expect(validationLocs(res)).toContainEqual(['body', 'webhook_url']);
    expect(res.body).toMatch(/private, loopback or link-local/);
    expect(res.body).toMatch(/DOCINTEL_WEBHOOK_ALLOW_PRIVATE/);
  });

  it('refuses a non-http scheme and accepts a public address', async () => {
    expect(validationLocs(await parse(app().app, { input: { text: 'x' }, webhook_url: 'ftp://93.184.216.34/hook' }))).toContainEqual([
      'body',
      'webhook_url',
    ]);
    const ok = await parse(app().app, { input: { text: 'x' }, webhook_url: 'https://93.184.216.34/hook' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('pending');
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.255.0.1',
      '172.20.1.1',
      '192.168.0.1',
      '169.254.1.1',
      '::1',
      'fc00::1',
      'fdff::1',
      'fe80::abcd',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '172.15.255.255', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('classifies IPv6 forms that reach an IPv4 address by what they reach, and refuses the ones a translator picks', () => {
    const reachPrivate = [
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1', // IPv4-compatible (::/96), in both spellings
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:808:808', // IPv4-translated (::ffff:0:0/96), any address
      '::ffff:7f00:1', // IPv4-mapped, as the URL parser writes ::ffff:127.0.0.1
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::192.168.1.1', // well-known NAT64 of private addresses
      '64:ff9b:1::8.8.8.8',
      '64:ff9b:1:abcd::1', // local-use NAT64 (64:ff9b:1::/48)
      'fec0::1',
      'feff::abcd', // site-local (fec0::/10)
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      '2002:a9fe:a9fe::1', // 6to4 of loopback, 192.168.1.1, 169.254.169.254
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '100::1',
      'fe80::1%eth0',
    ];
    for (const a of reachPrivate) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['64:ff9b::8.8.8.8', '64:ff9b::5db8:d822', '2002:808:808::1', '2001:4860:4860::8888', '2a00:1450:4001::200e']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});

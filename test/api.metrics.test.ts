/**
 * GET /metrics: Prometheus text that a tiny parser here reads back; counters move by exactly the test's own
 * requests (labelled with the route pattern, not the raw URL), a sync parse moves the job series, histograms carry
 * their buckets, inference RPCs are timed and counted (a real gRPC server in the test), and access follows
 * DOCINTEL_METRICS.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_A } from './helpers/app.ts';
import { get, parse, useTestApp } from './helpers/api.ts';
import { InferenceClient } from '../src/inference/client.ts';
import { loadInferenceProto } from '../src/inference/proto.ts';
import { metricsRegistry } from '../src/shared/metrics.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Scrape {
  samples: Sample[];
  types: Map<string, string>;
}

/** The Prometheus text exposition format: `# TYPE name kind`, `name{l="v",...} value`. */
function parseExposition(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key] = raw.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    samples.push({ name: match[1], labels, value: match[3] === '+Inf' ? Infinity : Number(match[3]) });
  }
  return { samples, types };
}

/** Sum of the samples named `name` whose labels include `labels` (0 when none). */
function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  return scrape.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics (public by default)', () => {
  const app = useTestApp();

  async function scrape(): Promise<Scrape> {
    const res = await app().app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  }

  it("counts the test's own requests by route pattern, method and status, with latency histograms", async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await app().app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await get(app().app, '/v1/jobs/job_0000000000000000nothere')).statusCode).toBe(404);
    expect((await get(app().app, '/no/such/route/42')).statusCode).toBe(404);
    const after = await scrape();

    const health = { route: '/healthz', method: 'GET' };
    expect(
      valueOf(after, 'http_requests_total', { ...health, status: '200' }) -
        valueOf(before, 'http_requests_total', { ...health, status: '200' }),
    ).toBe(3);
    const job = { route: '/v1/jobs/:job_id', method: 'GET', status: '404' };
    expect(valueOf(after, 'http_requests_total', job) - valueOf(before, 'http_requests_total', job)).toBe(1);
    const unmatched = { route: 'unmatched', method: 'GET', status: '404' };
    expect(valueOf(after, 'http_requests_total', unmatched) - valueOf(before, 'http_requests_total', unmatched)).toBe(1);
    // The scrape before this one was counted too.
    expect(valueOf(after, 'http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    // Labels carry route patterns only: no raw ids or unknown URLs.
    for (const s of after.samples) expect(s.labels.route ?? '').not.toMatch(/nothere|no\/such/);

    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
    const buckets = after.samples.filter(
      (s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === '/healthz' && s.labels.method === 'GET',
    );
    expect(buckets.map((b) => b.labels.le)).toContain('+Inf');
    expect(buckets.length).toBeGreaterThan(5);
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // cumulative
    const inf = { ...health, le: '+Inf' };
    expect(valueOf(after, 'http_request_duration_seconds_bucket', inf) - valueOf(before, 'http_request_duration_seconds_bucket', inf)).toBe(
      3,
    );
    expect(
      valueOf(after, 'http_request_duration_seconds_count', health) - valueOf(before, 'http_request_duration_seconds_count', health),
    ).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds_sum', health)).toBeGreaterThan(
      valueOf(before, 'http_request_duration_seconds_sum', health),
    );
  });

  it('counts a sync parse job: jobs_total, job_duration_seconds, pages_processed_total', async () => {
    const before = await scrape();
    const res = await parse(app().app, { input: { text: 'Metrics\n\nOne page of text' }, execution_mode: 'sync' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(delta('jobs_total', { operation: 'parse', status: 'completed' })).toBe(1);
    expect(delta('jobs_total', { operation: 'parse', status: 'failed' })).toBe(0);
    expect(after.types.get('job_duration_seconds')).toBe('histogram');
    expect(delta('job_duration_seconds_count', { operation: 'parse' })).toBe(1);
    expect(delta('job_duration_seconds_bucket', { operation: 'parse', le: '+Inf' })).toBe(1);
    expect(delta('pages_processed_total', { operation: 'parse' })).toBe(1);
    expect(delta('http_requests_total', { route: '/api/v1/parse', method: 'POST', status: '200' })).toBe(1);
  });

  it('reports queue depth and the Node process metrics', async () => {
    const s = await scrape();
    expect(s.types.get('queue_depth')).toBe('gauge');
    expect(s.samples.find((x) => x.name === 'queue_depth')?.value).toBeGreaterThanOrEqual(0);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(
        s.samples.some((x) => x.name === name),
        name,
      ).toBe(true);
    }
    for (const name of ['inference_rpc_duration_seconds', 'inference_rpc_errors_total', 'ocr_lines_total', 'webhook_deliveries_total']) {
      expect(s.types.has(name), name).toBe(true);
    }
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await app().app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describe('inference RPC metrics', () => {
  let server: grpc.Server | undefined;
  let client: InferenceClient | undefined;
  afterAll(() => {
    client?.close();
    server?.forceShutdown();
  });

  const registryScrape = async () => parseExposition(await metricsRegistry.metrics());

  it('times calls, counts failed ones and the OCR lines that come back', async () => {
    // A real gRPC server speaking the inference proto: RecognizePage answers 3 lines, Health fails.
    const { service } = loadInferenceProto();
    server = new grpc.Server();
    const line = (text: string) => ({ text, polygon: [], box: [0, 0, 1, 1], confidence: 0.9, words: [], engine: 'ppocr' });
    server.addService(service, {
      RecognizePage: (_call: unknown, done: grpc.sendUnaryData<unknown>) =>
        done(null, { width: 10, height: 10, rotation: 0, lines: [line('a'), line('b'), line('c')], mode: 'regular' }),
      Health: (_call: unknown, done: grpc.sendUnaryData<unknown>) => done({ code: grpc.status.INTERNAL, details: 'broken on purpose' }),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server!.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    client = new InferenceClient([`127.0.0.1:${port}`], { deadlineMs: 5000 });

    const before = await registryScrape();
    const page = await client.recognizePage({ image: new Uint8Array([1, 2, 3]) });
    expect(page.lines).toHaveLength(3);
    await expect(client.health()).rejects.toThrow(/broken on purpose/);
    const after = await registryScrape();
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(delta('ocr_lines_total')).toBe(3);
    expect(delta('inference_rpc_duration_seconds_count', { method: 'RecognizePage' })).toBe(1);
    expect(delta('inference_rpc_duration_seconds_bucket', { method: 'RecognizePage', le: '+Inf' })).toBe(1);
    expect(delta('inference_rpc_errors_total', { method: 'RecognizePage' })).toBe(0);
    expect(delta('inference_rpc_duration_seconds_count', { method: 'Health' })).toBe(1);
    expect(delta('inference_rpc_errors_total', { method: 'Health' })).toBe(1);
  });
});

describe('DOCINTEL_METRICS=key', () => {
  const app = useTestApp({ DOCINTEL_METRICS: 'key' }, { worker: false });
  it('needs an API key', async () => {
    expect((await app().app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await get(app().app, '/metrics', AUTH_A);
    expect(res.statusCode).toBe(200);
    expect(parseExposition(res.body).types.get('http_requests_total')).toBe('counter');
  });
});

describe('DOCINTEL_METRICS=off', () => {
  const app = useTestApp({ DOCINTEL_METRICS: 'off' }, { worker: false });
  it('has no /metrics route', async () => {
    // Unknown routes ask for a key first (401), like any other unknown URL; with one, there is no such route.
    expect((await app().app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await get(app().app, '/metrics', AUTH_A)).statusCode).toBe(404);
  });
});

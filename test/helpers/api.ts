/**
 * HTTP-level helpers for the API suites (test/api.*.test.ts): upload and parse through `app.inject`,
 * job polling, what the stores hold, Server-Sent Events over a listening server, and a webhook receiver.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Runtime } from '../../src/runtime.ts';
import { AUTH_A, createTestApp, multipartBody, type TestApp } from './app.ts';
import { waitFor } from './jobs-wait.ts';
import { startNatsServer, type NatsServer } from './nats-server.ts';

export type Auth = Record<string, string>;
export type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Response bodies, typed as the service declares them. */
import type { FileRef as FileRefBody } from '../../src/files/files.service.ts';
import type { JobRef as JobRefBody } from '../../src/jobs/ports.ts';
import { readEvents, type SseEvent } from '../../src/client/sse.ts';

export type { FileRefBody, JobRefBody };

export type Env = Record<string, string>;

/**
 * A test app for the enclosing describe: created in beforeAll (env may be computed then, e.g. a NATS URL),
 * closed in afterAll. Call the returned function inside tests.
 */
export function useTestApp(env: Env | (() => Promise<Env>) = {}, options: { worker?: boolean } = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(typeof env === 'function' ? await env() : env, options);
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the test app was not created (see the beforeAll error)');
    return t;
  };
}

/** useTestApp on the NATS adapters: a nats-server of its own (started first, stopped after the app closed). */
export function useNatsTestApp(env: Env = {}, options: { worker?: boolean } = {}): () => TestApp {
  let nats: NatsServer | null = null;
  // Registered before useTestApp's: it runs after the app has closed.
  afterAll(() => nats?.stop());
  return useTestApp(async () => {
    nats = await startNatsServer();
    if (!nats) throw new Error('nats-server did not start');
    return { ...env, DOCINTEL_NATS_URL: nats.url };
  }, options);
}

export interface UploadItem {
  filename: string;
  bytes: Buffer;
}

export function upload(app: FastifyInstance, items: UploadItem[], auth: Auth = AUTH_A): Promise<InjectResponse> {
  const { payload, headers } = multipartBody(items.map((i) => ({ filename: i.filename, content: i.bytes })));
  return app.inject({ method: 'POST', url: '/api/v1/upload', headers: { ...auth, ...headers }, payload });
}

/** Uploads one file and returns its FileRef, failing the test unless the upload answered 200. */
export async function uploadOne(app: FastifyInstance, item: UploadItem, auth: Auth = AUTH_A): Promise<FileRefBody> {
  const res = await upload(app, [item], auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { files: FileRefBody[] }).files[0];
}

export function parse(app: FastifyInstance, body: Record<string, unknown>, auth: Auth = AUTH_A): Promise<InjectResponse> {
  return app.inject({ method: 'POST', url: '/api/v1/parse', headers: auth, payload: body });
}

export function get(app: FastifyInstance, url: string, auth: Auth = AUTH_A, headers: Record<string, string> = {}): Promise<InjectResponse> {
  return app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
}

/** Polls GET /v1/jobs/{id} until the job is completed or failed. */
export async function waitForFinalJob(app: FastifyInstance, jobId: string, auth: Auth = AUTH_A, timeoutMs = 20_000): Promise<JobRefBody> {
  return waitFor(
    `job ${jobId} to finish`,
    async () => {
      const res = await get(app, `/v1/jobs/${jobId}`, auth);
      expect(res.statusCode, res.body).toBe(200);
      const ref = res.json() as JobRefBody;
      return ref.status === 'completed' || ref.status === 'failed' ? ref : undefined;
    },
    timeoutMs,
    25,
  );
}

/** File records and original blobs the stores hold: proof that a refused upload left nothing behind. */
export async function storedFiles(runtime: Runtime): Promise<{ records: string[]; blobs: string[] }> {
  const records = (await runtime.stores.metadata.list('files', 'file_')).map((r) => r.id);
  const blobs = await runtime.stores.blobs.list('files/');
  return { records: records.sort(), blobs: blobs.sort() };
}

export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
}

/** A small valid PNG, for tests that need files under a tight size limit. */
export function tinyPng(seed = 0): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

export function detailOf(res: InjectResponse): unknown {
  return (res.json() as { detail: unknown }).detail;
}

/** FastAPI's validation shape: `detail` is a non-empty array of {loc, msg, type}; returns the locs. */
export function validationLocs(res: InjectResponse): (string | number)[][] {
  expect(res.statusCode, res.body).toBe(422);
  const detail = detailOf(res) as { loc: (string | number)[]; msg: string; type: string }[];
  expect(Array.isArray(detail), res.body).toBe(true);
  expect(detail.length).toBeGreaterThan(0);
  for (const issue of detail) {
    expect(Array.isArray(issue.loc)).toBe(true);
    expect(typeof issue.msg).toBe('string');
    expect(typeof issue.type).toBe('string');
  }
  return detail.map((issue) => issue.loc);
}

/** Starts listening on a random local port (for SSE and other streaming checks); returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export type { SseEvent };

export interface SseRead {
  status: number;
  contentType: string | null;
  requestId: string | null;
  events: SseEvent[];
  /** True when the server ended the stream (as opposed to our timeout). */
  closedByServer: boolean;
}

/** Reads a Server-Sent Events stream until the server closes it or `timeoutMs` passes. */
export async function readSse(url: string, auth: Auth, timeoutMs = 15_000): Promise<SseRead> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(url, { headers: { ...auth, accept: 'text/event-stream' }, signal: controller.signal });
  const read: SseRead = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    requestId: res.headers.get('x-request-id'),
    events: [],
    closedByServer: false,
  };
  try {
    for await (const event of readEvents(res.body as ReadableStream<Uint8Array>)) read.events.push(event);
    read.closedByServer = true;
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
  }
  return read;
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves with the first delivery. */
  next(timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A local HTTP server that records every POST it gets (the raw body, so signatures can be checked). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/docintel`,
    received,
    next: (timeoutMs = 15_000) => waitFor('a webhook delivery', () => received[0], timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

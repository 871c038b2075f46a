/**
 * Encrypted PDFs (issue 26, decisions.md extensions): a `password` form field at upload and a `password` member
 * beside inline `pdf_base64`. The PDF is stored decrypted (later operations need no password); a missing or wrong
 * password is a 415 at upload and a 422 inline, saying which; the password is never stored or logged.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/api/app.ts';
import { UPLOAD_URL, toolHttpRequest } from '../src/api/mcp/http-request.ts';
import type { RegisteredTool } from '../src/api/tools/types.ts';
import { KeyRing } from '../src/api/keys.ts';
import { appContext, createRuntime, type Runtime } from '../src/runtime.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createLogger } from '../src/shared/logger.ts';
import { AUTH_A, KEY_A } from './helpers/app.ts';
import { storedFiles, waitForFinalJob } from './helpers/api.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { natsAvailable, startNatsServer, type NatsServer } from './helpers/nats-server.ts';

const PASSWORD = 'pw-Zebra-7731-secret';

function plainPdf(): Buffer {
  return helveticaPdf(['Quarterly statement', 'Second page of the statement'].map((text) => `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`));
}

/** The plain PDF written again with AES-256 encryption, checked to really need the password. */
function encryptedPdf(plain: Buffer): Buffer {
  const doc = mupdf.Document.openDocument(plain, 'application/pdf').asPDF()!;
  const bytes = Buffer.from(doc.saveToBuffer(`encrypt=aes-256,user-password=${PASSWORD},owner-password=owner-${PASSWORD}`).asUint8Array());
  doc.destroy();
  const check = mupdf.Document.openDocument(bytes, 'application/pdf');
  expect(check.needsPassword()).toBe(true);
  check.destroy();
  return bytes;
}

/** multipart/form-data with text fields and `files` parts, in the order given. */
function form(parts: ({ field: string; value: string } | { filename: string; content: Buffer })[]) {
  const boundary = `----docintel${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'field' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
    chunks.push(Buffer.from(head), 'field' in p ? Buffer.from(p.value) : p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { ...AUTH_A, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const haveNats = natsAvailable() || Boolean(process.env.CI);

describe('encrypted PDFs (SQLite and files)', () => {
  passwordSuite(async () => ({ env: {}, dirs: [] }));
});

describe.skipIf(!haveNats)('encrypted PDFs (NATS KV and object store)', () => {
  let nats: NatsServer | null = null;
  // Registered first, so it runs after the suite's own afterAll has closed the app.
  afterAll(() => nats?.stop());
  passwordSuite(async () => {
    nats = await startNatsServer();
    if (!nats) throw new Error('nats-server did not start');
    return { env: { DOCINTEL_NATS_URL: nats.url }, dirs: [nats.storeDir] };
  });
});

/** `setup` names the storage: environment, and folders besides the data dir where stored bytes land. */
function passwordSuite(setup: () => Promise<{ env: Record<string, string>; dirs: string[] }>): void {
  let app: FastifyInstance;
  let runtime: Runtime;
  let dataDir: string;
  let storeDirs: string[] = [];
  const logLines: string[] = [];
  const plain = plainPdf();
  const encrypted = encryptedPdf(plain);

  beforeAll(async () => {
    const storage = await setup();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-password-'));
    storeDirs = [dataDir, ...storage.dirs];
    // Everything the service logs, at the most verbose level, is kept to be searched for the password.
    const sink = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'trace', DOCINTEL_RENDER_THREADS: '2', ...storage.env }, 2);
    runtime = await createRuntime(config, createLogger('trace', 'test', sink), { worker: true, inference: 'connect' });
    await runtime.inferenceReady;
    app = await buildApp(appContext(runtime, KeyRing.fromSpecs([{ name: 'a', key: KEY_A, named: true }])));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('upload with the password stores a decrypted copy that every operation reads', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      ...form([
        { field: 'password', value: PASSWORD },
        { filename: 'locked.pdf', content: encrypted },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ref = (res.json() as { files: { file_id: string; page_count: number }[] }).files[0];
    expect(ref.page_count).toBe(2);
    const original = await app.inject({ method: 'GET', url: `/v1/files/${ref.file_id}/pages/1/image`, headers: AUTH_A });
    expect(original.statusCode).toBe(200);
    const parsed = await app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: { file_id: ref.file_id }, execution_mode: 'sync' },
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    expect((parsed.json() as { markdown: string }).markdown).toContain('Second page of the statement');
    // What is stored opens without a password.
    const record = await runtime.stores.metadata.get<{ blob_key: string }>('files', ref.file_id);
    const stored = await runtime.stores.blobs.getBuffer(record!.value.blob_key);
    const doc = mupdf.Document.openDocument(stored, 'application/pdf');
    expect(doc.needsPassword()).toBe(false);
    doc.destroy();
  });

  it('upload without a password, or with a wrong one, is a 415 that says which, and stores nothing', async () => {
    const before = await storedFiles(runtime);
    const missing = await app.inject({ method: 'POST', url: '/api/v1/upload', ...form([{ filename: 'locked.pdf', content: encrypted }]) });
    expect(missing.statusCode, missing.body).toBe(415);
    expect(missing.body).toContain('needs a password');
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      ...form([
        { field: 'password', value: 'not-it' },
        { filename: 'locked.pdf', content: encrypted },
      ]),
    });
    expect(wrong.statusCode, wrong.body).toBe(415);
    expect(wrong.body).toContain('password given is wrong');
    expect(await storedFiles(runtime)).toEqual(before);
  });

  it('a password applies to every PDF of the upload, wherever it is in the form; plain PDFs are stored as they are', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      ...form([
        { filename: 'a.pdf', content: encrypted },
        { filename: 'plain.pdf', content: plain },
        { field: 'password', value: PASSWORD },
        { filename: 'b.pdf', content: encrypted },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const refs = (res.json() as { files: { filename: string; size_bytes: number; page_count: number }[] }).files;
    expect(refs.map((r) => r.filename)).toEqual(['a.pdf', 'plain.pdf', 'b.pdf']);
    expect(refs[1].size_bytes).toBe(plain.length);
    expect(refs.map((r) => r.page_count)).toEqual([2, 2, 2]);
    // A wrong password given after the file: refused, and nothing of the form stays stored.
    const before = await storedFiles(runtime);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      ...form([
        { filename: 'plain.pdf', content: plain },
        { filename: 'a.pdf', content: encrypted },
        { field: 'password', value: 'not-it' },
      ]),
    });
    expect(wrong.statusCode, wrong.body).toBe(415);
    expect(wrong.body).toContain('password given is wrong');
    expect(await storedFiles(runtime)).toEqual(before);
  });

  it('inline pdf_base64 with its password is read; missing or wrong is a 422 that says which', async () => {
    const ask = (input: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/parse', headers: AUTH_A, payload: { input, execution_mode: 'sync' } });
    const base64 = encrypted.toString('base64');
    const ok = await ask({ pdf_base64: base64, password: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { markdown: string }).markdown).toContain('Quarterly statement');
    const missing = await ask({ pdf_base64: base64 });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.body).toContain('needs a password');
    const wrong = await ask({ pdf_base64: base64, password: 'not-it' });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.body).toContain('password given is wrong');
    const misplaced = await ask({ text: 'hello', password: PASSWORD });
    expect(misplaced.statusCode, misplaced.body).toBe(422);
    // An async job's stored request holds the file id, not the password.
    const job = await app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: { pdf_base64: base64, password: PASSWORD } },
    });
    expect(job.statusCode, job.body).toBe(200);
    const jobId = (job.json() as { job_id: string }).job_id;
    const record = await runtime.stores.metadata.get('jobs', jobId);
    expect(JSON.stringify(record)).not.toContain(PASSWORD);
    expect((await waitForFinalJob(app, jobId)).status).toBe('completed');
  });

  it('the MCP upload tool passes its password as the form field, and the file opens', async () => {
    const tool = { method: 'POST', url: UPLOAD_URL, name: 'upload', description: '', inputSchema: {} } as unknown as RegisteredTool;
    const request = toolHttpRequest(
      tool,
      { filename: 'locked.pdf', content_base64: encrypted.toString('base64'), password: PASSWORD },
      AUTH_A.authorization,
    );
    const res = await app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { files: { page_count: number }[] }).files[0].page_count).toBe(2);
  });

  it('the password is in no log line and no stored file', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('')).toContain('file stored');
    for (const line of logLines) expect(line).not.toContain(PASSWORD);
    for (const file of (await Promise.all(storeDirs.map(filesUnder))).flat()) {
      // A cache write may finish meanwhile: its temporary file is then gone, renamed into a file listed too.
      const bytes = await readFile(file).catch(() => Buffer.alloc(0));
      expect(bytes.includes(Buffer.from(PASSWORD)), file).toBe(false);
    }
  });

  it('the logger redacts a password wherever a request body puts it', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      'test',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    logger.info(
      {
        password: PASSWORD,
        body: { password: PASSWORD, input: { pdf_base64: 'JVBERi0=', password: PASSWORD }, inputs: [{ password: PASSWORD }] },
      },
      'request',
    );
    logger.flush?.();
    expect(lines.join('')).toContain('[redacted]');
    expect(lines.join('')).not.toContain(PASSWORD);
  });
}

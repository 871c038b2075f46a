/**
 * The command-line client (`docintel upload|parse|extract|ask|jobs`) as scripts use it: `node bin/docintel.js`
 * in a child process against a real listening server, configured by DOCINTEL_URL / DOCINTEL_API_KEY. Checks
 * what lands on stdout (markdown, JSON, file ids, JobRefs), the progress bar on stderr, and every exit code:
 * 0 success, 1 failed job or API error, 2 usage, 3 cannot connect, 4 authentication.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, listen, parse, uploadOne, waitForFinalJob, type FileRefBody, type JobRefBody } from './helpers/api.ts';
import { AUTH_A, createTestApp, KEY_A, type TestApp } from './helpers/app.ts';
import { invoicePdf } from './helpers/invoice-pdfs.ts';
import { REPORT, reportPdf } from './helpers/layout-pdfs.ts';
import { describeFinished, runToExit, type Finished as Run } from './helpers/processes.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'docintel.js');

let t: TestApp;
let baseUrl = '';
let dir = '';
let reportFile = '';
let invoiceFile = '';

/** `node bin/docintel.js ...args` with the client's environment; never rejects (the exit code is the result). */
function docintel(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const childEnv = { ...process.env, DOCINTEL_URL: baseUrl, DOCINTEL_API_KEY: KEY_A, ...env };
  return runToExit(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv, timeoutMs: 60_000 });
}

function expectExit(run: Run, code: number): void {
  expect(run.code, describeFinished(run)).toBe(code);
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-cli-'));
  reportFile = path.join(dir, 'report.pdf');
  invoiceFile = path.join(dir, 'invoice.pdf');
  await writeFile(reportFile, reportPdf());
  await writeFile(invoiceFile, invoicePdf());
});

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('docintel client commands', () => {
  it('upload prints one file id per line, or the FileRefs with --json', async () => {
    const run = await docintel(['upload', reportFile, invoiceFile]);
    expectExit(run, 0);
    const ids = run.stdout.trim().split('\n');
    expect(ids).toHaveLength(2);
    const names = [];
    for (const id of ids) {
      const res = await get(t.app, `/v1/files/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      names.push((res.json() as FileRefBody).filename);
    }
    expect(names).toEqual(['report.pdf', 'invoice.pdf']);

    const asJson = await docintel(['upload', '--json', reportFile]);
    expectExit(asJson, 0);
    const { files } = JSON.parse(asJson.stdout) as { files: FileRefBody[] };
    expect(files).toEqual([expect.objectContaining({ file_id: expect.stringMatching(/^file_/), filename: 'report.pdf', page_count: 3 })]);
  });

  it('parse FILE prints the markdown; the job progress goes to stderr with --progress', async () => {
    const run = await docintel(['parse', reportFile, '--progress']);
    expectExit(run, 0);
    expect(run.stdout).toContain(REPORT.title);
    for (const section of REPORT.sections) expect(run.stdout).toContain(section);
    expect(run.stdout).not.toContain('job_');
    expect(run.stderr).toMatch(/parse job_\w+ {2}completed {2}\[#{24}\] 3\/3 pages/);
  });

  it('parse --out json --sync on an uploaded file id prints the whole result as JSON', async () => {
    const file = await uploadOne(t.app, { filename: 'report.pdf', bytes: reportPdf() });
    const run = await docintel(['parse', file.file_id, '--out', 'json', '--sync']);
    expectExit(run, 0);
    const result = JSON.parse(run.stdout) as { markdown: string; chunks: { markdown: string }[]; metadata: { file_id: string } };
    expect(result.markdown).toContain(REPORT.title);
    expect(result.chunks.length).toBeGreaterThan(0);
    expect(result.chunks.map((c) => c.markdown).join('\n')).toContain(REPORT.sections[2]);
    expect(result.metadata.file_id).toBe(file.file_id);
    expect(run.stderr).toBe('');
  });

  it('extract FILE --schema s.json prints the extracted fields as JSON', async () => {
    const schemaFile = path.join(dir, 'invoice.schema.json');
    await writeFile(
      schemaFile,
      JSON.stringify({
        doc_class: 'invoice',
        fields: [
          { key: 'invoice_number', description: 'Invoice number' },
          { key: 'total', description: 'Total amount due', type: 'number' },
        ],
        tables: [],
      }),
    );
    const run = await docintel(['extract', invoiceFile, '--schema', schemaFile]);
    expectExit(run, 0);
    const body = JSON.parse(run.stdout) as { result: Record<string, unknown> };
    expect(body.result).toMatchObject({ invoice_number: 'INV-2024-0417', total: 122.4 });
  });

  it('ask FILE… -q prints the answer text, or the whole body with --json', async () => {
    const question = 'How many drivers will be hired before the winter season?';
    const run = await docintel(['ask', reportFile, invoiceFile, '-q', question]);
    expectExit(run, 0);
    expect(run.stdout).toMatch(/forty drivers/i);
    const asJson = await docintel(['ask', reportFile, '-q', question, '--json', '--sync']);
    expectExit(asJson, 0);
    const body = JSON.parse(asJson.stdout) as { answer: string; citations: unknown[] };
    expect(body.answer).toBe(run.stdout.trimEnd());
    expect(body.citations.length).toBeGreaterThan(0);
  });

  it('jobs wait prints the final JobRef: exit 0 when completed, 1 when failed or unknown', async () => {
    const file = await uploadOne(t.app, { filename: 'report.pdf', bytes: reportPdf() });
    const started = parse(t.app, { input: { file_id: file.file_id } });
    const ref = (await started).json() as JobRefBody;
    const final = await waitForFinalJob(t.app, ref.job_id);
    const done = await docintel(['jobs', 'wait', ref.job_id]);
    expectExit(done, 0);
    expect(JSON.parse(done.stdout)).toEqual(final);

    // A PDF whose stored bytes are gone: the worker fails the job.
    const broken = await uploadOne(t.app, { filename: 'gone.pdf', bytes: reportPdf() });
    await t.runtime.stores.blobs.delete(`files/${broken.file_id}/original`);
    const failing = (await parse(t.app, { input: { file_id: broken.file_id } })).json() as JobRefBody;
    const failed = await docintel(['jobs', 'wait', failing.job_id]);
    expectExit(failed, 1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ job_id: failing.job_id, status: 'failed', error: { msg: expect.any(String) } });
    expect(failed.stderr).toContain(`job ${failing.job_id} failed`);

    const unknown = await docintel(['jobs', 'wait', 'job_doesnotexist0000000000']);
    expectExit(unknown, 1);
    expect(unknown.stderr).toContain('API error 404: Job not found');
    expect((await get(t.app, `/v1/jobs/${ref.job_id}`, AUTH_A)).statusCode).toBe(200);
  });

  it('usage errors exit 2 without calling the server', async () => {
    // An address that would fail with 3 if any of these reached the network.
    const cases = [
      ['parse'],
      ['parse', reportFile, '--out', 'xml'],
      ['extract', reportFile],
      ['ask', reportFile],
      ['jobs', 'frobnicate'],
      ['parse', path.join(dir, 'missing.pdf')],
      ['upload', '--nope', reportFile],
    ];
    const runs = await Promise.all(cases.map((args) => docintel(args, { DOCINTEL_URL: 'http://127.0.0.1:1' })));
    for (const run of runs) {
      expectExit(run, 2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^docintel \w+: /);
    }
  });

  it('a bad key exits 4; an unreachable server exits 3', async () => {
    const denied = await docintel(['upload', reportFile], { DOCINTEL_API_KEY: 'not-a-valid-key-0123456789' });
    expectExit(denied, 4);
    expect(denied.stderr).toContain('API error 401');
    const noKey = await docintel(['jobs', 'wait', 'job_x'], { DOCINTEL_API_KEY: '' });
    expectExit(noKey, 4);

    const port = await closedPort();
    const unreachable = await docintel(['parse', reportFile, '--url', `http://127.0.0.1:${port}`]);
    expectExit(unreachable, 3);
    expect(unreachable.stderr).toContain('ECONNREFUSED');
  });
});

/** A local port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The SDK from plain JavaScript: `npm run build:client` (also the `prepare` script, so `npm ci` runs it) emits
 * dist/client as JS plus .d.ts, and the package's `exports` point `docintel/client` there. A consumer outside the
 * repository (a temp dir whose node_modules/docintel links to it) imports it with plain `node`, no TypeScript
 * loader, and uploads and parses a document against a listening server; its .d.ts typecheck a TypeScript consumer.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './helpers/api.ts';
import { createTestApp, KEY_A, type TestApp } from './helpers/app.ts';
import { REPORT, reportPdf } from './helpers/layout-pdfs.ts';
import { describeFinished, runToExit, type Finished as Run } from './helpers/processes.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function run(file: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  // No NODE_OPTIONS from the test runner: the consumer is a bare `node`.
  const { NODE_OPTIONS: _, ...base } = process.env;
  return runToExit(file, args, { cwd, env: { ...base, ...env }, timeoutMs: 120_000 });
}

function expectOk(result: Run): void {
  expect(result.code, describeFinished(result)).toBe(0);
}

const CONSUMER_JS = `
import { readFile } from 'node:fs/promises';
import { createDocintelClient, DocintelApiError } from 'docintel/client';

const client = createDocintelClient({ baseUrl: process.env.DOCINTEL_URL, apiKey: process.env.DOCINTEL_API_KEY });
const [file] = await client.upload([{ name: 'report.pdf', data: await readFile('report.pdf') }]);
const parsed = await client.ok(client.POST('/api/v1/parse', { body: { input: { file_id: file.file_id }, execution_mode: 'sync' } }));
let missing = null;
try {
  await client.ok(client.GET('/v1/files/{file_id}', { params: { path: { file_id: 'file_doesnotexist' } } }));
} catch (err) {
  missing = err instanceof DocintelApiError ? err.status : String(err);
}
console.log(JSON.stringify({ file_id: file.file_id, markdown: parsed.markdown, missing }));
`;

const CONSUMER_TS = `
import { createDocintelClient, type ParseResult } from 'docintel/client';

const client = createDocintelClient({ baseUrl: 'http://localhost:8080' });
export async function markdownOf(fileId: string): Promise<string> {
  const body = await client.ok(client.POST('/api/v1/parse', { body: { input: { file_id: fileId }, execution_mode: 'sync' } }));
  return (body as ParseResult).markdown;
}
// @ts-expect-error: not a route of the API
export const wrong = client.POST('/v1/no-such-route', {});
`;

let t: TestApp;
let baseUrl = '';
let consumer = '';

beforeAll(async () => {
  expectOk(await run(process.execPath, [path.join(ROOT, 'scripts', 'build-client.mjs')], ROOT));
  t = await createTestApp();
  baseUrl = await listen(t.app);
  consumer = await mkdtemp(path.join(os.tmpdir(), 'docintel-sdk-consumer-'));
  await mkdir(path.join(consumer, 'node_modules'));
  await symlink(ROOT, path.join(consumer, 'node_modules', 'docintel'), 'dir');
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  await writeFile(path.join(consumer, 'consumer.mjs'), CONSUMER_JS);
  await writeFile(path.join(consumer, 'consumer.ts'), CONSUMER_TS);
  await writeFile(path.join(consumer, 'report.pdf'), reportPdf());
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

describe('docintel/client from plain JavaScript', () => {
  it('package.json exports point at the built JavaScript and its types, the source only under a named condition', async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, Record<string, string>>;
      scripts: Record<string, string>;
    };
    expect(pkg.exports['./client']).toEqual({
      'docintel-source': './src/client/mod.ts',
      types: './dist/client/mod.d.ts',
      default: './dist/client/mod.js',
    });
    expect(pkg.scripts.prepare).toContain('build:client');
    const built = await readFile(path.join(ROOT, 'dist', 'client', 'mod.js'), 'utf8');
    expect(built).toMatch(/from '\.\/jobs\.js'/);
    expect(built).not.toMatch(/from '\.\/[a-z]+\.ts'/);
  });

  it('plain node imports it, uploads and parses against a listening server, and gets typed errors', async () => {
    const result = await run(process.execPath, ['consumer.mjs'], consumer, { DOCINTEL_URL: baseUrl, DOCINTEL_API_KEY: KEY_A });
    expectOk(result);
    const out = JSON.parse(result.stdout) as { file_id: string; markdown: string; missing: unknown };
    expect(out.file_id).toMatch(/^file_/);
    expect(out.markdown).toContain(REPORT.title);
    expect(out.missing).toBe(404);
  });

  it('its .d.ts typecheck a TypeScript consumer (and reject a call to an unknown route)', async () => {
    const result = await run(
      process.execPath,
      [
        TSC,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--skipLibCheck',
        'false',
        '--types',
        'node',
        '--typeRoots',
        path.join(ROOT, 'node_modules', '@types'),
        'consumer.ts',
      ],
      consumer,
    );
    expectOk(result);
  });
});

/**
 * Hostile inputs through the HTTP API (issue 13, item 1): a seeded mutation fuzzer over real documents plus crafted
 * hostile documents (huge declared sizes, decompression bombs, 10,000 pages, deep nesting, active content and
 * external references, polyglots, degenerate page boxes), driven through upload, page image, sync parse and sync
 * OCR of the real app with a real inference process. Every answer must be a 2xx or a clear 4xx (JSON `detail`,
 * no stack text) within the case's time budget; nothing may fetch the links the documents carry; no temp file may
 * be left behind; the heap must come back near its baseline. Also: hostile multipart filenames and JSON bodies.
 *
 * FUZZ_SEED picks another deterministic run; FUZZ_SUMMARY=path writes the outcome counts as JSON.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanJson } from '../src/api/json-guard.ts';
import { createDocumentPool } from '../src/pipeline/document/pool.ts';
import { DocumentFormatError } from '../src/shared/errors.ts';
import type { InjectResponse } from './helpers/api.ts';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { createFixtures } from './helpers/fixtures.ts';
import { craftedCases, jpegWithSize, mutatedCases, tilingPatternPdf, type HostileCase, type SeedDocument } from './helpers/hostile-docs.ts';
import { EVAL_DIR } from './helpers/ocr-images.ts';

// Temp files go to a directory of this test's own (the sidecar inherits it): whatever is left there is ours.
const privateTmp = await mkdtemp(path.join(os.tmpdir(), 'docintel-fuzz-tmp-'));
const outerTmp = process.env.TMPDIR;
process.env.TMPDIR = privateTmp;

const SEED = Number(process.env.FUZZ_SEED ?? 1313);
/** Each case's budget: every request of a case together (sync requests have their own, shorter budget). */
const CASE_BUDGET_MS = 45_000;

// ------------------------------------------------------------------------------------------------------------
// Canary: an HTTP server the hostile documents link to. Nothing may ever request it.

const canaryHits: string[] = [];
const canary = http.createServer((req, res) => {
  canaryHits.push(`${req.method} ${req.url}`);
  res.writeHead(204).end();
});
await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;

// ------------------------------------------------------------------------------------------------------------
// The cases: mutants of real documents (fixtures and a few small evaluation files), then crafted documents.

const fx = await createFixtures();

function evalSeeds(): SeedDocument[] {
  const files: [string, SeedDocument['kind']][] = [
    ['pdf-docling/bookmark_sample.pdf', 'pdf'],
    ['pdf-docling/table_mislabeled_as_picture.pdf', 'pdf'],
  ];
  const present = files.filter(([file]) => existsSync(path.join(EVAL_DIR, file)));
  if (present.length < files.length)
    console.warn(
      `security.fuzz: ${files.length - present.length} evaluation seed file(s) missing under ${EVAL_DIR}; fuzzing the fixtures only`,
    );
  return present.map(([file, kind]) => ({
    name: path.basename(file),
    filename: path.basename(file),
    bytes: readFileSync(path.join(EVAL_DIR, file)),
    kind,
  }));
}

const seeds: SeedDocument[] = [
  { name: 'report.pdf', filename: 'report.pdf', bytes: fx.good.pdf.bytes, kind: 'pdf' },
  ...evalSeeds(),
  { name: 'diagram.png', filename: 'diagram.png', bytes: fx.good.png.bytes, kind: 'png' },
  { name: 'photo.jpg', filename: 'photo.jpg', bytes: fx.good.jpegExif6.bytes, kind: 'jpeg' },
  { name: 'fax.tif', filename: 'fax.tif', bytes: fx.good.tiff.bytes, kind: 'other' },
  { name: 'logo.gif', filename: 'logo.gif', bytes: fx.good.gif.bytes, kind: 'other' },
  { name: 'photo.webp', filename: 'photo.webp', bytes: fx.good.webp.bytes, kind: 'other' },
  { name: 'scan.bmp', filename: 'scan.bmp', bytes: fx.good.bmp.bytes, kind: 'other' },
];
const PER_SEED: Record<SeedDocument['kind'], number> = { pdf: 24, png: 20, jpeg: 20, other: 10 };
const mutated = seeds.flatMap((doc, i) => mutatedCases([doc], PER_SEED[doc.kind], SEED + i));
const crafted: HostileCase[] = [
  ...craftedCases(canaryUrl),
  {
    name: 'jpeg-real-header-65500x65500',
    filename: 'huge-photo.jpg',
    bytes: jpegWithSize(fx.good.jpegExif6.bytes, 65_500, 65_500),
    uploadStatus: 413,
  },
];
const cases: HostileCase[] = [...crafted, ...mutated];

// ------------------------------------------------------------------------------------------------------------
// Outcomes

type Endpoint = 'upload' | 'page_image' | 'parse' | 'ocr' | 'parse_inline';
const outcomes: Record<Endpoint, Record<string, number>> = { upload: {}, page_image: {}, parse: {}, ocr: {}, parse_inline: {} };
/**
 * Mutants that uploaded: every DEEP_EVERY-th of them also goes through parse and OCR. Images alternate between
 * the regular (PP-OCR) and classic (Tesseract) engines; agentic OCR is both plus re-reads, too slow for this budget.
 */
let acceptedMutants = 0;
const DEEP_EVERY = 3;
let imageOcrCount = 0;

function record(endpoint: Endpoint, res: InjectResponse, what: string): void {
  outcomes[endpoint][res.statusCode] = (outcomes[endpoint][res.statusCode] ?? 0) + 1;
  expectClearAnswer(res, `${what}: ${endpoint}`);
}

/** 2xx, or a 4xx with a JSON `detail` and no stack trace or source path. */
function expectClearAnswer(res: InjectResponse, what: string): void {
  expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body.slice(0, 500)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json() as { detail?: unknown };
  expect(body.detail, `${what}: 4xx without detail`).toBeTruthy();
  expect(res.body, `${what}: stack text in the answer`).not.toMatch(/ {2,}at \S|\.ts:\d+|node_modules|\bat (async )?\w+ \(/);
}

let t: TestApp;
let baselineHeap = 0;
let tmpBefore: string[] = [];
/** The JS heap plus Buffers/ArrayBuffers (decoded pixels and page images live there, outside the heap). */
const heldBytes = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
const gc = (): void => {
  v8.setFlagsFromString('--expose_gc');
  (vm.runInNewContext('gc') as () => void)();
};

async function upload(filename: string, bytes: Buffer): Promise<InjectResponse> {
  const boundary = `----docintelfuzz${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    headers: { ...AUTH_A, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const sync = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: AUTH_A, payload: { execution_mode: 'sync', ...payload } });

/** Every file under `dir`, relative. */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out;
}

beforeAll(async () => {
  // Sync requests answer 504 (a failure here) well before the case budget runs out.
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '30000', DOCINTEL_RATE_LIMIT_PER_MINUTE: '0' }, { inference: 'spawn' });
  // Warm up (pool threads, models, caches) with a good document, so the baseline includes what stays loaded.
  const res = await upload('warmup.png', fx.good.png.bytes);
  expect(res.statusCode, res.body).toBe(200);
  const fileId = (res.json() as { files: { file_id: string }[] }).files[0].file_id;
  expect((await sync('/v1/ocr', { input: { file_id: fileId } })).statusCode).toBe(200);
  expect((await sync('/api/v1/parse', { input: { file_id: fileId } })).statusCode).toBe(200);
  gc();
  baselineHeap = heldBytes();
  tmpBefore = await readdir(privateTmp);
}, 180_000);

afterAll(async () => {
  const summary = { seed: SEED, cases: cases.length, crafted: crafted.length, mutated: mutated.length, outcomes };
  console.log(
    `security.fuzz: ${cases.length} cases (${crafted.length} crafted, ${mutated.length} mutated, seed ${SEED}); status counts by endpoint: ${JSON.stringify(outcomes)}`,
  );
  if (process.env.FUZZ_SUMMARY) await writeFile(process.env.FUZZ_SUMMARY, `${JSON.stringify(summary, null, 2)}\n`);
  await t?.close();
  await fx.cleanup();
  await new Promise<void>((resolve) => canary.close(() => resolve()));
  process.env.TMPDIR = outerTmp;
  if (outerTmp === undefined) delete process.env.TMPDIR;
  await rm(privateTmp, { recursive: true, force: true });
}, 60_000);

describe('hostile documents through upload, page image, parse and OCR', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const up = await upload(c.filename, c.bytes);
      record('upload', up, c.name);
      if (c.uploadStatus) expect(up.statusCode, `${c.name}: ${up.body}`).toBe(c.uploadStatus);
      if (up.statusCode !== 200) {
        expect([413, 415], `${c.name}: upload ${up.body}`).toContain(up.statusCode);
        if (c.deep) {
          // The same bytes inline: refused as 413/422, never stored half.
          const member = c.bytes.subarray(0, 1024).toString('latin1').includes('%PDF-') ? 'pdf_base64' : 'image_base64';
          const inline = await sync('/api/v1/parse', { input: { [member]: c.bytes.toString('base64') || 'AA==', filename: c.filename } });
          record('parse_inline', inline, c.name);
        }
        return;
      }
      const file = (up.json() as { files: { file_id: string; page_count: number }[] }).files[0];
      const pages = [...new Set([0, file.page_count - 1])].filter((p) => p >= 0);
      for (const page of pages)
        record(
          'page_image',
          await t.app.inject({ method: 'GET', url: `/v1/files/${file.file_id}/pages/${page}/image`, headers: AUTH_A }),
          `${c.name} p${page}`,
        );
      const deep = c.deep || (!crafted.includes(c) && acceptedMutants++ % DEEP_EVERY === 0);
      if (deep) {
        const isImage = !c.bytes.subarray(0, 1024).toString('latin1').includes('%PDF-');
        const mode = isImage && imageOcrCount++ % 2 === 1 ? 'classic' : 'regular';
        const parsed = await sync('/api/v1/parse', { input: { file_id: file.file_id } });
        record('parse', parsed, c.name);
        const read = await sync('/v1/ocr', { input: { file_id: file.file_id }, mode });
        record('ocr', read, `${c.name} (${mode})`);
        // Crafted documents that upload are documents (scripts, links, attachments and odd boxes included): they parse.
        if (c.uploadStatus === 200)
          expect([parsed.statusCode, read.statusCode], `${c.name}: ${parsed.body.slice(0, 200)} ${read.body.slice(0, 200)}`).toEqual([
            200, 200,
          ]);
      }
    },
    CASE_BUDGET_MS,
  );

  it('fetched none of the links, remote files and actions the documents carry', () => {
    expect(canaryHits).toEqual([]);
  });
});

describe('hostile multipart filenames', () => {
  const NAMES = [
    '../../etc/passwd',
    '..\\..\\windows\\system32\\evil.png',
    '/etc/cron.d/docintel-fuzz.png',
    'C:\\Windows\\Temp\\docintel-fuzz.png',
    'nul\u0000byte.png',
    'CON',
    'x'.repeat(10_000) + '.png',
    'invoice\u202egnp.exe',
    'name\r\nX-Injected: yes\r\nContent-Type: text/html.png',
    'name\nX-Injected: yes.png',
    '"; filename="override.png',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '',
  ];
  const passwdBefore = statSync('/etc/passwd');

  it.each(NAMES.map((n) => [JSON.stringify(n.length > 60 ? `${n.slice(0, 40)}…(${n.length} chars)` : n), n] as const))(
    '%s is metadata only',
    async (_label, name) => {
      const png = fx.good.png.bytes;
      const up = await upload(name, png);
      expectClearAnswer(up, `filename ${JSON.stringify(name.slice(0, 60))}`);
      expect(up.headers['x-injected']).toBeUndefined();
      if (up.statusCode !== 200) return;
      const ref = (up.json() as { files: { file_id: string; filename: string }[] }).files[0];
      const got = await t.app.inject({ method: 'GET', url: `/v1/files/${ref.file_id}`, headers: AUTH_A });
      expect(got.statusCode).toBe(200);
      const stored = (got.json() as { filename: string }).filename;
      expect(stored).toBe(ref.filename);
      // Stored as given or made safe: no control characters, no bidi overrides, a bounded length.
      expect(stored).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
      expect(stored.length).toBeLessThanOrEqual(255);
      const image = await t.app.inject({ method: 'GET', url: `/v1/files/${ref.file_id}/pages/0/image`, headers: AUTH_A });
      expect(image.statusCode).toBe(200);
      for (const res of [up, got, image]) {
        expect(Object.keys(res.headers).filter((h) => /injected|content-disposition/i.test(h))).toEqual([]);
        expect(String(res.headers['content-type'])).not.toMatch(/text\/html/);
      }
    },
  );

  it('wrote nothing outside the data directory and named nothing after the uploads', async () => {
    expect(statSync('/etc/passwd').mtimeMs).toBe(passwdBefore.mtimeMs);
    for (const probe of [
      '/etc/cron.d/docintel-fuzz.png',
      '/tmp/docintel-fuzz.png',
      path.join(privateTmp, 'docintel-fuzz.png'),
      '/etc/passwd.png',
    ]) {
      expect(existsSync(probe), probe).toBe(false);
    }
    const names = (await walk(t.dataDir)).map((p) => path.basename(p));
    for (const hostile of ['passwd', 'evil.png', 'docintel-fuzz.png', 'CON', 'override.png']) expect(names).not.toContain(hostile);
    expect(names.filter((n) => n.length > 200 || /[\u0000\u202e\r\n]/.test(n))).toEqual([]);
  });
});

describe('JSON bodies are checked before they are parsed', () => {
  const post = (payload: string, url = '/api/v1/parse') =>
    t.app.inject({ method: 'POST', url, headers: { ...AUTH_A, 'content-type': 'application/json' }, payload });

  it('refuses 100,000 nested arrays or objects with a 422 naming the depth limit (also when the JSON is invalid after them)', async () => {
    for (const body of [
      `{"input": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      `{"input": {"file_id": "file_x"}, "x": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
      `${'['.repeat(100_000)} this is not JSON`,
    ]) {
      const res = await post(body);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(res.json()).toEqual({
        detail: [{ loc: ['body'], msg: expect.stringMatching(/deeper than 64 levels/), type: 'json_too_deep' }],
      });
    }
  });

  it('refuses a huge string in a non-document member with 413 naming the member; document members pass', async () => {
    const huge = 'A'.repeat(2 * 1024 * 1024);
    const res = await post(JSON.stringify({ input: { file_id: 'file_x' }, webhook_url: huge }));
    expect(res.statusCode).toBe(413);
    expect((res.json() as { detail: string }).detail).toMatch(/"webhook_url" is 2097152 characters long, over the 1048576-character limit/);
    expect((await post(JSON.stringify({ input: { file_id: 'file_x' }, [huge]: 1 }))).statusCode).toBe(413);
    expect((await post(JSON.stringify({ input: { file_id: 'file_x' }, profile: [huge] }))).statusCode).toBe(413);
    // Inline documents may be as large as the body limit allows: this one reaches the PDF check (422, not 413).
    const inline = await post(JSON.stringify({ input: { pdf_base64: huge }, execution_mode: 'sync' }));
    expect(inline.statusCode, inline.body.slice(0, 300)).toBe(422);
    expect((inline.json() as { detail: unknown }).detail).toMatch(/not a supported format|expected a PDF/);
  });

  it("keeps Fastify's prototype-poisoning protection and the usual answer to malformed JSON", async () => {
    for (const body of [
      '{"__proto__": {"admin": true}, "input": {"file_id": "file_x"}}',
      '{"input": {"file_id": "file_x"}, "constructor": {"prototype": {"admin": true}}}',
      '{"input": ',
    ]) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(422);
      expect((res.json() as { detail: { type: string }[] }).detail[0].type).toBe('json_invalid');
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('measures strings as JSON writes them: escapes, brackets and quotes inside strings do not count as structure', () => {
    const limits = { maxDepth: 3, maxStringChars: 10 };
    expect(scanJson('{"a": "[[[[{{{{"}', limits)).toBeNull();
    expect(scanJson('{"a": "\\"[[[[\\\\"}', limits)).toBeNull();
    expect(scanJson('[[[1]]]', limits)).toBeNull();
    expect(scanJson('[[[[1]]]]', limits)?.message).toMatch(/deeper than 3/);
    expect(scanJson('{"a": "0123456789X"}', limits)?.tooLarge).toBe(true);
    expect(scanJson('{"text": "0123456789X", "b": ["ok"]}', limits)).toBeNull();
    expect(scanJson('{"text": "ok", "b": "0123456789X"}', limits)?.message).toMatch(/"b"/);
    expect(scanJson('{"a": "\\\\\\"0123456789"}', limits)?.tooLarge).toBe(true);
    expect(scanJson('{"a": "unterminated', limits)).toBeNull();
  });
});

describe("the document pool's task time limit", () => {
  it('stops a page that never finishes rendering and keeps serving', async () => {
    // Not refused by inspect here (the pool is called directly): the time limit is the last line of defence.
    const pool = createDocumentPool(1, { taskTimeoutMs: 1500, taskTimeoutPerPageMs: 500 });
    try {
      const error = await pool.render(tilingPatternPdf(0.01), 'application/pdf', { pageIndex: 0 }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(DocumentFormatError);
      expect((error as Error).message).toMatch(/page 1 could not be rendered within 2 s/);
      const page = await pool.render(fx.good.pdf.bytes, 'application/pdf', { pageIndex: 0 });
      expect([page.width, page.height]).toEqual([1224, 1584]);
    } finally {
      await pool.destroy();
    }
  }, 60_000);
});

describe('after the run', () => {
  it("left no temp file behind, in the temp directory or the data directory's temp areas", async () => {
    expect((await readdir(privateTmp)).sort()).toEqual([...tmpBefore].sort());
    const leftovers = (await walk(t.dataDir)).filter((p) => /(^|\/)\.?tmp\/./.test(p) || p.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  it('the heap and buffers return near their baseline (no decoded pages kept)', async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const grownMb = (heldBytes() - baselineHeap) / 1024 / 1024;
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    // RSS is reported, not checked: the document workers' WebAssembly heaps grow to their peak and stay there.
    console.log(
      `security.fuzz: heap+buffers ${grownMb >= 0 ? '+' : ''}${grownMb.toFixed(1)} MB over the baseline after ${cases.length} cases (process RSS ${rssMb.toFixed(0)} MB)`,
    );
    expect(grownMb).toBeLessThan(150);
  });
});

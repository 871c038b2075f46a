/** The worker_threads document pool: loading its TypeScript workers, error classes across threads, buffers. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentFormatError } from '../src/shared/errors.ts';
import { PageOutOfRangeError } from '../src/pipeline/document/page-errors.ts';
import { createDocumentPool, type DocumentPool } from '../src/pipeline/document/pool.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';
import { chartSuitePdf } from './helpers/chart-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';
import { drawPdfPages } from '../src/pipeline/drawing/mod.ts';
import { findPageItems } from '../src/pipeline/drawing-stages/page-items.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const smoke = 'test/helpers/pool-smoke.ts';
const expectedSmoke = {
  pages: [
    { width: 30, height: 20 },
    { width: 20, height: 30 },
  ],
  rendered: [16, 8, 'image/png'],
  mupdfInParent: false,
};

let pool: DocumentPool;
let fixtures: Fixtures;

beforeAll(async () => {
  pool = createDocumentPool(2);
  fixtures = await createFixtures();
});

afterAll(async () => {
  await pool?.destroy();
  await fixtures?.cleanup();
});

describe('document pool', () => {
  it.each([
    ['npx tsx', 'npx', ['tsx', smoke]],
    ['node --import tsx', process.execPath, ['--import', 'tsx', smoke]],
  ])('loads its TypeScript workers when the parent runs under %s', async (_label, command, args) => {
    const { stdout } = await run(command, args, { cwd: root, timeout: 60_000 });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual(expectedSmoke);
  });

  it("runs the chart stage beside each page's drawing, finding what this thread finds from the drawings", async () => {
    const pdf = chartSuitePdf();
    const model = modelOfPdf(pdf.bytes);
    const drawings = drawPdfPages(
      pdf.bytes,
      model.pages.map((p) => p.page_index),
    );
    const tasks = model.pages.map((page) => ({ page, equations: null, items: { engineering: false }, draw: true }));
    const results = await pool.vectorPages(pdf.bytes, tasks, { docKey: 'chart-suite' });
    expect(results.map((r) => r.page_index)).toEqual(model.pages.map((p) => p.page_index));
    const here = model.pages.map((page, i) => findPageItems({ page, drawing: drawings[i], raster: null, engineering: false }));
    expect(results.map((r) => r.items)).toEqual(here);
    expect(results.flatMap((r) => r.items).filter((f) => f.kind === 'chart').length).toBeGreaterThan(0);
    expect(results.flatMap((r) => r.failures)).toEqual([]);
  });

  it('returns errors as their own classes with their fields', async () => {
    const bomb = await pool.inspect(fixtures.bad.bombPng.bytes, 'image/png').catch((e: unknown) => e);
    expect(bomb).toBeInstanceOf(DocumentFormatError);
    expect(bomb).toMatchObject({ tooLarge: true, detectedType: 'image/png' });
    const range = await pool.render(fixtures.good.pdf.bytes, 'application/pdf', { pageIndex: 7 }).catch((e: unknown) => e);
    expect(range).toBeInstanceOf(PageOutOfRangeError);
    expect(range).toMatchObject({ pageIndex: 7, pageCount: 3 });
  });

  it('copies the input by default and moves it only when asked', async () => {
    const copy = new Uint8Array(fixtures.good.gif.bytes);
    await pool.inspect(copy, 'image/gif');
    expect(copy.length).toBe(fixtures.good.gif.bytes.length);
    await pool.inspect(copy, 'image/gif', { transfer: true });
    expect(copy.length).toBe(0); // detached: ownership went to the worker
    const fromPath = await pool.inspect({ path: fixtures.good.tiff.path }, 'image/tiff');
    expect(fromPath.pageCount).toBe(3);
  });

  it('runs more tasks than threads at once', async () => {
    const renders = await Promise.all(
      [0, 1, 2, 0, 1, 2].map((pageIndex) =>
        pool.render(fixtures.good.pdf.bytes, 'application/pdf', { pageIndex, dpi: 36, format: 'jpeg' }),
      ),
    );
    expect(renders.map((r) => [r.width, r.height])).toEqual([
      [306, 396],
      [306, 396],
      [421, 298],
      [306, 396],
      [306, 396],
      [421, 298],
    ]);
  });
});

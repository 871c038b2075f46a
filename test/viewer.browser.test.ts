/**
 * The grounding viewer at /viewer: served without a key and hidden from the OpenAPI document; then in a real
 * headless browser (Debian chromium driven by playwright-core) against the real app listening on a random port:
 * enter the key, upload a born-digital PDF, run parse, and check that every region of the parse is drawn over the
 * page image exactly where the API's box says (scaled to the displayed size), that clicking a chunk highlights its
 * regions and clicking a region highlights its chunk; tables draw their cells. Saves a screenshot under the temp dir.
 * The page talks to the API only through the typed SDK, bundled by the server as /viewer/client.js; when the bundle
 * cannot be built (no esbuild) that route answers 503 and the page says why it cannot start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, KEY_A, createTestApp, type TestApp } from './helpers/app.ts';
import { get, listen, useTestApp } from './helpers/api.ts';
import { invoicePdf } from './helpers/invoice-pdfs.ts';
import { reportPdf } from './helpers/layout-pdfs.ts';
import { viewerRoutes } from '../src/api/viewer/viewer.routes.ts';

const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const ARTIFACTS = path.join(os.tmpdir(), 'docintel-viewer-artifacts');
/** Allowed difference between a drawn box and the API's box scaled to the display, in CSS pixels. */
const TOLERANCE_PX = 1.5;
const ASSETS_DIR = new URL('../src/api/viewer/assets/', import.meta.url);

interface Region {
  region_id: string;
  page_index: number;
  shape: { x: number; y: number; w: number; h: number };
  label: string;
}
interface Chunk {
  chunk_id: string;
  page_index: number;
  region_ids: string[];
}
interface ParseBody {
  pages: { page_index: number; width: number; height: number }[];
  regions: Region[];
  chunks: Chunk[];
}
interface TablesBody {
  tables: { region_ids: string[]; cells: { region_ids: string[]; value: string }[] }[];
  grounding_regions: Region[];
}

// The callbacks given to page.waitForFunction/evaluate run in the browser. This project's tsconfig has no DOM lib
// (the code is Node's), so they see the little of the DOM they use through these module-local declarations.
interface BrowserElement {
  textContent: string | null;
  classList: { contains(name: string): boolean };
  getBoundingClientRect(): { top: number; bottom: number };
}
declare const document: { querySelector(selector: string): BrowserElement | null; body: { dataset: Record<string, string | undefined> } };
declare const sessionStorage: { getItem(key: string): string | null };

/** Like natsOrSkip: a missing browser is a loud skip on a workstation and a failure under CI. */
function chromiumOrSkip(): boolean {
  let usable = false;
  try {
    fs.accessSync(CHROMIUM, fs.constants.X_OK);
    usable = true;
  } catch {
    /* reported below */
  }
  if (usable) return true;
  const message = `chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_BIN): the viewer's browser test needs it`;
  if (process.env.CI) throw new Error(`${message}; CI must not skip the browser test`);
  console.warn(`\n${'!'.repeat(80)}\n!! SKIPPING the viewer browser test: ${message}\n${'!'.repeat(80)}\n`);
  return false;
}

describe('viewer route', () => {
  const app = useTestApp({}, { worker: false });

  it('serves the page, its script and stylesheet without a key, with a strict CSP', async () => {
    for (const [url, type] of [
      ['/viewer', 'text/html'],
      ['/viewer/', 'text/html'],
      ['/viewer/viewer.js', 'text/javascript'],
      ['/viewer/results.js', 'text/javascript'],
      ['/viewer/render.js', 'text/javascript'],
      ['/viewer/boot.js', 'text/javascript'],
      ['/viewer/viewer.css', 'text/css'],
    ]) {
      const res = await get(app().app, url, {});
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain(type);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      const again = await get(app().app, url, {}, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    const html = (await get(app().app, '/viewer', {})).body;
    expect(html).toContain('src="/viewer/viewer.js"');
    expect(html).toContain('src="/viewer/boot.js"');
    expect(html).not.toMatch(/https?:\/\//); // offline: nothing from a CDN
  });

  it('serves the typed SDK bundled for the browser as /viewer/client.js, built once, with an ETag and the same CSP', async () => {
    const res = await get(app().app, '/viewer/client.js', {});
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // An ES module exporting the SDK's entry point, with no Node imports left in it.
    expect(res.body).toMatch(/export\s*\{[^}]*\bcreateDocintelClient\b/);
    expect(res.body).not.toMatch(/from\s*["']node:/);
    const again = await get(app().app, '/viewer/client.js', {}, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const third = await get(app().app, '/viewer/client.js', {});
    expect(third.headers.etag).toBe(res.headers.etag);
    expect(third.body).toBe(res.body);
  });

  it("makes every API call of the page through the SDK: no direct fetch( in the viewer's own scripts", () => {
    const scripts = fs.readdirSync(ASSETS_DIR).filter((name) => name.endsWith('.js'));
    expect(scripts).toEqual(expect.arrayContaining(['viewer.js', 'results.js', 'render.js', 'boot.js']));
    for (const name of scripts) {
      const source = fs.readFileSync(new URL(name, ASSETS_DIR), 'utf8');
      expect(source, name).not.toMatch(/\bfetch\s*\(/);
      expect(source, name).not.toMatch(/XMLHttpRequest|EventSource/);
    }
    expect(fs.readFileSync(new URL('viewer.js', ASSETS_DIR), 'utf8')).toContain("import { createDocintelClient } from './client.js';");
  });

  it('answers 404 for other names under /viewer/ and stays out of the OpenAPI document', async () => {
    expect((await get(app().app, '/viewer/secrets.json', {})).statusCode).toBe(404);
    expect((await get(app().app, '/viewer/..%2Fapp.ts', {})).statusCode).toBe(404);
    const paths = Object.keys((await get(app().app, '/openapi.json', {})).json().paths as object);
    expect(paths.filter((p) => p.startsWith('/viewer'))).toEqual([]);
  });
});

describe.skipIf(!chromiumOrSkip())('viewer in a browser (chromium, headless)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Script errors and CSP violations both surface here: the page must run clean.
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageErrors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on('request', (request) => requested.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function api<T>(url: string, body: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...AUTH_A, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  }

  async function uploadAndRun(filename: string, bytes: Buffer, op: string): Promise<string> {
    await page.setInputFiles('#file-input', { name: filename, mimeType: 'application/pdf', buffer: bytes });
    await page.waitForFunction((name) => document.querySelector('#status')?.textContent?.startsWith(name), filename);
    await page.click(`button[data-op="${op}"]`);
    await page.waitForFunction((name) => document.body.dataset.result === name && !document.body.dataset.busy, op);
    expect((await page.locator('#status').getAttribute('class')) ?? '', (await page.locator('#status').textContent()) ?? '').not.toContain(
      'error',
    );
    return page.evaluate(() => JSON.parse(sessionStorage.getItem('docintel.viewer.files') ?? '[]')[0].file_id as string);
  }

  /** Waits for a page image, then answers where it is displayed and its size in image pixels. */
  async function displayedPage(index: number) {
    const img = page.locator(`figure.page[data-page="${index}"] img`);
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction((i) => document.querySelector(`figure.page[data-page="${i}"]`)?.classList.contains('loaded'), index);
    const natural = await img.evaluate((i) => {
      const image = i as unknown as { naturalWidth: number; naturalHeight: number };
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
    const box = (await img.boundingBox())!;
    return { box, natural, sx: box.width / natural.width, sy: box.height / natural.height };
  }

  it('loads with the key from the form, uploads a PDF, parses it and draws every region where the API puts it', async () => {
    await page.goto(`${base}/viewer`);
    await page.fill('#key', KEY_A);
    const fileId = await uploadAndRun('report.pdf', reportPdf(), 'parse');
    // The page loaded the SDK bundle, and its API calls (made through it) reached the API.
    expect(requested).toContain(`${base}/viewer/client.js`);
    expect(requested).toContain(`${base}/api/v1/upload`);
    expect(requested).toContain(`${base}/api/v1/parse`);
    expect(requested.some((url) => url.startsWith(`${base}/v1/files/${fileId}/pages/0/image`))).toBe(true);
    const parsed = await api<ParseBody>('/api/v1/parse', { input: { file_id: fileId }, execution_mode: 'sync' });
    expect(parsed.pages).toHaveLength(3);
    expect(parsed.regions.length).toBeGreaterThan(10);
    expect(await page.locator('#items .item').count()).toBe(parsed.chunks.length);

    for (const p of parsed.pages) {
      const shown = await displayedPage(p.page_index);
      expect(shown.natural).toEqual({ width: p.width, height: p.height });
      // Displayed smaller than the image: the check below really exercises the scaling.
      expect(shown.sx).toBeLessThan(0.9);
      expect(Math.abs(shown.sx - shown.sy)).toBeLessThan(0.01);
      for (const r of parsed.regions.filter((g) => g.page_index === p.page_index)) {
        const rect = page.locator(`#pages [data-region="${r.region_id}"]`);
        const drawn = (await rect.boundingBox())!;
        const expected = {
          x: shown.box.x + r.shape.x * shown.sx,
          y: shown.box.y + r.shape.y * shown.sy,
          width: r.shape.w * shown.sx,
          height: r.shape.h * shown.sy,
        };
        for (const k of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(drawn[k] - expected[k]), `${r.region_id} ${k}: drawn ${drawn[k]}, expected ${expected[k]}`).toBeLessThanOrEqual(
            TOLERANCE_PX,
          );
        }
        expect(await rect.getAttribute('data-label')).toBe(r.label);
        expect(await rect.getAttribute('fill')).toBeTruthy();
      }
      // One reading-order number per chunk with regions on the page.
      const numbered = parsed.chunks.filter((c) => c.page_index === p.page_index && c.region_ids.length).length;
      expect(await page.locator(`figure.page[data-page="${p.page_index}"] text.order`).count()).toBe(numbered);
    }
    // Pages load as they come near the view; by now all are in and every region is drawn once.
    expect(await page.locator('#pages [data-region]').count()).toBe(parsed.regions.length);
    // Colour by label: the main kinds of block are told apart at a glance.
    const colours: Record<string, string> = await page
      .locator('#pages [data-region]')
      .evaluateAll((rects) => Object.fromEntries(rects.map((r) => [r.getAttribute('data-label'), r.getAttribute('fill')])));
    const kinds = ['title', 'section_header', 'text', 'list_item'];
    expect(new Set(kinds.map((k) => colours[k])).size, JSON.stringify(colours)).toBe(kinds.length);
    expect(pageErrors).toEqual([]);
  });

  it("highlights a chunk's regions (and scrolls to them) on a click in the list, and a region's chunk on a click on the page", async () => {
    const fileId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('docintel.viewer.files') ?? '[]')[0].file_id as string);
    const parsed = await api<ParseBody>('/api/v1/parse', { input: { file_id: fileId }, execution_mode: 'sync' });

    // A chunk on the last page: its region starts out of view and must be scrolled to.
    await page.locator('#pages').evaluate((e) => e.scrollTo(0, 0));
    const chunk = parsed.chunks.filter((c) => c.page_index === 2 && c.region_ids.length).at(-1)!;
    await page.click(`#items [data-item="${chunk.chunk_id}"]`);
    expect(await page.getAttribute(`#items [data-item="${chunk.chunk_id}"]`, 'class')).toContain('hl');
    for (const id of chunk.region_ids) expect(await page.getAttribute(`#pages [data-region="${id}"]`, 'class')).toContain('hl');
    expect(await page.locator('#pages .region.hl').count()).toBe(chunk.region_ids.length);
    await page.waitForFunction(
      (id) => {
        const r = document.querySelector(`#pages [data-region="${id}"]`)!.getBoundingClientRect();
        const view = document.querySelector('#pages')!.getBoundingClientRect();
        return r.top >= view.top && r.bottom <= view.bottom;
      },
      chunk.region_ids[0],
      { timeout: 5000 },
    );

    // The other way round: a region on the first page lights up the chunk that holds it (and only that one).
    const title = parsed.regions.find((r) => r.page_index === 0 && r.label === 'title')!;
    const holder = parsed.chunks.find((c) => c.region_ids.includes(title.region_id))!;
    await page.click(`#pages [data-region="${title.region_id}"]`);
    expect(await page.getAttribute(`#pages [data-region="${title.region_id}"]`, 'class')).toContain('hl');
    expect(await page.getAttribute(`#items [data-item="${holder.chunk_id}"]`, 'class')).toContain('hl');
    expect(await page.locator('#items .item.hl').count()).toBe(1);
    expect(await page.locator('#pages .region.hl').count()).toBe(1);
    // The list had been scrolled down to the last page's chunk: it comes back to the first page's title.
    await page.waitForFunction(
      (id) => {
        const item = document.querySelector(`#items [data-item="${id}"]`)!.getBoundingClientRect();
        const list = document.querySelector('#panel')!.getBoundingClientRect();
        return item.top >= list.top && item.bottom <= list.bottom;
      },
      holder.chunk_id,
      { timeout: 5000 },
    );

    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const shot = path.join(ARTIFACTS, 'viewer.png');
    await page.screenshot({ path: shot });
    console.log(`viewer screenshot: ${shot}`);
    expect(fs.statSync(shot).size).toBeGreaterThan(10_000);
    expect(pageErrors).toEqual([]);
  });

  it('draws table cells and links each cell of the list to its region', async () => {
    const fileId = await uploadAndRun('invoice.pdf', invoicePdf(), 'tables');
    const result = await api<TablesBody>('/v1/tables', { input: { file_id: fileId }, execution_mode: 'sync' });
    const cells = result.tables.flatMap((t) => t.cells).filter((c) => c.region_ids.length);
    expect(cells.length).toBeGreaterThan(8);
    expect(await page.locator('#pages .region.cell').count()).toBe(result.grounding_regions.filter((r) => r.label === 'table_cell').length);
    const cell = cells.find((c) => c.value === 'Hand soap (litre)')!;
    await page.click(`#items td[data-regions="${cell.region_ids.join(' ')}"]`);
    expect(await page.getAttribute(`#pages [data-region="${cell.region_ids[0]}"]`, 'class')).toContain('hl');
    expect(await page.locator('#pages .region.hl').count()).toBe(cell.region_ids.length);
    await page.screenshot({ path: path.join(ARTIFACTS, 'viewer-tables.png') });
    expect(pageErrors).toEqual([]);
  });
});

describe.skipIf(!chromiumOrSkip())('viewer without a client bundle (esbuild missing)', () => {
  let app: FastifyInstance;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    app = Fastify();
    await app.register(
      viewerRoutes({
        loadEsbuild: async () => {
          throw new Error("Cannot find module 'esbuild'");
        },
      }),
    );
    base = await listen(app);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('answers 503 with the reason for /viewer/client.js, and the page says that it cannot start', async () => {
    for (let i = 0; i < 2; i++) {
      // the failure is kept: the second answer is the same
      const res = await fetch(`${base}/viewer/client.js`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      const body = (await res.json()) as { detail: string };
      expect(body.detail).toContain('/viewer/client.js');
      expect(body.detail).toContain('esbuild');
    }
    const page = await browser.newPage();
    await page.goto(`${base}/viewer`);
    await page.waitForFunction(() => document.body.dataset.failed === 'client', undefined, { timeout: 5000 });
    const status = page.locator('#status');
    expect(await status.textContent()).toContain('/viewer/client.js');
    expect(await status.getAttribute('class')).toContain('error');
  });
});

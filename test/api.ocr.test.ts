/**
 * OCR through the HTTP API with the real inference sidecar (spawned process, real gRPC, real PP-OCRv4 and
 * Tesseract models): images of known text, turned scans, a multi-page TIFF, scanned and mixed PDFs, and the
 * sidecar killed in the middle of a request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectResponse } from './helpers/api.ts';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { multiPageTiff, PAGE_POINTS, scannedPdf, TEXT_LINES, textImage, turnBox, turned, type TextImage } from './helpers/ocr-images.ts';

interface OcrBody {
  language: string;
  mode: string;
  pages: {
    page_index: number;
    width: number;
    height: number;
    text: string;
    lines: { bbox_id: string; text: string; page_index: number; bbox: number[]; polygon: number[] }[];
  }[];
}

let t: TestApp;
let image: TextImage;

beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
  image = textImage();
}, 120_000);
afterAll(async () => t?.close());

function ocr(body: Record<string, unknown>): Promise<InjectResponse> {
  return t.app.inject({ method: 'POST', url: '/v1/ocr', headers: AUTH_A, payload: { execution_mode: 'sync', ...body } });
}

const imageInput = (png: Buffer, filename = 'scan.png') => ({ image_base64: png.toString('base64'), filename });
/** `outer` holds `inner` give or take `slack` pixels. */
const holds = (outer: number[], inner: number[], slack = 6) =>
  outer[0] <= inner[0] + slack && outer[1] <= inner[1] + slack && outer[2] >= inner[2] - slack && outer[3] >= inner[3] - slack;

describe('the inference process it runs on', () => {
  it('/readyz shows its execution providers and /metrics counts them', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    const details = ready.json().details.inference;
    expect(details.execution_providers).toContain('cpu');
    expect(details.onnxruntime_version).toMatch(/^\d+\.\d+/);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^docintel_inference_execution_provider\{provider="cpu"\} 1$/m);
  });
});

describe('POST /v1/ocr', () => {
  it('reads an image line by line: exact text, boxes on the ink, polygons, stable ids', async () => {
    const res = await ocr({ input: imageInput(image.png) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OcrBody;
    expect(body).toMatchObject({ language: 'auto', mode: 'regular' });
    const [page] = body.pages;
    expect([page.width, page.height]).toEqual([image.width, image.height]);
    expect(page.lines.map((l) => l.text)).toEqual(TEXT_LINES);
    expect(page.text).toBe(TEXT_LINES.join('\n'));
    page.lines.forEach((line, i) => {
      expect(holds(line.bbox, image.lineBoxes[i]), `${JSON.stringify(line.bbox)} holds ${JSON.stringify(image.lineBoxes[i])}`).toBe(true);
      expect(line.polygon).toHaveLength(8);
      expect(line.page_index).toBe(0);
    });
    const again = (await ocr({ input: imageInput(image.png) })).json() as OcrBody;
    expect(again.pages[0].lines.map((l) => l.bbox_id)).toEqual(page.lines.map((l) => l.bbox_id));
  });

  it.each([90, 180, 270] as const)('turns a scan rotated %i° upright; boxes stay on the image as sent', async (degrees) => {
    const res = await ocr({ input: imageInput(await turned(image.png, degrees), `turned-${degrees}.png`) });
    expect(res.statusCode, res.body).toBe(200);
    const [page] = (res.json() as OcrBody).pages;
    expect(page.lines.map((l) => l.text)).toEqual(TEXT_LINES);
    const sideways = degrees !== 180;
    expect([page.width, page.height]).toEqual(sideways ? [image.height, image.width] : [image.width, image.height]);
    page.lines.forEach((line, i) => {
      const ink = turnBox(image.lineBoxes[i], degrees, image.width, image.height);
      expect(holds(line.bbox, ink), `${JSON.stringify(line.bbox)} holds ${JSON.stringify(ink)}`).toBe(true);
    });
  });

  it('classic mode reads with Tesseract, offline', async () => {
    const res = await ocr({ input: imageInput(image.png), mode: 'classic' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OcrBody;
    expect(body.mode).toBe('classic');
    expect(body.pages[0].lines.map((l) => l.text)).toEqual(TEXT_LINES);
  });

  it("agentic mode answers with the regular engine's name and the same text", async () => {
    const res = await ocr({ input: imageInput(image.png), mode: 'agentic', language: 'global' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OcrBody;
    expect(body).toMatchObject({ mode: 'regular', language: 'global' });
    expect(body.pages[0].lines.map((l) => l.text)).toEqual(TEXT_LINES);
  });

  it('answers born-digital pages from the text layer in regular mode', async () => {
    const pdf = scannedPdf([{ text: ['Born digital line one', 'Born digital line two'] }]);
    const res = await ocr({ input: { pdf_base64: pdf.toString('base64') } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OcrBody).pages[0].text).toBe('Born digital line one\nBorn digital line two');
  });
});

describe('scans through parse', () => {
  it("reads a small page from a sharper render and answers in the served page image's pixels", async () => {
    // 3-point print scanned at 2700 dpi on an 84x60 pt label: 168x120 px as served, its x-height ~3 px there.
    const fine = textImage(TEXT_LINES, 7.5);
    const points = { width: PAGE_POINTS.width * 0.2, height: PAGE_POINTS.height * 0.2 };
    const pdf = scannedPdf([{ scan: fine.png, points }]);
    const res = await ocr({ input: { pdf_base64: pdf.toString('base64') } });
    expect(res.statusCode, res.body).toBe(200);
    const page = (res.json() as OcrBody).pages[0];
    expect([page.width, page.height]).toEqual([points.width * 2, points.height * 2]);
    expect(page.lines.map((l) => l.text)).toEqual(TEXT_LINES);
    const toServed = page.width / fine.width;
    page.lines.forEach((line, i) => {
      const ink = fine.lineBoxes[i].map((v) => v * toServed);
      expect(holds(line.bbox, ink, 3), `${JSON.stringify(line.bbox)} holds ${JSON.stringify(ink)}`).toBe(true);
    });
  });

  it('parses a multi-page TIFF to markdown with regions on each page', async () => {
    const second = textImage(['Second page of the packet']);
    const tiff = await multiPageTiff([image.png, second.png]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: imageInput(tiff, 'packet.tiff'), execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      markdown: string;
      pages: { width: number; height: number; ocr_median_line_height: number | null }[];
      regions: { page_index: number; shape: { x: number; y: number; w: number; h: number } }[];
    };
    for (const line of [...TEXT_LINES, 'Second page of the packet']) expect(body.markdown).toContain(line);
    expect(body.markdown.indexOf(TEXT_LINES[0])).toBeLessThan(body.markdown.indexOf('Second page'));
    expect(body.pages).toHaveLength(2);
    expect(body.pages[0].ocr_median_line_height).toBeGreaterThan(20);
    expect(new Set(body.regions.map((r) => r.page_index))).toEqual(new Set([0, 1]));
    for (const r of body.regions) {
      expect(r.shape.x + r.shape.w).toBeLessThanOrEqual(body.pages[r.page_index].width);
      expect(r.shape.y + r.shape.h).toBeLessThanOrEqual(body.pages[r.page_index].height);
    }
  });

  it('decides per page in a mixed PDF: the scan is OCRed, the text page keeps its text layer; ocr_lines grounding', async () => {
    const pdf = scannedPdf([{ scan: image.png }, { text: ['A page with a real text layer'] }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: { pdf_base64: pdf.toString('base64') }, grounding: 'ocr_lines', execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { markdown: string; pages: { ocr_median_line_height: number | null }[]; regions: { page_index: number }[] };
    for (const line of TEXT_LINES) expect(body.markdown).toContain(line);
    expect(body.markdown).toContain('A page with a real text layer');
    expect(body.pages[0].ocr_median_line_height).not.toBeNull();
    expect(body.pages[1].ocr_median_line_height).toBeNull();
    expect(body.regions.filter((r) => r.page_index === 0).length).toBeGreaterThanOrEqual(TEXT_LINES.length);
  });
});

describe('inference sidecar failure', () => {
  it('restarts a sidecar killed mid-request; the request is retried or answered 503', async () => {
    const fresh = textImage(['Killed sidecar request', 'still answered']);
    const pending = ocr({ input: imageInput(fresh.png, 'kill.png'), mode: 'classic' });
    const pid = t.runtime.supervisor!.pid!;
    await new Promise((r) => setTimeout(r, 150));
    process.kill(pid, 'SIGKILL');
    const res = await pending;
    expect([200, 503], res.body).toContain(res.statusCode);
    if (res.statusCode === 200)
      expect((res.json() as OcrBody).pages[0].lines.map((l) => l.text)).toEqual(['Killed sidecar request', 'still answered']);
    else expect(res.headers['retry-after']).toBeDefined();
    await expect.poll(() => t.runtime.supervisor!.pid !== pid && t.runtime.supervisor!.isReady(), { timeout: 30_000 }).toBe(true);
  });
});

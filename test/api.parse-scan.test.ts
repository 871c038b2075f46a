/**
 * Scanned multi-column pages: born-digital two- and four-column pages rendered to 150-dpi PNGs (no text layer)
 * go through POST /api/v1/parse with the real inference sidecar; the markdown must read column by column and
 * hold no table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { scanPng } from './helpers/ocr-images.ts';
import { FOUR_COLUMN_OPENINGS, TWO_COLUMN, fourColumnPdf, twoColumnPdf } from './helpers/layout-pdfs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
}, 120_000);
afterAll(async () => t?.close());

async function markdownOfScan(png: Buffer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/parse',
    headers: AUTH_A,
    payload: { input: { image_base64: png.toString('base64'), filename: 'scan.png' }, execution_mode: 'sync' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { markdown: string }).markdown;
}

/** Where a phrase starts in the markdown, whitespace and case aside (OCR may join or split a space). */
function positionOf(markdown: string, phrase: string): number {
  const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  const at = squash(markdown).indexOf(squash(phrase));
  expect(at, `"${phrase}" in:\n${markdown}`).toBeGreaterThanOrEqual(0);
  return at;
}

describe('POST /api/v1/parse on scanned multi-column pages', () => {
  it('reads a two-column scan column by column', async () => {
    const md = await markdownOfScan(scanPng(twoColumnPdf(), 150));
    const left = TWO_COLUMN.left.map((p) => positionOf(md, p.split(' ').slice(0, 3).join(' ')));
    const right = TWO_COLUMN.right.map((p) => positionOf(md, p.split(' ').slice(0, 3).join(' ')));
    expect(Math.max(...left)).toBeLessThan(Math.min(...right));
    expect(md).not.toMatch(/^\|/m);
  }, 120_000);

  it('reads a four-column scan column by column, never as a table', async () => {
    const md = await markdownOfScan(scanPng(fourColumnPdf(), 150));
    const starts = FOUR_COLUMN_OPENINGS.map((o) => positionOf(md, o));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(md).not.toMatch(/^\|/m);
  }, 120_000);
});

/**
 * POST /v1/equations over HTTP with the real inference sidecar: born-digital formulas drawn with mupdf come back
 * as LaTeX that KaTeX parses and whose tokens are the expected ones (fractions, scripts, sums with limits, Greek,
 * matrices, radicals), grounded on their words, the equation number apart; prose yields none; a formula in an
 * image goes the OCR path and says so; async gives the sync result; parse shows formulas as `$$…$$` chunks.
 */
import katex from 'katex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparableTokens } from '../src/pipeline/equations/mod.ts';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { get, validationLocs, waitForFinalJob } from './helpers/api.ts';
import { inlineMathPdf, MATH_CASES, mathPdf, prosePdf } from './helpers/math-pdfs.ts';

interface Equation {
  equation_id: string;
  page_index: number;
  latex: string;
  source_text: string;
  display_mode: string;
  confidence: number;
  bbox: number[];
  bbox_ids: string[];
  region_ids: string[];
  engine: string;
  tag: string | null;
}
interface Region {
  region_id: string;
  shape: { x: number; y: number; w: number; h: number };
  label: string;
}
interface EquationsBody {
  engine: string;
  pages: number;
  grounding_regions: Region[];
  equations: Equation[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
}, 60_000);
afterAll(async () => t?.close());

const pdfInput = (bytes: Buffer) => ({ pdf_base64: bytes.toString('base64') });

async function equations(input: Record<string, string>, extra: Record<string, unknown> = {}): Promise<EquationsBody> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/equations',
    headers: AUTH_A,
    payload: { input, execution_mode: 'sync', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EquationsBody;
}

const parsesWithKatex = (latex: string) => {
  try {
    katex.renderToString(latex, { throwOnError: true, displayMode: true });
    return true;
  } catch {
    return false;
  }
};

describe('POST /v1/equations', () => {
  const casesPdf = mathPdf(MATH_CASES.map((c) => c.page));

  it('rebuilds each born-digital formula as LaTeX that KaTeX parses, with the expected tokens, grounded', async () => {
    const body = await equations(pdfInput(casesPdf));
    expect(body.engine).toBe('equation_codegen');
    expect(body.pages).toBe(MATH_CASES.length);
    const regions = new Map(body.grounding_regions.map((r) => [r.region_id, r]));
    MATH_CASES.forEach((c, pageIndex) => {
      const found = body.equations.filter((e) => e.page_index === pageIndex && e.display_mode === 'block');
      expect(found, c.name).toHaveLength(1);
      const [eq] = found;
      expect(comparableTokens(eq.latex), c.name).toEqual(comparableTokens(c.latex));
      expect(parsesWithKatex(eq.latex), `${c.name}: ${eq.latex}`).toBe(true);
      expect(eq.engine).toBe('equation_codegen');
      expect(eq.confidence).toBeGreaterThan(0.5);
      expect(eq.tag).toBe(c.tag ?? null);
      expect(eq.bbox_ids.length).toBeGreaterThan(0);
      const region = regions.get(eq.region_ids[0])!;
      expect(region.label).toBe('equation');
      expect([region.shape.x, region.shape.y, region.shape.x + region.shape.w, region.shape.y + region.shape.h]).toEqual(eq.bbox);
    });
  });

  it('finds inline math in prose and nothing in prose without math', async () => {
    const inline = await equations(pdfInput(inlineMathPdf()));
    expect(inline.equations.filter((e) => e.display_mode === 'inline').map((e) => e.latex.replace(/\s+/g, ''))).toEqual([
      '\\alpha',
      'x^{2}',
    ]);
    expect((await equations(pdfInput(prosePdf()))).equations).toEqual([]);
  });

  it('reads a formula in an image through OCR and says so: parse_fallback, low confidence', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="120"><rect width="100%" height="100%" fill="white"/><text x="30" y="78" font-family="DejaVu Sans" font-size="48">x + y = 10</text></svg>';
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const body = await equations({ image_base64: png.toString('base64') }, { boundary_source: 'none' });
    expect(body.engine).toBe('parse_fallback');
    expect(body.equations).toHaveLength(1);
    const [eq] = body.equations;
    expect(eq.engine).toBe('parse_fallback');
    expect(eq.confidence).toBeLessThanOrEqual(0.4);
    expect(eq.source_text.replace(/\s+/g, '')).toBe('x+y=10');
    expect(eq.latex.replace(/\s+/g, '')).toBe('x+y=10');
  });

  it('runs async with the same result as sync, and refuses an unknown boundary_source', async () => {
    const pdf = mathPdf(MATH_CASES.slice(0, 2).map((c) => c.page));
    const sync = await equations(pdfInput(pdf));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/equations',
      headers: AUTH_A,
      payload: { input: pdfInput(pdf), execution_mode: 'async' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForFinalJob(t.app, (res.json() as { job_id: string }).job_id, AUTH_A, 60_000);
    expect(job.status).toBe('completed');
    expect((await get(t.app, `/v1/jobs/${job.job_id}/result`)).json()).toEqual(sync);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/equations',
      headers: AUTH_A,
      payload: { input: pdfInput(pdf), boundary_source: 'ocr' },
    });
    expect(bad.statusCode).toBe(422);
    expect(validationLocs(bad)).toContainEqual(['body', 'boundary_source']);
  });

  it('parse shows each display formula once, as a $$…$$ equation chunk', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: pdfInput(casesPdf), execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { markdown: string; chunks: { type: string; markdown: string; page_index: number }[] };
    const formulas = body.chunks.filter((c) => c.type === 'equation');
    expect(formulas.map((c) => c.page_index)).toEqual(MATH_CASES.map((_, i) => i));
    for (const chunk of formulas) {
      expect(chunk.markdown).toMatch(/^\$\$.+\$\$$/s);
      expect(body.markdown).toContain(chunk.markdown);
    }
    expect(formulas[0].markdown.replace(/\s+/g, '')).toBe('$$x=\\frac{a+b}{c-d}$$');
    expect(formulas.at(-1)!.markdown.replace(/\s+/g, '')).toBe('$$E=mc^{2}\\tag{1}$$');
  });

  it('parse writes inline math as $…$ inside its paragraph', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: pdfInput(inlineMathPdf()), execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { markdown } = res.json() as { markdown: string };
    expect(markdown).toContain('The angle $\\alpha$ is measured');
    expect(markdown.replace(/\$x\^\{2\}\$/, 'X2')).toContain('The area grows like X2');
    expect(markdown).not.toMatch(/sentence\s*\$/);
  });
});

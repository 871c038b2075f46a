/**
 * POST /v1/charts over HTTP with the real inference sidecar: vector charts drawn with mupdf (every value within
 * 2%, categories, series names, title and axis labels, grounded regions), a PNG bar chart read through OCR
 * (values within 2%), a flowchart as mermaid with the right edges, an engineering drawing's title block and
 * dimensions, a photo described from its caption; async gives the sync result; parse carries the charts' data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { waitForFinalJob, get } from './helpers/api.ts';
import { chartSuitePdf, type ExpectedChart } from './helpers/chart-pdfs.ts';
import { barChartImage } from './helpers/chart-images.ts';
import { DRAWING, engineeringPdf, FLOW, flowchartPdf, PHOTO, photoPdf } from './helpers/diagram-docs.ts';

interface Point {
  label: string | null;
  x: string | number | null;
  y: number | null;
}
interface Item {
  item_id: string;
  page_index: number;
  kind: string;
  chart_type: string | null;
  title: string;
  summary: string;
  mermaid: string;
  confidence: number;
  insights: string[];
  axes: { x_label: string; y_label: string };
  series: { name: string; points: Point[] }[];
  bbox: number[];
  bbox_ids: string[];
  region_ids: string[];
}
interface Region {
  region_id: string;
  page_index: number;
  shape: { x: number; y: number; w: number; h: number };
  label: string;
}
interface ChartsBody {
  engine: string;
  pages: number;
  grounding_regions: Region[];
  items: Item[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
}, 60_000);
afterAll(async () => t?.close());

function inputOf(bytes: Buffer, kind: 'pdf' | 'image') {
  return kind === 'pdf' ? { pdf_base64: bytes.toString('base64') } : { image_base64: bytes.toString('base64') };
}

async function charts(bytes: Buffer, kind: 'pdf' | 'image', extra: Record<string, unknown> = {}): Promise<ChartsBody> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/charts',
    headers: AUTH_A,
    payload: { input: inputOf(bytes, kind), execution_mode: 'sync', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChartsBody;
}

const within2 = (got: number | null, want: number) => got !== null && Math.abs(got - want) <= 0.02 * Math.max(Math.abs(want), 1e-9);
const shapeBox = (r: Region) => [r.shape.x, r.shape.y, r.shape.x + r.shape.w, r.shape.y + r.shape.h];

function expectData(item: Item, expected: ExpectedChart): void {
  expect(item.kind).toBe('chart');
  expect(item.title).toBe(expected.title);
  if (expected.chartType !== 'pie') expect(item.axes).toEqual({ x_label: expected.x_label, y_label: expected.y_label });
  for (const want of expected.series) {
    const series = expected.series.length === 1 ? item.series[0] : item.series.find((s) => s.name === want.name);
    expect(series, `series ${want.name} of ${expected.title}`).toBeDefined();
    for (const [key, value] of want.points) {
      const point =
        typeof key === 'number'
          ? [...series!.points].sort((a, b) => Math.abs(Number(a.x) - key) - Math.abs(Number(b.x) - key))[0]
          : series!.points.find((p) => p.label === key);
      expect(point, `${expected.title}: ${key}`).toBeDefined();
      expect(within2(point!.y, value), `${expected.title} ${want.name} ${key}: ${point!.y} ≈ ${value}`).toBe(true);
    }
  }
}

describe('POST /v1/charts', () => {
  const suite = chartSuitePdf();

  it('returns the data of every vector chart within 2%, grounded, and nothing for a page of prose', async () => {
    const body = await charts(suite.bytes, 'pdf');
    expect(body.engine).toBe('chart_codegen');
    expect(body.pages).toBe(suite.pages.length);
    const regions = new Map(body.grounding_regions.map((r) => [r.region_id, r]));
    suite.pages.forEach((expectedCharts, pageIndex) => {
      const onPage = body.items.filter((i) => i.page_index === pageIndex && i.kind === 'chart');
      expect(onPage, `charts on page ${pageIndex}`).toHaveLength(expectedCharts.length);
      for (const expected of expectedCharts) {
        const item = onPage.find((i) => i.title === expected.title);
        expect(item, expected.title).toBeDefined();
        expectData(item!, expected);
        expect(item!.summary).toBeTruthy();
        expect(item!.insights.length).toBeGreaterThan(0);
        expect(item!.bbox_ids.length).toBeGreaterThan(0);
        const own = regions.get(item!.region_ids[0])!;
        expect(own.label).toBe('chart');
        expect(shapeBox(own)).toEqual(item!.bbox);
        expect(item!.region_ids.slice(1).map((id) => regions.get(id)?.label)).toContain('chart_title');
      }
    });
    expect(new Set(body.items.map((i) => i.item_id)).size).toBe(body.items.length);
  });

  it('reads a PNG bar chart through OCR: categories, axis titles and values within 2%', async () => {
    const image = await barChartImage(
      [
        {
          name: 'Revenue',
          points: [
            ['North', 42],
            ['South', 27.5],
            ['East', 61],
            ['West', 15],
          ],
        },
      ],
      {
        max: 80,
        step: 20,
        title: 'Revenue by region',
        x_label: 'Region',
        y_label: 'Revenue (kEUR)',
      },
    );
    const body = await charts(image.png, 'image');
    const chart = body.items.find((i) => i.kind === 'chart');
    expect(chart?.chart_type).toBe('bar');
    expect(chart!.series[0].points.map((p) => p.label)).toEqual(['North', 'South', 'East', 'West']);
    expectData(chart!, { ...image.expected, x_label: 'Region', y_label: 'Revenue (kEUR)' });
  });

  it('returns a flowchart as mermaid with the right nodes and edges', async () => {
    const body = await charts(flowchartPdf(), 'pdf');
    const flow = body.items.find((i) => i.kind === 'flowchart');
    expect(flow?.mermaid.startsWith('flowchart TD')).toBe(true);
    expect(mermaidEdges(flow!.mermaid)).toEqual(new Set(FLOW.expectedEdges.map((e) => e.join(' | '))));
  });

  it("reads an engineering drawing's title block and dimensions with billing_profile engineering_drawing", async () => {
    const body = await charts(engineeringPdf(), 'pdf', { billing_profile: 'engineering_drawing' });
    const drawing = body.items.find((i) => i.kind === 'engineering_diagram');
    expect(drawing).toBeDefined();
    for (const field of DRAWING.expectedInsights) expect(drawing!.insights).toContain(field);
    for (const dimension of DRAWING.dimensions) expect(drawing!.insights).toContain(`Dimension: ${dimension}`);
  });

  it('describes a photo from its caption, and says the description is the fallback', async () => {
    const body = await charts(photoPdf(), 'pdf');
    expect(body.items).toHaveLength(1);
    expect(body.items[0].kind).toBe('figure');
    expect(body.items[0].title).toBe(PHOTO.caption);
    expect(body.engine).toBe('parse_fallback');
  });

  it('runs async with the same result as sync', async () => {
    const sync = await charts(flowchartPdf(), 'pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/charts',
      headers: AUTH_A,
      payload: { input: inputOf(flowchartPdf(), 'pdf'), execution_mode: 'async' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForFinalJob(t.app, (res.json() as { job_id: string }).job_id, AUTH_A, 60_000);
    expect(job.status).toBe('completed');
    const result = await get(t.app, `/v1/jobs/${job.job_id}/result`);
    expect(result.json()).toEqual(sync);
  });

  it('parse carries each chart once, as its image, summary and data table', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: AUTH_A,
      payload: { input: inputOf(suite.bytes, 'pdf'), execution_mode: 'sync' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { markdown: string; chunks: { type: string; markdown: string; page_index: number }[] };
    const figures = body.chunks.filter((c) => c.type === 'figure');
    expect(figures).toHaveLength(suite.pages.flat().length);
    const bars = figures.find((c) => c.markdown.includes('![Units sold per region]'))!;
    expect(bars.markdown).toMatch(/\| Region \| Units sold \|/);
    expect(bars.markdown).toMatch(/\| North \| 1250 \|/);
    expect(body.markdown).toContain(bars.markdown);
  });
});

/** `from | to | label` for every edge of a mermaid flowchart, nodes named by their labels. */
function mermaidEdges(mermaid: string): Set<string> {
  const labels = new Map<string, string>();
  for (const m of mermaid.matchAll(/^\s*(n\d+)\s*[([{/]+"?([^"\])}/]+?)"?[)\]}/]+\s*$/gm)) labels.set(m[1], m[2]);
  const edges = new Set<string>();
  for (const m of mermaid.matchAll(/^\s*(n\d+)\s*-->(?:\|([^|]*)\|)?\s*(n\d+)\s*$/gm))
    edges.add([labels.get(m[1]), labels.get(m[3]), m[2] ?? ''].join(' | '));
  return edges;
}

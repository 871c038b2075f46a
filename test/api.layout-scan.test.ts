/**
 * POST /v1/layout on scanned article pages: a born-digital page drawn with mupdf, rendered to a low-resolution PNG
 * (no text layer, as the page images of scanned journals are) and read by the real inference sidecar. Each
 * paragraph must come out as one text region (OCR line heights vary with the letters a line holds), in column order.
 */
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { scanPng } from './helpers/ocr-images.ts';
import { wrap } from './helpers/layout-pdfs.ts';
import { PdfBuilder, pdfText, textRun } from './helpers/pdf.ts';

interface Component {
  type: string;
  bbox: number[];
  reading_order_rank: number;
  children?: string[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCINTEL_SYNC_BUDGET_MS: '120000' }, { inference: 'spawn' });
}, 120_000);
afterAll(async () => t?.close());

/**
 * Paragraphs of an article page: lines with and without descenders or ascenders alternate ("cameras over men"
 * against "typography, justly"), so their OCR boxes differ in height by a fifth and more.
 */
const PARAGRAPHS = [
  'Several quiet rivers run across our region. Typography, justly praised, helps many readers; summer rains can raise every river over its banks and carry mud far away.',
  'Survey crews measure each flow twice a year. Long dry spells bring low water, quickly exposing gravel bars; once rains come, currents grow strong again across the plain.',
  'Farmers grow wheat, barley and rye beside the water. Heavy yields justify the yearly work, yet in some years a sudden flood ruins a season of labour along every field.',
  'Local councils now plan new levees upstream. Public meetings gather many views; engineers propose gentle slopes, planted with grass, to slow runoff during big storms.',
];

/** A letter page: two columns of two paragraphs each, 10 pt on 12 pt leading, first lines indented. */
function articlePdf(): Buffer {
  const runs: string[] = [];
  PARAGRAPHS.forEach((text, i) => {
    const x = i < 2 ? 56 : 316;
    let y = i % 2 === 0 ? 700 : 560;
    wrap(text, 46).forEach((line, k) => {
      runs.push(textRun(k === 0 ? x + 12 : x, y, line, 10));
      y -= 12;
    });
  });
  const b = new PdfBuilder();
  b.page({ stream: `${runs.join('\n')}\n` });
  return b.bytes();
}

const HELVETICA = new mupdf.Font('Helvetica');
const widthOf = (text: string, size: number) =>
  [...text].reduce((w, c) => w + HELVETICA.advanceGlyph(HELVETICA.encodeCharacter(c.codePointAt(0) ?? 32), 0), 0) * size;

/** One line set flush to both column edges (word spacing stretched), as journals set their columns. */
function justifiedRun(x: number, y: number, text: string, width: number, size: number): string {
  const spaces = (text.match(/ /g) ?? []).length;
  const tw = spaces ? (width - widthOf(text, size)) / spaces : 0;
  return `BT /F1 ${size} Tf ${tw.toFixed(3)} Tw ${x} ${y} Td (${pdfText(text)}) Tj ET`;
}

/** The numbered section heading that opens the right column of `narrowGutterPdf`. */
const SECTION = '2. Field Methods';
/** Points between the columns of `narrowGutterPdf`. */
const GUTTER = 16;

/**
 * Two justified columns `GUTTER` pt apart (the gutter of a journal page), 9 pt type on 11 pt leading, paragraphs opening
 * with an indent of 10 pt; the right column opens with a numbered section heading in the body type.
 */
function narrowGutterPdf(): Buffer {
  const [size, leading, width, indent] = [9, 11, 245, 10];
  const runs: string[] = [];
  const column = (x: number, blocks: string[]) => {
    let y = 720;
    for (const block of blocks) {
      if (block === SECTION) {
        runs.push(textRun(x, y, block, size));
        y -= leading * 1.8;
        continue;
      }
      const lines = wrap(block, 52);
      lines.forEach((line, k) => {
        const start = k === 0 ? x + indent : x;
        const last = k === lines.length - 1;
        runs.push(last ? textRun(start, y, line, size) : justifiedRun(start, y, line, x + width - start, size));
        y -= leading;
      });
    }
  };
  column(50, [PARAGRAPHS[0], PARAGRAPHS[1], PARAGRAPHS[2]]);
  column(50 + width + GUTTER, [SECTION, PARAGRAPHS[3], PARAGRAPHS[1]]);
  const b = new PdfBuilder();
  b.page({ stream: `${runs.join('\n')}\n` });
  return b.bytes();
}

/** Where `figurePdf` draws its bar chart, in PDF points: left, bottom, right, top. */
const CHART = { left: 80, bottom: 420, right: 530, top: 590 } as const;

/**
 * A one-column page: a paragraph, a bar chart (filled bars on an axis, a few short labels), its caption, another
 * paragraph. A scan of it holds the chart only as pixels.
 */
function figurePdf(): Buffer {
  const runs: string[] = [];
  const para = (text: string, top: number) => wrap(text, 95).forEach((line, k) => runs.push(textRun(72, top - k * 13, line, 10)));
  para(`${PARAGRAPHS[0]} ${PARAGRAPHS[1]}`, 650);
  const { left, bottom, right, top } = CHART;
  runs.push(`0 0 0 RG 1 w ${left} ${bottom} m ${right} ${bottom} l S ${left} ${bottom} m ${left} ${top} l S`);
  [0.5, 0.8, 0.35, 0.95, 0.6].forEach((h, i) => {
    const x = left + 30 + i * 85;
    runs.push(`0.3 0.3 0.3 rg ${x} ${bottom} 45 ${((top - bottom - 20) * h).toFixed(1)} re f`);
    runs.push(textRun(x + 5, bottom - 14, `Site ${i + 1}`, 9));
  });
  runs.push(textRun(left + 10, top - 8, 'Flow rate', 9));
  para(
    'Figure 1. Mean flow rate at five river sites over the survey years, measured twice a year by the survey crews; bars show the mean of all readings at each site.',
    385,
  );
  para(`${PARAGRAPHS[2]} ${PARAGRAPHS[3]}`, 335);
  const b = new PdfBuilder();
  b.page({ stream: `${runs.join('\n')}\n` });
  return b.bytes();
}

async function componentsOf(png: Buffer): Promise<Component[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/layout',
    headers: AUTH_A,
    payload: { input: { image_base64: png.toString('base64'), filename: 'article.png' }, mode: 'nested', execution_mode: 'sync' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { pages: { components: Component[] }[] }).pages[0].components;
}

describe('POST /v1/layout on a scanned two-column article page', () => {
  it('gives one text region per paragraph, left column before right', async () => {
    const components = await componentsOf(scanPng(articlePdf(), 100));
    const text = components.filter((c) => c.type === 'text').sort((a, b) => a.reading_order_rank - b.reading_order_rank);
    expect(
      text.map((c) => c.bbox),
      JSON.stringify(components),
    ).toHaveLength(PARAGRAPHS.length);
    const centreX = (c: Component) => (c.bbox[0] + c.bbox[2]) / 2;
    const leftColumn = text.map((c) => centreX(c) < (text[0].bbox[0] + text[text.length - 1].bbox[2]) / 2);
    expect(leftColumn).toEqual([true, true, false, false]);
  }, 120_000);

  it('keeps a narrow gutter beside an indented first line, and finds a numbered heading', async () => {
    const png = scanPng(narrowGutterPdf(), 72);
    const components = (await componentsOf(png)).filter((c) => !c.children?.length);
    const mid = 50 + 245 + GUTTER / 2;
    const side = (c: Component) => (c.bbox[2] <= mid + 2 ? 'left' : c.bbox[0] >= mid - 2 ? 'right' : 'both');
    const sides = components.sort((a, b) => a.reading_order_rank - b.reading_order_rank).map(side);
    expect(sides, JSON.stringify(components)).not.toContain('both');
    expect(sides.lastIndexOf('left')).toBeLessThan(sides.indexOf('right'));
    const heading = components.find((c) => c.type === 'section_header');
    expect(heading && side(heading), JSON.stringify(components)).toBe('right');
  }, 120_000);

  it('finds the figure above a figure caption', async () => {
    const dpi = 100;
    const components = await componentsOf(scanPng(figurePdf(), dpi));
    const px = (pt: number) => (pt * dpi) / 72;
    const chart = [px(CHART.left), px(792 - CHART.top), px(CHART.right), px(792 - CHART.bottom + 14)];
    const figure = components.find((c) => c.type === 'figure');
    expect(figure, JSON.stringify(components)).toBeDefined();
    const [l, t, r, b] = figure!.bbox;
    const inter = Math.max(0, Math.min(r, chart[2]) - Math.max(l, chart[0])) * Math.max(0, Math.min(b, chart[3]) - Math.max(t, chart[1]));
    const area = (x: number[]) => (x[2] - x[0]) * (x[3] - x[1]);
    expect(inter / (area(figure!.bbox) + area(chart) - inter), JSON.stringify(figure)).toBeGreaterThan(0.5);
  }, 120_000);
});

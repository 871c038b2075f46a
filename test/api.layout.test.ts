/**
 * POST /v1/layout over HTTP on real born-digital PDFs made with mupdf: non_overlapping leaves never overlap,
 * nested mode holds every leaf inside its containers, ids and ranks are stable across two independent runs,
 * reading order follows columns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { get, useTestApp, waitForFinalJob } from './helpers/api.ts';
import { COLUMN_LISTS, columnListsPdf, reportPdf, twoColumnPdf } from './helpers/layout-pdfs.ts';

interface Component {
  id: string;
  reading_order_rank: number;
  type: string;
  bbox: number[];
  score: number | null;
  children?: string[];
}
interface LayoutBody {
  mode: string;
  pages: { page_index: number; width: number; height: number; image_ref: string | null; components: Component[] }[];
}

const app = useTestApp();
const pdf: Record<'report' | 'twoColumn', Buffer> = { report: Buffer.alloc(0), twoColumn: Buffer.alloc(0) };
beforeAll(() => {
  pdf.report = reportPdf();
  pdf.twoColumn = twoColumnPdf();
});

async function layout(t: TestApp, bytes: Buffer, mode?: string): Promise<LayoutBody> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/layout',
    headers: AUTH_A,
    payload: { input: { pdf_base64: bytes.toString('base64') }, execution_mode: 'sync', ...(mode ? { mode } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LayoutBody;
}

const overlaps = (a: number[], b: number[]) => Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);
const inside = (outer: number[], inner: number[]) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

describe('POST /v1/layout', () => {
  it('defaults to non_overlapping: leaves in reading order whose boxes never overlap', async () => {
    const body = await layout(app(), pdf.report);
    expect(body.mode).toBe('non_overlapping');
    expect(body.pages.map((p) => [p.width, p.height])).toEqual([
      [1224, 1584],
      [1224, 1584],
      [1224, 1584],
    ]);
    for (const page of body.pages) {
      const c = page.components;
      expect(c.map((x) => x.reading_order_rank)).toEqual(c.map((_, i) => i));
      for (const x of c) {
        expect(x.id).toMatch(/^p\d+_b\d+$/);
        expect(x.bbox).toHaveLength(4);
        expect(x.bbox.every(Number.isInteger)).toBe(true);
        expect(x.score).toBeGreaterThan(0);
      }
      for (let i = 0; i < c.length; i++)
        for (let j = i + 1; j < c.length; j++) expect(overlaps(c[i].bbox, c[j].bbox), `${c[i].id} / ${c[j].id}`).toBe(false);
      // Running header first, page number last.
      expect(c[0].type).toBe('page_header');
      expect(c.at(-1)!.type).toBe('page_footer');
    }
    expect(body.pages[1].components.filter((x) => x.type === 'list_item')).toHaveLength(3);
  });

  it('ranks a two-column page column by column', async () => {
    const [page] = (await layout(app(), pdf.twoColumn)).pages;
    const text = page.components.filter((c) => c.type === 'text');
    expect(text.length).toBeGreaterThanOrEqual(4);
    const left = text.filter((c) => c.bbox[2] < page.width / 2);
    const right = text.filter((c) => c.bbox[0] > page.width / 2);
    expect(left.length + right.length).toBe(text.length);
    expect(Math.max(...left.map((c) => c.reading_order_rank))).toBeLessThan(Math.min(...right.map((c) => c.reading_order_rank)));
  });

  it('nested mode contains every non_overlapping leaf, inside containers that hold their children', async () => {
    const flat = await layout(app(), pdf.report, 'non_overlapping');
    const nested = await layout(app(), pdf.report, 'nested');
    expect(nested.mode).toBe('nested');
    nested.pages.forEach((page, p) => {
      const byId = new Map(page.components.map((c) => [c.id, c]));
      for (const leaf of flat.pages[p].components) expect(byId.has(leaf.id), leaf.id).toBe(true);
      expect(page.components.map((x) => x.reading_order_rank)).toEqual(page.components.map((_, i) => i));
      for (const container of page.components.filter((c) => c.children?.length)) {
        for (const id of container.children!) {
          expect(byId.has(id), id).toBe(true);
          expect(inside(container.bbox, byId.get(id)!.bbox)).toBe(true);
          expect(byId.get(id)!.reading_order_rank).toBeGreaterThan(container.reading_order_rank);
        }
      }
    });
    const lists = nested.pages[1].components.filter((c) => c.type === 'list');
    expect(lists).toHaveLength(1);
    expect(lists[0].children!.map((id) => nested.pages[1].components.find((c) => c.id === id)!.type)).toEqual([
      'list_item',
      'list_item',
      'list_item',
    ]);
  });

  it('gives a list that ends one column and one that opens the next a list container each', async () => {
    const [page] = (await layout(app(), columnListsPdf(), 'nested')).pages;
    const lists = page.components.filter((c) => c.type === 'list');
    expect(
      lists.map((l) => l.children!.length),
      JSON.stringify(page.components),
    ).toEqual([2, 2]);
    const gutter = ((COLUMN_LISTS.right - 10) * page.width) / 612; // boxes are in page-image pixels; the page is 612 pt wide
    expect(lists.map((l) => (l.bbox[2] < gutter ? 'left' : l.bbox[0] > gutter ? 'right' : 'both'))).toEqual(['left', 'right']);
  });

  it('answers the same ids, types, boxes and ranks from a fresh analysis', async () => {
    const other = await createTestApp();
    try {
      for (const mode of ['non_overlapping', 'nested']) {
        const components = (body: LayoutBody) => body.pages.map((p) => p.components);
        expect(components(await layout(other, pdf.report, mode))).toEqual(components(await layout(app(), pdf.report, mode)));
      }
    } finally {
      await other.close();
    }
  });

  it('runs async and refuses an unknown mode', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/v1/layout',
      headers: AUTH_A,
      payload: { input: { pdf_base64: pdf.twoColumn.toString('base64') } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const final = await waitForFinalJob(app().app, res.json().job_id);
    expect(final).toMatchObject({ operation: 'layout', status: 'completed' });
    expect((await get(app().app, `/v1/jobs/${final.job_id}/result`)).json()).toMatchObject({
      mode: 'non_overlapping',
      pages: [{ page_index: 0 }],
    });
    const bad = await app().app.inject({
      method: 'POST',
      url: '/v1/layout',
      headers: AUTH_A,
      payload: { input: { pdf_base64: pdf.twoColumn.toString('base64') }, mode: 'overlapping' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

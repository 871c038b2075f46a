/**
 * POST /api/v1/parse over HTTP on real born-digital PDFs made with mupdf: reading order, page furniture, headings,
 * lists, grounding (regions contain their chunks' characters, in page-image pixels), profiles, the analysis cache,
 * text/markdown inputs and bad inputs.
 */
import { createHash } from 'node:crypto';
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A } from './helpers/app.ts';
import { waitFor } from './helpers/jobs-wait.ts';
import { get, imageSize, parse, tinyPng, upload, uploadOne, useTestApp, waitForFinalJob } from './helpers/api.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import {
  BROKEN,
  REPORT,
  TWO_COLUMN,
  brokenPagePdf,
  longPdf,
  pagelessPdf,
  paragraphsPage,
  referenceLines,
  reportPdf,
  twoColumnPdf,
  type ReferenceLine,
} from './helpers/layout-pdfs.ts';

interface Region {
  region_id: string;
  page_index: number;
  shape: { x: number; y: number; w: number; h: number };
  label: string;
}
interface Chunk {
  chunk_id: string;
  markdown: string;
  type: string;
  page_index: number;
  region_ids: string[];
  bbox: number[] | null;
}
interface ParseBody {
  markdown: string;
  doc_id: string;
  version: string;
  pages: { page_index: number; width: number; height: number; image_ref: string }[];
  regions: Region[];
  chunks: Chunk[];
  metadata: { page_count: number; file_id: string; skipped_pages: { page_index: number; reason: string }[]; pages_needing_ocr: number[] };
}

const app = useTestApp();
const pdf: Record<'twoColumn' | 'report' | 'broken', Buffer> = {
  twoColumn: Buffer.alloc(0),
  report: Buffer.alloc(0),
  broken: Buffer.alloc(0),
};
beforeAll(() => {
  pdf.twoColumn = twoColumnPdf();
  pdf.report = reportPdf();
  pdf.broken = brokenPagePdf();
});

/** One page: a sentence, a 4×3 table ruled on every edge, a sentence. */
function ruledTablePdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const rows = [
    ['Item', 'Quantity', 'Price'],
    ['Apples', '3', '1.20'],
    ['Pears', '5', '2.10'],
    ['Plums', '12', '0.80'],
  ];
  const cols = [72, 222, 372, 522];
  const top = 600;
  const h = 22;
  const ops = ['BT /F1 12 Tf 72 700 Td (Quarterly fruit order for the northern warehouse.) Tj ET', '0.8 w'];
  for (let r = 0; r <= rows.length; r++) ops.push(`${cols[0]} ${top - r * h} m ${cols[3]} ${top - r * h} l S`);
  for (const x of cols) ops.push(`${x} ${top} m ${x} ${top - rows.length * h} l S`);
  rows.forEach((row, r) => row.forEach((cell, c) => ops.push(`BT /F1 11 Tf ${cols[c] + 6} ${top - r * h - 15} Td (${cell}) Tj ET`)));
  ops.push('BT /F1 12 Tf 72 400 Td (Deliveries arrive every Monday before noon.) Tj ET');
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, doc.addObject({ Font: { F1: font } }), ops.join('\n')));
  const bytes = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return bytes;
}

async function parseOk(body: Record<string, unknown>): Promise<ParseBody> {
  const res = await parse(app().app, { execution_mode: 'sync', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ParseBody;
}

const parsePdf = (bytes: Buffer, options: Record<string, unknown> = {}) =>
  parseOk({ input: { pdf_base64: bytes.toString('base64'), filename: 'doc.pdf' }, ...options });

/** Text as a reader sees it: escapes gone, list markers gone, whitespace collapsed. */
const plain = (s: string) =>
  s
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/^\s*(?:[-•]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

function contains(region: Region, box: number[]): boolean {
  const { x, y, w, h } = region.shape;
  return x <= box[0] && y <= box[1] && x + w >= box[2] && y + h >= box[3];
}

/** Every line mupdf reads is in a chunk holding its text, and one of that chunk's regions contains its characters. */
function expectGrounded(body: ParseBody, reference: ReferenceLine[][]): void {
  const regions = new Map(body.regions.map((r) => [r.region_id, r]));
  for (const chunk of body.chunks) for (const id of chunk.region_ids) expect(regions.has(id), `${chunk.chunk_id} → ${id}`).toBe(true);
  for (const line of reference.flat()) {
    const text = plain(line.text);
    // The same sentence may occur in several paragraphs: the line belongs to one of them.
    const holders = body.chunks.filter((c) => c.page_index === line.page && plain(c.markdown).includes(text));
    expect(holders.length, `no chunk on page ${line.page} holds "${text}"`).toBeGreaterThan(0);
    const grounded = holders.filter((c) => c.region_ids.some((id) => contains(regions.get(id)!, line.box)));
    expect(grounded.length, `no region of ${holders.map((c) => c.chunk_id).join(', ')} contains "${text}" ${line.box.join(',')}`).toBe(1);
  }
}

describe('parse: reading order and structure', () => {
  it('reads a two-column page column by column', async () => {
    const { markdown } = await parsePdf(pdf.twoColumn);
    const at = (s: string) => markdown.indexOf(s);
    const order = [
      TWO_COLUMN.title,
      'Left column opens here',
      'Left column continues',
      'Right column begins now',
      'Right column ends here',
    ];
    for (const s of order) expect(at(s), `"${s}" missing from:\n${markdown}`).toBeGreaterThanOrEqual(0);
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
  });

  it('makes running headers and page numbers page_header/page_footer chunks and leaves them out of the markdown', async () => {
    const body = await parsePdf(pdf.report);
    const headers = body.chunks.filter((c) => c.markdown.includes(REPORT.header));
    expect(headers.map((c) => [c.page_index, c.type])).toEqual([
      [0, 'page_header'],
      [1, 'page_header'],
      [2, 'page_header'],
    ]);
    for (const n of [1, 2, 3]) {
      const footer = body.chunks.find((c) => c.markdown.includes(REPORT.footer(n)));
      expect(footer, REPORT.footer(n)).toMatchObject({ page_index: n - 1, type: 'page_footer' });
      expect(body.markdown).not.toContain(REPORT.footer(n));
    }
    expect(body.markdown).not.toContain(REPORT.header);
    expect(body.markdown).toContain(REPORT.body[1].slice(0, 40));
  });

  it('gives headings # levels by size and marks page breaks', async () => {
    const { markdown } = await parsePdf(pdf.report);
    const lines = markdown.split('\n');
    expect(lines).toContain(`# ${REPORT.title}`);
    for (const section of REPORT.sections) expect(lines).toContain(`## ${section}`);
    expect(lines).toContain('<!-- page 2 -->');
    expect(lines).toContain('<!-- page 3 -->');
  });

  it('turns a bulleted and a numbered list into markdown lists', async () => {
    const body = await parsePdf(pdf.report);
    expect(body.markdown).toContain(REPORT.bullets.map((b) => `- ${b}`).join('\n'));
    expect(body.markdown).toContain(REPORT.numbered.map((b, i) => `${i + 1}. ${b}`).join('\n'));
    expect(body.chunks.filter((c) => c.type === 'list_item')).toHaveLength(6);
  });

  it('keeps every printed list marker as printed: letters, bracketed marks and numbers are never renumbered', async () => {
    const items = [
      '(a) The supplier delivers the goods to the named warehouse.',
      '(b) The buyer inspects them within five working days.',
      'k. Payment falls due thirty days after delivery.',
      'l. Late payment bears interest at the agreed rate.',
      'm. Disputes go first to the joint committee.',
      '(X) Both parties keep a copy of every delivery note.',
      '07. Records are kept for seven years.',
      '08. Either party may audit them once a year.',
    ];
    const bytes = helveticaPdf([paragraphsPage([{ text: 'Delivery terms', bold: true, size: 14 }, ...items.map((text) => ({ text }))])]);
    const { markdown } = await parsePdf(bytes);
    const lines = markdown.split('\n').map((l) => l.replace(/^\s*- /, '').replace(/\\/g, ''));
    for (const item of items) expect(lines, item).toContain(item);
  });
});

describe('parse: grounding', () => {
  it.each(['regions', 'ocr_lines'])("with %s, every chunk region resolves and contains the chunk's characters", async (grounding) => {
    for (const bytes of [pdf.report, pdf.twoColumn]) expectGrounded(await parsePdf(bytes, { grounding }), referenceLines(bytes));
  });

  it('gives one region per text line with ocr_lines', async () => {
    const body = await parsePdf(pdf.report, { grounding: 'ocr_lines' });
    const paragraph = body.chunks.find((c) => c.markdown.startsWith('The audit committee'))!;
    expect(paragraph.region_ids.length).toBeGreaterThan(1);
  });

  it("answers region boxes in page-image pixels: page sizes are the rendered images' sizes", async () => {
    const file = await uploadOne(app().app, { filename: 'report.pdf', bytes: pdf.report });
    const body = await parseOk({ input: { file_id: file.file_id } });
    for (const page of body.pages) {
      const image = await get(app().app, page.image_ref);
      expect(image.statusCode).toBe(200);
      expect(await imageSize(image.rawPayload)).toMatchObject({ width: page.width, height: page.height });
      for (const r of body.regions.filter((x) => x.page_index === page.page_index)) {
        expect(r.shape.x).toBeGreaterThanOrEqual(0);
        expect(r.shape.y).toBeGreaterThanOrEqual(0);
        expect(r.shape.x + r.shape.w).toBeLessThanOrEqual(page.width);
        expect(r.shape.y + r.shape.h).toBeLessThanOrEqual(page.height);
      }
    }
    expect(body.pages.map((p) => [p.width, p.height])).toEqual([
      [1224, 1584],
      [1224, 1584],
      [1224, 1584],
    ]);
  });

  it('has no regions with grounding none', async () => {
    const body = await parsePdf(pdf.report, { grounding: 'none' });
    expect(body.regions).toEqual([]);
    expect(body.chunks.every((c) => c.region_ids.length === 0 && c.bbox === null)).toBe(true);
  });
});

describe('parse: responses, profiles and the cache', () => {
  it('holds only the members of rule 2 in a sync parse', async () => {
    const body = await parsePdf(pdf.twoColumn);
    expect(Object.keys(body).sort()).toEqual(['chunks', 'doc_id', 'markdown', 'metadata', 'pages', 'regions', 'version']);
    expect(body.metadata).toMatchObject({ page_count: 1, doc_class: null, skipped_pages: [], pages_needing_ocr: [] });
  });

  it('reads the same text with the fast profile', async () => {
    const fast = await parsePdf(pdf.report, { profile: 'fast' });
    const grounded = await parsePdf(pdf.report);
    expect(plain(fast.markdown)).toBe(plain(grounded.markdown));
  });

  it('stores the analysis once per file content and serves the second parse from it', async () => {
    const first = await uploadOne(app().app, { filename: 'a.pdf', bytes: pdf.twoColumn });
    const second = await uploadOne(app().app, { filename: 'b.pdf', bytes: pdf.twoColumn });
    const one = await parseOk({ input: { file_id: first.file_id } });
    // The answer does not wait for the cache writes: the analysis, and what the formula and chart stages found.
    const sha = createHash('sha256').update(pdf.twoColumn).digest('hex');
    const keys = await waitFor(
      'the analysis in the blob store',
      async () => {
        const found = (await app().runtime.stores.blobs.list('analyses/')).filter((k) => k.startsWith(`analyses/${sha}/`));
        const analysis = found.some((k) => /^analyses\/[0-9a-f]{64}\/[A-Za-z0-9_.-]+-[0-9a-f]{16}\.json\.gz$/.test(k));
        return analysis && found.some((k) => k.endsWith('.parse-graphics-standard.json.gz')) ? found : undefined;
      },
      10_000,
    );
    const two = await parseOk({ input: { file_id: second.file_id } });
    // Only this content's analysis under these options counts: earlier tests' deferred cache writes (other files,
    // other options) may still land while this test runs.
    const graphics = keys.find((k) => k.startsWith(`analyses/${sha}/`) && k.endsWith('.parse-graphics-standard.json.gz'));
    expect(graphics, keys.join('\n')).toBeDefined();
    const stem = graphics!.replace(/\.parse-graphics-standard\.json\.gz$/, '');
    const ofThisParse = (list: string[]) => list.filter((k) => k.startsWith(stem));
    expect(ofThisParse(keys)).toEqual([`${stem}.json.gz`, `${stem}.parse-graphics-standard.json.gz`]);
    expect(ofThisParse(await app().runtime.stores.blobs.list('analyses/'))).toEqual(ofThisParse(keys));
    // Same analysis, but every path names the requesting file.
    expect(two.markdown).toBe(one.markdown);
    expect(two.metadata.file_id).toBe(second.file_id);
    expect(two.pages[0].image_ref).toBe(`/v1/files/${second.file_id}/pages/0/image`);
  });

  it('keeps the rendered view of a big file beside its analysis and serves it to a file with the same bytes', async () => {
    const bytes = longPdf(201);
    const first = await uploadOne(app().app, { filename: 'long-a.pdf', bytes });
    const second = await uploadOne(app().app, { filename: 'long-b.pdf', bytes });
    const one = await parseOk({ input: { file_id: first.file_id }, grounding: 'ocr_lines' });
    expect(one.pages).toHaveLength(201);
    expect(one.markdown).toContain('Paragraph 201 of the long document.');
    await waitFor(
      'the cached view',
      async () => (await app().runtime.stores.blobs.list('analyses/')).find((k) => k.endsWith('.parse-ocr_lines.json.gz')),
      10_000,
    );
    const two = await parseOk({ input: { file_id: second.file_id }, grounding: 'ocr_lines' });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one).replaceAll(first.file_id, second.file_id));
    expect(two.pages[200].image_ref).toBe(`/v1/files/${second.file_id}/pages/200/image`);
  });

  it('reads the text of a drawn table with the fast profile, with no table or figure in the answer', async () => {
    const bytes = ruledTablePdf();
    const grounded = await parsePdf(bytes);
    // The page does hold a table (grounded finds it), so the fast answer below is not vacuous.
    expect(grounded.chunks.some((c) => c.type === 'table' && c.markdown.includes('Apples'))).toBe(true);
    const fast = await parsePdf(bytes, { profile: 'fast' });
    for (const cell of ['Quantity', 'Apples', '1.20', 'Plums', '0.80']) expect(plain(fast.markdown)).toContain(cell);
    expect(plain(fast.markdown)).toContain('Deliveries arrive every Monday before noon.');
    expect(fast.chunks.map((c) => c.type)).not.toContain('table');
    expect(fast.chunks.map((c) => c.type)).not.toContain('figure');
    expect(fast.regions.filter((r) => /table|figure|picture/.test(r.label))).toEqual([]);
  });

  it('runs async with progress in pages and the same body as sync', async () => {
    const file = await uploadOne(app().app, { filename: 'report.pdf', bytes: pdf.report });
    const res = await parse(app().app, { input: { file_id: file.file_id }, profile: 'fast' });
    const final = await waitForFinalJob(app().app, res.json().job_id);
    expect(final).toMatchObject({ status: 'completed', progress: { done: 3, total: 3, unit: 'pages' } });
    const result = await get(app().app, `/v1/jobs/${final.job_id}/result`, AUTH_A);
    expect(result.json()).toEqual(await parseOk({ input: { file_id: file.file_id }, profile: 'fast' }));
  });
});

describe('parse: text, markdown and image inputs', () => {
  it('parses inline markdown into typed chunks and keeps its syntax', async () => {
    const markdown =
      '# Guide\n\nIntro *text* here.\n\n## Steps\n\n- first\n- second\n  - nested\n\n1. one\n2. two\n\n```js\nconst x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    const body = await parseOk({ input: { markdown } });
    expect(body.chunks.map((c) => c.type)).toEqual([
      'title',
      'text',
      'section_header',
      'list_item',
      'list_item',
      'list_item',
      'list_item',
      'list_item',
      'code',
      'table',
    ]);
    expect(body.markdown).toBe(
      '# Guide\n\nIntro *text* here.\n\n## Steps\n\n- first\n- second\n   - nested\n1. one\n2. two\n\n```\nconst x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(body.pages).toEqual([{ page_index: 0, width: null, height: null, image_ref: null, ocr_median_line_height: null }]);
    expect(body.regions).toEqual([]);
  });

  it('parses inline text into paragraphs, escaping what would read as markdown', async () => {
    const body = await parseOk({ input: { text: '# not a heading\n\nsecond\nline\n\n- not a list' } });
    expect(body.chunks.map((c) => c.markdown)).toEqual(['\\# not a heading', 'second line', '\\- not a list']);
  });

  it('reports image pages as needing OCR', async () => {
    const png = await tinyPng();
    const body = await parseOk({ input: { image_base64: png.toString('base64') } });
    expect(body.chunks).toEqual([]);
    expect(body.metadata.pages_needing_ocr).toEqual([0]);
    expect(body.pages[0]).toMatchObject({ width: 8, height: 8 });
  });
});

describe('parse: bad inputs', () => {
  it('refuses a PDF without pages: 422 inline, 415 on upload', async () => {
    const res = await parse(app().app, { execution_mode: 'sync', input: { pdf_base64: pagelessPdf().toString('base64') } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toMatch(/no pages/);
    const uploaded = await upload(app().app, [{ filename: 'empty.pdf', bytes: pagelessPdf() }]);
    expect(uploaded.statusCode, uploaded.body).toBe(415);
    expect(uploaded.json().detail).toMatch(/no pages/);
  });

  it('refuses inline base64 that is not a PDF with 422', async () => {
    const res = await parse(app().app, {
      execution_mode: 'sync',
      input: { pdf_base64: Buffer.from('just some words, no PDF here').toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toMatch(/detected plain text/);
  });

  it('parses the good pages of a PDF with a broken page and lists the skipped one', async () => {
    const body = await parsePdf(pdf.broken);
    for (const text of BROKEN.good) expect(body.markdown).toContain(text);
    expect(body.metadata.page_count).toBe(3);
    expect(body.metadata.skipped_pages).toEqual([{ page_index: 1, reason: expect.any(String) }]);
    expect(body.pages).toHaveLength(3);
    expect(body.chunks.filter((c) => c.page_index === 1)).toEqual([]);
  });
});

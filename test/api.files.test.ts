/**
 * Files over HTTP: upload of every supported format, FileRef fields, refusal of bad files with nothing left
 * stored, page images (size, dpi, formats, ETag/304, range), and inline inputs that become stored files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_A, createTestApp, type TestApp } from './helpers/app.ts';
import { createFixtures, type BadFixture, type Fixtures, type GoodFixture } from './helpers/fixtures.ts';
import { detailOf, get, imageSize, parse, storedFiles, upload, uploadOne, type FileRefBody } from './helpers/api.ts';

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  [t, fx] = await Promise.all([createTestApp({}, { worker: true }), createFixtures()]);
});
afterAll(async () => {
  await t?.close();
  await fx?.cleanup();
});

type DocumentKey = 'pdf' | 'png' | 'jpegExif6' | 'tiff' | 'webp' | 'bmp' | 'gif';
const DOCUMENTS: DocumentKey[] = ['pdf', 'png', 'jpegExif6', 'tiff', 'webp', 'bmp', 'gif'];

function expectFileRef(ref: FileRefBody, fixture: GoodFixture): void {
  expect(ref).toEqual({
    file_id: expect.stringMatching(/^file_[0-9a-z]{20,}$/),
    filename: fixture.filename,
    size_bytes: fixture.bytes.length,
    created_at: expect.any(Number),
    content_type: fixture.contentType,
    page_count: fixture.pages.length,
  });
  expect(Math.abs(ref.created_at - Date.now() / 1000)).toBeLessThan(300);
}

const MAGIC: Record<string, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
};
function expectMagic(body: Buffer, type: string): void {
  if (type === 'image/webp') {
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
  } else {
    expect(body.subarray(0, MAGIC[type].length).equals(MAGIC[type])).toBe(true);
  }
}

describe('upload', () => {
  it('stores every supported format in one request, in request order, with correct FileRefs', async () => {
    const fixtures = DOCUMENTS.map((k) => fx.good[k]);
    const res = await upload(t.app, fixtures);
    expect(res.statusCode, res.body).toBe(200);
    const refs = (res.json() as { files: FileRefBody[] }).files;
    expect(refs).toHaveLength(fixtures.length);
    refs.forEach((ref, i) => expectFileRef(ref, fixtures[i]));
    expect(new Set(refs.map((r) => r.file_id)).size).toBe(refs.length);
  });

  it.each(DOCUMENTS)('stores %s on its own; GET /v1/files/{id} answers the same FileRef', async (key) => {
    const ref = await uploadOne(t.app, fx.good[key]);
    expectFileRef(ref, fx.good[key]);
    const fetched = await get(t.app, `/v1/files/${ref.file_id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(ref);
  });

  it('detects the content type from the bytes when the filename lies', async () => {
    const ref = await uploadOne(t.app, fx.good.pngNamedPdf);
    expect(ref.filename).toBe('actually-an-image.pdf');
    expect(ref.content_type).toBe('image/png');
    expect(ref.page_count).toBe(1);
  });

  it('counts pages of PDFs and multi-page TIFFs', async () => {
    expect((await uploadOne(t.app, fx.good.pdf)).page_count).toBe(3);
    expect((await uploadOne(t.app, fx.good.tiff)).page_count).toBe(3);
  });
});

describe('refused uploads', () => {
  const BAD: (keyof Fixtures['bad'])[] = [
    'zeroByte',
    'truncatedPdf',
    'encryptedPdf',
    'docxAsPdf',
    'textAsPng',
    'garbagePdf',
    'truncatedPng',
    'truncatedJpeg',
  ];

  it.each(BAD)('%s: 415 with a message naming the problem, and nothing stored', async (key) => {
    const bad: BadFixture = fx.bad[key];
    const before = await storedFiles(t.runtime);
    const res = await upload(t.app, [bad]);
    expect(res.statusCode, res.body).toBe(415);
    expect(detailOf(res)).toMatch(bad.message);
    expect(await storedFiles(t.runtime)).toEqual(before);
  });

  it.each([
    ['good file first', (good: GoodFixture, bad: BadFixture) => [good, bad]],
    ['bad file first', (good: GoodFixture, bad: BadFixture) => [bad, good]],
  ] as const)('a request with one good and one bad file stores neither (%s)', async (_order, arrange) => {
    const before = await storedFiles(t.runtime);
    const res = await upload(t.app, arrange(fx.good.pdf, fx.bad.encryptedPdf));
    expect(res.statusCode, res.body).toBe(415);
    expect(detailOf(res)).toMatch(fx.bad.encryptedPdf.message);
    expect(await storedFiles(t.runtime)).toEqual(before);
  });

  it('a good file after a refused request still uploads (nothing stuck half-done)', async () => {
    expect((await upload(t.app, [fx.good.png, fx.bad.zeroByte])).statusCode).toBe(415);
    expectFileRef(await uploadOne(t.app, fx.good.png), fx.good.png);
  });
});

describe('page images', () => {
  const refs = {} as Record<DocumentKey, FileRefBody>;
  beforeAll(async () => {
    const res = await upload(
      t.app,
      DOCUMENTS.map((k) => fx.good[k]),
    );
    (res.json() as { files: FileRefBody[] }).files.forEach((ref, i) => (refs[DOCUMENTS[i]] = ref));
  });
  const image = (key: DocumentKey, page: number, query = '', headers: Record<string, string> = {}) =>
    get(t.app, `/v1/files/${refs[key].file_id}/pages/${page}/image${query}`, AUTH_A, headers);

  it.each(DOCUMENTS)('%s: every page is a PNG by default, sized like the coordinate space', async (key) => {
    const fixture = fx.good[key];
    for (const [page, size] of fixture.pages.entries()) {
      const res = await image(key, page);
      expect(res.statusCode, `${key} page ${page}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expectMagic(res.rawPayload, 'image/png');
      expect(await imageSize(res.rawPayload), `${key} page ${page}`).toMatchObject({ ...size, format: 'png' });
    }
  });

  it('renders PDF pages at 144 dpi by default (2 px per point) and at ?dpi=72 (1 px per point)', async () => {
    expect(await imageSize((await image('pdf', 0)).rawPayload)).toMatchObject({ width: 1224, height: 1584 });
    const res = await image('pdf', 0, '?dpi=72');
    expect(res.statusCode).toBe(200);
    expect(await imageSize(res.rawPayload)).toMatchObject({ width: 612, height: 792 });
    expect(await imageSize((await image('pdf', 2, '?dpi=72')).rawPayload)).toMatchObject({ width: 842, height: 596 });
  });

  it('scales images relative to 144 dpi when ?dpi is given', async () => {
    expect(await imageSize((await image('png', 0, '?dpi=72')).rawPayload)).toMatchObject({ width: 320, height: 240 });
  });

  it.each(['image/jpeg', 'image/webp'])('answers %s when the Accept header asks for it', async (type) => {
    const res = await image('pdf', 1, '', { accept: type });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expectMagic(res.rawPayload, type);
    expect(await imageSize(res.rawPayload)).toMatchObject({ width: 1224, height: 1584 });
  });

  it('falls back to PNG for wildcards and types it cannot render', async () => {
    for (const accept of ['*/*', 'image/*', 'image/avif', 'text/html, image/gif']) {
      const res = await image('png', 0, '', { accept });
      expect(res.headers['content-type'], accept).toBe('image/png');
    }
  });

  it('sets a strong ETag that is stable per rendition and answers 304 to If-None-Match', async () => {
    const first = await image('tiff', 1);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await image('tiff', 1)).headers.etag).toBe(etag);
    const notModified = await image('tiff', 1, '', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    const others = [await image('tiff', 2), await image('tiff', 1, '?dpi=72'), await image('tiff', 1, '', { accept: 'image/webp' })];
    for (const other of others) expect(other.headers.etag).not.toBe(etag);
    expect((await image('tiff', 1, '', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('answers 404 Page not found for a page past the end', async () => {
    for (const [key, page] of [
      ['pdf', 3],
      ['tiff', 3],
      ['png', 1],
    ] as const) {
      const res = await image(key, page);
      expect(res.statusCode, `${key} ${page}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Page not found' });
    }
  });
});

describe('inline inputs to a sync parse', () => {
  async function parseInline(input: Record<string, string>) {
    const res = await parse(t.app, { input, execution_mode: 'sync' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      metadata: { file_id: string };
      pages: { width: number | null; height: number | null; image_ref: string | null }[];
    };
    expect(body.metadata.file_id).toMatch(/^file_/);
    const file = await get(t.app, `/v1/files/${body.metadata.file_id}`);
    expect(file.statusCode).toBe(200);
    return { body, file: file.json() as FileRefBody };
  }

  it('pdf_base64 is stored as a PDF whose page images work and match the parse pages', async () => {
    const { body, file } = await parseInline({ pdf_base64: fx.good.pdf.bytes.toString('base64'), filename: 'inline-report.pdf' });
    expect(file).toMatchObject({
      content_type: 'application/pdf',
      page_count: 3,
      filename: 'inline-report.pdf',
      size_bytes: fx.good.pdf.bytes.length,
    });
    for (const [i, page] of body.pages.entries()) {
      const res = await get(t.app, page.image_ref ?? '');
      expect(res.statusCode).toBe(200);
      expect(await imageSize(res.rawPayload)).toMatchObject({ width: page.width, height: page.height });
      expect({ width: page.width, height: page.height }).toEqual(fx.good.pdf.pages[i]);
    }
  });

  it('image_base64 (as a data URL too) is stored as an image whose page image works', async () => {
    for (const value of [
      fx.good.jpegExif6.bytes.toString('base64'),
      `data:image/jpeg;base64,${fx.good.jpegExif6.bytes.toString('base64')}`,
    ]) {
      const { body, file } = await parseInline({ image_base64: value });
      expect(file).toMatchObject({ content_type: 'image/jpeg', page_count: 1 });
      const res = await get(t.app, `/v1/files/${file.file_id}/pages/0/image`);
      expect(res.statusCode).toBe(200);
      expect(await imageSize(res.rawPayload)).toMatchObject({ width: 240, height: 400 });
      expect(body.pages[0]).toMatchObject({ width: 240, height: 400 });
    }
  });

  it('text and markdown are stored as files (with no page images)', async () => {
    const text = await parseInline({ text: 'Invoice 42\nTotal: 10 EUR' });
    expect(text.file).toMatchObject({ content_type: 'text/plain', page_count: 1 });
    const md = await parseInline({ markdown: '# Invoice 42\n\nTotal: **10 EUR**', filename: 'note.md' });
    expect(md.file).toMatchObject({ content_type: 'text/markdown', filename: 'note.md' });
    const res = await get(t.app, `/v1/files/${md.file.file_id}/pages/0/image`);
    expect(res.statusCode).toBe(422);
    expect(detailOf(res)).toMatch(/page images exist only for PDF and image files/);
  });
});

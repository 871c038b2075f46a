/**
 * Uploads of formats that are laid out into pages (DOCX, XLSX, PPTX, HTML, Markdown, plain text): each is a
 * FileRef of its own type with pages, parses to its text in reading order grounded on page images, keeps its
 * tables as tables, and refuses corrupt or oversized Office files with a clear 4xx.
 */
import { describe, expect, it } from 'vitest';
import { encodeZip } from './helpers/encoders.ts';
import { buildDocx, buildPptx, buildXlsx, deflatedZip } from './helpers/office.ts';
import {
  detailOf,
  get,
  imageSize,
  parse,
  storedFiles,
  upload,
  uploadOne,
  useNatsTestApp,
  useTestApp,
  type FileRefBody,
} from './helpers/api.ts';
import type { TestApp } from './helpers/app.ts';
import { natsOrSkip } from './helpers/nats-server.ts';

interface Region {
  region_id: string;
  page_index: number;
  shape: { x: number; y: number; w: number; h: number };
}
interface Chunk {
  markdown: string;
  type: string;
  region_ids: string[];
}
interface ParseBody {
  markdown: string;
  metadata: { content_type: string; pages_needing_ocr: number[] };
  pages: { page_index: number; width: number; height: number; image_ref: string }[];
  regions: Region[];
  chunks: Chunk[];
}

const app = useTestApp({}, { worker: true });

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const ORDER_TABLE = [
  ['Item', 'Quantity', 'Price'],
  ['Apples', '3', '1.20'],
  ['Pears', '5', '2.10'],
];

const FILES: { name: string; filename: string; bytes: Buffer; type: string; texts: string[] }[] = [
  {
    name: 'DOCX',
    filename: 'agreement.docx',
    bytes: buildDocx(['# Supply Agreement', 'The supplier delivers fruit every Monday.'], ORDER_TABLE, [
      'Payment is due within thirty days.',
    ]),
    type: DOCX,
    texts: ['Supply Agreement', 'The supplier delivers fruit every Monday.', 'Apples', 'Payment is due within thirty days.'],
  },
  {
    name: 'XLSX',
    filename: 'orders.xlsx',
    bytes: buildXlsx('Orders', [
      ['Item', 'Quantity', 'Price'],
      ['Apples', 3, 1.2],
      ['Pears', 5, 2.1],
    ]),
    type: XLSX,
    texts: ['Orders', 'Item', 'Apples', '1.2', 'Pears'],
  },
  {
    name: 'PPTX',
    filename: 'review.pptx',
    bytes: buildPptx([
      ['Quarterly Review', 'Revenue grew in every region.'],
      ['Next Steps', 'Open two new warehouses.'],
    ]),
    type: PPTX,
    texts: ['Quarterly Review', 'Revenue grew in every region.', 'Next Steps', 'Open two new warehouses.'],
  },
  {
    name: 'HTML',
    filename: 'page.html',
    bytes: Buffer.from(
      '<!DOCTYPE html><html><head><title>Notes</title></head><body><h1>Warehouse Notes</h1><p>Deliveries arrive before noon.</p>' +
        '<table><tr><td>Item</td><td>Quantity</td></tr><tr><td>Apples</td><td>3</td></tr><tr><td>Pears</td><td>5</td></tr></table><p>End of notes.</p></body></html>',
    ),
    type: 'text/html',
    texts: ['Warehouse Notes', 'Deliveries arrive before noon.', 'Apples', 'End of notes.'],
  },
  {
    name: 'Markdown',
    filename: 'readme.md',
    bytes: Buffer.from(
      '# Project Plan\n\nThe first phase starts in March.\n\n- design the schema\n- write the importer\n\nThe second phase follows in June.',
    ),
    type: 'text/markdown',
    texts: ['Project Plan', 'The first phase starts in March.', 'write the importer', 'The second phase follows in June.'],
  },
  {
    name: 'plain text',
    filename: 'memo.txt',
    bytes: Buffer.from('Memo to all staff\n\nThe office closes early on Friday.\nPlease lock the windows before leaving.\n'),
    type: 'text/plain',
    texts: ['Memo to all staff', 'The office closes early on Friday.', 'Please lock the windows before leaving.'],
  },
];

async function parseFile(fileId: string): Promise<ParseBody> {
  const res = await parse(app().app, { execution_mode: 'sync', input: { file_id: fileId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ParseBody;
}

const plain = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/\s+/g, ' ');

describe.each(FILES)('$name upload', ({ filename, bytes, type, texts }) => {
  let ref: FileRefBody;

  it('is a FileRef of its own type with pages', async () => {
    ref = await uploadOne(app().app, { filename, bytes });
    expect(ref).toMatchObject({ filename, content_type: type, size_bytes: bytes.length });
    expect(ref.page_count).toBeGreaterThanOrEqual(1);
  });

  it('parses to its text in reading order, grounded on the page images', async () => {
    const body = await parseFile(ref.file_id);
    expect(body.pages).toHaveLength(ref.page_count);
    expect(body.metadata.content_type).toBe(type);
    expect(body.metadata.pages_needing_ocr).toEqual([]); // the rendition's text layer is the document's text
    const text = plain(body.markdown);
    const positions = texts.map((t) => text.indexOf(t));
    for (const [i, at] of positions.entries()) expect(at, `"${texts[i]}" in ${text}`).toBeGreaterThanOrEqual(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(body.regions.length).toBeGreaterThan(0);
    for (const region of body.regions) {
      const page = body.pages[region.page_index];
      const { x, y, w, h } = region.shape;
      expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= page.width && y + h <= page.height, JSON.stringify(region)).toBe(true);
    }
    const image = await get(app().app, body.pages[0].image_ref);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await imageSize(image.rawPayload)).toMatchObject({ width: body.pages[0].width, height: body.pages[0].height });
  });
});

describe('tables', () => {
  it.each(FILES.filter((f) => ['DOCX', 'XLSX', 'HTML'].includes(f.name)))(
    'a table in $name comes out as a table',
    async ({ filename, bytes }) => {
      const ref = await uploadOne(app().app, { filename, bytes });
      const body = await parseFile(ref.file_id);
      const tables = body.chunks.filter((c) => c.type === 'table');
      expect(tables.map((c) => c.markdown).join('\n'), JSON.stringify(body.chunks.map((c) => c.type))).toMatch(/Apples[\s\S]*Pears/);
    },
  );
});

describe('text types', () => {
  it('the same bytes named .md are laid out as Markdown and named .txt as plain text, each analysed on its own', async () => {
    const bytes = Buffer.from('# Delivery Terms\n\nGoods ship within **five** days.\n');
    const md = await uploadOne(app().app, { filename: 'terms.md', bytes });
    const txt = await uploadOne(app().app, { filename: 'terms.txt', bytes });
    expect([md.content_type, txt.content_type]).toEqual(['text/markdown', 'text/plain']);
    const [asMarkdown, asText] = [plain((await parseFile(md.file_id)).markdown), plain((await parseFile(txt.file_id)).markdown)];
    expect(asMarkdown).toContain('Delivery Terms');
    expect(asMarkdown).not.toContain('**five**');
    expect(asText).toContain('# Delivery Terms');
    expect(asText).toContain('**five**');
  });
});

describe('untrusted content', () => {
  it('HTML scripts, frames and remote images leave no text behind', async () => {
    const html =
      '<html><head><link rel="stylesheet" href="http://example.invalid/a.css"><script>document.write("INJECTED")</script></head>' +
      '<body><p>Visible paragraph.</p><img src="http://example.invalid/pixel.png"><iframe src="http://example.invalid/"></iframe></body></html>';
    const ref = await uploadOne(app().app, { filename: 'x.html', bytes: Buffer.from(html) });
    const body = await parseFile(ref.file_id);
    expect(body.markdown).toContain('Visible paragraph.');
    expect(body.markdown).not.toMatch(/INJECTED|\[image\]/);
  });

  it('a corrupt DOCX is a 415 naming the format, and nothing is stored', async () => {
    const before = await storedFiles(app().runtime);
    const good = buildDocx(['Hello'], [['a']], []);
    const res = await upload(app().app, [{ filename: 'cut.docx', bytes: good.subarray(0, Math.floor(good.length * 0.6)) }]);
    expect(res.statusCode, res.body).toBe(415);
    expect(detailOf(res)).toMatch(/DOCX document but is corrupt/);
    const garbled = encodeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<not xml') },
    ]);
    const res2 = await upload(app().app, [{ filename: 'bad.docx', bytes: garbled }]);
    expect(res2.statusCode, res2.body).toBe(415);
    expect(detailOf(res2)).toMatch(/DOCX document/);
    expect(await storedFiles(app().runtime)).toEqual(before);
  });

  it('an Office file whose parts unpack past the limit is a 413', async () => {
    const bomb = buildXlsx('Big', [['a']]);
    // Declare a huge uncompressed size for the first central-directory entry (what a zip bomb shows).
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffff0, central + 24);
    const res = await upload(app().app, [{ filename: 'big.xlsx', bytes: bomb }]);
    expect(res.statusCode, res.body).toBe(413);
    expect(detailOf(res)).toMatch(/XLSX spreadsheet unpacks to \d+ MiB, over the 256 MiB limit/);
  });

  it('a spreadsheet spanning more cells than the limit is a 413', async () => {
    const rows: (string | number)[][] = Array.from({ length: 10_000 }, () => []);
    rows[0] = ['corner'];
    rows[9_999] = Array.from({ length: 26 }, (_, i) => i);
    const res = await upload(app().app, [{ filename: 'sparse.xlsx', bytes: buildXlsx('Sparse', rows) }]);
    expect(res.statusCode, res.body).toBe(413);
    expect(detailOf(res)).toMatch(/XLSX spreadsheet spans more than 200000 cells/);
  });

  it('an Office file with a part that unpacks past its declared size is refused before it is read', async () => {
    const parts = [
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20) },
    ];
    const honest = await upload(app().app, [{ filename: 'honest.docx', bytes: deflatedZip(parts) }]);
    expect(detailOf(honest)).not.toMatch(/declared size/);
    const lying = await upload(app().app, [{ filename: 'lying.docx', bytes: deflatedZip(parts, () => 1000) }]);
    expect(lying.statusCode, lying.body).toBe(415);
    expect(detailOf(lying)).toMatch(/DOCX document but is corrupt\/truncated: a part unpacks to more than its declared size/);
  });
});

/** The original and its PDF rendition are stored side by side, served, and removed together with the file. */
async function expectStoredAndRemoved(t: TestApp): Promise<void> {
  const ref = await uploadOne(t.app, { filename: 'agreement.docx', bytes: FILES[0].bytes });
  const blobs = await t.runtime.stores.blobs.list(`files/${ref.file_id}/`);
  expect(blobs.sort()).toEqual([`files/${ref.file_id}/original`, `files/${ref.file_id}/rendition.pdf`]);
  expect((await t.runtime.stores.blobs.getBuffer(`files/${ref.file_id}/original`)).equals(FILES[0].bytes)).toBe(true);
  expect((await t.runtime.stores.blobs.getBuffer(`files/${ref.file_id}/rendition.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await get(t.app, `/v1/files/${ref.file_id}/pages/0/image`)).statusCode).toBe(200);
  expect((await get(t.app, `/v1/files/${ref.file_id}`)).json()).toMatchObject({ content_type: DOCX });
  await t.runtime.files.remove('a', ref.file_id);
  expect(await t.runtime.stores.blobs.list(`files/${ref.file_id}/`)).toEqual([]);
  expect(await t.runtime.stores.blobs.list(`renders/${ref.file_id}/`)).toEqual([]);
}

describe('storage (SQLite and files)', () => {
  it('stores the original beside its rendition and removes both', () => expectStoredAndRemoved(app()));
});

const haveNats = natsOrSkip('converted formats on NATS');
describe.skipIf(!haveNats)('storage (NATS)', () => {
  const natsApp = useNatsTestApp({}, { worker: true });

  it('stores the original beside its rendition and removes both', () => expectStoredAndRemoved(natsApp()));
});

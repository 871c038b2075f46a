import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { encodeBmp24, encodeBombPng, encodeMultiPageTiff, encodeZip, patternRgb } from './encoders.ts';

/**
 * Real test documents, generated at test time into a temp dir (no binary fixtures in git).
 * Each good fixture states what a correct implementation must report: content type and the pixel size of
 * every default page image (PDF at 144 dpi = 2 px per point; images at native size after EXIF orientation).
 */

export interface PageSize {
  width: number;
  height: number;
}

export interface GoodFixture {
  filename: string;
  path: string;
  bytes: Buffer;
  contentType: string;
  pages: PageSize[];
}

export interface BadFixture {
  filename: string;
  path: string;
  bytes: Buffer;
  /** 415 on upload (UnsupportedMediaError) or 413 (PayloadTooLargeError, for decompression bombs). */
  status: 413 | 415;
  /** A fragment the error message must contain. */
  message: RegExp;
}

export interface Fixtures {
  dir: string;
  good: Record<'pdf' | 'png' | 'pngNamedPdf' | 'jpegExif6' | 'webp' | 'gif' | 'tiff' | 'bmp' | 'json', GoodFixture>;
  bad: Record<
    | 'encryptedPdf'
    | 'truncatedPdf'
    | 'garbagePdf'
    | 'truncatedPng'
    | 'truncatedJpeg'
    | 'zeroByte'
    | 'docxAsPdf'
    | 'textAsPng'
    | 'bombPng'
    | 'arrayJson',
    BadFixture
  >;
  cleanup(): Promise<void>;
}

const LINES = [
  'Quarterly report for the northern region',
  'Revenue grew by 12 percent compared with the previous quarter.',
  'Operating costs stayed flat; headcount rose from 41 to 44.',
  'Invoice INV-2024-0042 remains open for 1,250.00 EUR.',
];

/** PDF content stream drawing real text with the given font resource names. */
function textContent(pageNumber: number, top: number): string {
  const body = LINES.map((line, i) => `BT /${i === 0 ? 'F2' : 'F1'} ${i === 0 ? 18 : 11} Tf 56 ${top - i * 24} Td (${line}) Tj ET`).join(
    '\n',
  );
  const rule = `0.2 w 56 ${top - LINES.length * 24} m 400 ${top - LINES.length * 24} l S`;
  return `${body}\n${rule}\nBT /F1 9 Tf 56 40 Td (Page ${pageNumber}) Tj ET\n`;
}

/**
 * Three pages: US Letter, US Letter, and A4 with /Rotate 90 (shown landscape), all with Helvetica/Times text.
 * Expected 144-dpi sizes: 1224x1584, 1224x1584, 1684x1191 (841.89 x 595.28 pt rounded outward like mupdf).
 */
export function makeTextPdf(): mupdf.PDFDocument {
  const doc = new mupdf.PDFDocument();
  const helvetica = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const times = doc.addSimpleFont(new mupdf.Font('Times-Bold'));
  const pages: [mupdf.Rect, mupdf.Rotate, number][] = [
    [[0, 0, 612, 792], 0, 740],
    [[0, 0, 612, 792], 0, 740],
    [[0, 0, 595.28, 841.89], 90, 780],
  ];
  pages.forEach(([box, rotate, top], i) => {
    const resources = doc.addObject({ Font: { F1: helvetica, F2: times } });
    doc.insertPage(-1, doc.addPage(box, rotate, resources, textContent(i + 1, top)));
  });
  return doc;
}

function pdfBytes(doc: mupdf.PDFDocument, options: string): Buffer {
  // Copy out of WASM memory at once: the view is detached when mupdf's heap grows.
  return Buffer.from(doc.saveToBuffer(options).asUint8Array());
}

/** A download cut off before the last page object: the page tree names 3 pages, the file holds 2. */
function truncateBeforeLastPage(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const lastPage = text.lastIndexOf('/Type/Page');
  const objectStart = text.lastIndexOf(' 0 obj', lastPage);
  const lineStart = text.lastIndexOf('\n', objectStart) + 1;
  return pdf.subarray(0, lineStart);
}

async function rasterFixtures() {
  const drawing = (w: number, h: number) =>
    Buffer.from(
      `<svg width="${w}" height="${h}"><rect x="4" y="4" width="${w / 2}" height="${h / 3}" fill="#1f4e79"/>` +
        `<circle cx="${w * 0.75}" cy="${h * 0.7}" r="${Math.min(w, h) / 6}" fill="#c00000"/></svg>`,
    );
  const canvas = (w: number, h: number, channels: 3 | 4 = 3) =>
    sharp({ create: { width: w, height: h, channels, background: channels === 4 ? { r: 0, g: 0, b: 0, alpha: 0 } : '#f4f1e8' } }).composite(
      [{ input: drawing(w, h) }],
    );
  const png = await canvas(640, 480, 4).png().toBuffer();
  // Stored 400x240; EXIF orientation 6 (rotate 90° clockwise to display) makes it 240x400.
  const jpegExif6 = await canvas(400, 240).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
  const webp = await canvas(320, 200).webp({ quality: 80 }).toBuffer();
  const gif = await canvas(200, 120).gif().toBuffer();
  return { png, jpegExif6, webp, gif };
}

export async function createFixtures(): Promise<Fixtures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docintel-fixtures-'));
  const write = async (filename: string, bytes: Buffer) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2, 8)}-${filename}`);
    await writeFile(file, bytes);
    return { filename, path: file, bytes };
  };
  const good = async (filename: string, bytes: Buffer, contentType: string, pages: PageSize[]): Promise<GoodFixture> => ({
    ...(await write(filename, bytes)),
    contentType,
    pages,
  });
  const bad = async (filename: string, bytes: Buffer, status: 413 | 415, message: RegExp): Promise<BadFixture> => ({
    ...(await write(filename, bytes)),
    status,
    message,
  });

  const pdfDoc = makeTextPdf();
  const pdf = pdfBytes(pdfDoc, 'compress');
  const encrypted = pdfBytes(pdfDoc, 'encrypt=aes-256,user-password=secret,owner-password=owner-secret');
  pdfDoc.destroy();
  const raster = await rasterFixtures();
  const tiff = encodeMultiPageTiff([
    patternRgb(300, 200, [200, 60, 60]),
    patternRgb(200, 300, [60, 200, 60]),
    patternRgb(250, 250, [60, 60, 200]),
  ]);
  const docx = encodeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ]);

  const fixtures: Fixtures = {
    dir,
    good: {
      pdf: await good('report.pdf', pdf, 'application/pdf', [
        { width: 1224, height: 1584 },
        { width: 1224, height: 1584 },
        { width: 1684, height: 1191 },
      ]),
      png: await good('diagram.png', raster.png, 'image/png', [{ width: 640, height: 480 }]),
      pngNamedPdf: await good('actually-an-image.pdf', raster.png, 'image/png', [{ width: 640, height: 480 }]),
      jpegExif6: await good('phone-photo.jpg', raster.jpegExif6, 'image/jpeg', [{ width: 240, height: 400 }]),
      webp: await good('photo.webp', raster.webp, 'image/webp', [{ width: 320, height: 200 }]),
      gif: await good('logo.gif', raster.gif, 'image/gif', [{ width: 200, height: 120 }]),
      tiff: await good('fax.tif', tiff, 'image/tiff', [
        { width: 300, height: 200 },
        { width: 200, height: 300 },
        { width: 250, height: 250 },
      ]),
      bmp: await good('scan.bmp', encodeBmp24(patternRgb(123, 45, [230, 200, 40])), 'image/bmp', [{ width: 123, height: 45 }]),
      json: await good(
        'schema.json',
        Buffer.from(JSON.stringify({ type: 'object', properties: { total: { type: 'number' } } })),
        'application/json',
        [],
      ),
    },
    bad: {
      encryptedPdf: await bad('locked.pdf', encrypted, 415, /PDF is encrypted and needs a password/),
      truncatedPdf: await bad('partial.pdf', truncateBeforeLastPage(pdf), 415, /file is a PDF but is corrupt\/truncated/),
      garbagePdf: await bad(
        'broken.pdf',
        Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog garbage garbage\n'),
        415,
        /file is a PDF but is corrupt\/truncated/,
      ),
      truncatedPng: await bad(
        'cut.png',
        raster.png.subarray(0, Math.floor(raster.png.length * 0.6)),
        415,
        /file is a PNG but is corrupt\/truncated/,
      ),
      truncatedJpeg: await bad(
        'cut.jpg',
        raster.jpegExif6.subarray(0, Math.floor(raster.jpegExif6.length * 0.6)),
        415,
        /file is a JPEG but is corrupt\/truncated/,
      ),
      zeroByte: await bad('empty.pdf', Buffer.alloc(0), 415, /zero-byte file/),
      // A DOCX is accepted whatever its name, but this one has no document relationships: mammoth cannot read it.
      docxAsPdf: await bad('invoice.pdf', docx, 415, /file is a DOCX document but cannot be read/),
      // Plain text is laid out into pages; RTF text is not a supported format.
      textAsPng: await bad(
        'scan.png',
        Buffer.from('{\\rtf1\\ansi Meeting notes, not a scanned image.}\n'),
        415,
        /detected RTF document \(application\/rtf\), which is not a supported format \(PDF, PNG, JPEG, TIFF, WebP, BMP, GIF, DOCX, XLSX, PPTX, HTML, Markdown, plain text\)/,
      ),
      bombPng: await bad('bomb.png', encodeBombPng(20000, 20000), 413, /image has 20000x20000 = 400\.0 MP, over the 100 MP limit/),
      arrayJson: await bad('schema.json', Buffer.from('[1, 2, 3]'), 415, /JSON file must hold an object/),
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  return fixtures;
}

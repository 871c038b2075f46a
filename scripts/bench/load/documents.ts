import { randomBytes } from 'node:crypto';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { makeTextPdf } from '../../../test/helpers/fixtures.ts';

/**
 * The documents the load drives: a small born-digital PDF (three pages of Helvetica/Times text, the tests' own
 * fixture) and a small image of printed text lines for OCR. Every request gets its own copy of the PDF (a
 * comment with a random nonce after %%EOF, ignored by PDF readers), so the service's per-content caches
 * (parse analysis, page images) cannot turn the load into cache reads.
 */
export interface LoadDocuments {
  pdf: Buffer;
  pdfPages: number;
  /** The overload step's document (the same pages repeated), once it is sized: see longPdf(). */
  heavy: { pdf: Buffer; pages: number } | null;
  /** PNG of text lines cut from the PDF's first page rendered at 144 dpi. */
  textImage: Buffer;
  embedTexts: string[];
}

export async function loadDocuments(): Promise<LoadDocuments> {
  const doc = makeTextPdf();
  try {
    const pdf = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
    const pdfPages = doc.countPages();
    const page = doc.loadPage(0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true);
    const png = Buffer.from(pixmap.asPNG());
    pixmap.destroy();
    page.destroy();
    // The four text lines (y 52..140 pt from the top, x from 56 pt) at 2 px per point.
    const textImage = await sharp(png).extract({ left: 100, top: 80, width: 820, height: 200 }).png().toBuffer();
    return { pdf, pdfPages, heavy: null, textImage, embedTexts: EMBED_TEXTS };
  } finally {
    doc.destroy();
  }
}

/** A `pages`-page digital PDF: the three fixture pages repeated. */
export function longPdf(pages: number): Buffer {
  const source = makeTextPdf();
  const doc = new mupdf.PDFDocument();
  try {
    for (let i = 0; i < pages; i++) doc.graftPage(-1, source, i % source.countPages());
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
    source.destroy();
  }
}

/** The PDF with a unique trailing comment: same pages, different bytes (and content hash). */
export function uniquePdf(pdf: Buffer): Buffer {
  return Buffer.concat([pdf, Buffer.from(`\n%load-nonce ${randomBytes(8).toString('hex')}\n`)]);
}

const EMBED_TEXTS = [
  'Revenue grew by 12 percent compared with the previous quarter.',
  'Invoice INV-2024-0042 remains open for 1,250.00 EUR.',
  'Operating costs stayed flat; headcount rose from 41 to 44.',
  'The supplier shall deliver the goods within thirty days of the order.',
];

export function multipart(filename: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----docintelload${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\n` + 'Content-Type: application/pdf\r\n\r\n';
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

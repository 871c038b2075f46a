/**
 * One document of a packet as its own PDF. PDF sources: the pages are grafted with mupdf (content streams,
 * fonts and images copied as they are, shared resources copied once through one graft map). Image sources
 * (PNG, JPEG, TIFF — multi-page TIFFs included): each page is replayed through mupdf's PDF writer, which
 * embeds the image in a page of the image's size.
 */
import * as mupdf from 'mupdf';
import { AppError } from '../../shared/errors.ts';
import { oneLine, release, writePagesAsPdf } from '../document/mod.ts';

export type ChildPdfFailure = 'range' | 'format' | 'mupdf';

/** Why a child PDF could not be made: a bad page range (422), a source mupdf cannot open or copy (422). */
export class ChildPdfError extends AppError {
  readonly kind: ChildPdfFailure;
  constructor(kind: ChildPdfFailure, detail: string) {
    super(422, detail);
    this.kind = kind;
  }
}

const IMAGE_MAGIC: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x49, 0x49, 0x2a, 0x00], 'image/tiff'],
  [[0x4d, 0x4d, 0x00, 0x2a], 'image/tiff'],
];

/** Pages startPage..endPage (0-based, inclusive) of `source` as a new PDF's bytes. */
export function childPdf(source: Uint8Array, startPage: number, endPage: number): Uint8Array {
  if (!Number.isInteger(startPage) || !Number.isInteger(endPage) || startPage < 0 || endPage < startPage) {
    throw new ChildPdfError('range', `invalid page range ${startPage}..${endPage}`);
  }
  const type = sourceType(source);
  if (!type) throw new ChildPdfError('format', 'child PDFs can be made from PDF, PNG, JPEG or TIFF files only');
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(source, type);
  } catch (err) {
    throw new ChildPdfError('format', `cannot open the source: ${oneLine(err)}`);
  }
  try {
    const count = doc.countPages();
    if (endPage >= count) throw new ChildPdfError('range', `page range ${startPage}..${endPage} is outside the document's ${count} pages`);
    return type === 'application/pdf' ? graftPages(doc, startPage, endPage) : writePagesAsPdf(doc, startPage, endPage);
  } catch (err) {
    if (err instanceof ChildPdfError) throw err;
    throw new ChildPdfError('mupdf', `cannot copy pages ${startPage}..${endPage}: ${oneLine(err)}`);
  } finally {
    release(doc);
  }
}

function sourceType(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, 1024);
  if (Buffer.from(head).toString('latin1').includes('%PDF-')) return 'application/pdf';
  for (const [magic, type] of IMAGE_MAGIC) if (magic.every((b, i) => head[i] === b)) return type;
  return null;
}

function graftPages(doc: mupdf.Document, start: number, end: number): Uint8Array {
  const src = doc.asPDF();
  if (!src) throw new ChildPdfError('format', 'the source is not a PDF');
  const out = new mupdf.PDFDocument();
  try {
    const map = out.newGraftMap();
    for (let i = start; i <= end; i++) map.graftPage(-1, src, i);
    return saved(out.saveToBuffer('compress,garbage'));
  } finally {
    release(out);
  }
}

/** Copy out of WASM memory at once: the view is detached when mupdf's heap grows. */
function saved(buffer: mupdf.Buffer): Uint8Array {
  try {
    return new Uint8Array(buffer.asUint8Array());
  } finally {
    release(buffer);
  }
}

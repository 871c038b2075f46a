import * as mupdf from 'mupdf';
import { DocumentFormatError } from '../../shared/errors.ts';
import { PdfPasswordError } from './decrypt-pdf.ts';
import { oneLine, pixelBox, release, withMupdfLog, type MupdfLog } from './mupdf-util.ts';
import { DEFAULT_DPI, type InspectLimits, type InspectResult, type PageSize } from './types.ts';
import { checkPagePixels, checkPageCount } from './limits.ts';
import { DEFAULT_PAGE_COST, PageCostMeter } from './pdf-page-cost.ts';

const PDF = 'application/pdf';

function corrupt(reason: string): DocumentFormatError {
  return new DocumentFormatError(`file is a PDF but is corrupt/truncated: ${reason}`, PDF);
}

/**
 * mupdf reads the file through this handle instead of a copy of it in WebAssembly memory: a reader that keeps a
 * long document open (a pool worker) holds the file's bytes once, in the caller's buffer, not once more per
 * reader, and WebAssembly memory never shrinks. The bytes must not change while the document is open.
 */
function readInPlace(bytes: Uint8Array): mupdf.Stream {
  return new mupdf.Stream({
    fileSize: () => bytes.byteLength,
    read(memory, offset, length, position) {
      const chunk = bytes.subarray(position, Math.min(position + length, bytes.byteLength));
      memory.set(chunk, offset);
      return chunk.byteLength;
    },
    close() {},
  });
}

/**
 * Opens a PDF for reading; refuses files mupdf cannot parse and encrypted files without a password. `inPlace`
 * reads the caller's bytes where they are (see readInPlace) rather than copying them into mupdf.
 */
export function openPdf(bytes: Uint8Array, inPlace = false): mupdf.Document {
  let doc: mupdf.Document;
  const stream = inPlace ? readInPlace(bytes) : null;
  try {
    doc = mupdf.Document.openDocument(stream ?? bytes, PDF);
  } catch (err) {
    throw corrupt(oneLine(err));
  } finally {
    release(stream); // the document keeps its own reference to the stream
  }
  if (doc.needsPassword()) {
    release(doc);
    throw new PdfPasswordError('needed');
  }
  return doc;
}

/**
 * A repaired PDF (broken or missing xref, typically a truncated download) is accepted only when every page
 * is really there: mupdf otherwise invents blank pages for page-tree entries whose objects were cut off.
 */
function checkRepairedPage(page: mupdf.Page, index: number, count: number): void {
  if (!(page instanceof mupdf.PDFPage)) return;
  const obj = page.getObject();
  const type = obj.isDictionary() ? obj.get('Type') : null;
  const missing = !type || !type.isName() || type.asName() !== 'Page';
  if (missing) throw corrupt(`page ${index + 1} of ${count} is missing (the file appears truncated)`);
  const contents = obj.get('Contents');
  if (contents.isNull()) return; // a page without content is a legitimately blank page
  const streams = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
  if (streams.some((s) => !s.isStream()))
    throw corrupt(`the content of page ${index + 1} of ${count} is missing (the file appears truncated)`);
}

function pageSizes(doc: mupdf.Document, count: number, repaired: boolean, log: MupdfLog, limits: InspectLimits): PageSize[] {
  const scale = DEFAULT_DPI / 72;
  const errorsBefore = log.errors.length;
  const pages: PageSize[] = [];
  const meter = new PageCostMeter({ ...DEFAULT_PAGE_COST, maxPagePixels: limits.maxPagePixels });
  for (let i = 0; i < count; i++) {
    let page: mupdf.Page | undefined;
    try {
      page = doc.loadPage(i);
      if (repaired) checkRepairedPage(page, i, count);
      const size = pixelBox(page.getBounds(), scale);
      checkPagePixels(size, `page ${i + 1}`, limits, PDF);
      if (page instanceof mupdf.PDFPage) checkPageCost(meter, page, i);
      pages.push(size);
    } catch (err) {
      if (err instanceof DocumentFormatError) throw err;
      throw corrupt(`page ${i + 1} of ${count}: ${oneLine(err)}`);
    } finally {
      release(page);
    }
  }
  // In a repaired file, errors while walking the page tree mean pages were lost even if each one loaded.
  if (repaired && log.errors.length > errorsBefore) throw corrupt(log.errors[errorsBefore]);
  return pages;
}

/** Bombs are refused; a page the meter itself cannot read is left to mupdf, which draws what it can. */
function checkPageCost(meter: PageCostMeter, page: mupdf.PDFPage, index: number): void {
  try {
    meter.check(page, index);
  } catch (err) {
    if (err instanceof DocumentFormatError) throw err;
  }
}

/** Validates a PDF and measures its pages at the default 144 dpi (2 px per point). */
export function inspectPdf(bytes: Uint8Array, limits: InspectLimits): InspectResult {
  return withMupdfLog((log) => {
    const doc = openPdf(bytes);
    try {
      let count: number;
      try {
        count = doc.countPages();
      } catch (err) {
        throw corrupt(oneLine(err));
      }
      if (count === 0) throw corrupt(log.errors[0] ? `no pages (${log.errors[0]})` : 'it has no pages');
      checkPageCount(count, 'PDF', PDF, limits);
      const repaired = doc.asPDF()?.wasRepaired() ?? false;
      const pages = pageSizes(doc, count, repaired, log, limits);
      const warnings = repaired ? [`PDF was repaired on open (${log.errors[0] ?? 'broken cross-reference table'})`] : [];
      return { contentType: PDF, pageCount: count, pages, warnings };
    } finally {
      release(doc);
    }
  });
}

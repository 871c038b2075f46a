import * as mupdf from 'mupdf';
import { DocumentFormatError } from '../../../shared/errors.ts';
import { checkPageCount } from '../limits.ts';
import { oneLine, release, withMupdfLog, writePagesAsPdf } from '../mupdf-util.ts';
import type { InspectLimits } from '../types.ts';
import { docxToHtml } from './docx.ts';
import { CONVERTIBLE_NAME, DOCX, PPTX, XLSX, type ConvertibleType } from './formats.ts';
import { BASE_CSS, escapeHtml, htmlPage, uploadedHtml } from './html.ts';
import { checkZip, MAX_TEXT_BYTES, REFLOW_PAGE } from './limits.ts';
import { xlsxToHtml } from './xlsx.ts';

/**
 * Lays a convertible file out into PDF pages: what mupdf opens well it opens natively (PPTX, Markdown, HTML
 * after sanitizing, plain text as preformatted HTML); DOCX and XLSX go through HTML first (docx.ts, xlsx.ts).
 * The PDF keeps the text as text, so the text layer is exact and no OCR is needed.
 */

const utf8 = new TextDecoder('utf-8');

/** What mupdf opens: bytes and the MIME type it is told. */
async function openable(bytes: Uint8Array, type: ConvertibleType): Promise<{ bytes: Uint8Array; magic: string }> {
  const html = (text: string) => ({ bytes: Buffer.from(text, 'utf8'), magic: 'text/html' });
  if (type === DOCX || type === XLSX || type === PPTX) checkZip(bytes, CONVERTIBLE_NAME[type], type);
  else if (bytes.length > MAX_TEXT_BYTES) {
    throw new DocumentFormatError(
      `${CONVERTIBLE_NAME[type]} of ${bytes.length} bytes is over the ${MAX_TEXT_BYTES / (1024 * 1024)} MiB limit for text`,
      type,
      true,
    );
  } else if (utf8.decode(bytes).trim() === '')
    throw new DocumentFormatError(`${CONVERTIBLE_NAME[type]} is empty: nothing to lay out`, type);
  if (type === DOCX) return html(await docxToHtml(bytes));
  if (type === XLSX) return html(await xlsxToHtml(bytes));
  if (type === PPTX) return { bytes, magic: type };
  if (type === 'text/html') return html(uploadedHtml(utf8.decode(bytes)));
  // mupdf's Markdown reader drops the last character of a file that does not end with a newline.
  if (type === 'text/markdown') return { bytes: Buffer.concat([bytes, Buffer.from('\n')]), magic: type };
  // mupdf reads text/plain as Markdown too: plain text goes in as preformatted HTML so every character shows.
  return html(htmlPage(`<div style="white-space: pre-wrap">${escapeHtml(utf8.decode(bytes))}</div>`));
}

/** The PDF rendition of a convertible file. DocumentFormatError for corrupt or over-limit files. */
export async function convertToPdf(bytes: Uint8Array, type: ConvertibleType, limits: Pick<InspectLimits, 'maxPages'>): Promise<Uint8Array> {
  const name = CONVERTIBLE_NAME[type];
  const source = await openable(bytes, type);
  return withMupdfLog(() => {
    mupdf.setUserCSS(BASE_CSS);
    let doc: mupdf.Document;
    try {
      doc = mupdf.Document.openDocument(source.bytes, source.magic);
    } catch (err) {
      throw new DocumentFormatError(`file is a ${name} but cannot be read: ${oneLine(err)}`, type);
    }
    try {
      doc.layout(REFLOW_PAGE.width, REFLOW_PAGE.height, REFLOW_PAGE.em);
      checkPageCount(doc.countPages(), name, type, limits);
      return writePagesAsPdf(doc, 0, doc.countPages() - 1);
    } catch (err) {
      if (err instanceof DocumentFormatError) throw err;
      throw new DocumentFormatError(`file is a ${name} but cannot be laid out: ${oneLine(err)}`, type);
    } finally {
      release(doc);
    }
  });
}

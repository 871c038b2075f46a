import mammoth from 'mammoth';
import { DocumentFormatError } from '../../../shared/errors.ts';
import { oneLine } from '../mupdf-util.ts';
import { DOCX } from './formats.ts';
import { htmlPage, sanitizeHtml } from './html.ts';

/**
 * DOCX → HTML with mammoth (mupdf opens DOCX too, but lays table cells out as a column of paragraphs).
 * Embedded images stay inline as data: URIs; mammoth fetches nothing.
 */
export async function docxToHtml(bytes: Uint8Array): Promise<string> {
  let html: string;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    html = (await mammoth.convertToHtml({ buffer })).value;
  } catch (err) {
    throw new DocumentFormatError(`file is a DOCX document but cannot be read: ${oneLine(err)}`, DOCX);
  }
  return htmlPage(sanitizeHtml(html));
}

import * as mupdf from 'mupdf';
import { DocumentFormatError } from '../../shared/errors.ts';
import { release } from './mupdf-util.ts';

const PDF = 'application/pdf';

/** An encrypted PDF without its password, or with a wrong one: the message says which. */
export class PdfPasswordError extends DocumentFormatError {
  constructor(readonly reason: 'needed' | 'wrong') {
    super(
      reason === 'needed'
        ? 'PDF is encrypted and needs a password: give it in the `password` field'
        : 'PDF is encrypted and the password given is wrong',
      PDF,
    );
    this.name = 'PdfPasswordError';
  }
}

/**
 * The PDF opened with `password` and saved without encryption, so the stored file needs no password later; null
 * when the PDF is not encrypted (or only with an empty user password) and is stored as it is. A file mupdf cannot
 * open is left to the inspection, which says why.
 */
export function decryptPdf(bytes: Uint8Array, password: string | undefined): Uint8Array | null {
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, PDF);
  } catch {
    return null;
  }
  try {
    if (!doc.needsPassword()) return null;
    if (!password) throw new PdfPasswordError('needed');
    if (doc.authenticatePassword(password) === 0) throw new PdfPasswordError('wrong');
    const pdf = doc.asPDF();
    if (!pdf) return null;
    const saved = pdf.saveToBuffer('encrypt=none');
    try {
      return saved.asUint8Array().slice();
    } finally {
      release(saved);
    }
  } finally {
    release(doc);
  }
}

const ENCRYPT = Buffer.from('/Encrypt');

/** Whether the PDF needs a password to open. The trailer names /Encrypt in plain text: most files are answered by a byte scan. */
export function pdfNeedsPassword(bytes: Uint8Array): boolean {
  if (!Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPT)) return false;
  let doc: mupdf.Document | undefined;
  try {
    doc = mupdf.Document.openDocument(bytes, PDF);
    return doc.needsPassword();
  } catch {
    return false;
  } finally {
    release(doc);
  }
}

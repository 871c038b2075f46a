import { isConvertibleType } from './convert/formats.ts';
import { isDocumentType, SUPPORTED_FORMATS_LABEL } from './types.ts';

/**
 * Content-type detection from magic bytes. The filename is never consulted: a ZIP named invoice.pdf is a ZIP.
 * Works on the first chunk of a file (SNIFF_BYTES is enough for every signature below).
 */
export const SNIFF_BYTES = 4096;

export interface SniffResult {
  /** A MIME type; `application/octet-stream` when nothing matched. */
  type: string;
  /** Human name for error messages, e.g. "DOCX document (application/vnd…)". */
  label: string;
  /** Accepted by upload: a document type, a format laid out into pages (convert/), or a JSON file. */
  supported: boolean;
}

const OOXML_KINDS: [string, string, string][] = [
  ['word/', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCX document'],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'XLSX spreadsheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PPTX presentation'],
];

function startsWith(head: Uint8Array, bytes: number[] | string, at = 0): boolean {
  const sig = typeof bytes === 'string' ? Array.from(bytes, (c) => c.charCodeAt(0)) : bytes;
  if (head.length < at + sig.length) return false;
  return sig.every((b, i) => head[at + i] === b);
}

function ascii(head: Uint8Array, from: number, to: number): string {
  return Buffer.from(head.buffer, head.byteOffset, head.length).toString('latin1', from, Math.min(to, head.length));
}

function result(type: string, label?: string): SniffResult {
  const supported = isDocumentType(type) || isConvertibleType(type) || type === 'application/json';
  return { type, label: label ? `${label} (${type})` : type, supported };
}

/** BMP has a weak 2-byte magic; check the header fields too so text starting with "BM" is not a bitmap. */
function looksLikeBmp(head: Uint8Array): boolean {
  if (!startsWith(head, 'BM') || head.length < 26) return false;
  const view = Buffer.from(head.buffer, head.byteOffset, head.length);
  const dibSize = view.readUInt32LE(14);
  const reservedZero = view.readUInt32LE(6) === 0;
  return reservedZero && [12, 16, 40, 52, 56, 64, 108, 124].includes(dibSize);
}

function sniffZip(head: Uint8Array): SniffResult {
  // ODF/EPUB store an uncompressed `mimetype` entry first: its content names the type.
  if (head.length >= 38 && ascii(head, 30, 38) === 'mimetype') {
    const view = Buffer.from(head.buffer, head.byteOffset, head.length);
    const dataStart = 30 + view.readUInt16LE(26) + view.readUInt16LE(28);
    const declared = ascii(head, dataStart, dataStart + Math.min(view.readUInt32LE(18), 100));
    if (/^[\w.+-]+\/[\w.+-]+$/.test(declared)) return result(declared);
  }
  const names = ascii(head, 0, head.length);
  for (const [prefix, type, label] of OOXML_KINDS) {
    if (names.includes('[Content_Types].xml') && names.includes(prefix)) return result(type, label);
  }
  return result('application/zip', 'ZIP archive');
}

function sniffIsoMedia(head: Uint8Array): SniffResult | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const brand = ascii(head, 8, 12);
  if (['heic', 'heix', 'mif1', 'msf1', 'hevc'].includes(brand)) return result('image/heic', 'HEIC image');
  if (brand === 'avif' || brand === 'avis') return result('image/avif', 'AVIF image');
  if (brand.startsWith('qt')) return result('video/quicktime', 'QuickTime video');
  return result('video/mp4', 'MP4 media');
}

const BINARY_SIGNATURES: [number[] | string, string, string?, number?][] = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x49, 0x49, 0x2a, 0x00], 'image/tiff'],
  [[0x4d, 0x4d, 0x00, 0x2a], 'image/tiff'],
  [[0x49, 0x49, 0x2b, 0x00], 'image/tiff'], // BigTIFF
  [[0x4d, 0x4d, 0x00, 0x2b], 'image/tiff'],
  ['GIF87a', 'image/gif'],
  ['GIF89a', 'image/gif'],
  [[0x1f, 0x8b], 'application/gzip', 'gzip archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'application/x-7z-compressed', '7-Zip archive'],
  ['Rar!\x1a\x07', 'application/vnd.rar', 'RAR archive'],
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'application/x-ole-storage', 'legacy Microsoft Office document (DOC/XLS/PPT)'],
  ['{\\rtf', 'application/rtf', 'RTF document'],
  ['%!PS', 'application/postscript', 'PostScript document'],
  ['8BPS', 'image/vnd.adobe.photoshop', 'Photoshop image'],
  [[0x00, 0x00, 0x01, 0x00], 'image/x-icon', 'icon'],
  [[0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20], 'image/jp2', 'JPEG 2000 image'],
  [[0xff, 0x0a], 'image/jxl', 'JPEG XL image'],
  [[0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20], 'image/jxl', 'JPEG XL image'],
  ['AT&TFORM', 'image/vnd.djvu', 'DjVu document'],
  [[0x1a, 0x45, 0xdf, 0xa3], 'video/webm', 'WebM/Matroska media'],
  ['ID3', 'audio/mpeg', 'MP3 audio'],
  ['OggS', 'audio/ogg', 'Ogg media'],
  ['SQLite format 3\0', 'application/vnd.sqlite3', 'SQLite database'],
  [[0x7f, 0x45, 0x4c, 0x46], 'application/x-executable', 'ELF executable'],
  ['MZ', 'application/x-msdownload', 'Windows executable'],
  ['wOFF', 'font/woff', 'WOFF font'],
  ['wOF2', 'font/woff2', 'WOFF2 font'],
];

function sniffRiff(head: Uint8Array): SniffResult | null {
  if (!startsWith(head, 'RIFF')) return null;
  const form = ascii(head, 8, 12);
  if (form === 'WEBP') return result('image/webp');
  if (form === 'WAVE') return result('audio/wav', 'WAV audio');
  if (form === 'AVI ') return result('video/x-msvideo', 'AVI video');
  return result('application/octet-stream', 'RIFF container');
}

/** Text: valid UTF-8 (a multi-byte character may be cut at the chunk end) without binary control bytes. */
function decodeText(head: Uint8Array): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= 3 && cut < head.length; cut++) {
    try {
      const text = decoder.decode(head.subarray(0, head.length - cut));
      return /[\x00-\x08\x0e-\x1a\x1c-\x1f]/.test(text) ? null : text;
    } catch {
      // try again without a possibly split trailing character
    }
  }
  return null;
}

function sniffText(head: Uint8Array): SniffResult | null {
  const text = decodeText(head);
  if (text === null) return null;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return result('application/json', 'JSON');
  const lower = start.slice(0, 512).toLowerCase();
  if (lower.startsWith('<svg') || (lower.startsWith('<?xml') && lower.includes('<svg'))) return result('image/svg+xml', 'SVG image');
  if (lower.startsWith('<!doctype html') || lower.startsWith('<html')) return result('text/html', 'HTML page');
  if (lower.startsWith('<?xml')) return result('application/xml', 'XML document');
  return result('text/plain', 'plain text');
}

/** Detect a file's type from its first bytes. Zero bytes → `application/x-empty`. */
export function sniff(head: Uint8Array): SniffResult {
  if (head.length === 0) return { type: 'application/x-empty', label: 'an empty file', supported: false };
  // PDF readers accept up to 1 KB of junk before the header; so do we.
  if (ascii(head, 0, 1024).includes('%PDF-')) return result('application/pdf');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(head);
  const riff = sniffRiff(head) ?? sniffIsoMedia(head);
  if (riff) return riff;
  if (looksLikeBmp(head)) return result('image/bmp');
  for (const [sig, type, label, at] of BINARY_SIGNATURES) {
    if (startsWith(head, sig, at ?? 0)) return result(type, label);
  }
  return sniffText(head) ?? result('application/octet-stream', 'unrecognised binary data');
}

/** The message for a file whose detected type is not accepted. */
export function unsupportedMessage(detected: SniffResult): string {
  return `detected ${detected.label}, which is not a supported format (${SUPPORTED_FORMATS_LABEL})`;
}

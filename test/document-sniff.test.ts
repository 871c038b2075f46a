/** Type detection from magic bytes (the filename is never an input). */
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniff } from '../src/pipeline/document/sniff.ts';
import { encodeBmp24, encodeMultiPageTiff, encodeZip, patternRgb } from './helpers/encoders.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const zip = (...names: string[]) => encodeZip(names.map((name) => ({ name, data: Buffer.from('x') })));

describe('sniff', () => {
  it.each([
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['PDF after junk', bytes('garbage line\r\n%PDF-1.4\n'), 'application/pdf'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'image/jpeg'],
    ['TIFF', encodeMultiPageTiff([patternRgb(2, 2, [0, 0, 0])]), 'image/tiff'],
    ['big-endian TIFF', bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), 'image/tiff'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['BMP', encodeBmp24(patternRgb(2, 2, [0, 0, 0])), 'image/bmp'],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['JSON object with a BOM', Buffer.from('\uFEFF  {"type": "object"}', 'utf8'), 'application/json'],
    ['ZIP', zip('a.txt'), 'application/zip'],
    ['DOCX', zip('[Content_Types].xml', 'word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['XLSX', zip('[Content_Types].xml', 'xl/workbook.xml'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [
      'ODT',
      encodeZip([{ name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text') }]),
      'application/vnd.oasis.opendocument.text',
    ],
    ['legacy Office', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/x-ole-storage'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image/heic'],
    ['gzip', bytes([0x1f, 0x8b, 8, 0]), 'application/gzip'],
    ['HTML', bytes('<!DOCTYPE html><html></html>'), 'text/html'],
    ['SVG', bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['text that starts with BM', bytes('BMW service invoice, 3 pages'), 'text/plain'],
    ['binary noise', bytes([0x00, 0x13, 0x37, 0x99, 0xfe, 0x01, 0x02]), 'application/octet-stream'],
  ])('%s', (_name, head, type) => {
    expect(sniff(head).type).toBe(type);
  });

  it('accepts documents and JSON, names everything else', () => {
    expect(sniff(bytes('%PDF-1.7')).supported).toBe(true);
    expect(sniff(bytes('{}')).supported).toBe(true);
    expect(sniff(zip('[Content_Types].xml', 'word/document.xml'))).toMatchObject({
      supported: true,
      label: expect.stringMatching(/^DOCX document \(/),
    });
    expect(sniff(zip('readme.txt'))).toMatchObject({ type: 'application/zip', supported: false });
    expect(sniff(Buffer.alloc(0))).toMatchObject({ type: 'application/x-empty', supported: false });
  });

  it('treats UTF-8 text cut mid-character at the chunk end as text', () => {
    const text = Buffer.from('é'.repeat(SNIFF_BYTES));
    expect(sniff(text.subarray(0, SNIFF_BYTES - 1)).type).toBe('text/plain');
  });
});

import { deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Tiny hand-written encoders for formats sharp cannot write (multi-page TIFF, BMP) or that must be built
 * byte by byte on purpose (a decompression-bomb PNG, a ZIP container). Test-only.
 */

/** Raw 8-bit RGB pixels, row-major, no padding. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}

/** A solid image with a darker diagonal band and a border, so renders are not a single colour. */
export function patternRgb(width: number, height: number, base: [number, number, number]): RgbImage {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onBorder = x < 2 || y < 2 || x >= width - 2 || y >= height - 2;
      const onBand = Math.abs(x * height - y * width) < width * 4;
      const dark = onBorder || onBand;
      const i = (y * width + x) * 3;
      rgb[i] = dark ? 20 : base[0];
      rgb[i + 1] = dark ? 20 : base[1];
      rgb[i + 2] = dark ? 20 : base[2];
    }
  }
  return { width, height, rgb };
}

/** Baseline uncompressed RGB TIFF, little endian, one IFD per page (pages may differ in size). */
export function encodeMultiPageTiff(pages: RgbImage[]): Buffer {
  const ENTRY_COUNT = 11;
  const ifdSize = 2 + ENTRY_COUNT * 12 + 4;
  // Layout per page: [pixel data][bits-per-sample array (6 bytes)][IFD]
  const chunks: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  chunks.push(header);
  let offset = 8;
  const ifdOffsets: number[] = [];
  const layouts = pages.map((page) => {
    const dataOffset = offset;
    const bpsOffset = dataOffset + page.rgb.length + (page.rgb.length % 2); // IFD fields on word boundaries
    const ifdOffset = bpsOffset + 6 + 2;
    offset = ifdOffset + ifdSize;
    ifdOffsets.push(ifdOffset);
    return { page, dataOffset, bpsOffset, ifdOffset };
  });
  header.writeUInt32LE(ifdOffsets[0], 4);
  layouts.forEach(({ page, dataOffset, bpsOffset, ifdOffset }, index) => {
    chunks.push(page.rgb);
    if (page.rgb.length % 2) chunks.push(Buffer.alloc(1));
    const bps = Buffer.alloc(8);
    bps.writeUInt16LE(8, 0);
    bps.writeUInt16LE(8, 2);
    bps.writeUInt16LE(8, 4);
    chunks.push(bps);
    const ifd = Buffer.alloc(ifdSize);
    ifd.writeUInt16LE(ENTRY_COUNT, 0);
    const SHORT = 3;
    const LONG = 4;
    const entries: [number, number, number, number][] = [
      [256, LONG, 1, page.width], // ImageWidth
      [257, LONG, 1, page.height], // ImageLength
      [258, SHORT, 3, bpsOffset], // BitsPerSample -> 8,8,8
      [259, SHORT, 1, 1], // Compression: none
      [262, SHORT, 1, 2], // Photometric: RGB
      [273, LONG, 1, dataOffset], // StripOffsets
      [277, SHORT, 1, 3], // SamplesPerPixel
      [278, LONG, 1, page.height], // RowsPerStrip
      [279, LONG, 1, page.rgb.length], // StripByteCounts
      [284, SHORT, 1, 1], // PlanarConfiguration: chunky
      [296, SHORT, 1, 1], // ResolutionUnit: none
    ];
    entries.forEach(([tag, type, count, value], i) => {
      const at = 2 + i * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(count, at + 4);
      if (type === SHORT && count === 1) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifd.writeUInt32LE(index + 1 < ifdOffsets.length ? ifdOffsets[index + 1] : 0, 2 + ENTRY_COUNT * 12);
    chunks.push(ifd);
  });
  return Buffer.concat(chunks);
}

/** 24-bit bottom-up BMP with BITMAPINFOHEADER; rows padded to 4 bytes, pixels stored BGR. */
export function encodeBmp24(image: RgbImage): Buffer {
  const rowSize = Math.ceil((image.width * 3) / 4) * 4;
  const dataSize = rowSize * image.height;
  const out = Buffer.alloc(54 + dataSize);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(image.width, 18);
  out.writeInt32LE(image.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(0, 30);
  out.writeUInt32LE(dataSize, 34);
  out.writeInt32LE(2835, 38); // 72 dpi in pixels per metre
  out.writeInt32LE(2835, 42);
  for (let y = 0; y < image.height; y++) {
    const row = 54 + (image.height - 1 - y) * rowSize;
    for (let x = 0; x < image.width; x++) {
      const src = (y * image.width + x) * 3;
      out[row + x * 3] = image.rgb[src + 2];
      out[row + x * 3 + 1] = image.rgb[src + 1];
      out[row + x * 3 + 2] = image.rgb[src];
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG and ZIP use it (zlib.crc32 needs Node >= 20.15; engines allow 20.9). */
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid 1-bit greyscale PNG of one colour: tiny on disk, `width*height` pixels once decoded.
 * 20000x20000 is 400 MP (~50 MB of zeros before deflate, a few tens of KB after).
 */
export function encodeBombPng(width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed bits
  const raw = Buffer.alloc(rowBytes * height); // all zero: filter 0, black pixels
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface ZipOptions {
  /** Deflate each part (method 8) instead of storing it. */
  deflate?: boolean;
  /** The unpacked size each header declares (default the real one; smaller: a zip bomb that lies about itself). */
  declare?: (data: Buffer) => number;
}

/** A ZIP archive, stored by default; with `[Content_Types].xml` + `word/…` entries it looks like a DOCX. */
export function encodeZip(entries: { name: string; data: Buffer }[], options: ZipOptions = {}): Buffer {
  const method = options.deflate ? 8 : 0;
  const declare = options.declare ?? ((data: Buffer) => data.length);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = options.deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = crc32(entry.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declare(entry.data), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declare(entry.data), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

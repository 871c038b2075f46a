import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import type { RgbImage } from '../../src/inference/ocr/types.ts';
import { pdfText } from './pdf.ts';

/**
 * Images of text with known content and position, for the OCR tests: lines of Helvetica drawn into a PDF page
 * and rasterised by mupdf, so the expected text and the ink's boxes are exact. Also the same text as a scanned
 * PDF (the image as the page, no text layer) and a page mixing a text layer with a scan.
 */
/** The evaluation data beside the checkout (../shared/eval); OCR tests that read it skip loudly when absent. */
export const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/eval');

/** Lines of Helvetica on a page, in PDF points: baseline of line i at `firstBaseline - i * leading` from the bottom. */
export interface TextPageSpec {
  lines: string[];
  page: { width: number; height: number };
  fontSize: number;
  left: number;
  firstBaseline: number;
  leading: number;
  /** Counter-clockwise tilt of every line (PDF convention). */
  tiltDegrees?: number;
}

/** A one-page PDF document drawing the lines with content-stream operators (every line's place is known). */
export function textPageDocument(spec: TextPageSpec): mupdf.PDFDocument {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const a = ((spec.tiltDegrees ?? 0) * Math.PI) / 180;
  const [c, s] = [Math.cos(a).toFixed(5), Math.sin(a).toFixed(5)];
  const content = spec.lines
    .map(
      (l, i) =>
        `BT /F1 ${spec.fontSize} Tf ${c} ${s} ${-Number(s)} ${c} ${spec.left} ${spec.firstBaseline - i * spec.leading} Tm (${pdfText(l)}) Tj ET`,
    )
    .join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, spec.page.width, spec.page.height], 0, doc.addObject({ Font: { F1: font } }), content));
  return doc;
}

/** RGB pixels of a pixmap without alpha (rows copied past the stride's padding). */
export function pixmapRgb(pixmap: mupdf.Pixmap): RgbImage {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) data.set(pixels.subarray(y * stride, y * stride + width * 3), y * width * 3);
  return { width, height, data };
}

/** The page of `spec` rendered by mupdf at `scale` pixels per point. */
export function renderTextPage(spec: TextPageSpec, scale: number): RgbImage {
  const doc = textPageDocument(spec);
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  try {
    return pixmapRgb(pixmap);
  } finally {
    pixmap.destroy();
    page.destroy();
    doc.destroy();
  }
}

export const PAGE_POINTS = { width: 420, height: 300 };
export const TEXT_LINES = ['Invoice 2024-117 from Acme Supplies', 'Total due 1,250.40 EUR', 'Payment within 30 days'];
const SIZE = 16;
const LEFT = 40;
const TOP = 60;
const LEADING = 40;

export interface TextImage {
  png: Buffer;
  width: number;
  height: number;
  /** Each line's ink box in image pixels ([left, top, right, bottom]), in TEXT_LINES order. */
  lineBoxes: [number, number, number, number][];
}

function textPdf(lines: string[]): mupdf.PDFDocument {
  return textPageDocument({
    lines,
    page: PAGE_POINTS,
    fontSize: SIZE,
    left: LEFT,
    firstBaseline: PAGE_POINTS.height - TOP,
    leading: LEADING,
  });
}

/** Bounds of the dark pixels (mean of R, G, B under 128) in image rows [fromRow, toRow), or null when there are none. */
export function inkInRows(image: RgbImage, fromRow: number, toRow: number): [number, number, number, number] | null {
  const { width, data } = image;
  let box: [number, number, number, number] | null = null;
  for (let y = Math.max(0, fromRow); y < Math.min(image.height, toRow); y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (data[at] + data[at + 1] + data[at + 2] >= 384) continue;
      box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x + 1), Math.max(box[3], y + 1)] : [x, y, x + 1, y + 1];
    }
  }
  return box;
}

/** Ink boxes found in the rendered pixels, one per text row band. */
function inkBoxes(image: RgbImage, n: number, scale: number): [number, number, number, number][] {
  return Array.from({ length: n }, (_, i) => {
    const baseline = (TOP + i * LEADING) * scale;
    return (
      inkInRows(image, Math.floor(baseline - SIZE * scale * 1.1), Math.ceil(baseline + SIZE * scale * 0.4)) ?? [
        image.width,
        image.height,
        0,
        0,
      ]
    );
  });
}

/** TEXT_LINES (or `lines`) rendered at `scale` pixels per point. */
export function textImage(lines: string[] = TEXT_LINES, scale = 3): TextImage {
  const doc = textPdf(lines);
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const result = { png: Buffer.from(pixmap.asPNG()), width, height, lineBoxes: inkBoxes(pixmapRgb(pixmap), lines.length, scale) };
  pixmap.destroy();
  page.destroy();
  doc.destroy();
  return result;
}

/** The image turned clockwise by `degrees` (what a sideways or upside-down scan looks like). */
export async function turned(png: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return sharp(png).rotate(degrees).png().toBuffer();
}

/** A box of the upright image in the image turned clockwise by `degrees` (width/height of the upright one). */
export function turnBox(
  box: [number, number, number, number],
  degrees: 0 | 90 | 180 | 270,
  width: number,
  height: number,
): [number, number, number, number] {
  const [l, t, r, b] = box;
  if (degrees === 90) return [height - b, l, height - t, r];
  if (degrees === 180) return [width - r, height - b, width - l, height - t];
  if (degrees === 270) return [t, width - r, b, width - l];
  return box;
}

/**
 * A PDF whose pages are given: `scan` pages are the image only (no text layer), `text` pages carry `lines` as
 * real text. Page size PAGE_POINTS.
 */
export function scannedPdf(pages: ({ scan: Buffer; points?: { width: number; height: number } } | { text: string[] })[]): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  for (const spec of pages) {
    if ('scan' in spec) {
      // The scan fills the page: PAGE_POINTS unless the page is given another size (a pocket-book page).
      const { width, height } = spec.points ?? PAGE_POINTS;
      const image = doc.addImage(new mupdf.Image(spec.scan));
      const resources = doc.addObject({ XObject: { Im0: image } });
      doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`));
    } else {
      const content = spec.text
        .map((l, i) => `BT /F1 ${SIZE} Tf ${LEFT} ${PAGE_POINTS.height - TOP - i * LEADING} Td (${pdfText(l)}) Tj ET`)
        .join('\n');
      doc.insertPage(-1, doc.addPage([0, 0, PAGE_POINTS.width, PAGE_POINTS.height], 0, doc.addObject({ Font: { F1: font } }), content));
    }
  }
  const bytes = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return bytes;
}

/** A multi-page TIFF of the given PNG pages. */
export async function multiPageTiff(pages: Buffer[]): Promise<Buffer> {
  return sharp(pages, { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/** The first page of `pdf` as a PNG scan at `dpi`. */
export function scanPng(pdf: Uint8Array, dpi: number): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const pixmap = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return Buffer.from(pixmap.asPNG());
    } finally {
      pixmap.destroy();
    }
  } finally {
    doc.destroy();
  }
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { IMAGE_EXT, limited, listFiles, referenceImagePages } from '../eval-files.ts';
import { parseSroieBoxes, parseUzn, type TextLine, type Zone } from './metrics.ts';
import type { OcrImage } from './tools.ts';

/** The OCR evaluation items, read from ../shared/eval in place (nothing is copied into the repository). */

export function imageAt(file: string): OcrImage {
  return { path: file, bytes: readFileSync(file), filename: path.basename(file) };
}

export interface Receipt {
  name: string;
  image: OcrImage;
  reference: TextLine[];
}

/** receipts-sroie: `img/N.jpg` with its `box/N.csv`, in name order; receipts without a box file are left out. */
export function loadReceipts(setDir: string, limit: number | null): Receipt[] {
  const images = listFiles(path.join(setDir, 'img'), IMAGE_EXT);
  const judged = images.filter((file) => existsSync(boxFile(setDir, file)));
  return limited(judged, limit).map((file) => ({
    name: path.basename(file),
    image: imageAt(file),
    reference: parseSroieBoxes(readFileSync(boxFile(setDir, file), 'utf8')),
  }));
}

const boxFile = (setDir: string, image: string) => path.join(setDir, 'box', `${path.basename(image, path.extname(image))}.csv`);

export interface ReferencePage {
  name: string;
  image: OcrImage;
  /** Images in the file (TIFFs may hold several). */
  pages: number;
  reference: string;
  referenceName: string;
  /** UNLV zones (`NAME.uzn`): only text inside them is in the reference. */
  zones: Zone[] | null;
}

/** Images without their own `NAME.txt` that are copies of phototest (rotated, recoloured) share its gold text. */
const PHOTOTEST_GOLD = 'phototest.gold.txt';

function referenceFor(dir: string, image: string): string | null {
  const own = path.join(dir, `${path.basename(image, path.extname(image))}.txt`);
  if (existsSync(own)) return own;
  const gold = path.join(dir, PHOTOTEST_GOLD);
  return path.basename(image).startsWith('phototest') && existsSync(gold) ? gold : null;
}

/** ocr-tesseract: every image with a reference text; images without one are listed apart. */
export function loadReferencePages(setDir: string, limit: number | null): { pages: ReferencePage[]; unjudged: string[] } {
  const images = readdirSync(setDir)
    .filter((n) => IMAGE_EXT.includes(path.extname(n).toLowerCase()))
    .sort()
    .map((n) => path.join(setDir, n));
  const unjudged = images.filter((f) => !referenceFor(setDir, f)).map((f) => path.basename(f));
  const pages = limited(
    images.filter((f) => referenceFor(setDir, f)),
    limit,
  ).map((file) => {
    const reference = referenceFor(setDir, file)!;
    const uzn = path.join(setDir, `${path.basename(file, path.extname(file))}.uzn`);
    return {
      name: path.basename(file),
      image: imageAt(file),
      pages: referenceImagePages(file) ?? 1,
      reference: readFileSync(reference, 'utf8'),
      referenceName: path.basename(reference),
      zones: existsSync(uzn) ? parseUzn(readFileSync(uzn, 'utf8')) : null,
    };
  });
  return { pages, unjudged };
}

export interface A4Scan {
  image: OcrImage;
  /** Where the page came from, for the report. */
  source: string;
  width: number;
  height: number;
  /** The PDF's own text layer of that page (informative reference: reading order and hyphenation differ). */
  textLayer: string;
}

const A4_POINTS = { width: 595.3, height: 841.9 };
const SCAN_DPI = 300;
const A4_PIXELS = { width: 2480, height: 3508 };
const MIN_TEXT_CHARS = 500;

/**
 * A 300-dpi A4 page image (2480x3508): the first A4 page with real text among pdf-docling's PDFs, rendered in
 * grey by mupdf and written to `scratch` as PNG. Null when the folder holds no such page.
 */
export async function buildA4Scan(evalDir: string, scratch: string): Promise<A4Scan | null> {
  const dir = path.join(evalDir, 'pdf-docling');
  if (!existsSync(dir)) return null;
  for (const file of listFiles(dir, ['.pdf']).filter((f) => path.dirname(f) === dir)) {
    const doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf');
    try {
      for (let i = 0; i < doc.countPages(); i++) {
        const page = doc.loadPage(i);
        const [x0, y0, x1, y1] = page.getBounds();
        const textLayer = page.toStructuredText('preserve-whitespace').asText();
        if (Math.abs(x1 - x0 - A4_POINTS.width) > 2 || Math.abs(y1 - y0 - A4_POINTS.height) > 2) continue;
        if (textLayer.replace(/\s+/gu, '').length < MIN_TEXT_CHARS) continue;
        // Exactly A4 at 300 dpi: mupdf rounds the pixel box outwards, so 595.3 pt x 300/72 would give 2481 columns.
        const sx = (A4_PIXELS.width / (x1 - x0)) * (1 - 1e-6);
        const sy = (A4_PIXELS.height / (y1 - y0)) * (1 - 1e-6);
        const pixmap = page.toPixmap([sx, 0, 0, sy, -x0 * sx, -y0 * sy], mupdf.ColorSpace.DeviceGray, false, true);
        const png = Buffer.from(pixmap.asPNG());
        const out = path.join(scratch, `a4-${SCAN_DPI}dpi.png`);
        await writeFile(out, png);
        return {
          image: { path: out, bytes: png, filename: path.basename(out) },
          source: `${path.basename(file)} page ${i + 1}`,
          width: pixmap.getWidth(),
          height: pixmap.getHeight(),
          textLayer,
        };
      }
    } finally {
      doc.destroy();
    }
  }
  return null;
}

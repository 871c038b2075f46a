import sharp, { type Metadata } from 'sharp';
import * as mupdf from 'mupdf';
import { DocumentFormatError } from '../../shared/errors.ts';
import { checkPageCount, checkPagePixels } from './limits.ts';
import { oneLine, release, withMupdfLog } from './mupdf-util.ts';
import { FORMAT_NAME, type DocumentType, type InspectLimits, type InspectResult, type PageSize } from './types.ts';

/**
 * Raster images. PNG, JPEG, TIFF, WebP and GIF go through sharp (libvips); BMP, which sharp cannot read,
 * through mupdf. Dimensions come from the header first, so a decompression bomb is refused before any
 * pixel is decoded; then every page is decoded once (as a small thumbnail) to catch truncated data.
 */

const SHARP_FORMAT: Partial<Record<DocumentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export function corruptImage(type: DocumentType, reason: string): DocumentFormatError {
  return new DocumentFormatError(`file is a ${FORMAT_NAME[type]} but is corrupt/truncated: ${reason}`, type);
}

/** Header-only read (no decoding): pixel size after EXIF orientation and the number of pages/frames. */
export async function imageHeader(bytes: Uint8Array, type: DocumentType, page = 0): Promise<{ size: PageSize; pages: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { page, limitInputPixels: false }).metadata();
  } catch (err) {
    throw corruptImage(type, oneLine(err));
  }
  if (meta.format !== SHARP_FORMAT[type]) {
    throw corruptImage(type, `the decoder read it as ${meta.format ?? 'nothing it knows'}`);
  }
  const size = meta.autoOrient
    ? { width: meta.autoOrient.width, height: meta.autoOrient.height }
    : { width: meta.width ?? 0, height: meta.height ?? 0 };
  if (!size.width || !size.height) throw corruptImage(type, 'the header gives no pixel size');
  return { size, pages: meta.pages ?? 1 };
}

/** Decodes the whole page into a tiny thumbnail: cheap, but it reads every byte, so truncation shows. */
async function decodeCheck(bytes: Uint8Array, type: DocumentType, page: number, limits: InspectLimits): Promise<void> {
  try {
    await sharp(bytes, { page, failOn: 'error', limitInputPixels: limits.maxPagePixels })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (err) {
    const where = type === 'image/tiff' ? `page ${page + 1}: ` : '';
    throw corruptImage(type, where + oneLine(err));
  }
}

async function inspectWithSharp(bytes: Uint8Array, type: DocumentType, limits: InspectLimits): Promise<InspectResult> {
  const first = await imageHeader(bytes, type, 0);
  // GIF and WebP animations are one page: their first frame. Only TIFF pages are separate pages.
  const pageCount = type === 'image/tiff' ? first.pages : 1;
  checkPageCount(pageCount, FORMAT_NAME[type], type, limits);
  const pages: PageSize[] = [];
  for (let i = 0; i < pageCount; i++) {
    const { size } = i === 0 ? first : await imageHeader(bytes, type, i);
    checkPagePixels(size, pageCount > 1 ? `image page ${i + 1}` : 'image', limits, type);
    pages.push(size);
  }
  for (let i = 0; i < pageCount; i++) await decodeCheck(bytes, type, i, limits);
  return { contentType: type, pageCount, pages, warnings: [] };
}

/** BMP through mupdf: header via fz_image (lazy), then one decode with mupdf's warnings captured. */
function inspectBmp(bytes: Uint8Array, limits: InspectLimits): InspectResult {
  const type = 'image/bmp';
  return withMupdfLog((log) => {
    let image: mupdf.Image | undefined;
    let pixmap: mupdf.Pixmap | undefined;
    try {
      image = new mupdf.Image(bytes);
      const size = { width: image.getWidth(), height: image.getHeight() };
      checkPagePixels(size, 'image', limits, type);
      pixmap = image.toPixmap();
      const problem = [...log.errors, ...log.warnings].find((m) => !/^\.\.\. repeated/.test(m));
      if (problem) throw corruptImage(type, problem);
      return { contentType: type, pageCount: 1, pages: [size], warnings: [] };
    } catch (err) {
      if (err instanceof DocumentFormatError) throw err;
      throw corruptImage(type, oneLine(err));
    } finally {
      release(pixmap, image);
    }
  });
}

export async function inspectImage(bytes: Uint8Array, type: DocumentType, limits: InspectLimits): Promise<InspectResult> {
  if (type === 'image/bmp') return inspectBmp(bytes, limits);
  return inspectWithSharp(bytes, type, limits);
}

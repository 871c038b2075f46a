import sharp, { type Sharp } from 'sharp';
import * as mupdf from 'mupdf';
import { imageHeader } from './inspect-image.ts';
import { openPdf } from './inspect-pdf.ts';
import { checkPagePixels } from './limits.ts';
import { oneLine, pixelBox, release, withMupdfLog } from './mupdf-util.ts';
import {
  DEFAULT_DPI,
  IMAGE_FORMAT_CONTENT_TYPE,
  MAX_DPI,
  MIN_DPI,
  type DocumentType,
  type ImageFormat,
  type PageSize,
  type RenderOptions,
  type RenderResult,
} from './types.ts';
import { DocumentFormatError } from '../../shared/errors.ts';
import { PageOutOfRangeError } from './page-errors.ts';

export { PageOutOfRangeError };

/**
 * Page images. PDF pages are rasterised by mupdf at `dpi` (default 144 = 2 px per PDF point).
 * Raster images: the native pixel size (after EXIF orientation) counts as 144 dpi, so `dpi` scales every format
 * the same way (dpi 72 halves an image, 288 doubles it) and bbox coordinates scale by dpi/144 everywhere.
 * Output is opaque (transparent areas on white), 8-bit sRGB, encoded by sharp.
 */

interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

function checkDpi(dpi: number): void {
  if (!Number.isFinite(dpi) || dpi < MIN_DPI || dpi > MAX_DPI)
    throw new RangeError(`dpi must be between ${MIN_DPI} and ${MAX_DPI}, got ${dpi}`);
}

/** Copies RGB(A) pixels out of WASM memory (the pixmap is freed right after); alpha is flattened later. */
function pixmapToRaw(pixmap: mupdf.Pixmap): RawPixels {
  const isRgb = pixmap.getColorSpace()?.isRGB() ?? false;
  const rgb = isRgb ? pixmap : pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, true);
  try {
    const width = rgb.getWidth();
    const height = rgb.getHeight();
    const channels = rgb.getNumberOfComponents(); // mupdf counts alpha in n
    if (channels !== 3 && channels !== 4) throw new Error(`unexpected pixel layout with ${channels} channels`);
    const stride = rgb.getStride();
    const rowBytes = width * channels;
    const pixels = rgb.getPixels();
    const data = Buffer.alloc(rowBytes * height);
    for (let y = 0; y < height; y++) data.set(pixels.subarray(y * stride, y * stride + rowBytes), y * rowBytes);
    return { data, width, height, channels };
  } finally {
    if (rgb !== pixmap) release(rgb);
  }
}

function rasterisePdfPage(bytes: Uint8Array, pageIndex: number, dpi: number, maxPagePixels: number): RawPixels {
  return withMupdfLog(() => {
    const doc = openPdf(bytes);
    let page: mupdf.Page | undefined;
    let pixmap: mupdf.Pixmap | undefined;
    try {
      const count = doc.countPages();
      if (pageIndex >= count) throw new PageOutOfRangeError(pageIndex, count);
      page = doc.loadPage(pageIndex);
      const scale = dpi / 72;
      checkPagePixels(pixelBox(page.getBounds(), scale), `page ${pageIndex + 1} at ${dpi} dpi`, { maxPagePixels }, 'application/pdf');
      pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
      return pixmapToRaw(pixmap);
    } catch (err) {
      if (err instanceof DocumentFormatError || err instanceof RangeError) throw err;
      throw new DocumentFormatError(`cannot render page ${pageIndex + 1} of the PDF: ${oneLine(err)}`, 'application/pdf');
    } finally {
      release(pixmap, page, doc);
    }
  });
}

function decodeBmp(bytes: Uint8Array, maxPagePixels: number): RawPixels {
  return withMupdfLog(() => {
    let image: mupdf.Image | undefined;
    let pixmap: mupdf.Pixmap | undefined;
    try {
      image = new mupdf.Image(bytes);
      checkPagePixels({ width: image.getWidth(), height: image.getHeight() }, 'image', { maxPagePixels }, 'image/bmp');
      pixmap = image.toPixmap();
      return pixmapToRaw(pixmap);
    } catch (err) {
      if (err instanceof DocumentFormatError) throw err;
      throw new DocumentFormatError(`cannot decode the BMP: ${oneLine(err)}`, 'image/bmp');
    } finally {
      release(pixmap, image);
    }
  });
}

function scaled(size: PageSize, dpi: number): PageSize {
  if (dpi === DEFAULT_DPI) return size;
  const factor = dpi / DEFAULT_DPI;
  return { width: Math.max(1, Math.round(size.width * factor)), height: Math.max(1, Math.round(size.height * factor)) };
}

async function encode(image: Sharp, format: ImageFormat): Promise<RenderResult> {
  const opaque = image.flatten({ background: '#ffffff' }).toColourspace('srgb');
  const encoded =
    format === 'jpeg'
      ? opaque.jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      : format === 'webp'
        ? opaque.webp({ quality: 90 })
        : opaque.png({ compressionLevel: 6 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { body: data, contentType: IMAGE_FORMAT_CONTENT_TYPE[format], width: info.width, height: info.height };
}

async function renderRaster(
  bytes: Uint8Array,
  type: DocumentType,
  pageIndex: number,
  dpi: number,
  format: ImageFormat,
  maxPagePixels: number,
): Promise<RenderResult> {
  const header = await imageHeader(bytes, type, 0);
  const pageCount = type === 'image/tiff' ? header.pages : 1;
  if (pageIndex >= pageCount) throw new PageOutOfRangeError(pageIndex, pageCount);
  const native = pageIndex === 0 ? header.size : (await imageHeader(bytes, type, pageIndex)).size;
  checkPagePixels(native, 'image', { maxPagePixels }, type);
  const target = scaled(native, dpi);
  checkPagePixels(target, `image at ${dpi} dpi`, { maxPagePixels }, type);
  let image = sharp(bytes, { page: pageIndex, failOn: 'error', limitInputPixels: maxPagePixels }).autoOrient();
  if (target !== native) image = image.resize(target.width, target.height, { fit: 'fill' });
  try {
    return await encode(image, format);
  } catch (err) {
    throw new DocumentFormatError(`cannot decode the image: ${oneLine(err)}`, type);
  }
}

async function renderPixels(
  raw: RawPixels,
  dpi: number,
  format: ImageFormat,
  baseDpi: number,
  maxPagePixels: number,
): Promise<RenderResult> {
  let image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  if (dpi !== baseDpi) {
    const target = scaled({ width: raw.width, height: raw.height }, dpi);
    checkPagePixels(target, `image at ${dpi} dpi`, { maxPagePixels }, 'image/bmp');
    image = image.resize(target.width, target.height, { fit: 'fill' });
  }
  return encode(image, format);
}

/** Renders page `pageIndex` (zero-based). CPU-heavy: run it in the pool. */
export async function renderPage(bytes: Uint8Array, type: DocumentType, options: RenderOptions): Promise<RenderResult> {
  const dpi = options.dpi ?? DEFAULT_DPI;
  const format = options.format ?? 'png';
  checkDpi(dpi);
  if (!Number.isInteger(options.pageIndex) || options.pageIndex < 0) throw new PageOutOfRangeError(options.pageIndex, 0);
  if (type === 'application/pdf') {
    // mupdf already rasterised at the requested dpi; sharp only encodes.
    return renderPixels(rasterisePdfPage(bytes, options.pageIndex, dpi, options.maxPagePixels), dpi, format, dpi, options.maxPagePixels);
  }
  if (type === 'image/bmp') {
    if (options.pageIndex > 0) throw new PageOutOfRangeError(options.pageIndex, 1);
    return renderPixels(decodeBmp(bytes, options.maxPagePixels), dpi, format, DEFAULT_DPI, options.maxPagePixels);
  }
  return renderRaster(bytes, type, options.pageIndex, dpi, format, options.maxPagePixels);
}

import sharp from 'sharp';
import type { Box, Orientation, RgbImage } from './types.ts';

/** The bytes are not an image sharp can decode (the RPC answers INVALID_ARGUMENT). */
export class ImageDecodeError extends Error {
  constructor(detail: string) {
    super(`image could not be decoded: ${detail}`);
    this.name = 'ImageDecodeError';
  }
}

/** Pixels of the largest image the OCR engines are given (a 600-dpi A3 page is ~ 7000 x 9900). */
const MAX_PIXELS = 80_000_000;

/** Encoded image → RGB pixels, EXIF orientation applied, alpha flattened onto white. */
export async function decodeImage(bytes: Uint8Array): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels after conversion`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (err) {
    throw new ImageDecodeError((err as Error).message.split('\n')[0]);
  }
}

/** The image turned clockwise by a quarter-turn multiple. */
export function rotateImage(image: RgbImage, rotation: Orientation): RgbImage {
  if (rotation === 0) return image;
  const { width: w, height: h, data } = image;
  const turned = rotation === 180 ? { width: w, height: h } : { width: h, height: w };
  const out = new Uint8Array(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      if (rotation === 90) {
        nx = h - 1 - y;
        ny = x;
      } else if (rotation === 180) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      const from = (y * w + x) * 3;
      const to = (ny * turned.width + nx) * 3;
      out[to] = data[from];
      out[to + 1] = data[from + 1];
      out[to + 2] = data[from + 2];
    }
  }
  return { ...turned, data: out };
}

/**
 * Halves an image (2x2 box average) — used before a large bilinear downscale so that thin strokes are averaged
 * instead of skipped (bilinear alone aliases below half size).
 */
export function halve(image: RgbImage): RgbImage {
  const w = image.width >> 1;
  const h = image.height >> 1;
  const src = image.data;
  const sw = image.width * 3;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * sw;
    const r1 = r0 + sw;
    for (let x = 0; x < w; x++) {
      const s = x * 6;
      const d = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        out[d + c] = (src[r0 + s + c] + src[r0 + s + 3 + c] + src[r1 + s + c] + src[r1 + s + 3 + c] + 2) >> 2;
      }
    }
  }
  return { width: w, height: h, data: out };
}

/** A region of the image (clamped to it, with `margin` px around), scaled by `scale` (bicubic). */
export async function cropScaled(image: RgbImage, box: Box, scale: number, margin = 4): Promise<RgbImage> {
  const left = Math.max(0, Math.floor(box[0] - margin));
  const top = Math.max(0, Math.floor(box[1] - margin));
  const right = Math.min(image.width, Math.ceil(box[2] + margin));
  const bottom = Math.min(image.height, Math.ceil(box[3] + margin));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

import type { RgbImage } from '../types.ts';

/**
 * tesseract.js scans the first 500 bytes of the encoded image for an EXIF orientation tag (a regex over the
 * bytes joined by spaces) and rotates the page when it matches. Raw pixel bytes right after a short header can
 * match by accident (dark pixels such as 1,18,0,3,0,0,0,1,0,6), so a comment pads the header past that window.
 */
const HEADER_PADDING = `# ${'-'.repeat(510)}\n`;

/** Binary PPM (P6): Leptonica reads it natively and encoding is a copy, no compression. */
export function encodePpm(image: RgbImage): Buffer {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length !== width * height * 3) {
    throw new RangeError(`invalid RgbImage ${width}x${height} with ${data.length} bytes`);
  }
  const header = Buffer.from(`P6\n${HEADER_PADDING}${width} ${height}\n255\n`, 'latin1');
  return Buffer.concat([header, data]);
}

/** The image turned clockwise by a quarter-turn multiple. */
export function rotateClockwise(image: RgbImage, degrees: 0 | 90 | 180 | 270): RgbImage {
  if (degrees === 0) return image;
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(data.length);
  const turned = degrees === 180 ? { width: w, height: h } : { width: h, height: w };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Where source pixel (x, y) lands after the turn.
      const [nx, ny] = degrees === 90 ? [h - 1 - y, x] : degrees === 180 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      const from = (y * w + x) * 3;
      const to = (ny * turned.width + nx) * 3;
      out[to] = data[from]; out[to + 1] = data[from + 1]; out[to + 2] = data[from + 2];
    }
  }
  return { ...turned, data: out };
}

/** Halves the image (2×2 box average) until its longer side is at most `maxSide`. */
export function shrinkToFit(image: RgbImage, maxSide: number): RgbImage {
  let current = image;
  while (Math.max(current.width, current.height) > maxSide && Math.min(current.width, current.height) >= 2) {
    current = halve(current);
  }
  return current;
}

function halve({ width, height, data }: RgbImage): RgbImage {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const top = 2 * y * width * 3;
    const bottom = top + width * 3;
    for (let x = 0; x < w; x++) {
      const a = top + 6 * x;
      const b = bottom + 6 * x;
      const to = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) out[to + c] = (data[a + c] + data[a + 3 + c] + data[b + c] + data[b + 3 + c] + 2) >> 2;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Whether anything is drawn: some contrast between the darkest and lightest pixels. Tesseract's single-line mode
 * invents characters on an empty crop, so blank crops are answered without it.
 */
export function hasInk(image: RgbImage, minContrast = 48): boolean {
  const { data } = image;
  let min = 255;
  let max = 0;
  for (let i = 1; i < data.length; i += 3) {
    const green = data[i];
    if (green < min) min = green;
    if (green > max) max = green;
    if (max - min >= minContrast) return true;
  }
  return false;
}

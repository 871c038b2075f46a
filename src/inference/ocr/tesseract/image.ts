import type { RgbImage } from '../types.ts';
import { halve } from '../image.ts';

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

/** Halves the image (2×2 box average) until its longer side is at most `maxSide`. */
export function shrinkToFit(image: RgbImage, maxSide: number): RgbImage {
  let current = image;
  while (Math.max(current.width, current.height) > maxSide && Math.min(current.width, current.height) >= 2) {
    current = halve(current);
  }
  return current;
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

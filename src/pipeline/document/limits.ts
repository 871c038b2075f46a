import { DocumentFormatError } from '../../shared/errors.ts';
import type { InspectLimits, PageSize } from './types.ts';

/** Limit checks shared by inspect and render; they run on header dimensions, before anything is decoded. */

function megapixels(pixels: number): string {
  if (pixels >= 1e12) return `${pixels.toExponential(1)} pixels`;
  if (pixels >= 1e9) return `${(pixels / 1e9).toFixed(1)} GP`;
  return `${(pixels / 1e6).toFixed(1)} MP`;
}

export function describeLimit(pixels: number): string {
  return pixels % 1e6 === 0 ? `${pixels / 1e6} MP` : megapixels(pixels);
}

/** e.g. "image has 40000x40000 = 1.6 GP, over the 100 MP limit" (tooLarge: answered 413 on upload). */
export function checkPagePixels(
  size: PageSize,
  what: string,
  limits: Pick<InspectLimits, 'maxPagePixels'>,
  detectedType: string | null = null,
): void {
  const pixels = size.width * size.height;
  if (pixels <= limits.maxPagePixels) return;
  throw new DocumentFormatError(
    `${what} has ${size.width}x${size.height} = ${megapixels(pixels)}, over the ${describeLimit(limits.maxPagePixels)} limit`,
    detectedType,
    true,
  );
}

export function checkPageCount(count: number, formatName: string, detectedType: string, limits: Pick<InspectLimits, 'maxPages'>): void {
  if (count <= limits.maxPages) return;
  throw new DocumentFormatError(`${formatName} has ${count} pages, over the ${limits.maxPages}-page limit`, detectedType, true);
}

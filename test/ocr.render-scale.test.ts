import { describe, expect, it } from 'vitest';
import { ocrRenderScale } from '../src/pipeline/analysis/ocr-stage.ts';
import type { ImagePlacement } from '../src/pipeline/model/types.ts';

/**
 * The render scale for OCR (analysis/ocr-stage.ts): small pages are read sharper, up to 300 dpi, but never
 * sharper than the scan on the page holds pixels for. Page sizes are page-image pixels (2 per point).
 */
const LETTER = { width: 1224, height: 1584 };
const POCKET = { width: 360, height: 600 };
const image = (bbox: ImagePlacement['bbox'], width: number, height: number): ImagePlacement => ({ bbox, width, height });
const full = (page: { width: number; height: number }) => [0, 0, page.width, page.height] as ImagePlacement['bbox'];

describe('ocrRenderScale', () => {
  it('renders Letter pages and images as served', () => {
    expect(ocrRenderScale({ ...LETTER, images: [image(full(LETTER), 2550, 3300)] }, 'application/pdf')).toBe(1);
    expect(ocrRenderScale({ ...POCKET, images: [] }, 'image/png')).toBe(1);
  });

  it('reads a small page sharper, up to 300 dpi, as far as its scan holds pixels', () => {
    expect(ocrRenderScale({ ...POCKET, images: [image(full(POCKET), 1500, 2500)] }, 'application/pdf')).toBeCloseTo(300 / 144, 2);
    expect(ocrRenderScale({ ...POCKET, images: [image(full(POCKET), 540, 900)] }, 'application/pdf')).toBeCloseTo(1.5, 2);
  });

  it('takes the sharpest of a scan placed as layers of one extent, whatever their order', () => {
    const coarse = image(full(POCKET), 500, 834);
    const sharp = image(full(POCKET), 1500, 2500);
    for (const images of [
      [coarse, sharp],
      [sharp, coarse],
    ])
      expect(ocrRenderScale({ ...POCKET, images }, 'application/pdf')).toBeCloseTo(300 / 144, 2);
  });

  it('is not raised by a sharp small picture beside the page-sized scan', () => {
    const scan = image(full(POCKET), 540, 900);
    const logo = image([10, 10, 70, 70], 600, 600);
    expect(ocrRenderScale({ ...POCKET, images: [scan, logo] }, 'application/pdf')).toBeCloseTo(1.5, 2);
  });
});

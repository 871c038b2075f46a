import type { RasterPage } from '../../drawing/mod.ts';
import type { BBox, Line, ModelPage } from '../../model/types.ts';

/**
 * Big page images are read at a reduced size (box-averaged by an integer factor) so the work per page stays
 * bounded; the OCR lines are scaled into the same space and the findings scaled back with `upscale`.
 */
const MAX_PIXELS = 3_000_000;

export interface Scaled {
  raster: RasterPage;
  page: ModelPage;
  factor: number;
}

export function downsample(raster: RasterPage, page: ModelPage): Scaled {
  const factor = Math.ceil(Math.sqrt((raster.width * raster.height) / MAX_PIXELS));
  if (factor <= 1) return { raster, page, factor: 1 };
  const width = Math.floor(raster.width / factor),
    height = Math.floor(raster.height / factor);
  const data = new Uint8Array(width * height * 3);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const row = ((y * factor + dy) * raster.width + x * factor) * 3 + ch;
          for (let dx = 0; dx < factor; dx++) sum += raster.data[row + dx * 3];
        }
        data[(y * width + x) * 3 + ch] = Math.round(sum / area);
      }
    }
  }
  const s = (b: BBox): BBox => [b[0] / factor, b[1] / factor, b[2] / factor, b[3] / factor];
  const lines: Line[] = page.lines.map((l) => ({
    ...l,
    bbox: s(l.bbox),
    words: l.words.map((w) => ({ ...w, bbox: s(w.bbox), baseline: w.baseline / factor })),
  }));
  const blocks = page.blocks.map((b) => ({ ...b, bbox: s(b.bbox) }));
  return { raster: { ...raster, width, height, data }, page: { ...page, width, height, lines, blocks }, factor };
}

export function upscale(b: BBox, factor: number): BBox {
  return factor === 1 ? b : [b[0] * factor, b[1] * factor, b[2] * factor, b[3] * factor];
}

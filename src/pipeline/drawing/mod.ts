/** Glyphs, full vector geometry and page pixels for the equation, chart and diagram stages. */
export type { Glyph, DrawnPath, PageDrawing, RasterPage } from './types.ts';
export { drawPdfPages } from './extract.ts';
export { rasterFromImage } from './raster.ts';
export { isBornDigital, mayHoldMath, mayHoldVectorGraphics, needsPixels } from './candidates.ts';
export { drawPageSafely } from './extract.ts';

/** Glyphs, full vector geometry and page pixels for the equation, chart and diagram stages. */
export type { Glyph, DrawnPath, PageDrawing, RasterPage } from './types.ts';
export { drawPage, drawPdfPages } from './extract.ts';
export { rasterFromImage } from './raster.ts';
export { PageGraphicsSource, type GraphicsSourceDeps } from './source.ts';

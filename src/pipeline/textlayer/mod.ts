/** The text-layer stage: characters, words, lines, vector paths, images and the text layer's reliability. */
export { extractPage, extractPageSafely, extractDocumentPages, iterateDocumentPages, documentPages, type ExtractOptions } from './page.ts';
export { readFragments, STEXT_OPTIONS, type Fragment, type RawChar } from './chars.ts';
export { buildLines } from './lines.ts';
export { collectGraphics, InvisibleGlyphs, MAX_IMAGES_PER_PAGE, type PageGraphics } from './graphics.ts';
export { PathCollector, MAX_PATHS_PER_PAGE, isThin } from './paths.ts';
export { assessTextLayer, type TextLayerVerdict } from './quality.ts';
export { cleanFontName, describeFont, type FontFace } from './fonts.ts';
export { PX_PER_PT, pixelSpace, pixelMatrix, type PixelSpace } from './pixel-space.ts';

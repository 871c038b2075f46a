/** The text-layer stage: characters, words, lines, vector paths, images and the text layer's reliability. */
export { extractDocumentPages, iterateDocumentPages, documentPages } from './page.ts';
export { readFragments, STEXT_OPTIONS } from './chars.ts';
export { PX_PER_PT, pixelSpace, pixelMatrix, type PixelSpace } from './pixel-space.ts';
export { colorHex } from './colors.ts';
export { matrixExpansion, transformPoint, type Matrix6 } from './pixel-space.ts';
export { medianOf } from './words.ts';

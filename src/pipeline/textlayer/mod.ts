/** The text-layer stage: characters, words, lines, vector paths, images and the text layer's reliability. */
export {   extractDocumentPages, iterateDocumentPages, documentPages,  } from './page.ts';
export { readFragments, STEXT_OPTIONS,   } from './chars.ts';
;
;
;
;
;
export { PX_PER_PT, pixelSpace, pixelMatrix, type PixelSpace } from './geometry.ts';
export { colorHex } from './colors.ts';
export { boundsOfPoints, matrixExpansion, transformPoint, type Matrix6 } from './geometry.ts';
export { medianOf } from './words.ts';

/**
 * The layout stage: text-layer lines, vector paths and images of each page → typed blocks in reading order.
 * Pure functions over the document model (no I/O).
 */
export { analyzeDocumentLayout, bodyFontSize, documentContexts } from './document-layout.ts';
export { analyzePageLayout, type LayoutContext } from './page-layout.ts';
export { detectRepeatedFurniture, type FurnitureMap, type FurnitureMark } from './headers-footers.ts';
export { assignHeadingLevels } from './headings.ts';

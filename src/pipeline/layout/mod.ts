/**
 * The layout stage: text-layer lines, vector paths and images of each page → typed blocks in reading order.
 * Pure functions over the document model (no I/O).
 */
export { analyzeDocumentLayout, documentContexts } from './document-layout.ts';
export { analyzePageLayout } from './page-layout.ts';
export { assignHeadingLevels } from './headings.ts';

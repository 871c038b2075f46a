// The equation, chart and diagram stages run over a document's pages (on the document pool where it can).
export type { PageGraphics } from './parse-graphics.ts';
export type { VectorPageResult, VectorPageTask } from './vector-pages.ts';
export { findDocumentEquations, findDocumentItems } from './document.ts';
export { findParseGraphics, mayShowParseGraphics } from './parse-graphics.ts';
export { PageGraphicsSource } from './source.ts';

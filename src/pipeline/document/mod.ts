// Document files as bytes: format sniffing and conversion to PDF, PDF access through mupdf, page rendering, and
// the worker-thread pool that runs the heavy work (its tasks are in pipeline/pool-worker/).

// First, so that it runs before anything below loads mupdf (see the module).
export { mupdfWasmModule } from './mupdf-hook.ts';
export type { DocumentPool } from './pool.ts';
export type { DocumentType, InspectLimits, InspectResult, PageSize, RenderOptions, RenderResult } from './types.ts';
export {
  DEFAULT_DPI,
  IMAGE_FORMAT_CONTENT_TYPE,
  MAX_DPI,
  MIN_DPI,
  isDocumentType,
  type ImageFormat,
  type StoredContentType,
  type StoredDocument,
} from './types.ts';
export { misnamedTextProblem, refineTextType } from './convert/formats.ts';
export { decryptPdf, pdfNeedsPassword } from './decrypt-pdf.ts';
export { RENDER_ENGINE_VERSION } from './engine-version.ts';
export { openPdf } from './inspect-pdf.ts';
export { oneLine, pixelBox, release, withMupdfLog, writePagesAsPdf } from './mupdf-util.ts';
export { PageOutOfRangeError } from './page-errors.ts';
export { PoolBusyError, createDocumentPool } from './pool.ts';
export { workerDocument } from './recent-document.ts';
export { SNIFF_BYTES, sniff, unsupportedMessage, type SniffResult } from './sniff.ts';

/** The document analysis: one cached DocumentModel per (file bytes, engine version, options). */
export { AnalysisService, type AnalyzeHooks } from './service.ts';
export type { AnalysisOptions } from './options.ts';
export type { AnalyzeRange } from './pool-analyze.ts';
export type { PackedPages } from './page-transfer.ts';
export { analysisPrefix } from './options.ts';
export { readSharedBytes } from './shared-bytes.ts';

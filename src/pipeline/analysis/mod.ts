/** The document analysis: one cached DocumentModel per (file bytes, engine version, options). */
export { AnalysisService, type AnalyzableFile, type AnalysisServiceDeps, type AnalyzeHooks } from './service.ts';
export { ANALYSIS_ENGINE_VERSION, analysisKey, normalizeOptions, type AnalysisOptions, type AnalysisProfile } from './options.ts';
export { textInputPage } from './text-input.ts';
export type { OcrClient } from './ocr-stage.ts';
export type { AnalyzeRange } from './pool-analyze.ts';
export { analysisPrefix } from './options.ts';
export { shareBytes } from './pdf.ts';

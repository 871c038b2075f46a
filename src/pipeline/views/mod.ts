// The API's answers as pure functions of the document model: one view per operation.
export { buildAskView, type AskResponse } from './ask-view.ts';
export { buildChartsView } from './charts-view.ts';
export { buildClassifyView } from './classify-view.ts';
export { buildEquationsView } from './equations-view.ts';
export { buildExtractView } from './extract-view.ts';
export { buildLayoutView } from './layout-view.ts';
export { buildOcrView } from './ocr-view.ts';
export { buildParseView, pageImageRef } from './parse-view.ts';
export { buildParseViewAlongside } from './parse-view-alongside.ts';
export { buildSplitView, type SplitView } from './split-view.ts';
export { buildTablesView, type TablesViewOptions } from './tables-view.ts';

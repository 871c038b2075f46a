// Deep imports (past a module's mod.ts) that the boundary test still tolerates, as `importer -> imported`.
// The list may only shrink: export what an importer needs from the module's mod.ts, import that, and delete the
// line. The test fails on a listed import that no longer exists, so the list stays true.
export const deepImportAllowList = new Set<string>([
  // PageGraphicsSource reads drawings and page pixels on the document pool for the drawing stages. drawing/mod.ts
  // exports it as a type only: as a value it would load the analysis service (and the storage adapters) into the
  // pool's worker threads, which load drawing/mod.ts. It belongs in pipeline/drawing-stages/ (it imports analysis
  // and the pool, drawing/ should not); moving it touches handlers/analysis-deps.ts, which another change renames.
  'src/jobs/handlers/analysis-deps.ts -> src/pipeline/drawing/source.ts',
  // Left as they were because another change renames this file: import these from files/mod.ts,
  // document/mod.ts and analysis/mod.ts, which export them.
  'src/jobs/handlers/analysis-deps.ts -> src/files/files.service.ts',
  'src/jobs/handlers/analysis-deps.ts -> src/pipeline/document/pool.ts',
  'src/jobs/handlers/analysis-deps.ts -> src/pipeline/analysis/ocr-stage.ts',
]);

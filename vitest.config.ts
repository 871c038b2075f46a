import { defineConfig } from 'vitest/config';

// Tests import `docintel/client` from its TypeScript source (the package's `docintel-source` export condition),
// not from dist/, so they run without building the SDK first. The rest are Vite's default server conditions.
const conditions = ['docintel-source', 'module', 'node', 'development|production'];

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    include: ['test/**/*.test.ts'],
    // Before any test imports mupdf: the text layer's direct structured-text reader (mupdf-hook.ts).
    setupFiles: ['./src/pipeline/document/mupdf-hook.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});

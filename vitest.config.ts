import { defineConfig } from 'vitest/config';

export default defineConfig({
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

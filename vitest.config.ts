import { defineConfig } from 'vitest/config';

// Tests import `docintel/client` from its TypeScript source (the package's `docintel-source` export condition),
// not from dist/, so they run without building the SDK first. The rest are Vite's default server conditions.
const conditions = ['docintel-source', 'module', 'node', 'development|production'];

/**
 * The integration project: files that run the whole service (the app over a real runtime: document pool
 * threads, job worker, stores), start real processes (docintel roles, the inference sidecar, a CLI or child
 * script), a nats-server, a cluster or a browser, run OCR or ONNX models, or inject faults or fuzz.
 * Everything else, new files included, is the unit project: modules tested in-process, which must stay fast
 * (`npm run test:unit`, under a minute on 2 cores). A new file that does any of the above belongs here.
 */
export const INTEGRATION_TESTS = [
  // The HTTP API over a real runtime (createTestApp / useTestApp); some also on NATS or the inference sidecar.
  'test/api.*.test.ts',
  'test/security.files.test.ts',
  'test/security.http.test.ts',
  'test/security.isolation.test.ts',
  'test/security.requests.test.ts',
  'test/client.sdk.test.ts',
  'test/extract.json-schema.test.ts',
  'test/jobs.admission.test.ts',
  'test/sync-abandon.test.ts',
  // Whole deployments: real `docintel` processes, a cluster, injected faults.
  'test/cluster.test.ts',
  'test/processes.test.ts',
  'test/processes.orphan.test.ts',
  'test/faults.test.ts',
  'test/faults.inference-outage.test.ts',
  // A nats-server of their own (the NATS adapters, or both job stacks).
  'test/storage.conformance.test.ts',
  'test/nats-listing.test.ts',
  'test/nats-restart-window.test.ts',
  'test/jobs.queue.test.ts',
  'test/jobs.worker.test.ts',
  'test/jobs.cancel.test.ts',
  'test/jobs.retry.test.ts',
  // The inference sidecar spawned (OCR, embeddings over gRPC).
  'test/inference.test.ts',
  'test/inference.embed.test.ts',
  'test/inference.idle-release.test.ts',
  // Model inference in the test process: OCR engines (Tesseract, PP-OCR) and the ONNX int8 quantizer.
  'test/ocr.tesseract.test.ts',
  'test/ocr.ppocr.test.ts',
  'test/onnx.quantize.test.ts',
  // Child processes: the CLI, the generated JavaScript client, the document pool's smoke script.
  'test/cli.client.test.ts',
  'test/cli.commands.test.ts',
  'test/client.javascript.test.ts',
  'test/document-pool.test.ts',
  // Fuzz and browsers.
  'test/security.fuzz.test.ts',
  'test/docs.browser.test.ts',
  'test/viewer.browser.test.ts',
];

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    // Both projects inherit these (`extends: true`): the same setup, timeouts and process pool.
    // Before any test imports mupdf: the text layer's direct structured-text reader (mupdf-hook.ts).
    setupFiles: ['./src/pipeline/document/mupdf-hook.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: INTEGRATION_TESTS } },
      { extends: true, test: { name: 'integration', include: INTEGRATION_TESTS } },
    ],
  },
});

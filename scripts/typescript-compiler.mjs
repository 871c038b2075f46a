// The TypeScript compiler's CLI script of this install, or null without devDependencies (`npm ci --omit=dev`).
// Shared by the install-time builds (build-client.mjs, build-server.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';

export function typescriptCompiler() {
  const require = createRequire(import.meta.url);
  try {
    // Through package.json, which the package exports (its bin/ is not among its exports).
    const manifest = require.resolve('typescript/package.json');
    return path.join(path.dirname(manifest), require(manifest).bin.tsc);
  } catch {
    return null;
  }
}

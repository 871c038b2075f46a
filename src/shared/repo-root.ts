import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, where package.json, proto/, models/ and node_modules/ live. This module sits two levels
 * under it (src/shared) when run from source, four when run from the compiled build (dist/server/src/shared,
 * scripts/build-server.mjs), which holds only JavaScript.
 */
function findRepoRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSource = path.resolve(here, '../..');
  return existsSync(path.join(fromSource, 'package.json')) ? fromSource : path.resolve(here, '../../../..');
}

export const REPO_ROOT = findRepoRoot();

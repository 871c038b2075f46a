import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGINE_VERSION } from '../../shared/version.ts';

/**
 * Identifies the renderer's output: part of every page-image ETag and render cache key, so upgrading mupdf or
 * sharp, or changing render code (bump RENDER_REVISION), never serves stale images.
 * Read from package.json files, so importing this module does not load mupdf's WASM or libvips.
 */
export const RENDER_REVISION = 1;

function packageVersion(name: string): string {
  try {
    const require = createRequire(import.meta.url);
    let dir = path.dirname(require.resolve(name));
    for (let i = 0; i < 4; i++) {
      const file = path.join(dir, 'package.json');
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return pkg.version;
      } catch {
        // not here; look one folder up
      }
      dir = path.dirname(dir);
    }
  } catch {
    // unresolvable: fall through
  }
  return 'unknown';
}

export const RENDER_ENGINE_VERSION = `docintel-${ENGINE_VERSION};render-${RENDER_REVISION};mupdf-${packageVersion('mupdf')};sharp-${packageVersion('sharp')}`;

// The compiled server build (dist/server, written by scripts/build-server.mjs at install): plain JavaScript that
// Node runs without the TypeScript loader. tsx in every process and thread costs memory (its hooks thread and
// transforms: about 100 MB for `serve` idle, 200 MB at its peak on a long document) and start-up time. The build is
// used only while it matches the sources it was compiled from; after any edit under src/ the CLI runs from
// source until the build is made again.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = path.join(PACKAGE_ROOT, 'dist/server');
export const STAMP_FILE = path.join(BUILD_DIR, 'source-stamp.json');

/** Every file under `dir`, as paths relative to it, sorted. */
export function filesUnder(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** What the sources under src/ are now: each file's path, size and modification time, hashed. */
export function sourceFingerprint(root = PACKAGE_ROOT) {
  const src = path.join(root, 'src');
  const hash = createHash('sha256');
  for (const rel of filesUnder(src)) {
    const stat = statSync(path.join(src, rel));
    hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * The build's CLI module when the build matches the sources, else null. `stale` is true when a build exists but
 * no longer matches them.
 */
export function compiledCli() {
  if (!existsSync(STAMP_FILE)) return { cli: null, stale: false };
  try {
    const stamp = JSON.parse(readFileSync(STAMP_FILE, 'utf8'));
    if (stamp.fingerprint === sourceFingerprint()) return { cli: path.join(BUILD_DIR, 'src/cli.js'), stale: false };
  } catch {
    // an unreadable stamp is a stale build
  }
  return { cli: null, stale: true };
}

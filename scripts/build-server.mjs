// Compiles the server (src/) into dist/server as plain JavaScript (tsconfig.server.json), copies the files that are
// not TypeScript (worker entries, JSON tables, viewer assets), and stamps the build with the sources' fingerprint,
// so bin/docintel.js runs it only while it matches them. Run by `npm run build:server` and the `prepare` script.
// Without a TypeScript compiler (`npm ci --omit=dev`), or should compiling fail, no build is left and the CLI runs
// from source through tsx: slower to start and about 100-200 MB bigger, but the same service.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { typescriptCompiler } from './typescript-compiler.mjs';
import { BUILD_DIR, filesUnder, PACKAGE_ROOT, sourceFingerprint, STAMP_FILE } from '../bin/server-build.js';

rmSync(BUILD_DIR, { recursive: true, force: true });
const fingerprint = sourceFingerprint(); // before compiling: an edit made meanwhile leaves the build stale, not wrong

const tsc = typescriptCompiler();
if (!tsc) {
  console.warn('docintel: TypeScript is not installed (devDependencies omitted); the server runs from source');
  process.exit(0);
}
const { status } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.server.json'], { cwd: PACKAGE_ROOT, stdio: 'inherit' });
if (status !== 0 || !existsSync(path.join(BUILD_DIR, 'src/cli.js'))) {
  rmSync(BUILD_DIR, { recursive: true, force: true });
  console.warn('docintel: the server build failed (above); the server runs from source');
  process.exit(0);
}
const src = path.join(PACKAGE_ROOT, 'src');
for (const rel of filesUnder(src).filter((f) => !f.endsWith('.ts'))) {
  mkdirSync(path.dirname(path.join(BUILD_DIR, 'src', rel)), { recursive: true });
  copyFileSync(path.join(src, rel), path.join(BUILD_DIR, 'src', rel));
}
writeFileSync(STAMP_FILE, `${JSON.stringify({ fingerprint })}\n`);

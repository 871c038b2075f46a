// Builds the SDK (src/client) into dist/client as JavaScript plus .d.ts (tsconfig.client.json), so that
// `import 'docintel/client'` works from plain Node. Run by `npm run build:client` and the `prepare` script.
// A production install without devDependencies (`npm ci --omit=dev`) has no TypeScript compiler: it skips the
// build with a warning instead of failing the install (the server itself does not need dist/).
import { spawnSync } from 'node:child_process';
import { typescriptCompiler } from './typescript-compiler.mjs';

const tsc = typescriptCompiler();
if (!tsc) {
  console.warn('docintel: TypeScript is not installed (devDependencies omitted); dist/client was not built');
  process.exit(0);
}
const { status } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.client.json'], { stdio: 'inherit' });
process.exit(status ?? 1);

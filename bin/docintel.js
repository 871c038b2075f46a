#!/usr/bin/env node
// Entry point: runs the CLI from the compiled build when it matches the sources (bin/server-build.js), else from
// the TypeScript sources through the tsx loader.
// First: a supervised inference sidecar starts watching its parent before anything slow loads.
import './orphan-guard.js';
import { pathToFileURL } from 'node:url';
import { compiledCli } from './server-build.js';

const build = compiledCli();
let main;
if (build.cli) {
  ({ main } = await import(pathToFileURL(build.cli).href));
} else {
  // Said to a person at a terminal, once (a sidecar names its supervisor in DOCINTEL_PARENT_PID); output that
  // programs read stays as it was.
  if (build.stale && process.stderr.isTTY && !process.env.DOCINTEL_PARENT_PID)
    console.warn('docintel: dist/server no longer matches src/, running from source (npm run build:server rebuilds it)');
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
await main(process.argv.slice(2));

// Loads a TypeScript module into a worker thread, in plain JavaScript so that an entry file can use it without a
// TypeScript loader. In the compiled build (scripts/build-server.mjs) the module's JavaScript lies beside this
// entry and is imported as it is. From source, worker threads do not reliably inherit the parent's tsx hooks
// (Node 20 runs them without), so tsx's ESM hooks are registered when importing the .ts module fails for want
// of them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The module at `url` (an absolute file URL of a .ts file), or its compiled .js sibling where there is one. */
export async function importTs(url) {
  const compiled = url.replace(/\.ts$/, '.js');
  if (compiled !== url && existsSync(fileURLToPath(compiled))) return import(compiled);
  try {
    return await import(url);
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  }
  const { register } = await import('tsx/esm/api');
  register();
  // A failed import stays cached under its URL: import again under a different one.
  return import(`${url}?tsx`);
}

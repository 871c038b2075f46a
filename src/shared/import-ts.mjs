// Loads a TypeScript module into a worker thread, in plain JavaScript so that an entry file can use it without a
// TypeScript loader. Worker threads do not reliably inherit the parent's tsx hooks (Node 20 runs them without), so
// tsx's ESM hooks are registered when importing the .ts module fails for want of them.

/** The module at `url` (an absolute file URL of a .ts file). */
export async function importTs(url) {
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

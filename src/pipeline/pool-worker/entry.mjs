// Worker-thread entry of the document pool (document/pool.ts), in plain JavaScript so Node can load it without a
// TypeScript loader.
// Worker threads do not reliably inherit the parent's tsx hooks (Node 20 runs them without), so this file
// registers tsx's ESM hooks when importing the .ts task module fails for want of them.
const TASKS = './tasks.ts';

// Before mupdf loads: exposes its WebAssembly exports for the fast structured-text reader (document/mupdf-hook.ts).
globalThis.$libmupdf_wasm_Module ??= {};

async function loadTasks() {
  try {
    return await import(TASKS);
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  }
  const { register } = await import('tsx/esm/api');
  register();
  // A failed import stays cached under its URL: import again under a different one.
  return import(`${TASKS}?tsx`);
}

const tasks = await loadTasks();
export default tasks.runTask;

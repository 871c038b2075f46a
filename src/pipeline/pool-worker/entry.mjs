// Worker-thread entry of the document pool (document/pool.ts), in plain JavaScript so Node can load it without a
// TypeScript loader (shared/import-ts.mjs registers tsx's hooks where the thread lacks them).
import { importTs } from '../../shared/import-ts.mjs';

// Before mupdf loads: exposes its WebAssembly exports for the fast structured-text reader (document/mupdf-hook.ts).
globalThis.$libmupdf_wasm_Module ??= {};

const tasks = await importTs(new URL('./tasks.ts', import.meta.url).href);
export default tasks.runTask;

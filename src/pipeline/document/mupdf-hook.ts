/**
 * mupdf.js instantiates its WebAssembly module with `globalThis.$libmupdf_wasm_Module` as the Emscripten module
 * object, and Emscripten puts the module's exports (the `_wasm_*` accessors, HEAPF32, UTF8ToString) on that
 * object. Setting it before mupdf is first imported lets the text layer read structured text straight from the
 * WebAssembly heap (textlayer/stext-walk.ts) instead of through a wrapper object per character.
 *
 * Import this module before anything that imports 'mupdf' (entry points: cli.ts, the vitest setup; the pool's
 * worker entry, pool-worker/entry.mjs, does the same in plain JavaScript). Imported later it is harmless: the text
 * layer then uses mupdf's public walker.
 */
const scope = globalThis as { $libmupdf_wasm_Module?: Record<string, unknown> };
scope.$libmupdf_wasm_Module ??= {};

export const mupdfWasmModule: Record<string, unknown> = scope.$libmupdf_wasm_Module;

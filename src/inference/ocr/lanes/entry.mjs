// Worker-thread entry of an OCR lane (lanes/lanes.ts), in plain JavaScript so Node can load it without a
// TypeScript loader (shared/import-ts.mjs registers tsx's hooks where the thread lacks them).
import { importTs } from '../../../shared/import-ts.mjs';

await importTs(new URL('./worker.ts', import.meta.url).href);

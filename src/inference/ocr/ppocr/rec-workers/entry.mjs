// Worker-thread entry of a recognizer thread (rec-workers/pool.ts), in plain JavaScript so Node can load it
// without a TypeScript loader; registers tsx's ESM hooks when importing the .ts module fails for want of them
// (as the OCR lanes' entry does).
const WORKER = './worker.ts';

async function loadWorker() {
  try {
    return await import(WORKER);
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  }
  const { register } = await import('tsx/esm/api');
  register();
  // A failed import stays cached under its URL: import again under a different one.
  return import(`${WORKER}?tsx`);
}

await loadWorker();

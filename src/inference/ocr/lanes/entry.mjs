// Worker-thread entry of an OCR lane (lanes/lanes.ts), in plain JavaScript so Node can load it without a
// TypeScript loader. Worker threads do not reliably inherit the parent's tsx hooks (Node 20 runs them without),
// so this file registers tsx's ESM hooks when importing the .ts module fails for want of them.
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

import Tesseract from 'tesseract.js';
import { TesseractEngineError, describeTesseractFailure } from './errors.ts';
import { tesseractCoreDir, tesseractWorkerScript } from './paths.ts';

export const OEM_LEGACY = 0;
export const OEM_LSTM = 1;

export interface WorkerSpec {
  langs: string[];
  oem: typeof OEM_LEGACY | typeof OEM_LSTM;
  /** Local directory holding `<lang>.traineddata.gz` (never a URL: see paths.ts). */
  langPath: string;
  /** Parameters set once the worker is up. */
  parameters?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Starts one tesseract.js worker thread, offline. Two tesseract.js traps are handled here:
 * - without an `errorHandler`, any rejected job is rethrown inside its message listener (an uncaught exception
 *   that would kill the inference process), so one is always installed;
 * - when loading the language data or initializing fails, `createWorker` never settles; the handler sees the
 *   failure, so we reject on it (and on a timeout) instead of hanging.
 */
export async function startWorker(spec: WorkerSpec): Promise<Tesseract.Worker> {
  const timeoutMs = spec.timeoutMs ?? 60_000;
  let failStartup: (reason: unknown) => void = () => {};
  let starting = true;
  const startupFailed = new Promise<never>((_, reject) => {
    failStartup = reject;
  });
  const created = Tesseract.createWorker(
    spec.langs,
    spec.oem,
    {
      workerPath: tesseractWorkerScript(),
      corePath: tesseractCoreDir(),
      langPath: spec.langPath,
      gzip: true,
      // 'none': never read or write a traineddata cache (the default writes into the working directory).
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: (failure: unknown) => {
        if (starting) failStartup(failure);
      },
    },
    {
      // Tesseract's own warnings (e.g. "Invalid resolution 0 dpi") would go to our stdout, which carries logs.
      debug_file: '/dev/null',
    } as unknown as Partial<Tesseract.InitOptions>,
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const worker = await Promise.race([created, startupFailed, timedOut]);
    if (spec.parameters) await worker.setParameters(spec.parameters);
    return worker;
  } catch (failure) {
    // A worker that comes up after all must not linger.
    created.then(stopWorker, () => {});
    throw new TesseractEngineError(
      'worker_start_failed',
      `could not start a worker for ${spec.langs.join('+')} from ${spec.langPath}: ${describeTesseractFailure(failure)}`,
      { cause: failure },
    );
  } finally {
    starting = false;
    clearTimeout(timer);
  }
}

/**
 * Stops a worker's thread. tesseract.js's own `terminate()` nulls its thread handle, so a job that is still
 * between `recognize()` and its postMessage then throws an unhandled rejection (fatal in Node). Terminating
 * the thread object it exposes as `worker` leaves later posts as harmless no-ops.
 */
export async function stopWorker(worker: Tesseract.Worker): Promise<void> {
  const thread = (worker as Tesseract.Worker & { worker?: { terminate?: () => Promise<number> } | null }).worker;
  try {
    if (thread && typeof thread.terminate === 'function') await thread.terminate();
    else await worker.terminate();
  } catch {
    // Already gone: nothing left to stop.
  }
}

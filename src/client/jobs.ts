/**
 * waitForJob: follows a job until it is completed or failed. Server-Sent Events first (GET /v1/jobs/{id}/events,
 * one event per change); when the stream is unavailable or ends early (a proxy that buffers or cuts long
 * responses), polling GET /v1/jobs/{id} takes over.
 */
import { DocintelTimeoutError } from './errors.ts';
import type { components } from './schema.ts';
import { readEvents } from './sse.ts';
import { apiErrorFrom, request, type Transport } from './transport.ts';

export type JobRef = components['schemas']['JobRef'];

export interface WaitForJobOptions {
  /** Aborts the wait (the job itself keeps running). */
  signal?: AbortSignal;
  /** Called with the JobRef each time it changes (status or progress), the final one included. */
  onProgress?: (job: JobRef) => void;
  /** Gives up with DocintelTimeoutError after this long. */
  timeoutMs?: number;
  /** Polling interval when the event stream is not available (default 500 ms). */
  pollIntervalMs?: number;
}

export function isFinalJob(job: JobRef): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** Statuses for which polling would answer the same: give up at once instead of falling back. */
const DEFINITIVE = new Set([400, 401, 403, 404, 422]);

type Report = (job: JobRef) => void;

function jobPath(jobId: string, suffix = ''): string {
  return `/v1/jobs/${encodeURIComponent(jobId)}${suffix}`;
}

/** The final JobRef from the event stream, or null when the stream cannot be used (the caller polls then). */
async function followEvents(transport: Transport, jobId: string, signal: AbortSignal, report: Report): Promise<JobRef | null> {
  const response = await transport.fetch(
    request(transport, jobPath(jobId, '/events'), { headers: { accept: 'text/event-stream' }, signal }),
  );
  if (!response.ok) {
    if (DEFINITIVE.has(response.status)) throw await apiErrorFrom(response);
    await response.body?.cancel();
    return null;
  }
  if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel();
    return null;
  }
  try {
    for await (const event of readEvents(response.body)) {
      if (event.event !== 'job') continue;
      const job = JSON.parse(event.data) as JobRef;
      report(job);
      if (isFinalJob(job)) return job;
    }
  } catch (err) {
    if (signal.aborted) throw err;
    // A stream cut mid-way: polling picks up from the current state.
  }
  return null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function poll(transport: Transport, jobId: string, signal: AbortSignal, report: Report, intervalMs: number): Promise<JobRef> {
  for (;;) {
    const response = await transport.fetch(request(transport, jobPath(jobId), { signal }));
    if (!response.ok) throw await apiErrorFrom(response);
    const job = (await response.json()) as JobRef;
    report(job);
    if (isFinalJob(job)) return job;
    await sleep(intervalMs, signal);
  }
}

export async function waitForJob(transport: Transport, jobId: string, options: WaitForJobOptions = {}): Promise<JobRef> {
  const timeout = options.timeoutMs !== undefined ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signals = [options.signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : new AbortController().signal;
  let last = '';
  const report: Report = (job) => {
    const text = JSON.stringify(job);
    if (text === last) return;
    last = text;
    options.onProgress?.(job);
  };
  try {
    return (
      (await followEvents(transport, jobId, signal, report)) ??
      (await poll(transport, jobId, signal, report, options.pollIntervalMs ?? 500))
    );
  } catch (err) {
    if (timeout?.aborted && !options.signal?.aborted) throw new DocintelTimeoutError(jobId, options.timeoutMs ?? 0);
    throw err;
  }
}

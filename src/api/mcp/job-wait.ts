import { type JobRef, type JobService, toJobRef } from '../../jobs/mod.ts';

/** The MCP call was cancelled (the client went away or sent notifications/cancelled) while a job ran. */
export class ToolCallAbortedError extends Error {
  constructor(readonly jobId: string) {
    super(`the tool call was cancelled; job ${jobId} goes on and can be read with GET /v1/jobs/${jobId}`);
    this.name = 'ToolCallAbortedError';
  }
}

// Job events are the fast path; the periodic read covers an event that was missed (a NATS reconnect, a restart).
const RECHECK_MS = 2_000;

function isFinal(ref: JobRef): boolean {
  return ref.status === 'completed' || ref.status === 'failed';
}

/**
 * Resolves with the job's final JobRef, calling `onChange` with every JobRef seen on the way (for progress
 * notifications). Reads the job service directly rather than polling GET /v1/jobs/{id} through the HTTP layer,
 * so a long job does not spend the caller's per-minute request budget on status polls.
 */
export function waitForFinalJob(
  jobs: JobService,
  tenant: string,
  jobId: string,
  onChange: (ref: JobRef) => void,
  signal: AbortSignal,
): Promise<JobRef> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let unsubscribe: () => void = () => {};
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(recheck);
      signal.removeEventListener('abort', onAbort);
      unsubscribe();
      done();
    };
    const seen = (ref: JobRef) => {
      if (settled) return;
      onChange(ref);
      if (isFinal(ref)) settle(() => resolve(ref));
    };
    const onAbort = () => settle(() => reject(new ToolCallAbortedError(jobId)));
    const fail = (err: unknown) => settle(() => reject(err));
    const recheck = setInterval(() => {
      jobs.get(tenant, jobId).then((job) => seen(toJobRef(job)), fail);
    }, RECHECK_MS);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    jobs.subscribe(tenant, jobId, seen).then((unsub) => {
      if (settled) unsub();
      else unsubscribe = unsub;
    }, fail);
  });
}

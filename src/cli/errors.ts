/**
 * The client commands' exit codes and the errors that pick them (besides the SDK's own error classes).
 */
import type { JobRef } from '../client/mod.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, connection: 3, auth: 4 } as const;

/** Bad arguments: exit 2. */
export class UsageError extends Error {}

/** The job ran and failed: exit 1 after printing its error. */
export class JobFailedError extends Error {
  constructor(readonly job: JobRef) {
    super(`job ${job.job_id} failed: ${job.error?.msg ?? job.error?.type ?? 'unknown error'}`);
  }
}

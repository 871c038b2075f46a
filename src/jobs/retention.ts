import type { Logger } from '../shared/logger.ts';
import { nowSeconds } from '../shared/ids.ts';
import type { BlobStore } from '../storage/mod.ts';
import type { JobStore } from './job-store.ts';
import type { JobRecord } from './ports.ts';

/** Blob folder of a job: its result and anything else a handler stored for it. */
export function jobBlobPrefix(jobId: string): string {
  return `jobs/${jobId}/`;
}

export function resultKey(jobId: string): string {
  return `${jobBlobPrefix(jobId)}result.json`;
}

/** A job's record, its index entries and its blobs (the result). */
export async function deleteJobData(store: JobStore, blobs: BlobStore, job: JobRecord): Promise<void> {
  // The blobs first: a failure leaves the record, so the next sweep (or DELETE) tries again; a reader that finds the
  // record without its result answers 404 (JobService.readResult).
  for (const key of await blobs.list(jobBlobPrefix(job.job_id))) await blobs.delete(key);
  await store.delete(job);
}

/**
 * Deletes jobs whose `expires_at` has passed, with their blobs. Finished jobs get `expires_at` =
 * finish time + retention; unfinished ones keep creation time + retention, so a job stuck for that long
 * (its queue message lost) is cleaned up too. Returns the number of jobs deleted.
 */
export async function sweepExpiredJobs(store: JobStore, blobs: BlobStore, logger: Logger, now = nowSeconds()): Promise<number> {
  let deleted = 0;
  for (const job of await store.listJobs()) {
    if (job.expires_at === undefined || job.expires_at > now) continue;
    try {
      await deleteJobData(store, blobs, job);
      deleted++;
    } catch (err) {
      logger.warn({ err, jobId: job.job_id }, 'retention: could not delete job');
    }
  }
  if (deleted) logger.info({ deleted }, 'retention: expired jobs deleted');
  return deleted;
}

import { StoreConflictError } from '../shared/errors.ts';
import { tenantIndexId, tenantIndexPrefix } from '../shared/paging.ts';
import type { Logger } from '../shared/logger.ts';
import { backfillListing, type MetadataStore, type Versioned } from '../storage/mod.ts';
import type { JobRecord } from './ports.ts';

/**
 * Job records in the metadata collection `jobs`, keyed by job id, plus one small marker `active.<job_id>`
 * per unfinished job, so counting a tenant's unfinished jobs reads the few active ones, not every job kept
 * for the retention period; and one entry `t.<tenant key>.<job_id>` per job, which GET /v1/jobs pages through.
 */
interface ActiveMarker {
  tenant: string;
  /** Epoch ms; a marker whose job record never appeared is dropped once it is this old. */
  created_at: number;
}

const ACTIVE_PREFIX = 'active.';
const MAX_CAS_TRIES = 20;
const ORPHAN_MARKER_MS = 60_000;

/** Completed and failed are final: a job never leaves them. */
export function isFinished(job: Pick<JobRecord, 'status'>): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

export class JobStore {
  constructor(readonly metadata: MetadataStore) {}

  async get(jobId: string): Promise<Versioned<JobRecord> | undefined> {
    return this.metadata.get<JobRecord>('jobs', jobId);
  }

  async create(job: JobRecord): Promise<void> {
    // Marker first: a crash in between leaves a marker without a job, which countActive() cleans up.
    await this.metadata.put<ActiveMarker>('jobs', ACTIVE_PREFIX + job.job_id, { tenant: job.tenant, created_at: Date.now() });
    await this.metadata.create('jobs', job.job_id, job);
    await this.metadata.put('jobs', tenantIndexId(job.tenant, job.job_id), { created_at: job.created_at });
  }

  /** Listing entries for jobs stored before listings existed (once; see storage/listing-backfill.ts). */
  backfillListing(logger: Logger): Promise<number> {
    return backfillListing<JobRecord>(
      this.metadata,
      {
        collection: 'jobs',
        recordPrefix: 'job_',
        tenantOf: (j) => j.tenant,
        idOf: (j) => j.job_id,
        entryOf: (j) => ({ created_at: j.created_at }),
      },
      logger,
    );
  }

  /**
   * Up to `limit` ids of the tenant's jobs, newest first, after the id `after` (none: from the newest). The ids
   * come from the tenant's index entries; their records may be gone meanwhile.
   */
  async pageIds(tenant: string, after: string | undefined, limit: number): Promise<string[]> {
    const prefix = tenantIndexPrefix(tenant);
    const rows = await this.metadata.listPage('jobs', { prefix, after: after && prefix + after, limit, descending: true });
    return rows.map((row) => row.id.slice(prefix.length));
  }

  /**
   * Read-modify-write with compare-and-set on the record revision, retried on conflicts. `change` gets the
   * current record and returns the new one, or undefined to leave it alone (then the current one is returned).
   * Returns undefined when the job does not exist.
   */
  async mutate(jobId: string, change: (job: JobRecord) => JobRecord | undefined): Promise<JobRecord | undefined> {
    for (let i = 0; i < MAX_CAS_TRIES; i++) {
      const current = await this.get(jobId);
      if (!current) return undefined;
      const next = change(current.value);
      if (!next) return current.value;
      try {
        await this.metadata.update('jobs', jobId, next, current.revision);
      } catch (err) {
        if (err instanceof StoreConflictError) continue;
        throw err;
      }
      if (isFinished(next)) await this.metadata.delete('jobs', ACTIVE_PREFIX + jobId);
      return next;
    }
    throw new Error(`job ${jobId}: too many concurrent updates`);
  }

  /** Unfinished jobs of a tenant; stale markers (job finished, or never created) are removed on the way. */
  async countActive(tenant: string): Promise<number> {
    const markers = await this.metadata.list<ActiveMarker>('jobs', ACTIVE_PREFIX);
    let count = 0;
    for (const marker of markers) {
      if (marker.value.tenant !== tenant) continue;
      const jobId = marker.id.slice(ACTIVE_PREFIX.length);
      const job = await this.get(jobId);
      if (job && !isFinished(job.value)) count++;
      else if (job || Date.now() - marker.value.created_at > ORPHAN_MARKER_MS) await this.metadata.delete('jobs', marker.id);
    }
    return count;
  }

  /** Job records (not markers), for the retention sweep. */
  async listJobs(): Promise<JobRecord[]> {
    const rows = await this.metadata.list<JobRecord>('jobs', 'job_');
    return rows.map((r) => r.value);
  }

  async delete(job: Pick<JobRecord, 'job_id' | 'tenant'>): Promise<void> {
    await this.metadata.delete('jobs', job.job_id);
    await this.metadata.delete('jobs', ACTIVE_PREFIX + job.job_id);
    await this.metadata.delete('jobs', tenantIndexId(job.tenant, job.job_id));
  }
}

/**
 * Job system ports. Job *records* (status, progress, error, request) live in the MetadataStore collection
 * `jobs`; results live in the BlobStore under `jobs/<job_id>/result.json`. The queue only moves job ids to
 * workers with at-least-once delivery; events carry JobRef changes to SSE listeners and webhooks.
 */

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type ExecutionMode = 'async' | 'sync';

export interface JobProgress {
  done: number;
  total: number;
  unit: 'pages';
}

export interface JobErrorInfo {
  type: string;
  msg: string;
}

export interface JobRecord {
  job_id: string;
  tenant: string;
  operation: string;
  status: JobStatus;
  execution_mode: ExecutionMode;
  created_at: number;
  updated_at: number;
  /** Deliveries so far (1 on the first run), the ones that ended in a retry delay included. */
  attempts: number;
  /**
   * Runs whose worker vanished (died, or lost its lease) without settling the job: a delivery that finds the job
   * still `processing` counts one. The job fails once they reach config.jobs.maxAttempts.
   */
  lost_runs?: number;
  /** Times the job was delayed because a dependency was unavailable (sets the backoff; spends no attempt). */
  retries?: number;
  /** Epoch ms of the first such delay; past config.jobs.retryBudgetMs from it, the next one fails the job. */
  retrying_since_ms?: number;
  /** Of those delays, the ones where the dependency was up but too slow; they stop at config.jobs.maxAttempts. */
  slow_retries?: number;
  progress?: JobProgress;
  error?: JobErrorInfo;
  /** The validated request body of the original endpoint. */
  request: Record<string, unknown>;
  billing_profile: 'standard' | 'engineering_drawing';
  pages_processed?: number;
  /** Set by POST /v1/jobs/{job_id}/cancel on a running job: its worker (polling the record) aborts the run. */
  cancel_requested?: boolean;
  /** Blob key of the result JSON once completed. */
  result_key?: string;
  webhook_url?: string | null;
  /** Epoch seconds after which the job and its result may be deleted. */
  expires_at?: number;
  /** Last retryable error (the job went back to `pending` for a delay); cleared on completion. */
  retry_error?: JobErrorInfo;
  /** For a failed job: the HTTP status and `detail` a sync request answers with (422 for input problems). */
  error_status?: number;
  error_detail?: unknown;
  /**
   * Set once the final state was announced (event published, webhook handed over). A worker that dies between
   * storing the final state and announcing it leaves this unset, and the redelivery announces it (at least once).
   */
  announced?: boolean;
  /**
   * Epoch ms until which the worker that stored the final state is still announcing it (one lease). A delivery of
   * the job that finds it finished but not yet announced before then leaves it to that worker, so the two do not
   * both publish it; after then, that worker is taken for dead and the delivery announces it.
   */
  announce_by_ms?: number;
}

/** The public view of a job (spec JobRef plus the optional members decisions.md allows). */
export interface JobRef {
  job_id: string;
  operation: string;
  status: JobStatus;
  execution_mode: ExecutionMode;
  created_at: number;
  updated_at: number;
  progress?: JobProgress;
  error?: JobErrorInfo;
  result_url?: string;
}

/** One delivery of a job id to a worker. */
export interface Delivery {
  jobId: string;
  operation: string;
  /** 1-based delivery count, including deliveries to workers that died. */
  attempt: number;
  /** Keep the lease alive while working (the worker loop calls it periodically). */
  heartbeat(): Promise<void>;
  /** Done with this job (completed or failed for good): never deliver again. */
  ack(): Promise<void>;
  /** Give the job back for another delivery after `delayMs`. */
  nak(delayMs?: number): Promise<void>;
}

export type DeliveryHandler = (delivery: Delivery) => Promise<void>;

export interface Consumer {
  /** Stop taking new deliveries and wait for the ones in flight to settle (or to be released). */
  stop(): Promise<void>;
}

export interface JobQueue {
  /** Idempotent per job id (dedup): enqueuing the same id twice delivers it once. */
  enqueue(jobId: string, operation: string): Promise<void>;
  /** Start delivering to `handler`, at most `concurrency` at a time. */
  consume(handler: DeliveryHandler, concurrency: number): Consumer;
  /** Number of jobs waiting or leased (for /readyz and metrics). */
  depth(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type JobListener = (ref: JobRef) => void;

export interface JobEvents {
  publish(ref: JobRef): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(jobId: string, listener: JobListener): Promise<() => void>;
  close(): Promise<void>;
}

export function toJobRef(job: JobRecord): JobRef {
  const ref: JobRef = {
    job_id: job.job_id,
    operation: job.operation,
    status: job.status,
    execution_mode: job.execution_mode,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
  if (job.progress) ref.progress = job.progress;
  if (job.error) ref.error = job.error;
  if (job.status === 'completed') ref.result_url = `/v1/jobs/${job.job_id}/result`;
  return ref;
}

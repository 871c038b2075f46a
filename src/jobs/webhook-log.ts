import type { JobStore } from './job-store.ts';
import type { JobRecord } from './ports.ts';

/**
 * The webhook delivery log of a job: one entry per attempt, kept on the job record itself (member
 * `webhook_deliveries`), so it lives and expires with the job on every metadata adapter. Read by
 * `GET /v1/jobs/{job_id}/webhooks`; it is not part of the JobRef.
 */
export interface WebhookAttempt {
  /** 1-based. */
  attempt: number;
  /** Epoch seconds (with milliseconds) when the attempt started. */
  attempted_at: number;
  duration_ms: number;
  /** The receiver's HTTP status, or null when no answer came (network error, timeout). */
  status_code: number | null;
  /** Why the attempt failed without an HTTP answer, or null. */
  error: string | null;
  /** `delivered` (2xx), `retrying` (a later attempt is scheduled) or `failed` (given up). */
  outcome: 'delivered' | 'retrying' | 'failed';
}

export type WebhookDeliveryStatus = 'none' | 'pending' | 'delivered' | 'failed';

export type JobWithDeliveries = JobRecord & { webhook_deliveries?: WebhookAttempt[] };

export function deliveriesOf(job: JobRecord): WebhookAttempt[] {
  return (job as JobWithDeliveries).webhook_deliveries ?? [];
}

/** `none` without a webhook_url; otherwise what the last attempt says (`pending` before the first). */
export function deliveryStatus(job: JobRecord): WebhookDeliveryStatus {
  if (!job.webhook_url) return 'none';
  const last = deliveriesOf(job).at(-1);
  if (!last || last.outcome === 'retrying') return 'pending';
  return last.outcome;
}

/** Appends one attempt to the job's log (compare-and-set, so concurrent writers do not lose entries). */
export async function appendWebhookAttempt(store: JobStore, jobId: string, attempt: WebhookAttempt): Promise<void> {
  await store.mutate(jobId, (job) => {
    const next: JobWithDeliveries = { ...job, webhook_deliveries: [...deliveriesOf(job), attempt] };
    return next;
  });
}

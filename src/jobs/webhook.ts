import { webhookDeliveries } from '../shared/metrics.ts';
import type { Logger } from '../shared/logger.ts';
import type { JobStore } from './job-store.ts';
import type { JobRef } from './ports.ts';
import { appendWebhookAttempt, type WebhookAttempt } from './webhook-log.ts';
import { webhookTargetProblem } from './webhook-target.ts';
import { signWebhook, SIGNATURE_HEADER, tenantWebhookSecret, TIMESTAMP_HEADER } from './webhook-signature.ts';

export interface WebhookSenderOptions {
  /** The server secret each tenant's signing secret is derived from; without one, nothing is sent. */
  secret: string | null;
  logger: Logger;
  /** Where each attempt is logged (the job record); null: only the process log. */
  store: JobStore | null;
  /** Attempts per delivery, the first included (config.webhooks.maxAttempts). */
  maxAttempts?: number;
  /** Pause before the 2nd attempt, doubled for each later one (config.webhooks.retryBaseMs). */
  retryBaseMs?: number;
  timeoutMs?: number;
  /** Deliver to private, loopback and link-local addresses too (config.webhooks.allowPrivate); default false. */
  allowPrivate?: boolean;
}

/** One webhook to send: the final JobRef of a tenant's job. */
export interface WebhookJob {
  url: string;
  tenant: string;
  ref: JobRef;
}

type AttemptResult = Pick<WebhookAttempt, 'status_code' | 'error'> & { retryable: boolean };

/** Pause before attempt `n` (2, 3, ...): base, 2 base, 4 base, ... with up to 10% jitter so receivers are not hit in lockstep. */
export function backoffMs(attempt: number, baseMs: number): number {
  const delay = baseMs * 2 ** (attempt - 2);
  return Math.round(delay * (1 + Math.random() * 0.1));
}

/** Network errors, timeouts and 5xx are worth another try; a 4xx (or a redirect) is the receiver's final word. */
function isRetryableStatus(status: number): boolean {
  return status >= 500;
}

/**
 * Posts final JobRefs to webhook URLs in the background with retries and exponential backoff; a slow or broken
 * receiver never holds up a worker. Each attempt is signed afresh (new timestamp) with the tenant's secret and
 * logged on the job record. Retries live in this process: a worker that stops abandons the ones still waiting
 * (drain() gives deliveries in flight a moment first).
 */
export class WebhookSender {
  private readonly pending = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  send(job: WebhookJob): void {
    if (!this.options.secret) {
      this.options.logger.warn({ jobId: job.ref.job_id }, 'webhook not sent: no webhook secret is configured');
      return;
    }
    const secret = tenantWebhookSecret(this.options.secret, job.tenant);
    const task = this.deliver(job, secret)
      .catch((err) => this.options.logger.error({ err, jobId: job.ref.job_id }, 'webhook delivery crashed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Wait up to `graceMs` for deliveries in flight, then abandon the rest. */
  async drain(graceMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.pending]), grace]);
    clearTimeout(timer);
    this.controller.abort();
  }

  private async deliver(job: WebhookJob, secret: string): Promise<void> {
    const body = JSON.stringify(job.ref);
    const maxAttempts = this.options.maxAttempts ?? 5;
    const log = this.options.logger.child({ jobId: job.ref.job_id, webhook: job.url });
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1 && !(await this.sleep(backoffMs(attempt, this.options.retryBaseMs ?? 1000)))) {
        log.warn({ attempt }, 'webhook retry abandoned: worker stopping');
        return;
      }
      const startedAt = Date.now();
      const result = await this.attempt(job.url, body, secret);
      if (this.controller.signal.aborted && result.status_code === null) return;
      const outcome =
        result.status_code !== null && result.status_code < 300 && result.status_code >= 200
          ? 'delivered'
          : result.retryable && attempt < maxAttempts
            ? 'retrying'
            : 'failed';
      const entry: WebhookAttempt = {
        attempt,
        attempted_at: startedAt / 1000,
        duration_ms: Date.now() - startedAt,
        status_code: result.status_code,
        error: result.error,
        outcome,
      };
      webhookDeliveries.inc({ outcome });
      await this.record(job.ref.job_id, entry, log);
      if (outcome === 'delivered') return void log.info({ attempt, status: result.status_code }, 'webhook delivered');
      if (outcome === 'failed') return void log.error({ attempt, status: result.status_code, error: result.error }, 'webhook given up');
      log.warn({ attempt, status: result.status_code, error: result.error }, 'webhook attempt failed; will retry');
    }
  }

  private async attempt(url: string, body: string, secret: string): Promise<AttemptResult> {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'docintel-webhook',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(body, secret, timestamp),
    };
    // Checked again at delivery: the host may resolve to a private address now though it did not at submit time.
    const problem = this.options.allowPrivate ? null : await webhookTargetProblem(url);
    if (problem) return { status_code: null, error: `refused: webhook_url ${problem}`, retryable: false };
    try {
      const signal = AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.options.timeoutMs ?? 10_000)]);
      const res = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      const error = res.ok ? null : `HTTP ${res.status}`;
      return { status_code: res.status, error, retryable: isRetryableStatus(res.status) };
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const error = timedOut
        ? `timed out after ${this.options.timeoutMs ?? 10_000} ms`
        : (cause?.code ?? cause?.message ?? (err as Error).message);
      return { status_code: null, error, retryable: true };
    }
  }

  private async record(jobId: string, entry: WebhookAttempt, log: Logger): Promise<void> {
    if (!this.options.store) return;
    try {
      await appendWebhookAttempt(this.options.store, jobId, entry);
    } catch (err) {
      log.warn({ err, attempt: entry.attempt }, 'webhook attempt not logged on the job');
    }
  }

  /** Resolves false when shutdown abandoned the wait. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.controller.signal.aborted) return resolve(false);
      const timer = setTimeout(() => resolve(true), ms);
      this.controller.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true });
    });
  }
}

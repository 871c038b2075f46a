import { createHmac } from 'node:crypto';
import type { Logger } from '../shared/logger.ts';
import type { JobRef } from './ports.ts';

export const SIGNATURE_HEADER = 'X-Docintel-Signature';

/** `sha256=<hex HMAC-SHA256 of the exact body bytes>`; receivers recompute it with the shared secret. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface WebhookSenderOptions {
  secret: string | null;
  logger: Logger;
  /** Delays before the 2nd, 3rd, ... attempt. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

/**
 * Posts final JobRefs to webhook URLs in the background with bounded retries; a slow or broken receiver
 * never holds up a worker. drain() lets shutdown wait a little for deliveries in flight.
 */
export class WebhookSender {
  private readonly pending = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  send(url: string, ref: JobRef): void {
    if (!this.options.secret) {
      this.options.logger.warn({ jobId: ref.job_id }, 'webhook not sent: no webhook secret is configured');
      return;
    }
    const task = this.deliver(url, ref, this.options.secret).finally(() => this.pending.delete(task));
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

  private async deliver(url: string, ref: JobRef, secret: string): Promise<void> {
    const body = JSON.stringify(ref);
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(body, secret), 'user-agent': 'docintel-webhook' };
    const delays = this.options.retryDelaysMs ?? [1000, 5000, 25_000];
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0 && !(await this.sleep(delays[attempt - 1]))) return;
      try {
        const signal = AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.options.timeoutMs ?? 10_000)]);
        const res = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return;
        this.options.logger.warn({ jobId: ref.job_id, status: res.status, attempt: attempt + 1 }, 'webhook answered with an error status');
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) break;
      } catch (err) {
        if (this.controller.signal.aborted) return;
        this.options.logger.warn({ jobId: ref.job_id, err: String(err), attempt: attempt + 1 }, 'webhook delivery failed');
      }
    }
    this.options.logger.error({ jobId: ref.job_id }, 'webhook given up');
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

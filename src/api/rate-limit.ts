import { RateLimitedError } from '../shared/errors.ts';

/**
 * Per-tenant token bucket. Capacity is ten seconds' worth of the per-minute rate (at least 1), so short bursts
 * pass and a steady flood is held to the configured rate. State is per api process.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;
  private readonly perMs: number;

  constructor(private readonly perMinute: number) {
    this.capacity = Math.max(1, Math.ceil(perMinute / 6));
    this.perMs = perMinute / 60_000;
  }

  /** Throws RateLimitedError (429 + Retry-After) when the tenant has no token left. */
  take(tenant: string, now = Date.now()): void {
    if (this.perMinute <= 0) return;
    const bucket = this.buckets.get(tenant) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(tenant, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const waitMs = (1 - bucket.tokens) / this.perMs;
    throw new RateLimitedError(`Rate limit of ${this.perMinute} requests per minute exceeded for this API key`, waitMs / 1000);
  }
}

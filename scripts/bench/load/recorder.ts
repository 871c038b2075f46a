import { percentile } from '../stats.ts';

/**
 * What one load step observed, per operation: latencies of the successful calls, and every other outcome
 * sorted into back-pressure (the service said "not now" and when to come back) and failures.
 */
export type Outcome =
  | { kind: 'ok'; ms: number; pages?: number }
  /** 429/503 over HTTP, RESOURCE_EXHAUSTED/UNAVAILABLE over gRPC; `retryAfter` whether the answer said when to retry. */
  | { kind: 'shed'; code: string; retryAfter: boolean; ms: number }
  /** The client's own deadline passed (counted as a failure). */
  | { kind: 'timeout'; ms: number }
  | { kind: 'error'; code: string; ms: number };

export interface OpSummary {
  op: string;
  calls: number;
  ok: number;
  /** Successful calls per second over the step's wall time. */
  okPerSecond: number;
  /** Pages per second (parsed or rendered), when the operation has pages. */
  pagesPerSecond: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** Failures (timeouts, errors, back-pressure answers without a retry-after hint) / calls. */
  errorRate: number;
  /** Back-pressure answers by code, and how many of them carried a retry-after hint. */
  shed: Record<string, { count: number; withRetryAfter: number }>;
  timeouts: number;
  /** Failures by code (HTTP status, gRPC code name, or `network`). */
  errors: Record<string, number>;
}

export class StepRecorder {
  private readonly byOp = new Map<string, Outcome[]>();

  record(op: string, outcome: Outcome): void {
    const list = this.byOp.get(op) ?? [];
    list.push(outcome);
    this.byOp.set(op, list);
  }

  /** Per operation, then `all` over every operation. */
  summarize(seconds: number): OpSummary[] {
    const ops = [...this.byOp.keys()].sort();
    const rows = ops.map((op) => summarizeOutcomes(op, this.byOp.get(op) ?? [], seconds));
    rows.push(
      summarizeOutcomes(
        'all',
        ops.flatMap((op) => this.byOp.get(op) ?? []),
        seconds,
      ),
    );
    return rows;
  }
}

export function summarizeOutcomes(op: string, outcomes: Outcome[], seconds: number): OpSummary {
  const latencies: number[] = [];
  let pages = 0;
  let hasPages = false;
  let timeouts = 0;
  const shed: OpSummary['shed'] = {};
  const errors: Record<string, number> = {};
  for (const o of outcomes) {
    if (o.kind === 'ok') {
      latencies.push(o.ms);
      if (o.pages !== undefined) {
        hasPages = true;
        pages += o.pages;
      }
    } else if (o.kind === 'shed') {
      const entry = (shed[o.code] ??= { count: 0, withRetryAfter: 0 });
      entry.count++;
      if (o.retryAfter) entry.withRetryAfter++;
    } else if (o.kind === 'timeout') {
      timeouts++;
    } else {
      errors[o.code] = (errors[o.code] ?? 0) + 1;
    }
  }
  // A "not now" that does not say when to come back leaves the client guessing: it counts as a failure.
  const shedWithoutHint = Object.values(shed).reduce((n, s) => n + s.count - s.withRetryAfter, 0);
  const failures = timeouts + shedWithoutHint + Object.values(errors).reduce((a, b) => a + b, 0);
  return {
    op,
    calls: outcomes.length,
    ok: latencies.length,
    okPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    pagesPerSecond: hasPages && seconds > 0 ? pages / seconds : null,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    errorRate: outcomes.length ? failures / outcomes.length : 0,
    shed,
    timeouts,
    errors,
  };
}

/** Runs `clients` closed-loop clients (each starts its next call when the last one ended) until `seconds` pass. */
export async function closedLoop(
  clients: number,
  seconds: number,
  call: (client: number, deadline: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) await call(client, deadline);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Sleeps `seconds` but not past `deadline` (a performance.now() value): a polite client honouring Retry-After. */
export function backOff(seconds: number, deadline: number): Promise<void> {
  const ms = Math.max(0, Math.min(seconds * 1000, deadline - performance.now()));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

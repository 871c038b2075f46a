import { readFileSync } from 'node:fs';

/** Latency and throughput arithmetic for the benchmark report. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; null when there are none. */
export function percentile(samples: number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface LatencySummary {
  count: number;
  totalMs: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export function summarize(samplesMs: number[]): LatencySummary {
  return {
    count: samplesMs.length,
    totalMs: samplesMs.reduce((sum, ms) => sum + ms, 0),
    p50Ms: percentile(samplesMs, 50),
    p95Ms: percentile(samplesMs, 95),
  };
}

/** Units per second over a total of milliseconds; null when nothing was timed. */
export function perSecond(units: number, totalMs: number): number | null {
  return totalMs > 0 ? (units * 1000) / totalMs : null;
}

export function share(passed: number, total: number): string {
  return total === 0 ? 'n/a' : `${passed}/${total} (${((100 * passed) / total).toFixed(1)}%)`;
}

/** Wall-clock milliseconds of an async call, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Peak RSS of this process (the harness plus our service's worker threads) in MB. */
export function ownPeakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** A memory field of /proc/PID/status (VmRSS, VmHWM) in MB; null when the process is gone or has no such field. */
export function procStatusMb(pid: number | 'self', field: string): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

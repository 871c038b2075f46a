import { describe, expect, it } from 'vitest';
import { changesOnly } from '../src/jobs/events.ts';
import type { JobRef } from '../src/jobs/ports.ts';

const base: JobRef = { job_id: 'j1', operation: 'parse', status: 'pending', execution_mode: 'async', created_at: 100, updated_at: 100 };
const at = (updated_at: number, status: JobRef['status'], done?: number): JobRef => ({
  ...base,
  updated_at,
  status,
  ...(done === undefined ? {} : { progress: { done, total: 3, unit: 'pages' as const } }),
});

function deliveredOf(refs: JobRef[]): JobRef[] {
  const seen: JobRef[] = [];
  const deliver = changesOnly((ref) => seen.push(ref));
  for (const ref of refs) deliver(ref);
  return seen;
}

describe('changesOnly (job event ordering)', () => {
  it('delivers each change once', () => {
    expect(deliveredOf([at(100, 'pending'), at(100, 'pending'), at(101, 'processing', 0)])).toHaveLength(2);
  });

  it('drops a change older than the last one delivered', () => {
    const seen = deliveredOf([at(100, 'pending'), at(102, 'processing', 1), at(101, 'processing', 0)]);
    expect(seen.map((r) => r.updated_at)).toEqual([100, 102]);
  });

  it('drops a late progress event of the same second once the job finished', () => {
    const seen = deliveredOf([at(100, 'processing', 2), at(100, 'completed', 3), at(100, 'processing', 1)]);
    expect(seen.map((r) => r.status)).toEqual(['processing', 'completed']);
  });

  it('never leaves a finished state, even for a later timestamp', () => {
    const seen = deliveredOf([at(100, 'failed'), at(101, 'processing', 1)]);
    expect(seen.map((r) => r.status)).toEqual(['failed']);
  });

  it('keeps progress growing within one second and status', () => {
    const seen = deliveredOf([at(100, 'processing', 2), at(100, 'processing', 1), at(100, 'processing', 3)]);
    expect(seen.map((r) => r.progress?.done)).toEqual([2, 3]);
  });

  it('lets a retry start its progress again after going back to pending', () => {
    const seen = deliveredOf([at(100, 'processing', 2), at(100, 'pending', 2), at(100, 'processing', 0), at(101, 'processing', 1)]);
    expect(seen.map((r) => [r.status, r.progress?.done])).toEqual([
      ['processing', 2],
      ['pending', 2],
      ['processing', 0],
      ['processing', 1],
    ]);
  });
});

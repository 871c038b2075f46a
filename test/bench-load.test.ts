/**
 * The pieces of `npm run bench -- load` that decide what the report says: its section of docs/benchmarks.md
 * survives the quality bench's rewrite and replaces only itself, and outcomes are sorted into successes,
 * back-pressure and failures as the report claims.
 */
import { describe, expect, it } from 'vitest';
import { summarizeOutcomes } from '../scripts/bench/load/recorder.ts';
import { extractLoadSection, keepLoadSection, LOAD_BEGIN, LOAD_END, withLoadSection } from '../scripts/bench/load/section.ts';

describe('the load section of docs/benchmarks.md', () => {
  const bench = '# Benchmarks\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';

  it('is appended once and then replaced in place, leaving the rest alone', () => {
    const first = withLoadSection(bench, '## Load and soak\n\nrun 1');
    expect(first.startsWith(bench.trimEnd())).toBe(true);
    expect(extractLoadSection(first)).toBe(`${LOAD_BEGIN}\n## Load and soak\n\nrun 1\n${LOAD_END}`);
    const second = withLoadSection(`${first}\ntext after\n`, '## Load and soak\n\nrun $& 2');
    expect(second).toContain('run $& 2');
    expect(second).not.toContain('run 1');
    expect(second).toContain('text after');
    expect(second.split(LOAD_BEGIN)).toHaveLength(2);
  });

  it('survives a rewrite of the bench report', () => {
    const previous = withLoadSection(bench, 'load figures');
    const rewritten = keepLoadSection(previous, '# Benchmarks\n\nnew figures\n');
    expect(rewritten).toContain('new figures');
    expect(extractLoadSection(rewritten)).toBe(extractLoadSection(previous));
    expect(keepLoadSection(null, 'only the report\n')).toBe('only the report\n');
    expect(keepLoadSection(bench, 'no section before\n')).toBe('no section before\n');
  });
});

describe('outcome summaries', () => {
  it('counts back-pressure with a retry hint apart from failures, and latencies over successes only', () => {
    const summary = summarizeOutcomes(
      'parse',
      [
        { kind: 'ok', ms: 10, pages: 3 },
        { kind: 'ok', ms: 30, pages: 3 },
        { kind: 'shed', code: '503', retryAfter: true, ms: 1 },
        { kind: 'shed', code: '503', retryAfter: false, ms: 1 },
        { kind: 'shed', code: '429', retryAfter: true, ms: 1 },
        { kind: 'timeout', ms: 30_000 },
        { kind: 'error', code: '500', ms: 5 },
        { kind: 'error', code: '500', ms: 5 },
      ],
      2,
    );
    expect(summary).toMatchObject({
      calls: 8,
      ok: 2,
      okPerSecond: 1,
      pagesPerSecond: 3,
      p50Ms: 10,
      p99Ms: 30,
      timeouts: 1,
      errors: { 500: 2 },
    });
    expect(summary.shed).toEqual({ 503: { count: 2, withRetryAfter: 1 }, 429: { count: 1, withRetryAfter: 1 } });
    // Failures: the timeout, the two 500s and the 503 without Retry-After.
    expect(summary.errorRate).toBe(4 / 8);
  });
});

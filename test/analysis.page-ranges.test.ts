import { describe, expect, it } from 'vitest';
import { pageRanges } from '../src/pipeline/analysis/pdf.ts';

const sizes = (ranges: { from: number; to: number }[]) => ranges.map((r) => r.to - r.from);

/** Every page once, in order, in ranges that follow each other. */
function expectCovers(ranges: { from: number; to: number }[], pages: number[]): void {
  const covered: number[] = [];
  for (const r of ranges) for (let i = r.from; i < r.to; i++) covered.push(i);
  expect(covered).toEqual(pages);
}

describe('pageRanges', () => {
  it('covers every page once, in order', () => {
    for (const [count, threads] of [
      [1, 2],
      [10, 2],
      [500, 2],
      [2000, 2],
      [100, 4],
      [77, 1],
    ]) {
      expectCovers(
        pageRanges(count, threads),
        Array.from({ length: count }, (_, i) => i),
      );
    }
  });

  it('shrinks the last ranges so the threads finish together', () => {
    const ranges = sizes(pageRanges(500, 2));
    expect(ranges[0]).toBe(32);
    // Never growing, and the document ends in small ranges, not in a full one.
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]).toBeLessThanOrEqual(ranges[i - 1]);
    expect(ranges.at(-1)).toBeLessThanOrEqual(4);
    expect(ranges.at(-2)).toBeLessThanOrEqual(4);
  });

  it('keeps equal ranges with one thread (nothing waits for it)', () => {
    expect(
      sizes(pageRanges(500, 1))
        .slice(0, -1)
        .every((n) => n === 32),
    ).toBe(true);
  });

  it('cuts a page selection into runs of consecutive pages', () => {
    const selection = [0, 1, 2, 10, 11, 40];
    const ranges = pageRanges(50, 2, 'fast', 'key', selection);
    expectCovers(ranges, selection);
    expect(ranges.every((r) => r.profile === 'fast' && r.docKey === 'key')).toBe(true);
  });
});

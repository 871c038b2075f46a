/** The layout benchmark's scores (scripts/bench/layout/metrics.ts): IoU, all-point AP per class, column order. */
import { describe, expect, it } from 'vitest';
import {
  classAp,
  columnOrder,
  fromXywh,
  iou,
  locatedRegions,
  meanAp,
  type Box,
  type Detection,
  type TruthRegion,
} from '../scripts/bench/layout/metrics.ts';

describe('layout benchmark metrics', () => {
  it('computes IoU of [left, top, right, bottom] boxes and converts COCO boxes', () => {
    expect(fromXywh([10, 20, 30, 40])).toEqual([10, 20, 40, 60]);
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150);
    expect(iou([0, 0, 10, 10], [10, 0, 20, 10])).toBe(0);
  });

  it('scores AP with all-point interpolation, by descending score, each truth matched once', () => {
    const truths: TruthRegion[] = [
      { image: 'a', cls: 'text', box: [0, 0, 100, 100] },
      { image: 'a', cls: 'text', box: [0, 200, 100, 300] },
      { image: 'b', cls: 'text', box: [0, 0, 100, 100] },
      { image: 'b', cls: 'title', box: [0, 0, 50, 10] },
    ];
    const perfect: Detection[] = truths.filter((t) => t.cls === 'text').map((t) => ({ ...t, score: 0.9 }));
    expect(classAp('text', perfect, truths).ap).toBe(1);
    // By score: FP (0.95, IoU 0.4), TP (0.9), FP duplicate (0.8), TP (0.7); the third truth is never found.
    const dets: Detection[] = [
      { image: 'a', cls: 'text', box: [0, 0, 100, 100], score: 0.9 },
      { image: 'a', cls: 'text', box: [0, 0, 100, 95], score: 0.8 },
      { image: 'a', cls: 'text', box: [0, 200, 100, 300], score: 0.7 },
      { image: 'b', cls: 'text', box: [0, 0, 40, 100], score: 0.95 }, // IoU 0.4 < 0.5: a false positive ranked first
    ];
    const s = classAp('text', dets, truths);
    expect(s.matched).toBe(2);
    expect(s.truths).toBe(3);
    // Precision 1/2 at recall 1/3 and 2/4 at recall 2/3; the envelope keeps 1/2 for both steps.
    expect(s.ap).toBeCloseTo((1 / 3) * (1 / 2) + (1 / 3) * (1 / 2));
    expect(classAp('list', dets, truths).ap).toBeNull();
    expect(meanAp([classAp('text', perfect, truths), classAp('title', [], truths), classAp('list', [], truths)])).toBe(0.5);
  });

  it('does not match a detection to a truth of another image or class', () => {
    const truths: TruthRegion[] = [{ image: 'a', cls: 'table', box: [0, 0, 100, 100] }];
    expect(classAp('table', [{ image: 'b', cls: 'table', box: [0, 0, 100, 100], score: 1 }], truths).ap).toBe(0);
    expect(classAp('table', [{ image: 'a', cls: 'figure', box: [0, 0, 100, 100], score: 1 }], truths).ap).toBe(0);
    expect(locatedRegions([{ image: 'a', cls: 'figure', box: [0, 0, 100, 100], score: 1 }], truths)).toBe(1);
  });

  const left: Box[] = [
    [50, 100, 290, 300],
    [50, 320, 290, 700],
  ];
  const right: Box[] = [
    [320, 100, 560, 400],
    [320, 420, 560, 700],
  ];
  const page = 612;

  it('finds the right column order when every left-column region is read first', () => {
    const ours = [...left, ...right].map((box, rank) => ({ box, rank }));
    expect(columnOrder(page, [...left, ...right], [], ours)).toEqual({ kind: 'right', bands: 1, wrongBands: 0 });
    // Read across the rows instead: wrong.
    const across = [left[0], right[0], left[1], right[1]].map((box, rank) => ({ box, rank }));
    expect(columnOrder(page, [...left, ...right], [], across).kind).toBe('wrong');
  });

  it('splits the page into bands at full-width regions and reads each band column by column', () => {
    const top: Box[] = [
      [50, 100, 290, 300],
      [320, 100, 560, 300],
    ];
    const figure: Box = [50, 320, 560, 500];
    const bottom: Box[] = [
      [50, 520, 290, 700],
      [320, 520, 560, 700],
    ];
    const ours = [top[0], top[1], figure, bottom[0], bottom[1]].map((box, rank) => ({ box, rank }));
    expect(columnOrder(page, [...top, ...bottom], [figure], ours)).toEqual({ kind: 'right', bands: 2, wrongBands: 0 });
    // Without the figure as a cut the same order reads the top right column before the bottom left one: wrong.
    expect(columnOrder(page, [...top, ...bottom], [], ours).kind).toBe('wrong');
  });

  it('skips single-column pages and counts a two-column page without our components as unscored', () => {
    const single: Box[] = [
      [50, 100, 560, 300],
      [50, 320, 560, 700],
    ];
    expect(columnOrder(page, single, [], []).kind).toBe('single');
    expect(columnOrder(page, [...left, ...right], [], []).kind).toBe('unscored');
    // Components split inside a region all take part: one left piece read after a right one is wrong.
    const pieces = [
      { box: [50, 100, 290, 200] as Box, rank: 0 },
      { box: [320, 100, 560, 400] as Box, rank: 1 },
      { box: [50, 200, 290, 300] as Box, rank: 2 },
    ];
    expect(columnOrder(page, [...left, ...right], [], pieces).kind).toBe('wrong');
  });
});

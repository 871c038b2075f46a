import { describe, expect, it } from 'vitest';
import {
  area,
  boundsOfPoints,
  center,
  centerIn,
  containsPoint,
  grown,
  intersects,
  overlap1d,
  overlapArea,
  overlapOfSmaller,
  union,
  xOverlap,
  yOverlap,
} from '../src/pipeline/model/geometry.ts';
import type { BBox } from '../src/pipeline/model/types.ts';

describe('box geometry', () => {
  it('unions boxes, and gives an inverted infinite box for none', () => {
    expect(
      union([
        [10, 20, 30, 40],
        [5, 25, 15, 50],
      ]),
    ).toEqual([5, 20, 30, 50]);
    expect(union([])).toEqual([Infinity, Infinity, -Infinity, -Infinity]);
    // The empty union adds nothing to a later one.
    expect(union([union([]), [1, 2, 3, 4]])).toEqual([1, 2, 3, 4]);
  });

  it('bounds points the same way', () => {
    expect(
      boundsOfPoints([
        [3, 4],
        [1, 9],
        [2, 0],
      ]),
    ).toEqual([1, 0, 3, 9]);
    expect(boundsOfPoints([])).toEqual([Infinity, Infinity, -Infinity, -Infinity]);
  });

  it('measures areas and overlaps, 0 for inverted or disjoint boxes', () => {
    const a: BBox = [0, 0, 10, 10];
    const b: BBox = [5, 5, 20, 8];
    expect(area(a)).toBe(100);
    expect(area([10, 0, 0, 10])).toBe(0);
    expect(overlapArea(a, b)).toBe(15);
    expect(overlapArea(a, [10, 0, 20, 10])).toBe(0);
    expect(xOverlap(a, b)).toBe(5);
    expect(yOverlap(a, b)).toBe(3);
    expect(overlap1d(0, 1, 2, 3)).toBe(0);
    expect(overlapOfSmaller(a, b)).toBeCloseTo(15 / 45);
  });

  it('tells strict intersection from touching', () => {
    expect(intersects([0, 0, 10, 10], [9, 9, 12, 12])).toBe(true);
    expect(intersects([0, 0, 10, 10], [10, 0, 12, 10])).toBe(false);
  });

  it('tests points and centres with edges included and an optional margin', () => {
    expect(containsPoint([0, 0, 10, 10], 10, 0)).toBe(true);
    expect(containsPoint([0, 0, 10, 10], 11, 5)).toBe(false);
    expect(containsPoint([0, 0, 10, 10], 11, 5, 1)).toBe(true);
    expect(center([0, 0, 10, 4])).toEqual([5, 2]);
    expect(centerIn([8, 8, 12, 12], [0, 0, 10, 10])).toBe(true);
    expect(centerIn([9, 9, 13, 13], [0, 0, 10, 10])).toBe(false);
    expect(centerIn([9, 9, 13, 13], [0, 0, 10, 10], 1)).toBe(true);
    expect(grown([1, 2, 3, 4], 1)).toEqual([0, 1, 4, 5]);
  });
});

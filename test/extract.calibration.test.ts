import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fitTable, MIN_GROUP, type Labelled } from '../scripts/calibration/fit-table.ts';
import { fitCurve, PRIOR_WEIGHT, wilsonLower } from '../scripts/calibration/isotonic.ts';
import { calibrate, calibrateOutput, curveFor, WITHHOLD_BELOW, type CalibrationTable } from '../src/pipeline/extract/calibration.ts';
import type { ExtractOutput, SchemaV2 } from '../src/pipeline/extract/types.ts';

/** A seeded generator, so the noisy samples are the same on every run. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
}

const isMonotone = (ys: number[]) => ys.every((y, i) => i === 0 || y >= ys[i - 1]);

describe('isotonic calibration fit', () => {
  it('turns noisy scores into a monotone curve that follows the true hit rate from below', () => {
    const rand = lcg(7);
    // Values scored s are right with probability s * s: raw scores are overconfident.
    const obs = Array.from({ length: 2000 }, () => {
      const raw = Math.round(rand() * 100) / 100;
      return { raw, right: rand() < raw * raw };
    });
    const curve = fitCurve(obs);
    expect(curve.n).toBe(2000);
    expect(isMonotone(curve.y)).toBe(true);
    expect(curve.x.every((x, i) => i === 0 || x > curve.x[i - 1])).toBe(true);
    const table: CalibrationTable = { version: 1, fitted_on: 'test', curves: { '*|*': curve } };
    // A lower bound of the rate: never above it by more than the noise, and not far below it either.
    for (const raw of [0.3, 0.6, 0.9]) {
      const c = calibrate(raw, null, 'text', table);
      expect(c).toBeLessThanOrEqual(raw * raw + 0.03);
      expect(c).toBeGreaterThanOrEqual(raw * raw - 0.1);
    }
  });

  it('does not trust a handful of right answers as certainty', () => {
    const obs = [
      ...Array.from({ length: 3 }, () => ({ raw: 0.95, right: true })),
      ...Array.from({ length: 17 }, () => ({ raw: 0.5, right: false })),
    ];
    const curve = fitCurve(obs);
    const top = curve.y[curve.y.length - 1];
    // Three right of three, shrunk toward the group's 15% by PRIOR_WEIGHT pseudo-observations, then its lower bound.
    const shrunk = (3 + PRIOR_WEIGHT * 0.15) / (3 + PRIOR_WEIGHT);
    expect(top).toBeCloseTo(wilsonLower(shrunk, 3 + PRIOR_WEIGHT), 3);
    expect(top).toBeLessThan(1);
  });

  it('fits a curve for each group with enough values and backs off for the rest', () => {
    const obs: Labelled[] = [
      ...Array.from({ length: MIN_GROUP }, (_, i) => ({
        set: 's',
        concept: 'total',
        source: 'key_value',
        raw: i / MIN_GROUP,
        right: i % 2 === 0,
      })),
      ...Array.from({ length: 5 }, () => ({ set: 's', concept: 'total', source: 'text', raw: 0.9, right: false })),
    ];
    const table = fitTable(obs, 'test');
    expect(Object.keys(table.curves).sort()).toEqual(['*|*', '*|key_value', 'total|*', 'total|key_value']);
    expect(curveFor('total', 'text', table)).toBe(table.curves['total|*']);
    expect(curveFor('company', 'table_cell', table)).toBe(table.curves['*|*']);
  });
});

describe('calibrated extraction output', () => {
  const table: CalibrationTable = {
    version: 1,
    fitted_on: 'test',
    curves: {
      'total|key_value': { x: [0.5, 0.9], y: [0.4, 0.95], n: 100 },
      '*|*': { x: [0.2, 0.8], y: [0.05, 0.6], n: 300 },
    },
  };
  const schema: SchemaV2 = {
    doc_class: 'receipt',
    fields: [
      { key: 'total', description: 'Total amount paid', type: 'number', array: false },
      { key: 'remark', description: 'A remark printed at the foot', type: 'string', array: false },
      { key: 'witnesses', description: 'People who signed as witnesses', type: 'string', array: true },
    ],
    tables: [],
  };
  const g = (confidence: number, source: 'key_value' | 'text') => ({
    page_index: 0,
    bbox: [0, 0, 10, 10] as [number, number, number, number],
    region_ids: [],
    confidence,
    source,
  });

  it('maps each value through its curve and withholds a single value too uncertain to return', () => {
    const output: ExtractOutput = {
      result: { total: 12.5, remark: 'see overleaf', witnesses: ['Ada Byron', 'Alan Turing'] },
      grounding: { total: g(0.7, 'key_value'), remark: g(0.25, 'text'), 'witnesses[0]': g(0.8, 'text'), 'witnesses[1]': g(0.2, 'text') },
      validation: [],
    };
    calibrateOutput(schema, output, table);
    const total = output.grounding.total as { confidence: number };
    expect(total.confidence).toBeCloseTo(0.675, 3);
    expect(output.result.total).toBe(12.5);
    // 0.25 maps to 0.05 + 0.05 / 0.6 * 0.55 ≈ 0.096, below the withholding line.
    expect(calibrate(0.25, null, 'text', table)).toBeLessThan(WITHHOLD_BELOW);
    expect(output.result.remark).toBeNull();
    expect(output.grounding.remark).toBeUndefined();
    expect(output.validation).toEqual([
      expect.objectContaining({ check: 'low_confidence', ok: false, paths: ['remark'], found: 'see overleaf' }),
    ]);
    // Array values are calibrated, never withheld one by one.
    expect(output.result.witnesses).toEqual(['Ada Byron', 'Alan Turing']);
    expect((output.grounding['witnesses[0]'] as { confidence: number }).confidence).toBeCloseTo(0.6, 3);
    expect((output.grounding['witnesses[1]'] as { confidence: number }).confidence).toBeCloseTo(0.05, 3);
  });
});

describe('the committed calibration table', () => {
  it('holds monotone curves within [0, 1], each fitted on enough values', () => {
    const table = JSON.parse(
      readFileSync(new URL('../src/pipeline/extract/calibration-table.json', import.meta.url), 'utf8'),
    ) as CalibrationTable;
    expect(Object.keys(table.curves).length).toBeGreaterThan(0);
    expect(table.curves['*|*']).toBeDefined();
    for (const curve of Object.values(table.curves)) {
      expect(curve.n).toBeGreaterThanOrEqual(MIN_GROUP);
      expect(curve.x.length).toBe(curve.y.length);
      expect(isMonotone(curve.y)).toBe(true);
      expect(curve.y.every((y) => y >= 0 && y <= 1)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_BATCH_COLUMNS, planBatches } from '../src/inference/ocr/ppocr/recognize.ts';
import type { RgbImage } from '../src/inference/ocr/types.ts';

/** A blank line crop: only its size matters to the plan. */
const crop = (width: number, height = 48): RgbImage => ({ width, height, data: new Uint8Array(width * height * 3) });

describe('recognizer batch plan', () => {
  it('takes up to eight crops of short lines per run, narrowest first', () => {
    const crops = [300, 120, 200, 90, 150, 260, 110, 180, 240, 100].map((w) => crop(w));
    const batches = planBatches(crops);
    expect(batches.map((b) => b.indices.length)).toEqual([8, 2]);
    const widths = batches.flatMap((b) => b.widths);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(batches.flatMap((b) => b.indices).sort((a, b) => a - b)).toEqual(crops.map((_, i) => i));
    for (const b of batches) expect(b.batchWidth).toBe(Math.max(...b.widths));
  });

  it('runs full-width lines in smaller batches, so no run passes the column budget', () => {
    const crops = Array.from({ length: 8 }, (_, i) => crop(2300 + 20 * i));
    const batches = planBatches(crops);
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) expect(b.indices.length * b.batchWidth).toBeLessThanOrEqual(MAX_BATCH_COLUMNS);
    expect(batches.flatMap((b) => b.indices).sort((a, b) => a - b)).toEqual(crops.map((_, i) => i));
  });

  it('squeezes a very long line to the widest input, and no more than three such lines share a run', () => {
    const batches = planBatches([crop(9000), crop(120), crop(8000), crop(8500), crop(9900)]);
    expect(batches.map((b) => b.indices)).toEqual([
      [1, 2, 3],
      [0, 4],
    ]);
    expect(batches[1].batchWidth).toBe(3200);
  });

  it('counts the padding a minimum batch width adds', () => {
    const crops = Array.from({ length: 8 }, () => crop(100));
    expect(planBatches(crops, 8, 320).map((b) => b.indices.length)).toEqual([8]);
    expect(planBatches(crops, 8, 2560).map((b) => b.indices.length)).toEqual([4, 4]);
  });
});

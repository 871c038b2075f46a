import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FLOAT, type ModelProto } from '../../../src/inference/onnx/onnx-format.ts';
import type { ActivationRange, WeightFormat } from './quant-params.ts';

/**
 * Calibration ranges of a model's activations, measured once by a script (scripts/ocr/calibrate-rec.mts) and kept
 * as a small JSON file beside the code. The file names the sha256 of the published model it was measured on;
 * ranges for any other model bytes are not used.
 */
export interface CalibrationFile {
  model: string;
  sha256: string;
  /** How the ranges were reduced from the observed values (e.g. "minmax"). */
  method: string;
  samples: number;
  ranges: Record<string, [number, number]>;
  /** How the convolution weights were stored when the bias corrections were measured (default 'int8-7bit'). */
  weights?: WeightFormat;
  /** Per-channel mean output error of the quantized convolutions (see bias-correction.ts). */
  biasCorrection?: Record<string, number[]>;
}

/** What a quantizer reads from a calibration file. */
export interface Calibration {
  ranges: Record<string, ActivationRange>;
  weights: WeightFormat;
  biasCorrection: Record<string, number[]>;
}

export class CalibrationMismatchError extends Error {
  constructor(file: string, detail: string) {
    super(`calibration ${file} does not apply: ${detail}`);
    this.name = 'CalibrationMismatchError';
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The calibration in `file` for the model whose bytes hash to `sha256`; null when the file is absent. */
export function readCalibration(file: string, sha256: string): Calibration | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as CalibrationFile;
  if (parsed.sha256 !== sha256) throw new CalibrationMismatchError(file, `measured on model ${parsed.sha256}, not ${sha256}`);
  const ranges: Record<string, ActivationRange> = {};
  for (const [name, [min, max]] of Object.entries(parsed.ranges)) ranges[name] = { min, max };
  return { ranges, weights: parsed.weights ?? 'int8-7bit', biasCorrection: parsed.biasCorrection ?? {} };
}

/** Adds `names` (intermediate float tensors) to the graph's outputs so a session returns them too. */
export function exposeTensors(model: ModelProto, names: string[]): void {
  const present = new Set(model.graph.output.map((o) => o.name));
  for (const name of names) {
    if (!present.has(name)) model.graph.output.push({ name, type: { tensorType: { elemType: FLOAT } } });
  }
}

/**
 * Per-tensor ranges over every run of the calibration set: the `percentile` of the observed values (from a
 * seeded reservoir sample of each tensor), not the extremes. A few outliers would otherwise stretch a tensor's
 * 256 levels over values that almost never occur (measured on the recognizer: min/max ranges read about three
 * times as many lines differently from float as 99.99th-percentile ranges).
 */
export class RangeCollector {
  private readonly reservoirs = new Map<string, { values: Float32Array; seen: number }>();
  private state = 0x9e3779b9;
  samples = 0;

  constructor(
    private readonly percentile = 0.9999,
    private readonly reservoirSize = 100_000,
    private readonly perRun = 20_000,
  ) {}

  observe(name: string, values: Float32Array): void {
    let reservoir = this.reservoirs.get(name);
    if (!reservoir) this.reservoirs.set(name, (reservoir = { values: new Float32Array(this.reservoirSize), seen: 0 }));
    const step = Math.max(1, Math.floor(values.length / this.perRun));
    for (let i = Math.floor(this.random() * step); i < values.length; i += step) {
      if (reservoir.seen < this.reservoirSize) reservoir.values[reservoir.seen] = values[i];
      else {
        const j = Math.floor(this.random() * (reservoir.seen + 1));
        if (j < this.reservoirSize) reservoir.values[j] = values[i];
      }
      reservoir.seen++;
    }
  }

  ranges(): Record<string, [number, number]> {
    const out: Record<string, [number, number]> = {};
    for (const [name, { values, seen }] of [...this.reservoirs].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = values.slice(0, Math.min(seen, this.reservoirSize)).sort();
      const last = sorted.length - 1;
      out[name] = [round(sorted[Math.floor((1 - this.percentile) * last)]), round(sorted[Math.ceil(this.percentile * last)])];
    }
    return out;
  }

  /** xorshift32: the same sample on every run. */
  private random(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }
}

/** Six significant digits: ample for a scale, and keeps the committed file small. */
function round(value: number): number {
  return Number(value.toPrecision(6));
}

/** The calibration file in `dir` measured on exactly these model bytes; null when there is none. */
export function findCalibration(dir: string, modelBytes: Uint8Array): Calibration | null {
  if (!existsSync(dir)) return null;
  const sha256 = sha256Hex(modelBytes);
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = path.join(dir, name);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<CalibrationFile>;
    if (parsed.sha256 === sha256) return readCalibration(file, sha256);
  }
  return null;
}

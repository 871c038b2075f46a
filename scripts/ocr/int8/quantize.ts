import { attribute, GraphEditor } from '../../../src/inference/onnx/graph-editor.ts';
import {
  decodeModel,
  encodeModel,
  FLOAT,
  type GraphProto,
  type ModelProto,
  type NodeProto,
  type TensorProto,
} from '../../../src/inference/onnx/onnx-format.ts';
import { planQuantization } from './quant-plan.ts';
import { prepareForQuantization, removeUnused } from './quant-prepare.ts';
import {
  activationParams,
  quantizeBias,
  quantizeWeights,
  type ActivationRange,
  type AffineParams,
  type WeightFormat,
} from './quant-params.ts';

/**
 * Static QDQ quantization (see quant-plan.ts for which nodes). Every planned activation tensor t is produced as
 * t_float → QuantizeLinear (uint8) → DequantizeLinear → t, so every consumer reads it unchanged; convolution
 * weights (int8 per output channel) and biases (int32) and the element-wise ops' constants (uint8) are read
 * through DequantizeLinear. ONNX Runtime's CPU provider (optimization level 'all') fuses DQ → op → Q groups into
 * QLinearConv, QLinearAdd, QLinearMul, QLinearGlobalAveragePool, QLinearAveragePool.
 */
export interface QdqOptions {
  /** Calibration ranges by tensor name (quantizationTargets lists the names). */
  ranges: Record<string, ActivationRange>;
  /** Weight storage (see WeightFormat). */
  weights: WeightFormat;
  /** Nodes (by output name) left in float. */
  keepFloat?: ReadonlySet<string>;
  /** Per-channel mean output error of quantized convolutions, by output name, subtracted from their bias. */
  biasCorrection?: Record<string, number[]>;
}

export interface QdqResult {
  quantizedNodes: number;
  quantizedConvs: number;
  convsLeftFloat: number;
}

const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;
const MS_DOMAIN = 'com.microsoft';
const UNIT: AffineParams = { scale: 1 / 255, zeroPoint: 0 };

/** The activation tensors whose ranges a calibration must measure, in a graph already prepared for quantization. */
export function quantizationTargets(model: ModelProto): string[] {
  const editor = new GraphEditor(
    model.graph,
    model.graph.output.map((o) => o.name),
  );
  return planQuantization(model.graph, editor).calibrated;
}

/** Prepares (quant-prepare.ts), quantizes and re-encodes a model. */
export function quantizeModelQdq(bytes: Uint8Array, options: QdqOptions): { bytes: Uint8Array; result: QdqResult } {
  const model = decodeModel(bytes);
  prepareForQuantization(model);
  const result = quantizeGraphQdq(model, options);
  return { bytes: encodeModel(model), result };
}

/** Rewrites a prepared model in place. */
export function quantizeGraphQdq(model: ModelProto, options: QdqOptions): QdqResult {
  const graph = model.graph;
  const editor = new GraphEditor(
    graph,
    graph.output.map((o) => o.name),
  );
  const plan = planQuantization(graph, editor, options.ranges, options.keepFloat);
  if (!model.opsetImport.some((o) => o.domain === MS_DOMAIN)) model.opsetImport.push({ domain: MS_DOMAIN, version: 1 });
  const emitter = new QdqEmitter(graph);
  const params = new Map<string, AffineParams>();
  for (const t of plan.calibrated) params.set(t, activationParams(options.ranges[t]));
  for (const t of plan.unitRange) params.set(t, UNIT);
  const nodes: NodeProto[] = [];
  const graphInputs = new Set((graph.input ?? []).map((i) => i.name));
  for (const [t, p] of [...params].filter(([name]) => graphInputs.has(name))) {
    const dq = emitter.quantizePair(t, emitter.fresh(`${t}_dequantized`), p, nodes);
    params.set(dq, p);
    for (const consumer of editor.consumersOf(t)) editor.rewire(consumer, t, dq);
  }
  let convs = 0;
  for (const node of graph.node) {
    if (plan.nodes.has(node)) {
      if (node.opType === 'Conv') {
        emitter.convConstants(editor, node, params.get(node.input[0])!, options.weights, options.biasCorrection?.[node.output[0]], nodes);
        convs++;
      } else if (node.opType === 'HardSigmoid') {
        emitter.hardSigmoidAsAdd(node, params.get(node.input[0])!, nodes);
      } else {
        emitter.elementwiseConstants(editor, node, nodes);
      }
    }
    nodes.push(node);
    const t = node.output[0];
    const p = node.output.length === 1 ? params.get(t) : undefined;
    if (p) {
      node.output[0] = emitter.fresh(`${t}_float`);
      emitter.quantizePair(node.output[0], t, p, nodes);
    }
  }
  graph.node = nodes;
  graph.initializer.push(...emitter.initializers);
  removeUnused(graph);
  const allConvs = nodes.filter((n) => n.opType === 'Conv').length;
  return { quantizedNodes: plan.nodes.size, quantizedConvs: convs, convsLeftFloat: allConvs - convs };
}

class QdqEmitter {
  readonly initializers: TensorProto[] = [];
  /** Float tensor → its QuantizeLinear output and parameters. */
  private readonly quantized = new Map<string, { name: string; scale: string; zeroPoint: string; params: AffineParams }>();
  private readonly taken: Set<string>;

  constructor(graph: GraphProto) {
    this.taken = new Set([...graph.initializer.map((i) => i.name ?? ''), ...graph.node.flatMap((n) => [...n.input, ...n.output])]);
  }

  /** floatName → QuantizeLinear → DequantizeLinear → `as`; returns `as`. */
  quantizePair(floatName: string, as: string, params: AffineParams, out: NodeProto[]): string {
    const scale = this.scalar(`${as}_scale`, params.scale);
    const zeroPoint = this.tensor(`${as}_zero_point`, UINT8, [], Uint8Array.of(params.zeroPoint));
    const q = this.fresh(`${as}_quantized`);
    out.push(this.node('QuantizeLinear', [floatName, scale, zeroPoint], q));
    out.push(this.node('DequantizeLinear', [q, scale, zeroPoint], as));
    this.quantized.set(as, { name: q, scale, zeroPoint, params });
    return as;
  }

  convConstants(
    editor: GraphEditor,
    conv: NodeProto,
    input: AffineParams,
    format: WeightFormat,
    correction: number[] | undefined,
    out: NodeProto[],
  ): void {
    const [, w, b] = conv.input;
    const weight = editor.floatConstant(w)!;
    const channels = weight.dims[0];
    const q = quantizeWeights(weight.values, channels, format);
    const type = format === 'uint8' ? UINT8 : INT8;
    const bias = b ? Float32Array.from(editor.floatConstant(b)!.values) : new Float32Array(channels);
    if (correction?.length === channels) correction.forEach((e, o) => (bias[o] -= e));
    const qb = quantizeBias(bias, input.scale, q.scales);
    const wDq = this.dequantize(
      this.tensor(`${w}_quantized`, type, weight.dims, q.values),
      this.tensor(`${w}_scale`, FLOAT, [channels], new Uint8Array(q.scales.buffer)),
      this.tensor(`${w}_zero_point`, type, [channels], new Uint8Array(channels).fill(q.zeroPoint)),
      out,
    );
    const bDq = this.dequantize(
      this.tensor(`${conv.output[0]}_bias_quantized`, INT32, [channels], new Uint8Array(qb.values.buffer)),
      this.tensor(`${conv.output[0]}_bias_scale`, FLOAT, [channels], new Uint8Array(qb.scales.buffer)),
      this.tensor(`${conv.output[0]}_bias_zero_point`, INT32, [channels], new Uint8Array(channels * 4)),
      out,
    );
    conv.input = [conv.input[0], wDq, bDq];
  }

  /**
   * HardSigmoid(x) = clip(αx + β, 0, 1) as Add(DQ(x_q; α·s), β) quantized to [0, 1]: the dequantize rescales x
   * for free, and the uint8 saturation of the output is the clip. ONNX Runtime runs it as one QLinearAdd.
   */
  hardSigmoidAsAdd(node: NodeProto, input: AffineParams, out: NodeProto[]): void {
    const x = this.quantized.get(node.input[0])!;
    const alpha = attribute(node, 'alpha')?.f ?? 0.2;
    const beta = attribute(node, 'beta')?.f ?? 0.5;
    const scaled = this.dequantize(x.name, this.scalar(`${node.input[0]}_scale_x_alpha`, input.scale * alpha), x.zeroPoint, out);
    node.opType = 'Add';
    node.attribute = [];
    node.input = [scaled, this.constant(`${node.output[0]}_beta`, Float32Array.of(beta), [], out)];
  }

  /** The float constants of a planned Add or Mul, as uint8 through DequantizeLinear (one scale per tensor). */
  elementwiseConstants(editor: GraphEditor, node: NodeProto, out: NodeProto[]): void {
    node.input = node.input.map((input) => {
      const constant = input ? editor.floatConstant(input) : null;
      return constant ? this.constant(input, constant.values, constant.dims, out) : input;
    });
  }

  private constant(hint: string, values: Float32Array, dims: number[], out: NodeProto[]): string {
    let min = 0;
    let max = 0;
    for (const v of values) [min, max] = [Math.min(min, v), Math.max(max, v)];
    const p = activationParams({ min, max });
    const q = Uint8Array.from(values, (v) => Math.min(255, Math.max(0, Math.round(v / p.scale) + p.zeroPoint)));
    return this.dequantize(
      this.tensor(`${hint}_quantized`, UINT8, dims, q),
      this.scalar(`${hint}_scale`, p.scale),
      this.tensor(`${hint}_zero_point`, UINT8, [], Uint8Array.of(p.zeroPoint)),
      out,
    );
  }

  private dequantize(value: string, scale: string, zeroPoint: string, out: NodeProto[]): string {
    const name = this.fresh(`${value}_dequantized`);
    const node = this.node('DequantizeLinear', [value, scale, zeroPoint], name);
    // Per-channel scales are along axis 0 (output channels); a scalar scale ignores the attribute.
    node.attribute.push({ name: 'axis', type: 2, i: 0 });
    out.push(node);
    return name;
  }

  private node(opType: string, input: string[], output: string): NodeProto {
    return { opType, domain: MS_DOMAIN, input, output: [output], name: output, attribute: [] };
  }

  private scalar(hint: string, value: number): string {
    return this.tensor(hint, FLOAT, [], new Uint8Array(Float32Array.of(value).buffer));
  }

  private tensor(hint: string, dataType: number, dims: number[], rawData: Uint8Array): string {
    const name = this.fresh(hint);
    this.initializers.push({ name, dataType, dims, rawData: Uint8Array.from(rawData) });
    return name;
  }

  fresh(hint: string): string {
    let name = hint;
    for (let i = 1; this.taken.has(name); i++) name = `${hint}_${i}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * For bias correction (bias-correction.ts): beside each convolution the quantizer would quantize, adds a
 * quantized twin that reads the float input, so one run of a prepared float model gives every convolution's own
 * quantization error, free of the error of the layers before it. Returns output name → twin output name.
 */
export function addQuantizedTwins(model: ModelProto, options: QdqOptions): Record<string, string> {
  const graph = model.graph;
  const editor = new GraphEditor(
    graph,
    graph.output.map((o) => o.name),
  );
  const plan = planQuantization(graph, editor, options.ranges, options.keepFloat);
  if (!model.opsetImport.some((o) => o.domain === MS_DOMAIN)) model.opsetImport.push({ domain: MS_DOMAIN, version: 1 });
  const emitter = new QdqEmitter(graph);
  const nodes: NodeProto[] = [];
  const twins: Record<string, string> = {};
  for (const node of graph.node) {
    nodes.push(node);
    if (!plan.nodes.has(node) || node.opType !== 'Conv') continue;
    const input = activationParams(options.ranges[node.input[0]]);
    const x = emitter.quantizePair(node.input[0], emitter.fresh(`${node.input[0]}_twin_input`), input, nodes);
    const twin: NodeProto = { ...node, input: [x, ...node.input.slice(1)], output: [node.output[0]], name: undefined };
    emitter.convConstants(editor, twin, input, options.weights, options.biasCorrection?.[node.output[0]], nodes);
    twin.output = [emitter.fresh(`${node.output[0]}_twin`)];
    nodes.push(twin);
    twins[node.output[0]] = twin.output[0];
  }
  graph.node = nodes;
  graph.initializer.push(...emitter.initializers);
  return twins;
}

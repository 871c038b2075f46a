import { attribute, type GraphEditor } from '../../../src/inference/onnx/graph-editor.ts';
import type { GraphProto, NodeProto } from '../../../src/inference/onnx/onnx-format.ts';
import type { ActivationRange } from './quant-params.ts';

/**
 * Which nodes of a graph run quantized. Convolutions with constant weights always do; the element-wise ops
 * between them (hardswish as HardSigmoid·x, the affine steps, squeeze-excitation's pooling and products) do when
 * all their computed inputs come from quantized nodes, so a whole backbone stays in uint8 from one convolution
 * to the next: a float op in the chain would cost a dequantize and a quantize pass over the feature map.
 */
export interface QuantPlan {
  nodes: Set<NodeProto>;
  /** Activation tensors quantized with calibrated ranges (inputs and outputs of the planned nodes). */
  calibrated: string[];
  /** HardSigmoid outputs: always in [0, 1], quantized with a fixed scale of 1/255. */
  unitRange: Set<string>;
}

const CHAIN_OPS = new Set(['Add', 'Mul', 'HardSigmoid', 'GlobalAveragePool', 'AveragePool', 'Relu']);

/** Plans the quantization; with `ranges`, nodes touching a tensor without a range stay float. */
export function planQuantization(
  graph: GraphProto,
  editor: GraphEditor,
  ranges?: Record<string, ActivationRange>,
  keepFloat: ReadonlySet<string> = new Set(),
): QuantPlan {
  const nodes = new Set<NodeProto>();
  const hasRange = (t: string) => !ranges || (ranges[t] !== undefined && Number.isFinite(ranges[t].min) && Number.isFinite(ranges[t].max));
  const fromPlanned = (t: string) => {
    const producer = editor.producer(t);
    return producer !== undefined && nodes.has(producer);
  };
  for (const node of graph.node) {
    if ((node.domain ?? '') !== '' || node.output.length !== 1 || keepFloat.has(node.output[0])) continue;
    const activations = node.input.filter((i) => i && !editor.floatConstant(i));
    const output = node.output[0];
    if (isQuantizableConv(editor, node)) {
      if (hasRange(node.input[0]) && hasRange(output)) nodes.add(node);
      continue;
    }
    if (!CHAIN_OPS.has(node.opType) || activations.length === 0 || !activations.every(fromPlanned)) continue;
    if ((node.opType === 'Add' || node.opType === 'Mul') && node.input.length !== 2) continue;
    if (node.opType === 'HardSigmoid') {
      const alpha = attribute(node, 'alpha')?.f ?? 0.2;
      const beta = attribute(node, 'beta')?.f ?? 0.5;
      if (alpha > 0 && beta >= 0 && beta <= 1) nodes.add(node);
      continue;
    }
    if (hasRange(output)) nodes.add(node);
  }
  const calibrated = new Set<string>();
  const unitRange = new Set<string>();
  for (const node of nodes) {
    for (const input of node.input) if (input && !editor.floatConstant(input) && node.opType !== 'HardSigmoid') calibrated.add(input);
    if (node.opType === 'HardSigmoid') unitRange.add(node.output[0]);
    else calibrated.add(node.output[0]);
  }
  for (const t of unitRange) calibrated.delete(t);
  return { nodes, calibrated: [...calibrated], unitRange };
}

export function isQuantizableConv(editor: GraphEditor, node: NodeProto): boolean {
  if (node.opType !== 'Conv' || node.output.length !== 1) return false;
  const weight = editor.floatConstant(node.input[1]);
  if (!weight || weight.dims.length !== 4) return false;
  return !node.input[2] || editor.floatConstant(node.input[2])?.values.length === weight.dims[0];
}

import { attribute, GraphEditor } from '../../../src/inference/onnx/graph-editor.ts';
import type { GraphProto, ModelProto, NodeProto } from '../../../src/inference/onnx/onnx-format.ts';
import { upgradeToOpset10 } from './opset-upgrade.ts';

/**
 * Float rewrites that come before quantization, so the graph the calibration measures is the graph that gets
 * quantized: a BatchNormalization right after a convolution is folded into it (ONNX Runtime would fold it
 * itself, but not once Q/DQ nodes sit between the two), and the graph is moved to opset 10 (QLinearConv).
 */
export function prepareForQuantization(model: ModelProto): { foldedBatchNorms: number } {
  upgradeToOpset10(model);
  const editor = new GraphEditor(
    model.graph,
    model.graph.output.map((o) => o.name),
  );
  let foldedBatchNorms = 0;
  for (const node of [...editor.nodes]) if (node.opType === 'Conv' && foldBatchNorm(editor, node)) foldedBatchNorms++;
  editor.commit();
  removeUnused(model.graph);
  return { foldedBatchNorms };
}

/** Conv → BatchNormalization(γ, β, μ, σ²): W' = W·γ/√(σ²+ε), b' = (b − μ)·γ/√(σ²+ε) + β. */
function foldBatchNorm(editor: GraphEditor, conv: NodeProto): boolean {
  const bn = editor.soleConsumer(conv.output[0]);
  if (!bn || bn.opType !== 'BatchNormalization' || bn.output.length !== 1 || bn.input[0] !== conv.output[0]) return false;
  const weight = editor.floatConstant(conv.input[1]);
  const [gamma, beta, mean, variance] = bn.input.slice(1, 5).map((name) => editor.floatConstant(name)?.values);
  if (!weight || weight.dims.length !== 4 || !gamma || !beta || !mean || !variance) return false;
  const outChannels = weight.dims[0];
  if ([gamma, beta, mean, variance].some((v) => v.length !== outChannels)) return false;
  const bias = conv.input[2] ? editor.floatConstant(conv.input[2])?.values : new Float32Array(outChannels);
  if (!bias || bias.length !== outChannels) return false;
  const epsilon = attribute(bn, 'epsilon')?.f ?? 1e-5;
  const folded = Float32Array.from(weight.values);
  const foldedBias = new Float32Array(outChannels);
  const perOut = folded.length / outChannels;
  for (let o = 0; o < outChannels; o++) {
    const scale = gamma[o] / Math.sqrt(variance[o] + epsilon);
    for (let i = o * perOut; i < (o + 1) * perOut; i++) folded[i] *= scale;
    foldedBias[o] = (bias[o] - mean[o]) * scale + beta[o];
  }
  const w = editor.addFloatConstant(`${conv.input[1]}_bn_folded`, folded, weight.dims);
  const b = editor.addFloatConstant(`${bn.output[0]}_bias`, foldedBias, [outChannels]);
  editor.setInputs(conv, [conv.input[0], w, b]);
  editor.remove(bn);
  editor.produceAs(conv, 0, bn.output[0]);
  return true;
}

/** Drops nodes nothing reads (e.g. the Constant nodes of folded weights) and initializers nothing reads. */
export function removeUnused(graph: GraphProto): void {
  const outputs = new Set(graph.output.map((o) => o.name));
  for (;;) {
    const read = new Set([...outputs, ...graph.node.flatMap((n) => n.input)]);
    const live = graph.node.filter((n) => n.output.some((o) => read.has(o)));
    if (live.length === graph.node.length) break;
    graph.node = live;
  }
  const read = new Set([...outputs, ...graph.node.flatMap((n) => n.input)]);
  const dropped = new Set(graph.initializer.filter((t) => !read.has(t.name ?? '')).map((t) => t.name));
  graph.initializer = graph.initializer.filter((t) => !dropped.has(t.name));
  // IR < 4 lists initializers among the graph inputs too; one left there would become a required input.
  if (graph.input) graph.input = graph.input.filter((i) => !dropped.has(i.name));
}

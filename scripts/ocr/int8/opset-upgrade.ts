import { intsAttribute } from '../../../src/inference/onnx/graph-editor.ts';
import { toNumber, type ModelProto, type NodeProto, type TensorProto } from '../../../src/inference/onnx/onnx-format.ts';

const INT64 = 7;
/** Operators whose opset-10 form differs from the older one in a way this upgrade does not rewrite. */
const UNCONVERTED = new Set(['TopK', 'Upsample', 'Resize', 'Mod', 'Scan', 'Loop', 'If']);

export class OpsetUpgradeError extends Error {
  constructor(detail: string) {
    super(`cannot move the graph to opset 10: ${detail}`);
    this.name = 'OpsetUpgradeError';
  }
}

/**
 * Raises a graph of ONNX opset 7–9 to opset 10, the first with QLinearConv (which ONNX Runtime fuses QDQ groups
 * into). Of the operators the older PaddlePaddle exports use, only Slice changed meaning (its starts/ends/axes
 * moved from attributes to inputs); it is rewritten. Graphs using other changed operators are refused.
 */
export function upgradeToOpset10(model: ModelProto): void {
  const opset = model.opsetImport.find((o) => (o.domain ?? '') === '' || o.domain === 'ai.onnx');
  if (!opset) throw new OpsetUpgradeError('no default-domain opset');
  const version = toNumber(opset.version);
  if (version >= 10) return;
  if (version < 7) throw new OpsetUpgradeError(`opset ${version} is too old`);
  const defaultDomain = model.graph.node.filter((n) => (n.domain ?? '') === '');
  const refused = defaultDomain.find((n) => UNCONVERTED.has(n.opType));
  if (refused) throw new OpsetUpgradeError(`it uses ${refused.opType}`);
  for (const node of defaultDomain) if (node.opType === 'Slice') sliceToInputs(model, node);
  opset.version = 10;
}

function sliceToInputs(model: ModelProto, node: NodeProto): void {
  const inputs = [node.input[0]];
  const base = node.output[0];
  for (const name of ['starts', 'ends', 'axes']) {
    const values = intsAttribute(node, name);
    if (name === 'axes' && values.length === 0) continue;
    const tensor: TensorProto = {
      name: `${base}_${name}`,
      dataType: INT64,
      dims: [values.length],
      rawData: new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer),
    };
    model.graph.initializer.push(tensor);
    inputs.push(tensor.name!);
  }
  node.input = inputs;
  node.attribute = node.attribute.filter((a) => !['starts', 'ends', 'axes'].includes(a.name));
}

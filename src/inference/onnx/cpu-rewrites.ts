import { attribute, type GraphEditor, intsAttribute, type FloatConstant } from './graph-editor.ts';
import type { NodeProto } from './onnx-format.ts';

/**
 * Exact algebraic rewrites for models exported from PaddlePaddle (PP-OCR's PPLCNetV3 backbone). Their graphs
 * spell every activation as `Conv → Mul(scale) → Add(bias) → hardswish as Add/Clip/Mul/Div → Mul(scale) →
 * Add(bias)`: eight memory-bound passes over each feature map for one convolution, and ONNX Runtime fuses none
 * of them. Folding the affine steps into the convolutions' weights and spelling hardswish as HardSigmoid·x
 * leaves two passes; the arithmetic is the same up to float rounding.
 */
export interface RewriteCounts {
  convAffine: number;
  hardSwish: number;
  affineIntoNextConv: number;
  removedNodes: number;
}

export function rewriteForCpu(editor: GraphEditor): RewriteCounts {
  const counts = { convAffine: 0, hardSwish: 0, affineIntoNextConv: 0, removedNodes: 0 };
  for (const node of [...editor.nodes]) if (isOp(node, 'Conv') && foldFollowingAffine(editor, node)) counts.convAffine++;
  counts.removedNodes += editor.commit();
  for (const node of [...editor.nodes]) if (isOp(node, 'Add') && rewriteHardSwish(editor, node)) counts.hardSwish++;
  counts.removedNodes += editor.commit();
  for (const node of [...editor.nodes]) if (isOp(node, 'Mul') && foldAffineIntoNextConvs(editor, node)) counts.affineIntoNextConv++;
  counts.removedNodes += editor.commit();
  removeDeadConstants(editor);
  counts.removedNodes += editor.commit();
  return counts;
}

function isOp(node: NodeProto | undefined, op: string): node is NodeProto {
  return node !== undefined && node.opType === op && (node.domain ?? '') === '';
}

/** The constant operand of a binary node and the other (computed) operand. */
function constantOperand(editor: GraphEditor, node: NodeProto): { constant: FloatConstant; other: string } | null {
  if (node.input.length !== 2) return null;
  for (const k of [0, 1]) {
    const constant = editor.floatConstant(node.input[k]);
    if (constant && !editor.floatConstant(node.input[1 - k])) return { constant, other: node.input[1 - k] };
  }
  return null;
}

/** A one-value constant that broadcasts against an NCHW tensor without changing its shape. */
function scalarOf(constant: FloatConstant): number | null {
  return constant.values.length === 1 && constant.dims.length <= 4 ? constant.values[0] : null;
}

/** Values of a scalar or per-channel ([C,1,1] or [1,C,1,1] under NCHW broadcasting) constant, one per channel. */
function perChannel(constant: FloatConstant, channels: number): Float32Array | null {
  const { values, dims } = constant;
  const scalar = scalarOf(constant);
  if (scalar !== null) return new Float32Array(channels).fill(scalar);
  const channelShaped =
    (dims.length === 3 || (dims.length === 4 && dims[0] === 1)) && dims.at(-3) === channels && dims.at(-1) === 1 && dims.at(-2) === 1;
  return channelShaped ? values : null;
}

interface ConvParams {
  weight: FloatConstant;
  bias: Float32Array;
  outChannels: number;
}

function convParams(editor: GraphEditor, conv: NodeProto): ConvParams | null {
  if (conv.input.length < 2 || conv.output.length !== 1) return null;
  const weight = editor.floatConstant(conv.input[1]);
  if (!weight || weight.dims.length !== 4) return null;
  const outChannels = weight.dims[0];
  const bias = conv.input[2] ? editor.floatConstant(conv.input[2])?.values : new Float32Array(outChannels);
  if (!bias || bias.length !== outChannels) return null;
  return { weight, bias: Float32Array.from(bias), outChannels };
}

function writeConvParams(editor: GraphEditor, conv: NodeProto, weight: Float32Array, dims: number[], bias: Float32Array): void {
  if (editor.isPrivateConstant(conv.input[1])) editor.setFloatConstant(conv.input[1], weight, dims);
  else editor.rewire(conv, conv.input[1], editor.addFloatConstant(`${conv.input[1]}_folded`, weight, dims));
  if (conv.input[2] && editor.isPrivateConstant(conv.input[2])) editor.setFloatConstant(conv.input[2], bias, [bias.length]);
  else if (conv.input[2]) editor.rewire(conv, conv.input[2], editor.addFloatConstant(`${conv.input[2]}_folded`, bias, [bias.length]));
  else editor.setInputs(conv, [...conv.input.slice(0, 2), editor.addFloatConstant(`${conv.output[0]}_bias`, bias, [bias.length])]);
}

/** Conv → Mul(c) → Add(c): y = s·(W∗x + B) + b = (s·W)∗x + (s·B + b). */
function foldFollowingAffine(editor: GraphEditor, conv: NodeProto): boolean {
  const params = convParams(editor, conv);
  if (!params) return false;
  const { outChannels } = params;
  let tail = editor.soleConsumer(conv.output[0]);
  const scale = new Float32Array(outChannels).fill(1);
  const shift = new Float32Array(outChannels);
  const folded: NodeProto[] = [];
  if (isOp(tail, 'Mul')) {
    const operand = constantOperand(editor, tail);
    const s = operand && perChannel(operand.constant, outChannels);
    if (s) {
      scale.set(s);
      folded.push(tail);
      tail = editor.soleConsumer(tail.output[0]);
    }
  }
  if (isOp(tail, 'Add')) {
    const operand = constantOperand(editor, tail);
    const b = operand && perChannel(operand.constant, outChannels);
    if (b) {
      shift.set(b);
      folded.push(tail);
    }
  }
  if (folded.length === 0) return false;
  const weight = Float32Array.from(params.weight.values);
  const perOut = weight.length / outChannels;
  for (let o = 0; o < outChannels; o++) {
    for (let k = 0; k < perOut; k++) weight[o * perOut + k] *= scale[o];
    params.bias[o] = params.bias[o] * scale[o] + shift[o];
  }
  writeConvParams(editor, conv, weight, params.weight.dims, params.bias);
  editor.remove(...folded);
  editor.produceAs(conv, 0, folded[folded.length - 1].output[0]);
  return true;
}

/** x·clip(x+3, 0, 6)/6 spelled as Add, Clip, Mul, Div becomes x·HardSigmoid(x; 1/6, 1/2). */
function rewriteHardSwish(editor: GraphEditor, add: NodeProto): boolean {
  const plus = constantOperand(editor, add);
  if (!plus || scalarOf(plus.constant) !== 3) return false;
  const x = plus.other;
  const clip = editor.soleConsumer(add.output[0]);
  if (!isOp(clip, 'Clip') || !clipsTo(editor, clip, 0, 6)) return false;
  const mul = editor.soleConsumer(clip.output[0]);
  if (!isOp(mul, 'Mul') || !(mul.input.includes(x) && mul.input.includes(clip.output[0]))) return false;
  const div = editor.soleConsumer(mul.output[0]);
  const by = isOp(div, 'Div') ? editor.floatConstant(div.input[1]) : null;
  if (!div || !by || scalarOf(by) !== 6 || div.input[0] !== mul.output[0]) return false;
  // Reuse the Clip node as the HardSigmoid (same place in the order, after x) and the Mul as the product.
  clip.opType = 'HardSigmoid';
  editor.setInputs(clip, [x]);
  clip.attribute = [
    { name: 'alpha', type: 1, f: 1 / 6 },
    { name: 'beta', type: 1, f: 0.5 },
  ];
  editor.remove(add, div);
  editor.produceAs(mul, 0, div.output[0]);
  return true;
}

function clipsTo(editor: GraphEditor, clip: NodeProto, min: number, max: number): boolean {
  if (clip.input.length === 1) return attribute(clip, 'min')?.f === min && attribute(clip, 'max')?.f === max;
  const lo = clip.input[1] ? editor.floatConstant(clip.input[1]) : null;
  const hi = clip.input[2] ? editor.floatConstant(clip.input[2]) : null;
  return lo?.values.length === 1 && lo.values[0] === min && hi?.values.length === 1 && hi.values[0] === max;
}

/**
 * Mul(s) → Add(b) feeding only convolutions: conv(s·h + b) = (s·W)∗h + b·ΣW where the convolution reads no
 * zero padding; where it pads, the padded border must stay zero, so the Add remains as h + b/s.
 */
function foldAffineIntoNextConvs(editor: GraphEditor, mul: NodeProto): boolean {
  const operand = constantOperand(editor, mul);
  const s = operand && scalarOf(operand.constant);
  if (!operand || s === null || !Number.isFinite(s) || Math.abs(s) < 1e-6) return false;
  const h = operand.other;
  let add = editor.soleConsumer(mul.output[0]);
  let b = 0;
  const addOperand = isOp(add, 'Add') ? constantOperand(editor, add) : null;
  const shift = addOperand ? scalarOf(addOperand.constant) : null;
  if (shift !== null) b = shift;
  else add = undefined;
  const z = (add ?? mul).output[0];
  const convs = editor.consumersOf(z);
  if (convs.length === 0 || !convs.every((c) => isOp(c, 'Conv') && c.input[0] === z && c.input.indexOf(z, 1) < 0)) return false;
  const params = convs.map((c) => convParams(editor, c));
  if (params.some((p) => p === null)) return false;
  const keepAdd = add !== undefined && b !== 0 && convs.some((c) => padsInput(c));
  convs.forEach((conv, k) => {
    const { weight, bias, outChannels } = params[k]!;
    const scaled = Float32Array.from(weight.values);
    const perOut = scaled.length / outChannels;
    for (let o = 0; o < outChannels; o++) {
      let sum = 0;
      for (let i = o * perOut; i < (o + 1) * perOut; i++) {
        sum += scaled[i];
        scaled[i] *= s;
      }
      if (!keepAdd) bias[o] += b * sum;
    }
    writeConvParams(editor, conv, scaled, weight.dims, bias);
  });
  if (keepAdd) {
    editor.setInputs(add!, [h, editor.addFloatConstant(`${add!.output[0]}_shift`, Float32Array.of(b / s), [])]);
    editor.remove(mul);
  } else {
    for (const conv of convs) editor.rewire(conv, z, h);
    editor.remove(mul, ...(add ? [add] : []));
  }
  return true;
}

function padsInput(conv: NodeProto): boolean {
  const autoPad = Buffer.from(attribute(conv, 'auto_pad')?.s ?? []).toString();
  if (autoPad !== '' && autoPad !== 'NOTSET' && autoPad !== 'VALID') return true;
  return intsAttribute(conv, 'pads').some((p) => p !== 0);
}

function removeDeadConstants(editor: GraphEditor): void {
  for (const node of editor.nodes) {
    if (isOp(node, 'Constant') && node.output.every((o) => editor.isUnused(o))) {
      editor.remove(node);
    }
  }
}

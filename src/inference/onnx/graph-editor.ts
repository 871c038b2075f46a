import { FLOAT, toNumber, type AttributeProto, type GraphProto, type NodeProto, type TensorProto } from './onnx-format.ts';

/** A float32 constant of the graph: its values and dims. */
export interface FloatConstant {
  values: Float32Array;
  dims: number[];
}

/**
 * Index over a graph's nodes for local rewrites: who produces and who consumes each value, and the float
 * constants (Constant nodes and initializers). Removing nodes marks them; `commit` drops them in one pass so the
 * remaining nodes keep their topological order.
 */
export class GraphEditor {
  private readonly producers = new Map<string, NodeProto>();
  private readonly consumers = new Map<string, NodeProto[]>();
  private readonly initializers = new Map<string, TensorProto>();
  private readonly removed = new Set<NodeProto>();
  private readonly graphOutputs: Set<string>;

  constructor(
    private readonly graph: GraphProto,
    outputNames: string[],
  ) {
    this.graphOutputs = new Set(outputNames);
    for (const init of graph.initializer) if (init.name) this.initializers.set(init.name, init);
    for (const node of graph.node) {
      for (const out of node.output) this.producers.set(out, node);
      for (const input of node.input) {
        if (!input) continue;
        const list = this.consumers.get(input) ?? [];
        list.push(node);
        this.consumers.set(input, list);
      }
    }
  }

  get nodes(): readonly NodeProto[] {
    return this.graph.node;
  }

  producer(value: string): NodeProto | undefined {
    const node = this.producers.get(value);
    return node && !this.removed.has(node) ? node : undefined;
  }

  consumersOf(value: string): NodeProto[] {
    return (this.consumers.get(value) ?? []).filter((n) => !this.removed.has(n));
  }

  /** The single live consumer of `value`, if it has exactly one and is not a graph output. */
  soleConsumer(value: string): NodeProto | undefined {
    if (this.graphOutputs.has(value)) return undefined;
    const list = this.consumersOf(value);
    return list.length === 1 ? list[0] : undefined;
  }

  isUnused(value: string): boolean {
    return !this.graphOutputs.has(value) && this.consumersOf(value).length === 0;
  }

  /** A float32 constant feeding the graph, or null when `value` is computed or not float. */
  floatConstant(value: string): FloatConstant | null {
    const tensor = this.constantTensor(value);
    if (!tensor || (tensor.dataType ?? 0) !== FLOAT || tensor.externalData?.length) return null;
    const dims = tensor.dims.map(toNumber);
    const count = dims.reduce((a, b) => a * b, 1);
    let values: Float32Array;
    if (tensor.rawData && tensor.rawData.length > 0) {
      const raw = tensor.rawData;
      values = new Float32Array(raw.length / 4);
      new Uint8Array(values.buffer).set(raw);
    } else {
      values = Float32Array.from(tensor.floatData ?? []);
    }
    return values.length === count ? { values, dims } : null;
  }

  /** A constant used by exactly one node: safe to rewrite in place. */
  isPrivateConstant(value: string): boolean {
    return this.constantTensor(value) !== null && this.consumersOf(value).length === 1 && !this.graphOutputs.has(value);
  }

  setFloatConstant(value: string, values: Float32Array, dims: number[]): void {
    const tensor = this.constantTensor(value);
    if (!tensor) throw new Error(`${value} is not a constant`);
    tensor.dims = dims;
    tensor.dataType = FLOAT;
    tensor.floatData = [];
    tensor.rawData = new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength));
  }

  /** Adds a float constant as an initializer under a fresh name derived from `hint`. */
  addFloatConstant(hint: string, values: Float32Array, dims: number[]): string {
    let name = hint;
    for (let i = 1; this.producers.has(name) || this.initializers.has(name); i++) name = `${hint}_${i}`;
    const tensor: TensorProto = { name, dims, dataType: FLOAT, rawData: new Uint8Array(values.buffer.slice(0)) };
    this.graph.initializer.push(tensor);
    this.initializers.set(name, tensor);
    return name;
  }

  remove(...nodes: NodeProto[]): void {
    for (const node of nodes) this.removed.add(node);
  }

  /** Makes `node` produce `value` (which a removed node produced before). */
  produceAs(node: NodeProto, outputIndex: number, value: string): void {
    node.output[outputIndex] = value;
    this.producers.set(value, node);
  }

  /** Points `consumer`'s inputs named `from` at `to`. */
  rewire(consumer: NodeProto, from: string, to: string): void {
    this.setInputs(
      consumer,
      consumer.input.map((input) => (input === from ? to : input)),
    );
  }

  /** Replaces a node's inputs, keeping the consumer index right. */
  setInputs(node: NodeProto, inputs: string[]): void {
    for (const input of node.input) {
      const list = this.consumers.get(input);
      if (list)
        this.consumers.set(
          input,
          list.filter((n) => n !== node),
        );
    }
    node.input = inputs;
    for (const input of inputs) {
      if (!input) continue;
      const list = this.consumers.get(input) ?? [];
      list.push(node);
      this.consumers.set(input, list);
    }
  }

  commit(): number {
    const before = this.graph.node.length;
    this.graph.node = this.graph.node.filter((n) => !this.removed.has(n));
    for (const [value, list] of this.consumers)
      this.consumers.set(
        value,
        list.filter((n) => !this.removed.has(n)),
      );
    for (const [value, node] of this.producers) if (this.removed.has(node)) this.producers.delete(value);
    this.removed.clear();
    return before - this.graph.node.length;
  }

  private constantTensor(value: string): TensorProto | null {
    const init = this.initializers.get(value);
    if (init) return init;
    const node = this.producer(value);
    if (node?.opType !== 'Constant' || (node.domain ?? '') !== '') return null;
    const attr = node.attribute.find((a) => a.name === 'value');
    return attr?.t ?? null;
  }
}

export function attribute(node: NodeProto, name: string): AttributeProto | undefined {
  return node.attribute.find((a) => a.name === name);
}

export function intsAttribute(node: NodeProto, name: string): number[] {
  return (attribute(node, name)?.ints ?? []).map(toNumber);
}

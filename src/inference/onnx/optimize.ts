import { GraphEditor } from './graph-editor.ts';
import { rewriteForCpu, type RewriteCounts } from './cpu-rewrites.ts';
import { decodeModel, encodeModel } from './onnx-format.ts';

export interface CpuOptimization {
  /** The rewritten model, or the input unchanged when nothing applied or the model is of a kind not rewritten. */
  bytes: Uint8Array;
  counts: RewriteCounts | null;
  /** Why the model was left as it was, when it was. */
  skipped?: string;
}

/**
 * Rewrites a model's graph for CPU inference (see cpu-rewrites.ts). Runs on the model bytes before the session
 * opens them; the file on disk, whose hash the manifest pins, is never changed.
 */
export function optimizeModelForCpu(bytes: Uint8Array): CpuOptimization {
  let model;
  try {
    model = decodeModel(bytes);
  } catch (err) {
    return { bytes, counts: null, skipped: `not a readable ONNX model: ${(err as Error).message}` };
  }
  if (!model.graph) return { bytes, counts: null, skipped: 'no graph' };
  if (model.functions?.length || model.trainingInfo?.length || model.graph.sparseInitializer?.length) {
    return { bytes, counts: null, skipped: 'model functions, training info or sparse initializers are not rewritten' };
  }
  // Values used inside subgraphs (If, Loop, Scan bodies) are invisible to the consumer index: leave such graphs be.
  if (model.graph.node.some((n) => n.attribute.some((a) => a.g || a.graphs?.length))) {
    return { bytes, counts: null, skipped: 'graphs with subgraphs are not rewritten' };
  }
  const outputNames = model.graph.output.map((o) => o.name);
  const counts = rewriteForCpu(new GraphEditor(model.graph, outputNames));
  if (counts.removedNodes === 0) return { bytes, counts, skipped: 'no rewrite applied' };
  return { bytes: encodeModel(model), counts };
}

/**
 * Packet splitting metrics (packets-synthetic): boundaries are the 1-based first pages of every document but the
 * first; precision/recall/F1 over those sets. Class accuracy: of the true documents, the share whose exact page
 * range was found with the right class (after mapping the manifest's class names to ours).
 */
export interface Segment {
  start_page: number;
  end_page: number;
  doc_class: string;
}

/** Manifest classes that our taxonomy names differently. */
export const CLASS_MAP: Record<string, string> = { gov_statistical_report: 'report' };

export const mapClass = (name: string) => CLASS_MAP[name] ?? name;

export interface SplitScore {
  truePositives: number;
  predicted: number;
  expected: number;
  segmentsRight: number;
  segments: number;
}

function boundaries(segments: Segment[]): Set<number> {
  return new Set(segments.map((s) => s.start_page).filter((p) => p > 1));
}

export function scoreSplit(predicted: Segment[], truth: Segment[]): SplitScore {
  const p = boundaries(predicted);
  const t = boundaries(truth);
  const truePositives = [...p].filter((b) => t.has(b)).length;
  const segmentsRight = truth.filter((d) => predicted.some((s) => s.start_page === d.start_page && s.end_page === d.end_page && s.doc_class === mapClass(d.doc_class))).length;
  return { truePositives, predicted: p.size, expected: t.size, segmentsRight, segments: truth.length };
}

export function f1(tp: number, predicted: number, expected: number): { precision: number; recall: number; f1: number } {
  const precision = predicted === 0 ? (expected === 0 ? 1 : 0) : tp / predicted;
  const recall = expected === 0 ? 1 : tp / expected;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

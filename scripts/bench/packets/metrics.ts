/**
 * Packet splitting metrics (packets-synthetic): boundaries are the 1-based first pages of every document but the
 * first; precision/recall/F1 over those sets. Class accuracy: of the true documents, the share whose exact page
 * range was found with a class in the document's accept list (after mapping the manifest's class names to ours);
 * strict accuracy asks for the primary class.
 */
export interface Segment {
  start_page: number;
  end_page: number;
  doc_class: string;
}

/** A true document: its primary class and every class that counts as right for it (`accept`, which holds `doc_class`). */
export interface TruthSegment extends Segment {
  accept: string[];
}

/** Manifest classes that our taxonomy names differently. */
export const CLASS_MAP: Record<string, string> = { gov_statistical_report: 'report' };

export const mapClass = (name: string) => CLASS_MAP[name] ?? name;

export interface SplitScore {
  truePositives: number;
  predicted: number;
  expected: number;
  /** Exact page range and a class in the document's accept list. */
  segmentsRight: number;
  /** Exact page range and its primary class. */
  segmentsStrict: number;
  segments: number;
}

function boundaries(segments: Segment[]): Set<number> {
  return new Set(segments.map((s) => s.start_page).filter((p) => p > 1));
}

/** Does a predicted class count for a true document (its accept list, our names for the manifest's classes)? */
export const accepted = (predicted: string, d: TruthSegment): boolean => [d.doc_class, ...d.accept].some((c) => mapClass(c) === predicted);

export function scoreSplit(predicted: Segment[], truth: TruthSegment[]): SplitScore {
  const p = boundaries(predicted);
  const t = boundaries(truth);
  const truePositives = [...p].filter((b) => t.has(b)).length;
  const sameRange = (d: Segment) => predicted.find((s) => s.start_page === d.start_page && s.end_page === d.end_page);
  const segmentsRight = truth.filter((d) => {
    const s = sameRange(d);
    return s !== undefined && accepted(s.doc_class, d);
  }).length;
  const segmentsStrict = truth.filter((d) => sameRange(d)?.doc_class === mapClass(d.doc_class)).length;
  return { truePositives, predicted: p.size, expected: t.size, segmentsRight, segmentsStrict, segments: truth.length };
}

export function f1(tp: number, predicted: number, expected: number): { precision: number; recall: number; f1: number } {
  const precision = predicted === 0 ? (expected === 0 ? 1 : 0) : tp / predicted;
  const recall = expected === 0 ? 1 : tp / expected;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

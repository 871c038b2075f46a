/** Shapes shared by the benchmark harness (scripts/bench.ts) and its capability modules. */

export interface BenchOptions {
  /** The evaluation data folder (../shared/eval beside the checkout). */
  evalDir: string;
  /** Documents per set; null for all. */
  limit: number | null;
  /** Pages per document for page-level capabilities (render). */
  maxPages: number;
  /** Print every failed quality check to stderr. */
  verbose: boolean;
  /** Only the documents of this half (sets that report halves); null for both. */
  half?: 'tune' | 'check' | null;
}

/** One line of the summary table: one tool on one set of one capability. */
export interface ResultRow {
  capability: string;
  set: string;
  tool: string;
  /** Our service (its peak RSS is the measuring process's own, filled in by the child runner). */
  ours: boolean;
  /** The set's quality metric, already formatted (e.g. "pass 52/99 (52.5%)"). */
  quality: string;
  /** What was measured, e.g. "21 docs, 23 pages". */
  items: string;
  pagesPerSec: number | null;
  /** Other throughput figures worth a column (files/s, MB/s). */
  throughput?: string;
  p50Ms: number | null;
  p95Ms: number | null;
  /** What one latency sample is: a document, a page or a file. */
  latencyPer: 'doc' | 'page' | 'file';
  peakRssMb: number | null;
}

export interface DetailTable {
  title: string;
  header: string[];
  rows: string[][];
}

/** What one capability reports for one evaluation set. */
export interface SetReport {
  rows: ResultRow[];
  details: DetailTable[];
  notes: string[];
}

export interface Capability {
  name: string;
  /** One sentence for the report: what is measured and how. */
  description: string;
  /** Evaluation folders it reads; a set whose folder is missing is skipped. */
  sets: string[];
  /** Sets among `sets` that are generated at run time and need no folder. */
  generatedSets?: string[];
  run(set: string, options: BenchOptions, log: (message: string) => void): Promise<SetReport>;
}

import { perSecond, summarize } from './stats.ts';
import type { ResultRow } from './types.ts';

/** Accumulates one tool's timings on one set and turns them into a summary row. */
export class ToolTally {
  readonly samplesMs: number[] = [];
  pages = 0;
  items = 0;
  bytes = 0;
  peakRssMb: number | null = null;

  constructor(
    readonly tool: string,
    readonly ours: boolean,
  ) {}

  add(ms: number, sample: { pages?: number; bytes?: number; rssMb?: number | null } = {}): void {
    this.samplesMs.push(ms);
    this.items++;
    this.pages += sample.pages ?? 0;
    this.bytes += sample.bytes ?? 0;
    if (sample.rssMb != null) this.peakRssMb = Math.max(this.peakRssMb ?? 0, sample.rssMb);
  }

  row(fields: {
    capability: string;
    set: string;
    quality: string;
    items: string;
    latencyPer: ResultRow['latencyPer'];
    throughput?: string;
  }): ResultRow {
    const timing = summarize(this.samplesMs);
    return {
      ...fields,
      tool: this.tool,
      ours: this.ours,
      pagesPerSec: perSecond(this.pages, timing.totalMs),
      p50Ms: timing.p50Ms,
      p95Ms: timing.p95Ms,
      peakRssMb: this.ours ? null : this.peakRssMb,
    };
  }

  get totalMs(): number {
    return this.samplesMs.reduce((sum, ms) => sum + ms, 0);
  }
}

import { percentile } from '../stats.ts';
import type { DetailTable, ResultRow } from '../types.ts';
import { precisionRecallF1, wordCounts } from './metrics.ts';
import type { ToolRun } from './runner.ts';
import type { A4Scan } from './sets.ts';

/** Seconds per page on one 300-dpi A4 page (median of repetitions) and per receipt, each tool beside tesseract. */

export const A4_REPETITIONS = 3;

export interface A4Timing {
  tool: string;
  ours: boolean;
  samplesMs: number[];
  rssMb: number | null;
  /** Word F1 against the PDF's text layer, from the last repetition (informative). */
  textLayerF1: number | null;
  error: string | null;
}

/** One untimed read per tool, then `repetitions` rounds with the tools interleaved; tools unavailable on receipts are skipped. */
export async function timeA4(runs: ToolRun[], scan: A4Scan, repetitions: number, log: (m: string) => void): Promise<A4Timing[]> {
  const live = runs.filter((r) => !r.unavailable);
  const timings: A4Timing[] = live.map((r) => ({
    tool: r.tool.name,
    ours: r.tool.ours,
    samplesMs: [],
    rssMb: null,
    textLayerF1: null,
    error: null,
  }));
  for (let round = -1; round < repetitions; round++) {
    for (const [t, run] of live.entries()) {
      const timing = timings[t];
      if (timing.error) continue;
      try {
        const { ms, rssMb, pages } = await run.tool.read(scan.image);
        if (round < 0) continue; // warm-up: a page this size may take allocations the receipts did not
        timing.samplesMs.push(ms);
        if (rssMb !== null) timing.rssMb = Math.max(timing.rssMb ?? 0, rssMb);
        const lines = pages.flatMap((p) => p.lines.map((l) => l.text));
        timing.textLayerF1 = precisionRecallF1(wordCounts([scan.textLayer], lines)).f1;
      } catch (err) {
        timing.error = (err as Error).message.split('\n')[0];
        log(`  ${run.tool.name} failed on the A4 page: ${timing.error}`);
      }
    }
    if (round >= 0) log(`  A4 round ${round + 1}/${repetitions}`);
  }
  return timings;
}

export const medianMs = (samples: number[]): number | null => percentile(samples, 50);

const seconds = (ms: number | null) => (ms === null ? '–' : (ms / 1000).toFixed(ms < 10_000 ? 3 : 1));

/** How many times faster than tesseract (tesseract's time over the tool's). */
export function speedup(toolMs: number | null, tesseractMs: number | null): number | null {
  return toolMs && tesseractMs ? tesseractMs / toolMs : null;
}

const times = (x: number | null) => (x === null ? '–' : `${x.toFixed(2)}x`);

export function speedTable(runs: ToolRun[], a4: A4Timing[], scan: A4Scan | null): DetailTable {
  const receiptP50 = (run: ToolRun) => percentile(run.tally.samplesMs, 50);
  const tesseract = runs.find((r) => !r.tool.ours);
  const tesseractReceipt = tesseract ? receiptP50(tesseract) : null;
  const tesseractA4 = medianMs(a4.find((t) => !t.ours)?.samplesMs ?? []);
  return {
    title: `OCR speed: seconds per page (receipts: p50 over the SROIE receipts; A4: median of ${A4_REPETITIONS} runs on ${scan ? `${scan.source} at 300 dpi, ${scan.width}x${scan.height}` : 'no A4 page'}); "vs tesseract" = how many times faster`,
    header: ['tool', 'receipt s/page (p50)', 'vs tesseract', 'A4 300-dpi s/page (median)', 'vs tesseract', 'A4 word F1 vs PDF text layer'],
    rows: runs.map((run) => {
      const timing = a4.find((t) => t.tool === run.tool.name);
      const a4Ms = medianMs(timing?.samplesMs ?? []);
      return [
        run.tool.name,
        seconds(receiptP50(run)),
        run === tesseract ? 'reference' : times(speedup(receiptP50(run), tesseractReceipt)),
        timing?.error ? `failed: ${timing.error.slice(0, 80)}` : seconds(a4Ms),
        run === tesseract ? 'reference' : timing?.error ? '–' : times(speedup(a4Ms, tesseractA4)),
        timing?.textLayerF1 == null ? '–' : timing.textLayerF1.toFixed(3),
      ];
    }),
  };
}

/** Summary rows for the A4 page (one per tool that read it). */
export function a4Rows(capability: string, a4: A4Timing[], scan: A4Scan): ResultRow[] {
  return a4
    .filter((t) => t.samplesMs.length > 0)
    .map((t) => {
      const median = medianMs(t.samplesMs);
      return {
        capability,
        set: 'A4 300 dpi (rendered)',
        tool: t.tool,
        ours: t.ours,
        quality: t.error
          ? `failed after ${t.samplesMs.length} run(s): ${t.error.slice(0, 80)}`
          : t.textLayerF1 === null
            ? 'n/a'
            : `word F1 vs text layer ${t.textLayerF1.toFixed(3)}`,
        items: `1 page (${scan.width}x${scan.height}) x ${t.samplesMs.length} runs`,
        pagesPerSec: median ? 1000 / median : null,
        p50Ms: median,
        p95Ms: percentile(t.samplesMs, 95),
        latencyPer: 'page',
        peakRssMb: t.ours ? null : t.rssMb,
      };
    });
}

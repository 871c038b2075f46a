import { DocumentFormatError } from '../../shared/errors.ts';
import { type DocumentPool, type PageSize, PoolBusyError } from '../document/mod.ts';
import type { ModelPage } from '../model/types.ts';
import type { AnalysisProfile } from './options.ts';
import type { AnalyzeRange } from './pool-analyze.ts';
import { unpackPages } from './page-transfer.ts';
import { skippedPage } from '../model/pages.ts';

/**
 * A PDF's text layers: page ranges in parallel on the document pool (a bounded number of tasks in flight, so a
 * 2,000-page file does not flood the pool's queue). The analysis service then OCRs the pages that need it and lays
 * out the whole document in one pass (it needs every page: headers and footers repeat across pages).
 */

export interface PdfProgress {
  profile?: AnalysisProfile;
  /** The file's content hash: lets pool workers keep the document open between its page ranges. */
  docKey?: string;
  signal?: AbortSignal;
  /** Only these pages (zero-based, sorted): a request's page_range. All pages when absent. */
  pageIndexes?: readonly number[];
  /** Pages whose text layer is read so far. */
  onPages?(done: number, total: number): Promise<void> | void;
}

/** How the pages are cut into pool tasks. */
const RANGES = {
  /** Pages in a task at most (a task's pages come back in one message). */
  maxPages: 32,
  /** Pages in a task at least: a task costs a message each way and a look-up of the open document. */
  minPages: 4,
  /** Tasks per thread for the whole document, at most (fewer when `maxPages` caps them). */
  tasksPerThread: 4,
  /** Near the end a task takes at most the pages left over this many times the threads. */
  tailTasksPerThread: 2,
} as const;

/**
 * Ranges of a few dozen pages: enough tasks to keep every thread busy, few enough that opening the file per task
 * stays cheap. Ranges shrink towards the end (each at most a share of the pages left), so the threads finish
 * together: with equal ranges one thread reads the document's last range alone while the others wait.
 */
export function pageRanges(
  pageCount: number,
  threads: number,
  profile: AnalysisProfile = 'grounded',
  docKey?: string,
  pageIndexes?: readonly number[],
): AnalyzeRange[] {
  const total = pageIndexes?.length ?? pageCount;
  const lanes = Math.max(1, threads);
  const size = Math.min(RANGES.maxPages, Math.ceil(total / (lanes * RANGES.tasksPerThread)));
  const ranges: AnalyzeRange[] = [];
  let left = total;
  for (const [start, end] of contiguousRuns(pageCount, pageIndexes)) {
    for (let from = start; from < end; ) {
      const share = lanes > 1 ? Math.ceil(left / (lanes * RANGES.tailTasksPerThread)) : size;
      const to = Math.min(end, from + Math.max(RANGES.minPages, Math.min(size, share)));
      ranges.push({ from, to, profile, ...(docKey ? { docKey } : {}) });
      left -= to - from;
      from = to;
    }
  }
  return ranges;
}

/** [from, to) runs of consecutive pages: the whole file, or those of a selection. */
function contiguousRuns(pageCount: number, pageIndexes?: readonly number[]): [number, number][] {
  if (!pageIndexes) return pageCount > 0 ? [[0, pageCount]] : [];
  const runs: [number, number][] = [];
  for (const i of pageIndexes) {
    const last = runs.at(-1);
    if (last && last[1] === i) last[1] = i + 1;
    else runs.push([i, i + 1]);
  }
  return runs;
}

/** One copy of the file that every task reads (structured clone shares a SharedArrayBuffer instead of copying it). */
export function shareBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

async function runBounded<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(lanes);
}

/**
 * One range on the pool. Should its task fail (a worker that died on a page, not an error the worker reported),
 * the range is retried page by page, so one bad page costs only itself. A file that cannot be opened at all or a
 * full pool fails the whole analysis.
 */
async function extractRange(pool: DocumentPool, bytes: Uint8Array, range: AnalyzeRange): Promise<ModelPage[]> {
  try {
    return unpackPages(await pool.analyze(bytes, range));
  } catch (err) {
    if (err instanceof DocumentFormatError || err instanceof PoolBusyError) throw err;
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 200);
    if (range.to - range.from <= 1) return [skippedPage(range.from, `page ${range.from + 1} could not be read: ${reason}`)];
    const pages: ModelPage[] = [];
    for (let i = range.from; i < range.to; i++) pages.push(...(await extractRange(pool, bytes, { ...range, from: i, to: i + 1 })));
    return pages;
  }
}

export async function extractPdfPages(
  pool: DocumentPool,
  bytes: Uint8Array,
  sizes: PageSize[],
  progress: PdfProgress = {},
): Promise<ModelPage[]> {
  const shared = shareBytes(bytes);
  const ranges = pageRanges(sizes.length, pool.threads, progress.profile, progress.docKey, progress.pageIndexes);
  const total = progress.pageIndexes?.length ?? sizes.length;
  const results: ModelPage[][] = new Array(ranges.length);
  let done = 0;
  await runBounded(ranges, pool.threads + 1, async (range, i) => {
    progress.signal?.throwIfAborted();
    results[i] = await extractRange(pool, shared, range);
    done += range.to - range.from;
    await progress.onPages?.(done, total);
  });
  const pages = results.flat();
  for (const page of pages) {
    // A page nothing could be read from still has the size of its page image.
    if (page.skipped && sizes[page.page_index]) Object.assign(page, sizes[page.page_index]);
  }
  return pages;
}

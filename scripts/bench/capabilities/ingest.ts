import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_EXT, PDF_EXT, isDirectory, limited, listFiles, referenceImagePages, referencePdfPages } from '../eval-files.ts';
import { startOurService, type OurService } from '../our-service.ts';
import { runPeer, toolAvailable } from '../peer.ts';
import { ToolTally } from '../rows.ts';
import { share } from '../stats.ts';
import type { BenchOptions, Capability, DetailTable, SetReport } from '../types.ts';

/**
 * Upload validation: every PDF and image of every evaluation set through FileService.ingestStream (what
 * POST /api/v1/upload does per file part: store, sniff, inspect in the document pool, record). Quality: the share
 * of files accepted with the right page count (pdfinfo for PDFs, 1 for images, the IFD count for TIFFs).
 * Peer: pdfinfo on the PDFs.
 */
const CAPABILITY = 'ingest';
const MB = 1_000_000;
const MAX_LISTED = 15;

interface EvalFile {
  file: string;
  folder: string;
  bytes: number;
  expectedPages: number | null;
}

function collect(options: BenchOptions): EvalFile[] {
  const folders = readdirSync(options.evalDir)
    .filter((name) => isDirectory(path.join(options.evalDir, name)))
    .sort();
  return folders.flatMap((folder) =>
    limited(listFiles(path.join(options.evalDir, folder), [...PDF_EXT, ...IMAGE_EXT]), options.limit).map((file) => ({
      file,
      folder,
      bytes: statSync(file).size,
      expectedPages: PDF_EXT.includes(path.extname(file).toLowerCase()) ? referencePdfPages(file) : referenceImagePages(file),
    })),
  );
}

interface Outcome {
  accepted: boolean;
  correct: boolean;
  ms: number;
  problem?: string;
}

async function ingestOne(service: OurService, item: EvalFile): Promise<Outcome> {
  const start = performance.now();
  try {
    const ref = await service.runtime.files.ingestStream('bench', path.basename(item.file), createReadStream(item.file));
    const ms = performance.now() - start;
    const correct = ref.page_count === item.expectedPages;
    return {
      accepted: true,
      correct,
      ms,
      problem: correct ? undefined : `${ref.page_count} pages, expected ${item.expectedPages ?? 'unknown'}`,
    };
  } catch (err) {
    return { accepted: false, correct: false, ms: performance.now() - start, problem: `refused: ${(err as Error).message}` };
  }
}

const throughput = (tally: ToolTally) => {
  const seconds = tally.totalMs / 1000;
  return seconds > 0 ? `${(tally.items / seconds).toFixed(1)} files/s, ${(tally.bytes / MB / seconds).toFixed(1)} MB/s` : '';
};

async function ingestAll(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const items = collect(options);
  const notes: string[] = [];
  const ours = new ToolTally('docintel FileService', true);
  const pdfinfo = toolAvailable('pdfinfo') ? new ToolTally('pdfinfo (PDFs)', false) : null;
  const outcomes: Outcome[] = [];
  const problems: string[] = [];
  const service = await startOurService({ http: false });
  try {
    if (items.length > 0) await ingestOne(service, items[0]); // warm the pool worker, as a running server is
    for (const [n, item] of items.entries()) {
      const outcome = await ingestOne(service, item);
      outcomes.push(outcome);
      ours.add(outcome.ms, { pages: item.expectedPages ?? 0, bytes: item.bytes });
      if (outcome.problem) problems.push(`${path.relative(options.evalDir, item.file)}: ${outcome.problem}`);
      if (pdfinfo && PDF_EXT.includes(path.extname(item.file).toLowerCase())) {
        const run = await runPeer('pdfinfo', [item.file]);
        pdfinfo.add(run.ms, { pages: item.expectedPages ?? 0, bytes: item.bytes, rssMb: run.peakRssMb });
      }
      if ((n + 1) % 100 === 0 || n + 1 === items.length) log(`  ${n + 1}/${items.length} files`);
    }
  } finally {
    await service.close();
  }
  notes.push(...problems.slice(0, MAX_LISTED));
  if (problems.length > MAX_LISTED)
    notes.push(`…and ${problems.length - MAX_LISTED} more files refused or miscounted (--verbose lists them).`);
  if (options.verbose) for (const problem of problems) log(`  ${problem}`);
  const correct = outcomes.filter((o) => o.correct).length;
  const rows = [
    ours.row({
      capability: CAPABILITY,
      set: 'all sets',
      quality: `right page count ${share(correct, items.length)}`,
      items: `${items.length} files, ${(ours.bytes / MB).toFixed(1)} MB`,
      latencyPer: 'file',
      throughput: throughput(ours),
    }),
  ];
  if (pdfinfo) {
    rows.push(
      pdfinfo.row({
        capability: CAPABILITY,
        set: 'all sets',
        quality: 'page-count reference',
        items: `${pdfinfo.items} PDFs, ${(pdfinfo.bytes / MB).toFixed(1)} MB`,
        latencyPer: 'file',
        throughput: throughput(pdfinfo),
      }),
    );
  } else notes.push('pdfinfo is not installed: PDF page counts come from mutool, no peer figures.');
  return { rows, details: [perFolder(items, outcomes)], notes };
}

function perFolder(items: EvalFile[], outcomes: Outcome[]): DetailTable {
  const folders = [...new Set(items.map((i) => i.folder))];
  return {
    title: 'ingest: per evaluation folder',
    header: ['folder', 'files', 'MB', 'accepted', 'right page count', 'docintel total ms'],
    rows: folders.map((folder) => {
      const at = items.map((item, i) => (item.folder === folder ? i : -1)).filter((i) => i >= 0);
      const mb = at.reduce((sum, i) => sum + items[i].bytes, 0) / MB;
      const ms = at.reduce((sum, i) => sum + outcomes[i].ms, 0);
      return [
        folder,
        String(at.length),
        mb.toFixed(1),
        String(at.filter((i) => outcomes[i].accepted).length),
        share(at.filter((i) => outcomes[i].correct).length, at.length),
        ms.toFixed(0),
      ];
    }),
  };
}

export const ingestCapability: Capability = {
  name: CAPABILITY,
  description:
    'Upload validation of every PDF and image in the evaluation folders. Ours: `FileService.ingestStream` (blob store, sniff, `pool.inspect`, SQLite record; what the upload route does per file), one file at a time after one warm-up file; peer: `pdfinfo` on the PDFs. Latency is per file; pages/s counts reference pages.',
  sets: ['.'],
  run: (_set, options, log) => ingestAll(options, log),
};

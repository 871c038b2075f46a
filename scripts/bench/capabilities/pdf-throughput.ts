import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_AUTH, startOurService, type OurService } from '../our-service.ts';
import { runPeer, toolAvailable } from '../peer.ts';
import { ToolTally } from '../rows.ts';
import { ownPeakRssMb, timed } from '../stats.ts';
import { buildConcatPdfApart, CONCAT_SOURCES, type ConcatPdf } from '../text/concat-pdf.ts';
import { bigParseServed } from '../text/big-parse.ts';
import type { BenchOptions, ResultRow, SetReport } from '../types.ts';

/**
 * Parse throughput on one long born-digital PDF (the evaluation PDFs concatenated to 500 pages): POST /api/v1/parse
 * sync by file_id through the real HTTP app, `fast` then `grounded` (each a cold analysis), then `grounded` again
 * (served from the analysis cache), after a warm-up on another 500-page PDF of the same pages. Peers on the same file in the same run:
 * pdftotext and `mutool draw -F txt`.
 * Our peak RSS is read after each of our runs (the process's high-water mark so far).
 */
const CAPABILITY = 'pdf-text';
export const THROUGHPUT_PAGES = 500;
/** As many pages as the measured file, so the warm-up sees every source (the measured order reversed). */
const WARM_UP_PAGES = THROUGHPUT_PAGES;
const SET = `concat-${THROUGHPUT_PAGES}`;
/** The long document whose grounded parse must stay within a fixed memory budget (issue: under 1 GiB). */
export const LONG_PAGES = 2000;

interface OurRun {
  name: string;
  profile: 'fast' | 'grounded';
}

const OUR_RUNS: OurRun[] = [
  { name: 'docintel parse fast', profile: 'fast' },
  { name: 'docintel parse grounded', profile: 'grounded' },
  { name: 'docintel parse grounded, cached', profile: 'grounded' },
];

/**
 * What a running server has done before: worker threads started and the text-layer, layout and mupdf code paths
 * for these kinds of pages compiled by the JIT (a cold process reads its first big document 30-50% more slowly).
 * Another PDF of the same pages (the sources in reverse order), both profiles; its time is reported as the cold
 * figure.
 */
async function warmUp(service: OurService, warm: ConcatPdf): Promise<string> {
  const ref = await service.runtime.files.ingestStream('bench', 'warm-up.pdf', createReadStream(warm.file));
  const times: string[] = [];
  for (const profile of ['grounded', 'fast', 'grounded']) {
    const { ms, value: res } = await timed(() =>
      service.app!.inject({
        method: 'POST',
        url: '/api/v1/parse',
        headers: BENCH_AUTH,
        payload: { input: { file_id: ref.file_id }, profile, execution_mode: 'sync' },
      }),
    );
    if (res.statusCode !== 200) throw new Error(`warm-up parse answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    times.push(
      times.length < 2
        ? `${profile} ${(ref.page_count / (ms / 1000)).toFixed(1)} pages/s`
        : `a second grounded parse (cached) ${ms.toFixed(0)} ms`,
    );
  }
  return `warm-up on another ${ref.page_count}-page PDF of the same sources in reverse order, the process's first documents (cold figures): ${times.join(', ')}.`;
}

async function ourRows(pdf: ConcatPdf, warm: ConcatPdf, log: (m: string) => void): Promise<{ rows: ResultRow[]; notes: string[] }> {
  const service = await startOurService({ http: true });
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  try {
    notes.push(await warmUp(service, warm));
    const { ms: uploadMs, value: ref } = await timed(() =>
      service.runtime.files.ingestStream('bench', path.basename(pdf.file), createReadStream(pdf.file)),
    );
    notes.push(`upload (store + inspect of ${ref.page_count} pages) took ${(uploadMs / 1000).toFixed(2)} s, not counted below.`);
    for (const run of OUR_RUNS) {
      const tally = new ToolTally(run.name, true);
      const { ms, value: res } = await timed(() =>
        service.app!.inject({
          method: 'POST',
          url: '/api/v1/parse',
          headers: BENCH_AUTH,
          payload: { input: { file_id: ref.file_id }, profile: run.profile, execution_mode: 'sync' },
        }),
      );
      if (res.statusCode !== 200) throw new Error(`${run.name}: parse answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const body = res.json() as { chunks: unknown[]; metadata: { skipped_pages: unknown[] } };
      tally.add(ms, { pages: ref.page_count });
      const row = tally.row({ capability: CAPABILITY, set: SET, quality: '', items: `1 doc, ${ref.page_count} pages`, latencyPer: 'doc' });
      row.peakRssMb = ownPeakRssMb();
      rows.push(row);
      log(`  ${run.name}: ${(ms / 1000).toFixed(2)} s, ${body.chunks.length} chunks, ${(res.rawPayload.length / 1e6).toFixed(1)} MB body`);
      notes.push(
        `${run.name}: ${(ms / 1000).toFixed(2)} s for ${ref.page_count} pages, ${body.chunks.length} chunks, ${(res.rawPayload.length / 1e6).toFixed(1)} MB response, ${body.metadata.skipped_pages.length} skipped pages.`,
      );
    }
  } finally {
    await service.close();
  }
  return { rows, notes };
}

/**
 * A cold grounded parse of a 2,000-page concatenation by a real `docintel serve` with its defaults (inference
 * sidecar included), through HTTP: its speed, and the peak memory of all the service's processes together.
 */
async function longRow(options: BenchOptions, scratch: string, log: (m: string) => void): Promise<{ row: ResultRow | null; note: string }> {
  try {
    const pdf = buildConcatPdfApart(options.evalDir, LONG_PAGES, scratch);
    const result = await bigParseServed(pdf.file);
    if (result.status !== 200) throw new Error(`parse answered ${result.status}`);
    const tally = new ToolTally('docintel serve, parse grounded over HTTP', true);
    tally.add(result.ms, { pages: result.pages });
    const row = tally.row({
      capability: CAPABILITY,
      set: `concat-${LONG_PAGES}`,
      quality: '',
      items: `1 doc, ${result.pages} pages`,
      latencyPer: 'doc',
    });
    row.peakRssMb = result.peakMb;
    row.quality = `peak RSS of all service processes ${result.peakMb.toFixed(0)} MB (bar < 1024)`;
    log(`  ${LONG_PAGES}-page grounded parse: ${(result.ms / 1000).toFixed(1)} s, peak RSS ${result.peakMb.toFixed(0)} MB`);
    return {
      row,
      note: `concat-${LONG_PAGES}: a ${result.pages}-page concatenation (${(pdf.bytes / 1e6).toFixed(1)} MB) parsed grounded once by a fresh \`docintel serve\` (its defaults, run from the ${result.build === 'compiled' ? 'compiled build, dist/server' : 'TypeScript sources through tsx: no current dist/server'}) through HTTP, the ${result.bodyMb.toFixed(1)} MB answer streamed: ${(result.ms / 1000).toFixed(1)} s; the pages without a trustworthy text layer are OCRed by its inference sidecar. Peak RSS, serve and its children sampled together every 100 ms until serve stopped: ${result.peakMb.toFixed(0)} MB = serve ${result.servePeakMb.toFixed(0)} MB (api, document pool threads, embedded job worker) + ${result.childrenPeakMb.toFixed(0)} MB (inference sidecar).`,
    };
  } catch (err) {
    return { row: null, note: `concat-${LONG_PAGES}: not measured (${(err as Error).message.split('\n')[0]}).` };
  }
}

async function peerRow(name: string, command: string, args: string[], pages: number): Promise<ResultRow> {
  const run = await runPeer(command, args, 600_000);
  if (run.code !== 0) throw new Error(`${command} exited ${run.code}: ${run.stderr.trim().slice(0, 200)}`);
  const tally = new ToolTally(name, false);
  tally.add(run.ms, { pages, rssMb: run.peakRssMb });
  return tally.row({ capability: CAPABILITY, set: SET, quality: '', items: `1 doc, ${pages} pages`, latencyPer: 'doc' });
}

export async function throughputSet(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docintel-bench-concat-'));
  try {
    const pdf = buildConcatPdfApart(options.evalDir, THROUGHPUT_PAGES, scratch);
    const warm = buildConcatPdfApart(options.evalDir, WARM_UP_PAGES, scratch, true);
    log(`  built ${pdf.pages} pages from ${pdf.sources} PDFs (${(pdf.bytes / 1e6).toFixed(1)} MB)`);
    const notes = [
      `the file: ${pdf.pages} pages with a text layer from ${pdf.sources} PDFs of ${CONCAT_SOURCES.join(', ')} (cycled), ${(pdf.bytes / 1e6).toFixed(1)} MB, built with mupdf graftPage at bench time.`,
    ];
    const peers: ResultRow[] = [];
    if (toolAvailable('pdftotext'))
      peers.push(await peerRow('pdftotext', 'pdftotext', ['-enc', 'UTF-8', pdf.file, path.join(scratch, 'out.txt')], pdf.pages));
    else notes.push('pdftotext is not installed: no ratio.');
    if (toolAvailable('mutool'))
      peers.push(
        await peerRow(
          'mutool draw -F txt',
          'mutool',
          ['draw', '-q', '-F', 'txt', '-o', path.join(scratch, 'out-mutool.txt'), pdf.file],
          pdf.pages,
        ),
      );
    const ours = await ourRows(pdf, warm, log);
    const reference = peers.find((p) => p.tool === 'pdftotext')?.pagesPerSec ?? null;
    for (const row of ours.rows) {
      row.quality = reference && row.pagesPerSec ? `${(row.pagesPerSec / reference).toFixed(2)}× pdftotext` : '–';
    }
    for (const row of peers)
      row.quality =
        row.tool === 'pdftotext'
          ? 'speed reference'
          : reference && row.pagesPerSec
            ? `${(row.pagesPerSec / reference).toFixed(2)}× pdftotext`
            : '–';
    notes.push(...ours.notes);
    const long = await longRow(options, scratch, log);
    if (long.row) ours.rows.push(long.row);
    notes.push(long.note);
    notes.push(
      'One request per row (a cold analysis for fast and grounded), so p50 = p95 = the whole document; peers write their text to a file.',
    );
    return { rows: [...ours.rows, ...peers], details: [], notes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

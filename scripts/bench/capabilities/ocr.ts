import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startOurService, type OurService } from '../our-service.ts';
import { toolAvailable } from '../peer.ts';
import { percentile, procStatusMb } from '../stats.ts';
import type { BenchOptions, Capability, DetailTable, ResultRow, SetReport } from '../types.ts';
import { AGENTIC, barNotes, REGULAR, TESSERACT, type BarInputs } from '../ocr/bars.ts';
import { errorRate, MIN_MATCH_IOU, precisionRecallF1 } from '../ocr/metrics.ts';
import { TESSERACT_ARGS, tesseractTool } from '../ocr/peer-tesseract.ts';
import { receiptQuality, scoreReceipts, scoreReferencePage, totalErrors, type PageScore } from '../ocr/quality.ts';
import { failureNotes, newRuns, readAll, warmUp, type ToolRun } from '../ocr/runner.ts';
import { buildA4Scan, loadReceipts, loadReferencePages } from '../ocr/sets.ts';
import { a4Rows, A4_REPETITIONS, medianMs, speedTable, timeA4 } from '../ocr/speed.ts';
import { OUR_MODES, ourOcrTool, type OcrTool } from '../ocr/tools.ts';

/**
 * OCR: POST /v1/ocr in each mode (regular, classic, agentic) through the real HTTP app, beside the Debian
 * `tesseract` CLI on the same images in the same run. Quality on receipts-sroie (CER on lines matched by box,
 * order-independent CER, bag-of-words F1) and ocr-tesseract (whitespace-free CER per file, rotated copies
 * included); speed per receipt and on one 300-dpi A4 page; the issue's bars judged in the notes.
 */
const CAPABILITY = 'ocr';

/**
 * Figures only the inference client can take (wired by whoever owns it): the gRPC transfer's share of the OCR
 * time, and the inference process's OCR throughput under several concurrent clients.
 */
export interface InferenceOcrProbe {
  /** A share (0..1) with how it was measured, or a formatted figure alone (then the bar is not judged). */
  transferShare?(): Promise<{ share: number; detail: string; stages?: string } | string>;
  concurrentThroughput?(clients: number): Promise<string>;
}

/** `evalDir`: the evaluation data the run reads (`--eval`), where the probe takes its sample receipts. */
export type InferenceOcrProbeFactory = (service: OurService, evalDir: string) => InferenceOcrProbe | null;

export const CONCURRENT_CLIENTS = 4;

/**
 * Receipts measured without --limit. All 100 in three modes took far more than a few minutes on 2 cores (about
 * 4 s a receipt a mode at the time of writing), so the first 50 are the default; --limit N measures N.
 */
export const DEFAULT_RECEIPTS = 50;

interface Session {
  runs: ToolRun[];
  service: OurService | null;
  notes: string[];
}

/** Our service (every mode) and tesseract; a service that cannot start leaves our rows as "not measured". */
async function withTools<T>(use: (session: Session) => Promise<T>): Promise<T> {
  const notes: string[] = [];
  let service: OurService | null = null;
  let startError: string | null = null;
  try {
    service = await startOurService({ http: true, inference: 'spawn' }); // OCR runs in the supervised inference sidecar
  } catch (err) {
    startError = `our service did not start: ${(err as Error).message.split('\n')[0]}`;
  }
  const ours = OUR_MODES.map(
    (mode): OcrTool =>
      service?.app
        ? ourOcrTool(service.app, mode)
        : { name: `docintel ${mode}`, ours: true, read: () => Promise.reject(new Error(startError ?? 'no HTTP app')) },
  );
  const tools = [...ours];
  if (toolAvailable('tesseract')) tools.push(tesseractTool());
  else notes.push('tesseract is not installed: no peer figures and no bars judged against it.');
  const runs = newRuns(tools);
  if (startError) for (const run of runs) if (run.tool.ours) run.unavailable = startError;
  try {
    return await use({ runs, service, notes });
  } finally {
    await service?.close();
  }
}

function qualityOrReason(run: ToolRun, quality: () => string): string {
  return run.unavailable ? `not measured: ${run.unavailable.slice(0, 120)}` : quality();
}

/** Peak RSS of the spawned inference process (VmHWM), when the runtime supervises one on this machine. */
function inferencePeakNote(service: OurService | null): string {
  const restarts = service?.runtime.supervisor?.restartCount ?? 0;
  const restarted =
    restarts > 0
      ? ` The inference process died and was restarted ${restarts} time(s) during this set (requests meanwhile answered 503, listed as failures above); the figure is the last process's.`
      : '';
  return `${inferenceRssNote(service)}${restarted}`;
}

function inferenceRssNote(service: OurService | null): string {
  const pid = service?.runtime.supervisor?.pid;
  if (!pid)
    return 'Our peak RSS is the API process (harness, app, worker threads); OCR runs in the inference process, which this runtime does not supervise here, so its memory is not in the figure.';
  const peakMb = procStatusMb(pid, 'VmHWM');
  if (peakMb === null) return `Our peak RSS is the API process; the inference process (pid ${pid}) could not be read.`;
  return `Our peak RSS is the API process; the inference process (pid ${pid}) peaked at ${peakMb.toFixed(0)} MB (VmHWM).`;
}

async function probeNotes(
  factory: InferenceOcrProbeFactory | undefined,
  service: OurService | null,
  evalDir: string,
  log: (m: string) => void,
): Promise<{ notes: string[]; transfer: BarInputs['transfer'] }> {
  const probe = factory && service ? factory(service, evalDir) : null;
  let transfer: BarInputs['transfer'] = { missing: 'no inference probe wired' };
  let throughput = 'not measured (no inference probe wired)';
  let stages = 'not measured (no inference probe wired)';
  try {
    if (probe?.transferShare) {
      const figure = await probe.transferShare();
      transfer = typeof figure === 'string' ? { missing: `figure given without a share: ${figure}` } : figure;
      if (typeof figure !== 'string' && figure.stages) stages = figure.stages;
    }
  } catch (err) {
    transfer = { missing: `probe failed: ${(err as Error).message.split('\n')[0]}` };
  }
  try {
    if (probe?.concurrentThroughput) throughput = await probe.concurrentThroughput(CONCURRENT_CLIENTS);
  } catch (err) {
    throughput = `not measured (probe failed: ${(err as Error).message.split('\n')[0]})`;
  }
  log(`  inference throughput with ${CONCURRENT_CLIENTS} clients: ${throughput}`);
  log(`  OCR stages per receipt: ${stages}`);
  return {
    notes: [
      `OCR throughput of the inference process under ${CONCURRENT_CLIENTS} concurrent clients: ${throughput}.`,
      `Where a receipt's OCR time goes (regular mode, through the inference client): ${stages}.`,
    ],
    transfer,
  };
}

async function sroieSet(options: BenchOptions, log: (m: string) => void, probe: InferenceOcrProbeFactory | undefined): Promise<SetReport> {
  const receipts = loadReceipts(path.join(options.evalDir, 'receipts-sroie'), options.limit ?? DEFAULT_RECEIPTS);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docintel-bench-ocr-'));
  try {
    return await withTools(async ({ runs, service, notes }) => {
      if (receipts.length > 0) await warmUp(runs, receipts[0].image, log);
      await readAll(
        runs,
        receipts.map((r) => ({ key: r.name, image: r.image, pages: 1 })),
        log,
      );
      const scan = await buildA4Scan(options.evalDir, scratch);
      if (!scan) notes.push('No A4 page with text in pdf-docling: no A4 timing.');
      const a4 = scan ? await timeA4(runs, scan, A4_REPETITIONS, log) : [];
      const probed = await probeNotes(probe, service, options.evalDir, log);
      const scores = new Map(runs.filter((r) => !r.unavailable).map((r) => [r.tool.name, scoreReceipts(r, receipts)]));
      const rows: ResultRow[] = runs.map((run) =>
        run.tally.row({
          capability: CAPABILITY,
          set: 'receipts-sroie',
          latencyPer: 'page',
          items: `${run.tally.items} receipts`,
          quality: qualityOrReason(run, () => receiptQuality(scores.get(run.tool.name)!)),
        }),
      );
      if (scan) rows.push(...a4Rows(CAPABILITY, a4, scan));
      const quality: DetailTable = {
        title: `receipts-sroie: OCR quality over ${receipts.length} receipts (micro averages; CER lower is better)`,
        header: [
          'tool',
          'CER, lines matched by box (headline)',
          'CER, lines sorted by position',
          'word precision',
          'word recall',
          'word F1',
          'lines matched / reference',
        ],
        rows: runs.map((run) => {
          const s = scores.get(run.tool.name);
          if (!s) return [run.tool.name, 'not measured', '–', '–', '–', '–', '–'];
          const w = precisionRecallF1(s.words);
          return [
            run.tool.name,
            errorRate(s.matched).toFixed(3),
            errorRate(s.sorted).toFixed(3),
            w.precision.toFixed(3),
            w.recall.toFixed(3),
            w.f1.toFixed(3),
            `${s.matchedLines}/${s.refLines}`,
          ];
        }),
      };
      const bars = barNotes({
        sroieCer: new Map([...scores].map(([name, s]) => [name, errorRate(s.matched)])),
        receiptP50Ms: new Map(runs.map((r) => [r.tool.name, percentile(r.tally.samplesMs, 50)])),
        a4MedianMs: new Map(a4.map((t) => [t.tool, t.error ? null : medianMs(t.samplesMs)])),
        transfer: probed.transfer,
      });
      return {
        rows,
        details: [quality, speedTable(runs, a4, scan)],
        notes: [
          ...bars,
          ...probed.notes,
          ...notes,
          ...(options.limit === null
            ? [`The first ${DEFAULT_RECEIPTS} receipts (the default without --limit: all 100 in three modes take too long on 2 cores).`]
            : []),
          ...failureNotes(runs),
          ...sroieMethodNotes(),
          inferencePeakNote(service),
        ],
      };
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function sroieMethodNotes(): string[] {
  return [
    `Headline CER: each reference line (box/N.csv) matched to the OCR line with the highest IoU (at least ${MIN_MATCH_IOU}, one-to-one, greedy by IoU); errors = edit distance of matched pairs + characters of unmatched reference and OCR lines, over reference characters. The order-independent CER compares whole page texts with both sides' lines sorted by (top, left). Lines are whitespace-collapsed and trimmed; case and punctuation are kept. Word F1: bag of whitespace tokens over the set.`,
    `Speed: one request at a time after one warm-up request per mode; each request carries new bytes (a JPEG/PNG comment) so no content cache answers it. Ours: POST /v1/ocr (sync, image inline) through the HTTP app, time includes upload storage and the inference round trip. tesseract: \`tesseract IMAGE - ${TESSERACT_ARGS.join(' ')}\` with OMP_THREAD_LIMIT=1, one process per image (start-up included). agentic answers \`mode: regular\` in its body (the contract's enum), as expected.`,
  ];
}

async function referencePagesSet(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const { pages, unjudged } = loadReferencePages(path.join(options.evalDir, 'ocr-tesseract'), options.limit);
  return withTools(async ({ runs, service, notes }) => {
    if (pages.length > 0) await warmUp(runs, pages[0].image, log);
    await readAll(
      runs,
      pages.map((p) => ({ key: p.name, image: p.image, pages: p.pages })),
      log,
      5,
    );
    const live = runs.filter((r) => !r.unavailable);
    const scores = new Map(live.map((r) => [r.tool.name, pages.map((p) => scoreReferencePage(r, p))]));
    const cell = (s: PageScore) =>
      !s.read ? 'failed' : `${errorRate(s.errors).toFixed(3)}${s.rotations.length ? ` (rot ${s.rotations.join('/')})` : ''}`;
    const details: DetailTable = {
      title: 'ocr-tesseract: CER per file, whitespace removed from both sides (lower is better; "rot" = rotation our answer reported)',
      header: ['file', 'reference', 'reference chars', ...runs.map((r) => r.tool.name)],
      rows: pages.map((p, i) => [
        p.name,
        p.zones ? `${p.referenceName} (zones)` : p.referenceName,
        String(p.reference.replace(/\s+/gu, '').length),
        ...runs.map((r) => {
          const s = scores.get(r.tool.name);
          return s ? cell(s[i]) : 'not measured';
        }),
      ]),
    };
    const cer = new Map([...scores].map(([name, s]) => [name, errorRate(totalErrors(s))]));
    details.rows.push(['all (micro)', '', '', ...runs.map((r) => (cer.has(r.tool.name) ? cer.get(r.tool.name)!.toFixed(3) : '–'))]);
    const rows = runs.map((run) =>
      run.tally.row({
        capability: CAPABILITY,
        set: 'ocr-tesseract',
        latencyPer: 'file',
        items: `${run.tally.items} files, ${run.tally.pages} pages`,
        quality: qualityOrReason(run, () => `CER ${cer.get(run.tool.name)!.toFixed(3)} (whitespace-free, ${pages.length} files)`),
      }),
    );
    const reported = live.some((r) => r.tool.ours && [...r.results.values()].some((ps) => ps.some((p) => p.rotation !== null)));
    notes.push(
      reported
        ? 'Rotations: as reported in our answers ("rot" in the table).'
        : "Rotations: our answers carry no rotation field (the contract's OcrPage has none); whether rotated copies were read upright shows only in their CER.",
      `tesseract runs as the issue asks (\`${TESSERACT_ARGS.join(' ')}\`, default page segmentation, no orientation detection), so its rotated copies are not turned upright.`,
      "Zoned pages (NAME.uzn, UNLV): only lines whose centre lies in a zone count, zone by zone in the file's order, as the reference is written.",
      'Images without a reference of their own that are copies of phototest use phototest.gold.txt.',
      agenticNote(cer),
    );
    if (unjudged.length) notes.push(`No reference, not measured: ${unjudged.join(', ')}.`);
    return { rows, details: [details], notes: [...notes, ...failureNotes(runs), inferencePeakNote(service)] };
  });
}

function agenticNote(cer: Map<string, number>): string {
  const [agentic, regular, tesseract] = [cer.get(AGENTIC), cer.get(REGULAR), cer.get(TESSERACT)];
  if (agentic === undefined || regular === undefined || tesseract === undefined)
    return '`agentic` against `regular` and tesseract on this set: not measured.';
  const better = agentic < regular && agentic < tesseract;
  return `\`agentic\` better than both \`regular\` and tesseract on this set: ${better ? 'yes' : 'no'} (${agentic.toFixed(3)} vs ${regular.toFixed(3)} and ${tesseract.toFixed(3)}).`;
}

export function createOcrCapability(options: { probe?: InferenceOcrProbeFactory } = {}): Capability {
  return {
    name: CAPABILITY,
    description: `OCR. Ours: POST /v1/ocr (sync, image inline, language auto) in modes regular, classic and agentic through the real HTTP app, one request at a time after one warm-up request per mode; peer: the Debian \`tesseract\` CLI (\`${TESSERACT_ARGS.join(' ')}\`, OMP_THREAD_LIMIT=1) on the same images. receipts-sroie: CER on lines matched by box (headline), order-independent CER and word F1 against box/N.csv; latency per receipt; plus one A4 page rendered at 300 dpi (median of ${A4_REPETITIONS} runs). ocr-tesseract: whitespace-free CER per file, rotated copies included.`,
    sets: ['receipts-sroie', 'ocr-tesseract'],
    run(set, runOptions, log) {
      return set === 'receipts-sroie' ? sroieSet(runOptions, log, options.probe) : referencePagesSet(runOptions, log);
    },
  };
}

import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { accepted, f1, scoreSplit, type Segment, type SplitScore, type TruthSegment } from '../packets/metrics.ts';
import { BENCH_AUTH, startOurService } from '../our-service.ts';
import { describeHalves, evalHalf, HALF_LABELS, HALF_RULE, HalfTallies, perHalf, type HalfLabel } from '../split.ts';
import { timed } from '../stats.ts';
import type { BenchOptions, Capability, SetReport } from '../types.ts';

/**
 * Packet splitting on packets-synthetic: each packet through POST /v1/split (sync, by file_id, child files
 * written) in the real HTTP app; boundary F1 and segment class accuracy against manifest.json. No peer tool
 * splits packets, so ours stands alone.
 */
const CAPABILITY = 'split';
const SET = 'packets-synthetic';

/**
 * The manifest's own classes as a caller would define them (one plain sentence each, written from the class names,
 * not tuned on the set): measures zero-shot caller classes on the same pages.
 */
const MANIFEST_CLASSES = [
  { label: 'nda_contract', description: 'A non-disclosure or confidentiality agreement between parties.' },
  { label: 'invoice', description: 'An invoice or bill for goods or services, with amounts, taxes and totals.' },
  { label: 'scientific_paper', description: 'A scientific or technical paper or article with sections, figures and references.' },
  {
    label: 'gov_statistical_report',
    description: 'A government statistical report with statistics, tables and charts about a country or region.',
  },
];

interface PageTally {
  right: number;
  seen: number;
}

interface ManifestEntry {
  packet: string;
  pages: number;
  documents: { class: string; accept?: string[]; start_page: number; end_page: number }[];
}

async function run(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const dir = path.join(options.evalDir, SET);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const packets = options.limit ? manifest.slice(0, options.limit) : manifest;
  const service = await startOurService({ http: true, inference: 'spawn' });
  const tally = new HalfTallies('docintel split', true);
  const classifyTally = new HalfTallies('docintel classify (page scope)', true);
  const callerTally = new HalfTallies("docintel classify (page scope, caller classes: the manifest's 4)", true);
  const builtinPages = perHalf((): PageTally => ({ right: 0, seen: 0 }));
  const callerPages = perHalf((): PageTally => ({ right: 0, seen: 0 }));
  const scores = perHalf((): SplitScore[] => []);
  const rows: string[][] = [];
  try {
    for (const entry of packets) {
      const ref = await service.runtime.files.ingestStream('bench', entry.packet, createReadStream(path.join(dir, entry.packet)));
      const { ms, value: res } = await timed(() =>
        service.app!.inject({
          method: 'POST',
          url: '/v1/split',
          headers: BENCH_AUTH,
          payload: { input: { file_id: ref.file_id }, execution_mode: 'sync' },
        }),
      );
      if (res.statusCode !== 200) throw new Error(`/v1/split answered ${res.statusCode} on ${entry.packet}: ${res.body.slice(0, 200)}`);
      const predicted = (res.json() as { documents: Segment[] }).documents;
      const truth = entry.documents.map((d) => ({
        start_page: d.start_page,
        end_page: d.end_page,
        doc_class: d.class,
        accept: d.accept ?? [d.class],
      }));
      const score = scoreSplit(predicted, truth);
      const half = evalHalf(entry.packet);
      scores[half].push(score);
      scores.all.push(score);
      tally.add(entry.packet, ms, { pages: entry.pages });
      rows.push([
        entry.packet,
        half,
        String(entry.pages),
        truth.map((d) => `${d.start_page}-${d.end_page} ${d.doc_class}`).join('; '),
        predicted.map((d) => `${d.start_page}-${d.end_page} ${d.doc_class}`).join('; '),
      ]);
      log(`  ${entry.packet}: ${score.truePositives}/${score.expected} boundaries found, ${score.predicted} predicted`);
      // The analysis is cached by now: this times classification itself (and its view), page by page.
      await classifyPages(service, ref.file_id, entry, truth, null, classifyTally, [builtinPages[half], builtinPages.all]);
      await classifyPages(service, ref.file_id, entry, truth, MANIFEST_CLASSES, callerTally, [callerPages[half], callerPages.all]);
    }
  } finally {
    await service.close();
  }
  const quality = (label: HalfLabel) => {
    const sum = (k: keyof SplitScore) => scores[label].reduce((n, x) => n + x[k], 0);
    const b = f1(sum('truePositives'), sum('predicted'), sum('expected'));
    const rate = (k: 'segmentsRight' | 'segmentsStrict') =>
      `${(sum('segments') ? sum(k) / sum('segments') : 0).toFixed(3)} (${sum(k)}/${sum('segments')})`;
    return `boundary P/R/F1 ${b.precision.toFixed(3)}/${b.recall.toFixed(3)}/${b.f1.toFixed(3)}; segment class accuracy ${rate('segmentsRight')}, strict ${rate('segmentsStrict')}`;
  };
  const items = (label: HalfLabel, t: HalfTallies) =>
    `${packets.filter((p) => label === 'all' || evalHalf(p.packet) === label).length} packets, ${t.of(label).pages} pages`;
  return {
    rows: HALF_LABELS.flatMap((label) => [
      tally
        .of(label)
        .row({ capability: CAPABILITY, set: `${SET} ${label}`, quality: quality(label), items: items(label, tally), latencyPer: 'doc' }),
      classifyTally.of(label).row({
        capability: CAPABILITY,
        set: `${SET} ${label}`,
        quality: pageAccuracy(builtinPages[label]),
        items: items(label, classifyTally),
        latencyPer: 'doc',
      }),
      callerTally.of(label).row({
        capability: CAPABILITY,
        set: `${SET} ${label}`,
        quality: pageAccuracy(callerPages[label]),
        items: items(label, callerTally),
        latencyPer: 'doc',
      }),
    ]),
    details: [
      {
        title: 'packets-synthetic: documents per packet (1-based pages, class)',
        header: ['packet', 'half', 'pages', 'truth', 'ours'],
        rows,
      },
    ],
    notes: [
      `${HALF_RULE} Packets: ${describeHalves(packets.map((p) => p.packet))}.`,
      'Classify rows: POST /v1/classify with classification_scope page on the same packets after split analysed them (the analysis is cached), so the time is classification and its view.',
      `Caller classes row: the same request with class_definitions holding the manifest's four classes, one sentence each written from the class names (${MANIFEST_CLASSES.map((c) => `${c.label}: "${c.description}"`).join('; ')}); a page answered \`other\` counts as wrong.`,
      "Boundaries: the first page of every document but the first; a segment counts for class accuracy when its exact page range matches and its class is in the document's accept list (gov_statistical_report read as report); strict accuracy asks for the primary class. Page rows: built-in classes count by the accept list, caller classes by the primary class. Time per packet includes classification of every page and writing each document as its own PDF.",
    ],
  };
}

type OurService = Awaited<ReturnType<typeof startOurService>>;

/** POST /v1/classify, page scope, with the built-in classes (null) or caller classes; counts pages whose class is right. */
async function classifyPages(
  service: OurService,
  fileId: string,
  entry: ManifestEntry,
  truth: TruthSegment[],
  classes: typeof MANIFEST_CLASSES | null,
  tally: HalfTallies,
  pages: PageTally[],
): Promise<void> {
  const payload = {
    input: { file_id: fileId },
    execution_mode: 'sync',
    classification_scope: 'page',
    ...(classes ? { class_definitions: classes } : {}),
  };
  const { ms, value: res } = await timed(() => service.app!.inject({ method: 'POST', url: '/v1/classify', headers: BENCH_AUTH, payload }));
  if (res.statusCode !== 200) throw new Error(`/v1/classify answered ${res.statusCode} on ${entry.packet}`);
  tally.add(entry.packet, ms, { pages: entry.pages });
  for (const page of (res.json() as { page_classifications: { page_index: number; doc_class: string }[] }).page_classifications) {
    const doc = truth.find((d) => page.page_index + 1 >= d.start_page && page.page_index + 1 <= d.end_page);
    const right = doc !== undefined && (classes ? doc.doc_class === page.doc_class : accepted(page.doc_class, doc));
    for (const p of pages) {
      p.seen++;
      if (right) p.right++;
    }
  }
}

const pageAccuracy = (p: PageTally) => `page class accuracy ${(p.seen ? p.right / p.seen : 0).toFixed(3)} (${p.right}/${p.seen})`;

export const splitCapability: Capability = {
  name: CAPABILITY,
  description:
    'Packet splitting (POST /v1/split): boundary precision/recall/F1 and segment class accuracy on packets-synthetic; latency per packet.',
  sets: [SET],
  run: (set, options, log) => run(options, log),
};

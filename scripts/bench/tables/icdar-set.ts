import { existsSync } from 'node:fs';
import path from 'node:path';
import { limited, listFiles } from '../eval-files.ts';
import { describeHalves, evalHalf, HALF_LABELS, HALF_RULE, HalfTallies, pickHalf, type HalfLabel } from '../split.ts';
import type { BenchOptions, DetailTable, ResultRow, SetReport } from '../types.ts';
import { readGroundTruth } from './icdar-reader.ts';
import { poolScores, scoreDocument, summarizeScore, type IcdarScore } from './icdar-metrics.ts';
import { readPdfPages } from './pdf-pages.ts';
import { TABULA_ARGS } from './peer-tabula.ts';
import type { PdfTableTool } from './tools.ts';
import type { ExtractedTable } from './types.ts';

/**
 * tables-icdar2013: detection P/R/F1 at IoU >= 0.5, adjacency-relation cell F1 and exact grid shapes, each tool on
 * every document, reported for the check half (headline), the tune half and all documents.
 */

const SET = 'tables-icdar2013';
const f2 = (x: number) => x.toFixed(3);

interface IcdarDoc {
  name: string;
  pdf: string;
  truth: ExtractedTable[];
  pages: number;
  pageTexts: string[];
}

function loadIcdarDocs(setDir: string, limit: number | null, notes: string[]): IcdarDoc[] {
  const regs = listFiles(setDir, ['.xml']).filter((f) => f.endsWith('-reg.xml'));
  const docs: IcdarDoc[] = [];
  const skipped: string[] = [];
  for (const reg of regs) {
    const name = path.basename(reg, '-reg.xml');
    const [pdf, str] = [path.join(setDir, `${name}.pdf`), path.join(setDir, `${name}-str.xml`)];
    if (!existsSync(pdf) || !existsSync(str)) {
      skipped.push(name);
      continue;
    }
    const pages = readPdfPages(pdf);
    docs.push({
      name,
      pdf,
      pages: pages.heights.length,
      pageTexts: pages.texts,
      truth: readGroundTruth(reg, str, (i) => pages.heights[i] ?? 0),
    });
  }
  if (skipped.length) notes.push(`No PDF or -str.xml beside the -reg.xml, not measured: ${skipped.join(', ')}.`);
  return limited(docs, limit);
}

/** One tool's score per document (same order as the documents) and its timings per half. */
interface PdfRun {
  tool: PdfTableTool;
  tallies: HalfTallies;
  scores: IcdarScore[];
  errors: string[];
}

export async function icdarSet(
  options: BenchOptions,
  log: (m: string) => void,
  tools: PdfTableTool[],
  notes: string[],
): Promise<SetReport> {
  const docs = loadIcdarDocs(path.join(options.evalDir, SET), options.limit, notes);
  const runs: PdfRun[] = tools.map((tool) => ({ tool, tallies: new HalfTallies(tool.name, tool.ours), scores: [], errors: [] }));
  // The first call pays for lazy loads a running service has paid already.
  const ours = tools.find((t) => t.ours);
  if (ours && docs.length) await ours.extract(docs[0].pdf, docs[0].pageTexts).catch(() => undefined);
  for (const [n, doc] of docs.entries()) {
    for (const run of runs) {
      try {
        const answer = await run.tool.extract(doc.pdf, doc.pageTexts);
        run.tallies.add(doc.pdf, answer.ms, { pages: doc.pages, rssMb: answer.rssMb });
        run.scores.push(scoreDocument(doc.truth, answer.tables));
      } catch (err) {
        // A failed document still counts its expected tables as missed.
        run.scores.push(scoreDocument(doc.truth, []));
        run.errors.push(`${doc.name}: ${(err as Error).message.split('\n')[0]}`);
        log(`  ${run.tool.name} failed on ${doc.name}: ${(err as Error).message}`);
      }
    }
    if ((n + 1) % 5 === 0 || n + 1 === docs.length) log(`  ${n + 1}/${docs.length} documents`);
  }
  return icdarReport(docs, runs, notes);
}

/** The run's document scores of one half, pooled. */
function pooledHalf(docs: IcdarDoc[], run: PdfRun, half: HalfLabel): IcdarScore {
  const indexes = pickHalf(
    docs.map((doc, i) => ({ doc, i })),
    half,
    (x) => x.doc.pdf,
  ).map((x) => x.i);
  return poolScores(indexes.map((i) => run.scores[i]));
}

function halfRow(docs: IcdarDoc[], run: PdfRun, half: HalfLabel): ResultRow {
  const pooled = pooledHalf(docs, run, half);
  const s = summarizeScore(pooled);
  const tally = run.tallies.of(half);
  return tally.row({
    capability: 'tables',
    set: `${SET} ${half}`,
    latencyPer: 'doc',
    items: `${tally.items} docs, ${tally.pages} pages, ${pooled.expected} tables`,
    quality: `det P/R/F1 ${f2(s.detection.precision)}/${f2(s.detection.recall)}/${f2(s.detection.f1)}; cell F1 ${f2(s.meanCellF1)} (matched ${f2(s.meanCellF1Matched)}); shape ${f2(s.shapeExactRate)}`,
  });
}

function summaryTable(docs: IcdarDoc[], runs: PdfRun[]): DetailTable {
  return {
    title: `${SET}: detection at IoU >= 0.5 and adjacency-relation cell F1 per half (bars: detection F1 >= 0.9, cell F1 >= 0.85)`,
    header: [
      'half',
      'tool',
      'expected',
      'detected',
      'matched',
      'precision',
      'recall',
      'F1',
      'cell F1 (missed = 0)',
      'cell F1 (matched only)',
      'exact grid shape',
    ],
    rows: HALF_LABELS.flatMap((half) =>
      runs.map((run) => {
        const pooled = pooledHalf(docs, run, half);
        const s = summarizeScore(pooled);
        return [
          half,
          run.tool.name,
          String(pooled.expected),
          String(pooled.detected),
          String(pooled.matched),
          f2(s.detection.precision),
          f2(s.detection.recall),
          f2(s.detection.f1),
          f2(s.meanCellF1),
          f2(s.meanCellF1Matched),
          f2(s.shapeExactRate),
        ];
      }),
    ),
  };
}

function perDocTable(docs: IcdarDoc[], runs: PdfRun[]): DetailTable {
  return {
    title: `${SET} per document: matched/detected tables and mean cell F1 (missed = 0)`,
    header: ['document', 'half', 'pages', 'tables', ...runs.map((r) => r.tool.name)],
    rows: docs.map((doc, d) => [
      doc.name,
      evalHalf(doc.pdf),
      String(doc.pages),
      String(doc.truth.length),
      ...runs.map((run) => {
        const s = run.scores[d];
        return s ? `${s.matched}/${s.detected}, ${f2(s.cellF1.reduce((a, b) => a + b, 0) / Math.max(1, s.cellF1.length))}` : '–';
      }),
    ]),
  };
}

function icdarReport(docs: IcdarDoc[], runs: PdfRun[], notes: string[]): SetReport {
  const rows = HALF_LABELS.flatMap((half) => runs.map((run) => halfRow(docs, run, half)));
  for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
  notes.push(
    `${HALF_RULE} Documents: ${describeHalves(docs.map((d) => d.pdf))}.`,
    'Detection: one-to-one greedy matching by IoU on the same page, IoU >= 0.5; one ground-truth table per region (page). Cell F1: each non-empty cell with its nearest non-empty neighbour to the right and below, tuples (content, content, direction) after whitespace collapsing, compared as multisets with the matched detection (ICDAR 2013 method); a missed table scores 0.',
    `mupdf.js: \`toStructuredText('table-hunt,segment')\` per page in its own Node process; its time is the one it measures around open + hunt (Node and WASM start-up excluded), its RSS the whole process's. tabula-java: \`java -jar tabula-java.jar ${TABULA_ARGS.join(' ')} FILE\` per document, time and RSS of the whole JVM (start-up included); its JSON has no page numbers, so tables are placed on pages by finding their cell texts in mupdf's page texts.`,
  );
  return { rows, details: [summaryTable(docs, runs), perDocTable(docs, runs)], notes };
}

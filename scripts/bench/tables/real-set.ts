import path from 'node:path';
import { limited } from '../eval-files.ts';
import { describeHalves, evalHalf, HALF_LABELS, HALF_RULE, HalfTallies, pickHalf, type HalfLabel } from '../split.ts';
import type { BenchOptions, DetailTable, ResultRow, SetReport } from '../types.ts';
import { readPdfPages } from './pdf-pages.ts';
import { DETECTED_MIN_F1, readRealManifest, scoreRealPdf, shapeOf, summarizeReal, type RealEntry, type RealScore } from './real-metrics.ts';
import { tabulaPageTables, TABULA_PAGE_TOOL_NAME } from './tools.ts';
import type { ExtractedTable } from './types.ts';

/**
 * tables-real: expected tables from tabula-java's and camelot's tests (one page each). Ours reads the whole PDF
 * through its detector; tabula reads the entry's page with the entry's method. Per-table cell-content F1, exact
 * grid shape and detection recall, for the check half (headline), the tune half and all.
 */

const SET = 'tables-real';
const f2 = (x: number) => x.toFixed(3);

interface RealPdf {
  file: string;
  pages: number;
  entries: RealEntry[];
}

interface RealAnswer {
  ms: number;
  rssMb: number | null;
  pages: number;
  tables: ExtractedTable[];
}

export interface RealTool {
  name: string;
  ours: boolean;
  extract(pdf: RealPdf): Promise<RealAnswer>;
}

export function ourRealTool(ours: (pdfPath: string) => Promise<ExtractedTable[]>): RealTool {
  return {
    name: 'docintel tables',
    ours: true,
    async extract(pdf) {
      const start = performance.now();
      const tables = await ours(pdf.file);
      return { ms: performance.now() - start, rssMb: null, pages: pdf.pages, tables };
    },
  };
}

/** tabula once per (page, method) the PDF's entries name; the PDF's time is their sum. */
export function tabulaRealTool(jar: string): RealTool {
  return {
    name: TABULA_PAGE_TOOL_NAME,
    ours: false,
    async extract(pdf) {
      const runs = [...new Map(pdf.entries.map((e) => [`${e.page} ${e.method}`, e])).values()];
      const answer: RealAnswer = { ms: 0, rssMb: null, pages: runs.length, tables: [] };
      for (const entry of runs) {
        const one = await tabulaPageTables(jar, pdf.file, entry.page, entry.method);
        answer.ms += one.ms;
        answer.rssMb = Math.max(answer.rssMb ?? 0, one.rssMb ?? 0) || null;
        answer.tables.push(...one.tables);
      }
      return answer;
    },
  };
}

function loadPdfs(setDir: string, limit: number | null): RealPdf[] {
  const byPdf = new Map<string, RealEntry[]>();
  for (const entry of readRealManifest(path.join(setDir, 'manifest.json'))) byPdf.set(entry.pdf, [...(byPdf.get(entry.pdf) ?? []), entry]);
  return limited([...byPdf], limit).map(([name, entries]) => {
    const file = path.join(setDir, name);
    return { file, pages: readPdfPages(file).heights.length, entries };
  });
}

/** One tool's scores, one per entry in the PDFs' order (a failed PDF scores its entries 0). */
interface RealRun {
  tool: RealTool;
  tallies: HalfTallies;
  scores: RealScore[];
  errors: string[];
}

export async function realSet(options: BenchOptions, log: (m: string) => void, tools: RealTool[], notes: string[]): Promise<SetReport> {
  const pdfs = loadPdfs(path.join(options.evalDir, SET), options.limit);
  const runs: RealRun[] = tools.map((tool) => ({ tool, tallies: new HalfTallies(tool.name, tool.ours), scores: [], errors: [] }));
  const ours = tools.find((t) => t.ours);
  if (ours && pdfs.length) await ours.extract(pdfs[0]).catch(() => undefined); // warm-up, as the other sets
  for (const [n, pdf] of pdfs.entries()) {
    for (const run of runs) {
      try {
        const answer = await run.tool.extract(pdf);
        run.tallies.add(pdf.file, answer.ms, { pages: answer.pages, rssMb: answer.rssMb });
        run.scores.push(...scoreRealPdf(pdf.entries, answer.tables));
      } catch (err) {
        run.scores.push(...scoreRealPdf(pdf.entries, []));
        run.errors.push(`${path.basename(pdf.file)}: ${(err as Error).message.split('\n')[0]}`);
        log(`  ${run.tool.name} failed on ${path.basename(pdf.file)}: ${(err as Error).message}`);
      }
    }
    if ((n + 1) % 5 === 0 || n + 1 === pdfs.length) log(`  ${n + 1}/${pdfs.length} PDFs`);
  }
  return realReport(pdfs, runs, notes);
}

function halfScores(entries: RealEntry[], run: RealRun, half: HalfLabel): RealScore[] {
  return pickHalf(
    entries.map((entry, i) => ({ entry, score: run.scores[i] })),
    half,
    (x) => x.entry.pdf,
  ).map((x) => x.score);
}

function halfRow(entries: RealEntry[], run: RealRun, half: HalfLabel): ResultRow {
  const s = summarizeReal(halfScores(entries, run, half));
  const tally = run.tallies.of(half);
  return tally.row({
    capability: 'tables',
    set: `${SET} ${half}`,
    latencyPer: 'doc',
    items: `${tally.items} PDFs, ${tally.pages} pages, ${s.tables} tables`,
    quality: `cell F1 ${f2(s.meanF1)}; detected ${f2(s.detectionRecall)}; shape ${f2(s.shapeExactRate)}`,
  });
}

function summaryTable(entries: RealEntry[], runs: RealRun[]): DetailTable {
  return {
    title: `${SET}: cell-content F1 (missed = 0), detection recall and exact grid shape per half`,
    header: ['half', 'tool', 'tables', 'cell F1', 'detection recall', 'exact grid shape'],
    rows: HALF_LABELS.flatMap((half) =>
      runs.map((run) => {
        const s = summarizeReal(halfScores(entries, run, half));
        return [half, run.tool.name, String(s.tables), f2(s.meanF1), f2(s.detectionRecall), f2(s.shapeExactRate)];
      }),
    ),
  };
}

function perTableTable(entries: RealEntry[], runs: RealRun[]): DetailTable {
  return {
    title: `${SET} per table: cell F1 (shape of the matched table; expected shape in its own column)`,
    header: ['file', 'page', 'method', 'half', 'expected shape', ...runs.map((r) => r.tool.name)],
    rows: entries.map((entry, i) => [
      entry.pdf,
      String(entry.page),
      entry.flavor && entry.flavor !== entry.method ? `${entry.method} (${entry.flavor})` : entry.method,
      evalHalf(entry.pdf),
      shapeOf(entry.expected),
      ...runs.map((run) => `${f2(run.scores[i].f1)} (${run.scores[i].predictedShape})`),
    ]),
  };
}

function realReport(pdfs: RealPdf[], runs: RealRun[], notes: string[]): SetReport {
  const entries = pdfs.flatMap((p) => p.entries);
  const rows = HALF_LABELS.flatMap((half) => runs.map((run) => halfRow(entries, run, half)));
  for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
  notes.push(
    `${HALF_RULE} By the PDF's name: PDFs ${describeHalves(pdfs.map((p) => p.file))}; tables ${describeHalves(entries.map((e) => e.pdf))}.`,
    "Cell F1: cell strings with whitespace collapsed (and camelot's superscript marks <s></s> dropped), empty cells left out, compared as multisets between the expected grid and one predicted table. Candidates for an expected table are the tool's tables on its page; when the entry has an `area`, only tables whose box overlaps it. Expected and predicted tables of a PDF are paired one-to-one by best F1; an expected table without partner scores 0.",
    `Detection recall: share of expected tables whose partner has cell F1 >= ${DETECTED_MIN_F1}. Exact grid shape: rows x columns equal after dropping rows and columns that hold no text (in each grid).`,
    `Ours: POST /v1/tables on the whole PDF (detector boundaries, no hints; latency per PDF, every page). tabula-java: \`java -jar tabula-java.jar -p PAGE -r|-n -f JSON FILE\` once per page and method of the PDF's entries (-r spreadsheet for lattice entries, -n no-spreadsheet for stream ones: 0.9's names for lattice and stream), so tabula is told the method but not the area (stream without an area reads the whole page as one table); its time is the JVM's, start-up included. The entries' \`params\` (column positions, line scale) are not passed to either tool.`,
  );
  return { rows, details: [summaryTable(entries, runs), perTableTable(entries, runs)], notes };
}

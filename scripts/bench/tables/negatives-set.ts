import { describeHalves, evalHalf, HALF_LABELS, HALF_RULE, HalfTallies, pickHalf, type HalfLabel } from '../split.ts';
import type { BenchOptions, DetailTable, ResultRow, SetReport } from '../types.ts';
import { cellsToGrid, normalizeRealCell, shapeOf } from './real-metrics.ts';
import { loadNegativeDocs, MIN_TEXT_CHARS, NEGATIVE_SETS, type NegativeDoc } from './negative-pages.ts';
import type { PdfTableTool } from './tools.ts';
import type { ExtractedTable } from './types.ts';

/**
 * False tables on table-free born-digital pages: every table a tool returns on a counted page is a false one.
 * Reported per 100 counted pages for the check half (headline), the tune half and all, by the PDF's name.
 */

export const NEGATIVES_LABEL = 'table-free pages';
const f2 = (x: number) => x.toFixed(2);

/** Tables one tool returned on one document's counted pages (an empty list when it failed there). */
interface DocFinding {
  doc: NegativeDoc;
  tables: ExtractedTable[];
}

interface NegativeRun {
  tool: PdfTableTool;
  tallies: HalfTallies;
  findings: DocFinding[];
  errors: string[];
}

export async function negativesSet(
  options: BenchOptions,
  log: (m: string) => void,
  tools: PdfTableTool[],
  notes: string[],
): Promise<SetReport> {
  const docs = loadNegativeDocs(options.evalDir, options.limit, notes);
  const runs: NegativeRun[] = tools.map((tool) => ({ tool, tallies: new HalfTallies(tool.name, tool.ours), findings: [], errors: [] }));
  const ours = tools.find((t) => t.ours);
  if (ours && docs.length) await ours.extract(docs[0].file, docs[0].pageTexts).catch(() => undefined); // warm-up
  for (const [n, doc] of docs.entries()) {
    for (const run of runs) {
      try {
        const answer = await run.tool.extract(doc.file, doc.pageTexts);
        run.tallies.add(doc.file, answer.ms, { pages: doc.pageCount, rssMb: answer.rssMb });
        run.findings.push({ doc, tables: answer.tables.filter((t) => doc.pages.includes(t.pageIndex)) });
      } catch (err) {
        run.findings.push({ doc, tables: [] });
        run.errors.push(`${doc.set}/${doc.label}: ${(err as Error).message.split('\n')[0]}`);
        log(`  ${run.tool.name} failed on ${doc.label}: ${(err as Error).message}`);
      }
    }
    if ((n + 1) % 10 === 0 || n + 1 === docs.length) log(`  ${n + 1}/${docs.length} documents`);
  }
  return negativesReport(docs, runs, notes);
}

interface Count {
  pages: number;
  tables: number;
}

function countOf(findings: DocFinding[]): Count {
  return { pages: findings.reduce((s, f) => s + f.doc.pages.length, 0), tables: findings.reduce((s, f) => s + f.tables.length, 0) };
}

const per100 = (c: Count) => (c.pages ? (100 * c.tables) / c.pages : 0);
const describeCount = (c: Count) => `${f2(per100(c))} (${c.tables} on ${c.pages})`;

function halfFindings(run: NegativeRun, half: HalfLabel): DocFinding[] {
  return pickHalf(run.findings, half, (f) => f.doc.file);
}

function halfRow(run: NegativeRun, half: HalfLabel): ResultRow {
  const count = countOf(halfFindings(run, half));
  const tally = run.tallies.of(half);
  return tally.row({
    capability: 'tables',
    set: `${NEGATIVES_LABEL} ${half}`,
    latencyPer: 'doc',
    items: `${tally.items} docs, ${tally.pages} pages (${count.pages} counted)`,
    quality: `false tables / 100 pages ${f2(per100(count))} (${count.tables} tables)`,
  });
}

function summaryTable(runs: NegativeRun[]): DetailTable {
  return {
    title: `${NEGATIVES_LABEL}: false tables per 100 counted pages (tables on pages)`,
    header: ['half', 'tool', ...NEGATIVE_SETS, 'all'],
    rows: HALF_LABELS.flatMap((half) =>
      runs.map((run) => {
        const findings = halfFindings(run, half);
        return [
          half,
          run.tool.name,
          ...NEGATIVE_SETS.map((set) => describeCount(countOf(findings.filter((f) => f.doc.set === set)))),
          describeCount(countOf(findings)),
        ];
      }),
    ),
  };
}

/** What a table looks like, so a reader can judge whether it is a real one: shape and its first cells. */
function tableGist(table: ExtractedTable): string {
  const grid = cellsToGrid(table.cells);
  const start = grid.flat().map(normalizeRealCell).filter(Boolean).join(' | ');
  return `${shapeOf(grid)}: ${start.length > 80 ? `${start.slice(0, 80)}…` : start}`;
}

/** Every page where ours returned a table, other tools' counts on the same page beside. */
function oursPagesTable(runs: NegativeRun[]): DetailTable | null {
  const ours = runs.find((r) => r.tool.ours);
  if (!ours) return null;
  const rows = ours.findings.flatMap((finding, d) =>
    [...new Set(finding.tables.map((t) => t.pageIndex))]
      .sort((a, b) => a - b)
      .map((page) => [
        finding.doc.set,
        finding.doc.label,
        String(page + 1),
        evalHalf(finding.doc.file),
        finding.tables
          .filter((t) => t.pageIndex === page)
          .map(tableGist)
          .join('; '),
        ...runs.filter((r) => r !== ours).map((r) => String(r.findings[d].tables.filter((t) => t.pageIndex === page).length)),
      ]),
  );
  return {
    title: `${NEGATIVES_LABEL}: pages where ${ours.tool.name} returned tables (shape after dropping empty rows/columns: first cells), for a reader to judge`,
    header: [
      'set',
      'file',
      'page',
      'half',
      `${ours.tool.name}: shape: first cells`,
      ...runs.filter((r) => r !== ours).map((r) => `${r.tool.name}: tables`),
    ],
    rows,
  };
}

function negativesReport(docs: NegativeDoc[], runs: NegativeRun[], notes: string[]): SetReport {
  const rows = HALF_LABELS.flatMap((half) => runs.map((run) => halfRow(run, half)));
  for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
  const pagesOf = (list: NegativeDoc[]) => list.reduce((s, d) => s + d.pages.length, 0);
  notes.push(
    `${HALF_RULE} Documents ${describeHalves(docs.map((d) => d.file))}; counted pages check ${pagesOf(pickHalf(docs, 'check', (d) => d.file))}, tune ${pagesOf(pickHalf(docs, 'tune', (d) => d.file))}.`,
    `Counted pages: every page of contracts-kleister-nda (contracts: prose, maybe a rare schedule table, see the list), the pdf-olmocr pages without a \`table\` test in dataset.jsonl, and the pdf-docling files whose ground-truth markdown has no table row (\`| … |\`) or <table> (its ground truth has no page marks, so a file counts whole; it is another tool's output, not human truth). Pages with fewer than ${MIN_TEXT_CHARS} non-whitespace characters in their text layer (mupdf) count as scans and are left out. Every table a tool returns on a counted page is counted as false.`,
    'Each tool reads the whole document (ours: POST /v1/tables, detector boundaries); pages/s and latency are over every page of the document, counted or not.',
  );
  const listed = oursPagesTable(runs);
  return { rows, details: [summaryTable(runs), ...(listed ? [listed] : [])], notes };
}

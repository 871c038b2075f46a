import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { limited, listFiles, referencePdfPages } from '../eval-files.ts';
import { LONG_PAGES, throughputSet, THROUGHPUT_PAGES } from './pdf-throughput.ts';
import { parseViaHttp, startOurService, type OurService } from '../our-service.ts';
import { runPeer, toolAvailable } from '../peer.ts';
import { ToolTally } from '../rows.ts';
import { HALF_RULE, inHalf } from '../split.ts';
import { share, timed } from '../stats.ts';
import { loadOlmTests, runOlmTest, type OlmTest } from '../text/olmocr-tests.ts';
import { normalizedEditDistance, normalizeText, unescapeMarkdown } from '../text/matching.ts';
import type { BenchOptions, Capability, DetailTable, SetReport } from '../types.ts';

/**
 * PDF to text: our parse markdown (POST /api/v1/parse, sync, through the real HTTP app) against pdftotext with
 * and without -layout. Quality on pdf-olmocr is the olmOCR-bench unit-test pass rate; on pdf-docling the
 * normalized edit distance to docling's markdown (another tool's output, so informative only).
 */

/** One tool's text of one document: per page (for page-specific tests) and whole (for document comparisons). */
interface DocText {
  pages: string[];
  whole: string;
}

interface TextTool {
  name: string;
  ours: boolean;
  extract(file: string): Promise<{ ms: number; rssMb: number | null; text: DocText }>;
}

const CAPABILITY = 'pdf-text';
const PAGE_BREAK = /\n*^<!-- page \d+ -->$\n*/mu;

function ourTool(service: OurService): TextTool {
  return {
    name: 'docintel parse',
    ours: true,
    async extract(file) {
      const bytes = readFileSync(file);
      const { ms, value } = await timed(() => parseViaHttp(service.app!, bytes, path.basename(file)));
      // The markdown marks each page break with `<!-- page N -->`; page headers and footers are not in it.
      const pages = value.markdown.split(PAGE_BREAK);
      // Page checks read what a markdown renderer shows; the whole document is compared as markdown.
      return { ms, rssMb: null, text: { pages: pages.map(unescapeMarkdown), whole: pages.join('\n\n') } };
    },
  };
}

function pdftotextTool(layout: boolean): TextTool {
  return {
    name: layout ? 'pdftotext -layout' : 'pdftotext',
    ours: false,
    async extract(file) {
      const run = await runPeer('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']);
      if (run.code !== 0) throw new Error(`pdftotext exited ${run.code}: ${run.stderr.trim()}`);
      const pages = run.stdout.toString('utf8').split('\f');
      if (pages.length > 1 && pages.at(-1)!.trim() === '') pages.pop(); // every page ends with a form feed
      return { ms: run.ms, rssMb: run.peakRssMb, text: { pages, whole: pages.join('\n') } };
    },
  };
}

interface ToolRun {
  tool: TextTool;
  tally: ToolTally;
  texts: Map<string, DocText>;
  errors: string[];
}

/** Runs every tool over every document (tools interleaved per document so caches favour none). */
async function extractAll(tools: TextTool[], files: string[], log: (m: string) => void): Promise<ToolRun[]> {
  const runs = tools.map((tool) => ({
    tool,
    tally: new ToolTally(tool.name, tool.ours),
    texts: new Map<string, DocText>(),
    errors: [] as string[],
  }));
  for (const [n, file] of files.entries()) {
    const pages = referencePdfPages(file) ?? 0;
    for (const run of runs) {
      try {
        const { ms, rssMb, text } = await run.tool.extract(file);
        run.tally.add(ms, { pages, rssMb });
        run.texts.set(file, text);
      } catch (err) {
        run.errors.push(`${path.basename(file)}: ${(err as Error).message}`);
        log(`  ${run.tool.name} failed on ${path.basename(file)}: ${(err as Error).message}`);
      }
    }
    if ((n + 1) % 5 === 0 || n + 1 === files.length) log(`  ${n + 1}/${files.length} documents`);
  }
  return runs;
}

/** `ocr`: with an inference sidecar, so that pages without a usable text layer are OCRed as users get them. */
async function withTools<T>(
  files: string[],
  log: (m: string) => void,
  use: (runs: ToolRun[], notes: string[]) => T,
  ocr = false,
): Promise<T> {
  const notes: string[] = [];
  // OCRed pages can take long on a busy machine; a sync budget over the default keeps them measured, not timed out.
  const service = await startOurService({
    http: true,
    ...(ocr ? { inference: 'spawn' as const, env: { DOCINTEL_SYNC_BUDGET_MS: '600000' } } : {}),
  });
  try {
    const tools = [ourTool(service)];
    if (toolAvailable('pdftotext')) tools.push(pdftotextTool(true), pdftotextTool(false));
    else notes.push('pdftotext is not installed: no peer figures.');
    // The first request pays for worker start-up and lazy module loads; a running server has paid them already.
    if (files.length > 0) await tools[0].extract(files[0]);
    return use(await extractAll(tools, files, log), notes);
  } finally {
    await service.close();
  }
}

function olmocrSet(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const setDir = path.join(options.evalDir, 'pdf-olmocr');
  const allTests = loadOlmTests(path.join(setDir, 'dataset.jsonl'));
  const docs = limited(
    [...new Set(allTests.map((t) => t.pdf))].sort().filter((d) => !options.half || inHalf(options.half, d)),
    options.limit,
  );
  const tests = allTests.filter((t) => docs.includes(t.pdf));
  const files = docs.map((d) => path.join(setDir, 'pdfs', d));
  return withTools(
    files,
    log,
    (runs, notes) => {
      const types = [...new Set(tests.map((t) => t.type))].sort();
      const passed = runs.map((run) => scoreOlmTests(run, tests, setDir, options.verbose ? log : null));
      const shareOf = (ofType: OlmTest[]) => passed.map((ids) => share(ofType.filter((t) => ids.has(t.id)).length, ofType.length));
      const digital = bornDigitalTests(runs, tests, setDir);
      const scanned = scannedTests(runs, tests, setDir);
      const details: DetailTable = {
        title: 'pdf-olmocr: pass rate per test type',
        header: ['test type', 'tests', ...runs.map((r) => r.tool.name)],
        rows: [...types, 'all'].map((type) => {
          const ofType = tests.filter((t) => type === 'all' || t.type === type);
          return [type, String(ofType.length), ...shareOf(ofType)];
        }),
      };
      if (digital && scanned) {
        details.rows.push(['present+absent+order, born-digital pages', String(digital.length), ...shareOf(digital)]);
        details.rows.push(['all types, scanned pages (OCR)', String(scanned.length), ...shareOf(scanned)]);
        for (const half of ['check', 'tune'] as const) {
          const inThisHalf = (list: OlmTest[]) => list.filter((t) => inHalf(half, t.pdf));
          details.rows.push([`${half} half: all`, String(inThisHalf(tests).length), ...shareOf(inThisHalf(tests))]);
          details.rows.push([`${half} half: scanned pages`, String(inThisHalf(scanned).length), ...shareOf(inThisHalf(scanned))]);
        }
      } else notes.push('pdftotext is not installed: no born-digital / scanned split.');
      const checkTests = tests.filter((t) => inHalf('check', t.pdf));
      const rows = runs.map((run, i) =>
        run.tally.row({
          capability: CAPABILITY,
          set: 'pdf-olmocr',
          quality: [
            `pass ${share(passed[i].size, tests.length)}`,
            `check half ${share(checkTests.filter((t) => passed[i].has(t.id)).length, checkTests.length)}`,
            ...(digital ? [`born-digital p+a+o ${share(digital.filter((t) => passed[i].has(t.id)).length, digital.length)}`] : []),
            ...(scanned ? [`scanned ${share(scanned.filter((t) => passed[i].has(t.id)).length, scanned.length)}`] : []),
          ].join('; '),
          items: `${run.tally.items} docs, ${run.tally.pages} pages`,
          latencyPer: 'doc',
        }),
      );
      for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
      notes.push(
        'Math tests pass only for delimited LaTeX ($…$, \\(…\\), \\[…\\]) equal to the reference after normalizing spacing and braces; olmOCR-bench compares KaTeX renders.',
      );
      notes.push(
        `Our service runs with its inference sidecar here, so pages without a usable text layer are OCRed; "scanned" counts the tests (all types) on pages where pdftotext reads fewer than ${BORN_DIGITAL_CHARS} non-space characters. ${HALF_RULE}`,
      );
      return { rows, details: [details], notes };
    },
    true,
  );
}

/**
 * The present/absent/order tests on born-digital pages: pages where pdftotext (not our code) reads at least
 * BORN_DIGITAL_CHARS non-space characters. The other pages (scans, text drawn as outlines) need OCR.
 */
const BORN_DIGITAL_CHARS = 100;

function bornDigitalTests(runs: ToolRun[], tests: OlmTest[], setDir: string): OlmTest[] | null {
  const digital = hasTextLayer(runs, setDir);
  return digital && tests.filter((t) => ['present', 'absent', 'order'].includes(t.type) && digital(t));
}

/** Tests of every type on pages without a usable text layer (the complement of the born-digital pages). */
function scannedTests(runs: ToolRun[], tests: OlmTest[], setDir: string): OlmTest[] | null {
  const digital = hasTextLayer(runs, setDir);
  return digital && tests.filter((t) => !digital(t));
}

function hasTextLayer(runs: ToolRun[], setDir: string): ((t: OlmTest) => boolean) | null {
  const reference = runs.find((r) => r.tool.name === 'pdftotext');
  if (!reference) return null;
  return (t) =>
    (reference.texts.get(path.join(setDir, 'pdfs', t.pdf))?.pages[(t.page || 1) - 1] ?? '').replace(/\s+/gu, '').length >=
    BORN_DIGITAL_CHARS;
}

/** Ids of the tests a tool passed; a test with a `page` reads that page (1-based) of the tool's output. */
function scoreOlmTests(run: ToolRun, tests: OlmTest[], setDir: string, log: ((m: string) => void) | null): Set<string> {
  const passed = new Set<string>();
  for (const test of tests) {
    const text = run.texts.get(path.join(setDir, 'pdfs', test.pdf));
    const content = !text ? '' : test.page ? (text.pages[test.page - 1] ?? '') : text.whole;
    const outcome = runOlmTest(test, content);
    if (outcome.pass) passed.add(test.id);
    else log?.(`  [${run.tool.name}] ${test.id} (${test.type}): ${text ? outcome.reason : 'no output'}`);
  }
  return passed;
}

function doclingSet(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const setDir = path.join(options.evalDir, 'pdf-docling');
  const files = limited(
    listFiles(setDir, ['.pdf']).filter((f) => path.dirname(f) === setDir),
    options.limit,
  );
  const truthOf = (file: string) => path.join(setDir, 'groundtruth', `${path.basename(file, '.pdf')}.md`);
  const judged = files.filter((f) => existsSync(truthOf(f)));
  return withTools(files, log, (runs, notes) => {
    const distances = runs.map((run) =>
      judged.map((file) => {
        const text = run.texts.get(file);
        return text
          ? normalizedEditDistance(normalizeText(text.whole).trim(), normalizeText(readFileSync(truthOf(file), 'utf8')).trim())
          : 1;
      }),
    );
    const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
    const details: DetailTable = {
      title: 'pdf-docling: normalized edit distance to groundtruth markdown (lower is closer; informative only)',
      header: ['document', ...runs.map((r) => r.tool.name)],
      rows: judged.map((file, d) => [path.basename(file), ...distances.map((byDoc) => byDoc[d].toFixed(3))]),
    };
    const rows = runs.map((run, i) =>
      run.tally.row({
        capability: CAPABILITY,
        set: 'pdf-docling',
        quality: `NED ${mean(distances[i]).toFixed(3)} (${judged.length} docs)`,
        items: `${run.tally.items} docs, ${run.tally.pages} pages`,
        latencyPer: 'doc',
      }),
    );
    for (const run of runs) if (run.errors.length) notes.push(`${run.tool.name} failed on ${run.errors.join('; ')}`);
    notes.push("pdf-docling groundtruth is docling's own markdown, not human truth: use it for regressions, not as a score.");
    return { rows, details: [details], notes };
  });
}

export const pdfTextCapability: Capability = {
  name: CAPABILITY,
  description: `PDF to text/markdown. Ours: POST /api/v1/parse (sync, PDF inline, profile grounded) through the real HTTP app, one request at a time after one warm-up request; page texts are the markdown split at its \`<!-- page N -->\` comments; peers: \`pdftotext -layout\` and \`pdftotext\` on the whole document. Latency is per document. Throughput (set concat-${THROUGHPUT_PAGES}): one ${THROUGHPUT_PAGES}-page PDF concatenated from the evaluation PDFs, parsed by file_id with each profile, beside pdftotext and \`mutool draw -F txt\` on the same file; and a ${LONG_PAGES}-page one parsed grounded in a fresh process for its peak memory (all service processes).`,
  sets: ['pdf-olmocr', 'pdf-docling', '.'],
  run(set, options, log) {
    if (set === '.') return throughputSet(options, log);
    return set === 'pdf-olmocr' ? olmocrSet(options, log) : doclingSet(options, log);
  },
};

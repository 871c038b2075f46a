import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { limited, listFiles, referencePdfPages } from '../eval-files.ts';
import {
  doubledRuns,
  headingJumps,
  headingLevels,
  hyphenPairs,
  markdownWords,
  matchWords,
  ratio,
  splitMarkdownPages,
  subtractWords,
  textWords,
} from '../fidelity/metrics.ts';
import { parseViaHttp, startOurService } from '../our-service.ts';
import { runPeer, toolAvailable } from '../peer.ts';
import { describeHalves, evalHalf, HALF_LABELS, HALF_RULE, HalfTallies, type HalfLabel } from '../split.ts';
import { timed } from '../stats.ts';
import type { BenchOptions, Capability, DetailTable, SetReport } from '../types.ts';

/**
 * Fidelity (issue 25, "markdown that never alters the text"): on born-digital PDFs, our parse markdown
 * (POST /api/v1/parse, sync, profile grounded, as pdf-text drives it) page by page against the page's own text
 * layer read by mupdf. Precision: the markdown's words found in the text layer (nothing invented); recall: the
 * text layer's words found in the markdown, less the words of the page headers/footers our parse removed.
 * Also doubled-letter runs and heading-level jumps. Peer: `pdftotext -layout`, the same metric both ways.
 */
const CAPABILITY = 'fidelity';
const SETS = ['pdf-docling', 'pdf-olmocr', 'contracts-kleister-nda'];
/** A page with fewer non-space characters in its text layer is a scan (or outlines): skipped. Same as pdf-text. */
const BORN_DIGITAL_CHARS = 100;
const FURNITURE = new Set(['page_header', 'page_footer']);
const BAR = 'Acceptance bar (issue 25): fidelity ≥ 0.995 both ways, zero doubled-letter runs, zero heading jumps > 1 level.';

interface PageScore {
  precision: number;
  recall: number;
  doubled: number;
  /** Doubled runs of letters of any case (the issue's rule reads capitals). */
  doubledAny: number;
}

/** One tool on one set: per page scores and per document counts, by half. */
class ToolScores {
  readonly pages: Record<'check' | 'tune', PageScore[]> = { check: [], tune: [] };
  readonly jumps = { check: 0, tune: 0 };
  readonly furnitureWords = { check: 0, tune: 0 };
  readonly tally: HalfTallies;
  readonly errors: string[] = [];

  constructor(
    readonly tool: string,
    readonly ours: boolean,
  ) {
    this.tally = new HalfTallies(tool, ours);
  }

  of(label: HalfLabel): { pages: PageScore[]; jumps: number; furniture: number } {
    const halves: ('check' | 'tune')[] = label === 'all' ? ['check', 'tune'] : [label];
    return {
      pages: halves.flatMap((h) => this.pages[h]),
      jumps: halves.reduce((n, h) => n + this.jumps[h], 0),
      furniture: halves.reduce((n, h) => n + this.furnitureWords[h], 0),
    };
  }
}

/** The text layer of each page (mupdf structured text, no options), in page order. */
function textLayer(bytes: Buffer): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pages: string[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const text = page.toStructuredText('');
      pages.push(text.asText());
      text.destroy();
      page.destroy();
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

const usable = (layer: string) => layer.replace(/\s+/gu, '').length >= BORN_DIGITAL_CHARS;
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

function setFiles(set: string, options: BenchOptions): string[] {
  const dir = path.join(options.evalDir, set);
  const files =
    set === 'pdf-olmocr' ? listFiles(path.join(dir, 'pdfs'), ['.pdf']) : listFiles(dir, ['.pdf']).filter((f) => path.dirname(f) === dir);
  return limited(
    files.filter((f) => !options.half || evalHalf(f) === options.half),
    options.limit,
  );
}

/** The few most frequent words of a list, "word×n" (verbose diagnostics only). */
function top(words: string[], n = 8): string {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([w, c]) => (c > 1 ? `${w}×${c}` : w))
    .join(' ');
}

async function runSet(set: string, options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const files = setFiles(set, options);
  const notes: string[] = [];
  const ours = new ToolScores('docintel parse', true);
  const peer = toolAvailable('pdftotext') ? new ToolScores('pdftotext -layout', false) : null;
  if (!peer) notes.push('pdftotext is not installed: no peer figures.');
  const docRows: string[][] = [];
  let skippedPages = 0;
  let skippedDocs = 0;
  let usedPages = 0;
  let headings = 0;
  const service = await startOurService({ http: true });
  try {
    // The first request pays for worker start-up and lazy module loads; a running server has paid them already.
    if (files.length > 0) await parseViaHttp(service.app!, readFileSync(files[0]), path.basename(files[0])).catch(() => null);
    for (const [n, file] of files.entries()) {
      const name = path.basename(file);
      const half = evalHalf(name);
      const bytes = readFileSync(file);
      let layers: string[];
      try {
        layers = textLayer(bytes);
      } catch (err) {
        skippedDocs++;
        notes.push(`${name}: mupdf could not read it (${(err as Error).message}); skipped.`);
        continue;
      }
      const pageNos = layers.flatMap((layer, i) => (usable(layer) ? [i] : []));
      skippedPages += layers.length - pageNos.length;
      if (pageNos.length === 0) {
        skippedDocs++;
        continue;
      }
      usedPages += pageNos.length;
      const pageCount = referencePdfPages(file) ?? layers.length;
      const layerWords = layers.map(textWords);
      const layerPairs = layers.map(hyphenPairs);
      const row = [name, half, `${pageNos.length}/${layers.length}`];

      // Ours.
      try {
        const { ms, value } = await timed(() => parseViaHttp(service.app!, bytes, name));
        ours.tally.add(name, ms, { pages: pageCount });
        const mdPages = splitMarkdownPages(value.markdown);
        const furniture = new Map<number, string[]>();
        for (const chunk of value.chunks as ((typeof value.chunks)[number] & { label?: string; type?: string })[]) {
          if (chunk.page_index === null || !FURNITURE.has(chunk.label ?? chunk.type ?? '')) continue;
          furniture.set(chunk.page_index, [...(furniture.get(chunk.page_index) ?? []), ...markdownWords(chunk.markdown)]);
        }
        const scores: PageScore[] = [];
        let furnitureWords = 0;
        for (const i of pageNos) {
          const md = markdownWords(mdPages.get(i + 1) ?? '');
          const { kept, removed } = subtractWords(layerWords[i], furniture.get(i) ?? []);
          furnitureWords += removed;
          const m = matchWords(md, kept, layerPairs[i]);
          // Precision reads the whole text layer: a header kept in the markdown is not invented.
          const p = removed > 0 ? matchWords(md, layerWords[i], layerPairs[i]) : m;
          const doubled = doubledRuns(md, layerWords[i], true);
          scores.push({
            precision: ratio(p.found, p.outputWords),
            recall: ratio(m.recalled, m.referenceWords),
            doubled: doubledRuns(md, layerWords[i]).length,
            doubledAny: doubled.length,
          });
          if (options.verbose && (p.invented.length || m.dropped.length || doubled.length)) {
            log(
              `  [ours] ${name} p${i + 1}: invented ${p.invented.length}/${md.length} [${top(p.invented)}]; dropped ${m.dropped.length}/${kept.length} [${top(m.dropped)}]${doubled.length ? `; doubled [${top(doubled)}]` : ''}`,
            );
          }
        }
        const jumps = headingJumps(value.markdown);
        headings += headingLevels(value.markdown).length;
        ours.pages[half].push(...scores);
        ours.jumps[half] += jumps;
        ours.furnitureWords[half] += furnitureWords;
        row.push(
          mean(scores.map((s) => s.precision)).toFixed(4),
          mean(scores.map((s) => s.recall)).toFixed(4),
          `${scores.reduce((k, s) => k + s.doubled, 0)} (${scores.reduce((k, s) => k + s.doubledAny, 0)})`,
          String(jumps),
          String(furnitureWords),
        );
      } catch (err) {
        ours.errors.push(`${name}: ${(err as Error).message}`);
        log(`  ours failed on ${name}: ${(err as Error).message}`);
        row.push('error', 'error', '', '', '');
      }

      // Peer.
      if (peer) {
        try {
          const run = await runPeer('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
          if (run.code !== 0) throw new Error(`pdftotext exited ${run.code}: ${run.stderr.trim()}`);
          peer.tally.add(name, run.ms, { pages: pageCount, rssMb: run.peakRssMb });
          const pages = run.stdout.toString('utf8').split('\f');
          const scores = pageNos.map((i): PageScore => {
            const words = textWords(pages[i] ?? '');
            const m = matchWords(words, layerWords[i], layerPairs[i]);
            return {
              precision: ratio(m.found, m.outputWords),
              recall: ratio(m.recalled, m.referenceWords),
              doubled: doubledRuns(words, layerWords[i]).length,
              doubledAny: doubledRuns(words, layerWords[i], true).length,
            };
          });
          peer.pages[half].push(...scores);
          row.push(mean(scores.map((s) => s.precision)).toFixed(4), mean(scores.map((s) => s.recall)).toFixed(4));
        } catch (err) {
          peer.errors.push(`${name}: ${(err as Error).message}`);
          row.push('error', 'error');
        }
      }
      docRows.push(row);
      if ((n + 1) % 10 === 0 || n + 1 === files.length) log(`  ${n + 1}/${files.length} documents`);
    }
  } finally {
    await service.close();
  }

  const quality = (tool: ToolScores, label: HalfLabel) => {
    const { pages, jumps, furniture } = tool.of(label);
    const doubled = pages.reduce((k, s) => k + s.doubled, 0);
    const doubledAny = pages.reduce((k, s) => k + s.doubledAny, 0);
    const base = `P ${mean(pages.map((s) => s.precision)).toFixed(4)} R ${mean(pages.map((s) => s.recall)).toFixed(4)} (mean/page, ${pages.length} pages); doubled runs ${doubled} (any case ${doubledAny})`;
    return tool.ours ? `${base}; heading jumps ${jumps}; header/footer words removed ${furniture}` : base;
  };
  const tools = peer ? [ours, peer] : [ours];
  const docsIn = (label: HalfLabel) => docRows.filter((r) => label === 'all' || r[1] === label).length;
  const rows = HALF_LABELS.flatMap((label) =>
    tools.map((tool) =>
      tool.tally.of(label).row({
        capability: CAPABILITY,
        set: `${set} ${label}`,
        quality: quality(tool, label),
        items: `${docsIn(label)} docs, ${tool.tally.of(label).pages} pages`,
        latencyPer: 'doc',
      }),
    ),
  );
  const details: DetailTable = {
    title: `${set}: fidelity per document (mean per page over the pages with a text layer)`,
    header: [
      'document',
      'half',
      'pages used',
      'ours P',
      'ours R',
      'doubled (any case)',
      'heading jumps',
      'hdr/ftr words',
      ...(peer ? ['pdftotext P', 'pdftotext R'] : []),
    ],
    rows: docRows,
  };
  for (const tool of tools) if (tool.errors.length) notes.push(`${tool.tool} failed on ${tool.errors.join('; ')}`);
  notes.push(
    `${describeHalves(docRows.map((r) => r[0]))} documents scored; skipped: ${skippedPages} pages with under ${BORN_DIGITAL_CHARS} non-space text-layer characters (scans, outlines)${skippedDocs ? `, ${skippedDocs} documents with no such page or unreadable` : ''}; ${usedPages} pages scored; ${headings} headings read in our markdown.`,
    "Words: NFKC, case kept, punctuation/symbols stripped at word ends, compared as multisets per page against the page's mupdf text layer (toStructuredText('').asText()). Markdown syntax is stripped first (headings, list/quote markers, table pipes and rules, emphasis, backticks, HTML tags and comments, link targets, images with their alt text (our label, e.g. \"Figure 3\"), backslash escapes; ordered-list numbers stay words); LaTeX ($…$, $$…$$, \\(…\\), \\[…\\]) is left out of the word count with its body, neither found nor invented.",
    'A word the text layer splits at a line-end hyphen ("infor-" "mation") matches the joined word (with or without the hyphen) on either side.',
    'Recall (ours) excludes the words of the chunks our parse labelled page_header/page_footer on that page (counted as "header/footer words removed"); precision reads the whole text layer. pdftotext keeps headers, so its recall reads the whole text layer. Pages are our markdown split at `<!-- page N -->`, pdftotext\'s output split at form feeds.',
    'Heading jumps: over each document\'s whole markdown, a `#` heading more than one level deeper than the heading before it; the first heading is the baseline whatever its level; going up is never a jump. Doubled runs: markdown words matching /(\\p{Lu})\\1(\\p{Lu})\\2(\\p{Lu})\\3/u that are not words of the page\'s text layer; "any case" reads /(\\p{L})\\1(\\p{L})\\2(\\p{L})\\3/u the same way (lower-case doubling such as "tthhee").',
    'Recall counts the text-layer words of a formula we write as LaTeX as dropped (LaTeX bodies are not counted on the markdown side); chart/diagram descriptions and data tables we add count as words not in the text layer.',
    BAR,
    HALF_RULE,
  );
  return { rows, details: [details], notes };
}

export const fidelityCapability: Capability = {
  name: CAPABILITY,
  description:
    "Fidelity of the parse markdown to the PDF text layer (issue 25): POST /api/v1/parse (sync, PDF inline, profile grounded) through the real HTTP app, one request at a time after one warm-up; per page, the share of markdown words found in the page's mupdf text layer (precision, nothing invented) and of text-layer words found in the markdown less our removed page headers/footers (recall), doubled-letter runs, heading-level jumps; peer `pdftotext -layout` per document, same words both ways. Latency is per document.",
  sets: SETS,
  run: runSet,
};

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { latexTokens, tokenEditDistance } from '../equations/metrics.ts';
import { limited } from '../eval-files.ts';
import { BENCH_AUTH, startOurService, type OurService } from '../our-service.ts';
import { ToolTally } from '../rows.ts';
import { share, timed } from '../stats.ts';
import { loadOlmTests, runOlmTest } from '../text/olmocr-tests.ts';
import type { BenchOptions, Capability, SetReport } from '../types.ts';

/**
 * Equations as LaTeX through POST /v1/equations (sync, by file_id) in the real HTTP app:
 * - formulas-im2markup: rendered formula images (OCR path, boundary_source none, all lines joined); normalized
 *   token edit distance and exact match against formulas.jsonl;
 * - pdf-olmocr: the `math` unit tests, passed when one of the page's equations equals the expected LaTeX
 *   (olmOCR's own comparison, fed our formulas as `$$…$$`);
 * - pdf-docling: code_and_formula.pdf, informative (no truth): the formulas found.
 * No peer tool here produces LaTeX, so ours stands alone.
 */
const CAPABILITY = 'equations';

interface EquationBody {
  page_index: number;
  latex: string;
  display_mode: string;
  confidence: number;
  engine: string;
}

async function equations(
  service: OurService,
  file: string,
  boundary: string,
): Promise<{ ms: number; engine: string; equations: EquationBody[] }> {
  const ref = await service.runtime.files.ingestBuffer('bench', path.basename(file), readFileSync(file), { inline: false });
  const { ms, value: res } = await timed(() =>
    service.app!.inject({
      method: 'POST',
      url: '/v1/equations',
      headers: BENCH_AUTH,
      payload: { input: { file_id: ref.file_id }, execution_mode: 'sync', boundary_source: boundary },
    }),
  );
  if (res.statusCode !== 200) throw new Error(`/v1/equations answered ${res.statusCode} on ${file}: ${res.body.slice(0, 200)}`);
  const body = res.json() as { engine: string; equations: EquationBody[] };
  return { ms, engine: body.engine, equations: body.equations };
}

async function im2markup(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const dir = path.join(options.evalDir, 'formulas-im2markup');
  const rows = readFileSync(path.join(dir, 'formulas.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { image: string; latex: string });
  const list = limited(rows, options.limit);
  const service = await startOurService({ http: true, inference: 'spawn' });
  const tally = new ToolTally('docintel equations (OCR path)', true);
  const distances: number[] = [];
  let exact = 0;
  const detail: string[][] = [];
  try {
    for (const row of list) {
      const { ms, equations: found } = await equations(service, path.join(dir, row.image), 'none');
      tally.add(ms, { pages: 1 });
      const ours = found.map((e) => e.latex).join(' ');
      const d = tokenEditDistance(latexTokens(ours), latexTokens(row.latex));
      distances.push(d);
      if (d === 0) exact++;
      if (detail.length < 12) detail.push([path.basename(row.image), row.latex.slice(0, 60), ours.slice(0, 60), d.toFixed(2)]);
    }
    log(`  ${list.length} formulas`);
  } finally {
    await service.close();
  }
  const mean = distances.reduce((s, d) => s + d, 0) / Math.max(1, distances.length);
  return {
    rows: [
      tally.row({
        capability: CAPABILITY,
        set: 'formulas-im2markup',
        quality: `mean normalized token edit distance ${mean.toFixed(3)} (lower is better); exact ${share(exact, distances.length)}`,
        items: `${distances.length} images`,
        latencyPer: 'doc',
      }),
    ],
    details: [
      { title: 'formulas-im2markup: first formulas (truth, ours, distance)', header: ['image', 'truth', 'ours', 'distance'], rows: detail },
    ],
    notes: [
      'Images have no text layer, so this is the OCR path (`engine: parse_fallback`): PP-OCR reads the glyphs as text and LaTeX is a best-effort guess from its tokens; no formula-recognition model is installed. Normalization drops labels, spacing, \\left/\\right, font switches and braces before tokenizing.',
    ],
  };
}

async function olmocrMath(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const dir = path.join(options.evalDir, 'pdf-olmocr');
  const tests = loadOlmTests(path.join(dir, 'dataset.jsonl')).filter((t) => t.type === 'math');
  const pdfs = limited([...new Set(tests.map((t) => t.pdf))], options.limit);
  const service = await startOurService({ http: true, inference: 'spawn' });
  const tally = new ToolTally('docintel equations', true);
  let passed = 0;
  let total = 0;
  const detail: string[][] = [];
  try {
    for (const pdf of pdfs) {
      const { ms, equations: found } = await equations(service, path.join(dir, 'pdfs', pdf), 'detector');
      tally.add(ms, { pages: 1 });
      for (const test of tests.filter((t) => t.pdf === pdf)) {
        const onPage = found
          .filter((e) => e.page_index === (test.page ?? 1) - 1)
          .map((e) => `$$${e.latex}$$`)
          .join('\n\n');
        const outcome = runOlmTest(test, onPage);
        total++;
        if (outcome.pass) passed++;
        detail.push([test.id, (test.math ?? '').slice(0, 60), outcome.pass ? 'pass' : 'fail']);
      }
      log(`  ${pdf}: ${found.length} equations`);
    }
  } finally {
    await service.close();
  }
  return {
    rows: [
      tally.row({
        capability: CAPABILITY,
        set: 'pdf-olmocr',
        quality: `math tests ${share(passed, total)}`,
        items: `${pdfs.length} PDFs, ${total} tests`,
        latencyPer: 'doc',
      }),
    ],
    details: [{ title: 'pdf-olmocr math tests', header: ['test', 'expected LaTeX', 'ours'], rows: detail }],
    notes: [],
  };
}

async function doclingFormula(_options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const file = path.join(_options.evalDir, 'pdf-docling', 'code_and_formula.pdf');
  const service = await startOurService({ http: true, inference: 'spawn' });
  const tally = new ToolTally('docintel equations', true);
  let found: EquationBody[] = [];
  try {
    const result = await equations(service, file, 'detector');
    tally.add(result.ms, { pages: 2 });
    found = result.equations;
    log(`  code_and_formula.pdf: ${found.length} equations`);
  } finally {
    await service.close();
  }
  const blocks = found.filter((e) => e.display_mode === 'block');
  return {
    rows: [
      tally.row({
        capability: CAPABILITY,
        set: 'pdf-docling',
        quality: `code_and_formula.pdf: ${blocks.length} display, ${found.length - blocks.length} inline formulas (informative)`,
        items: '1 PDF, 2 pages',
        latencyPer: 'doc',
      }),
    ],
    details: [
      {
        title: 'pdf-docling/code_and_formula.pdf: formulas found',
        header: ['page', 'mode', 'confidence', 'latex'],
        rows: found.slice(0, 12).map((e) => [String(e.page_index), e.display_mode, e.confidence.toFixed(2), e.latex.slice(0, 90)]),
      },
    ],
    notes: ['The set has no formula truth (its ground truth reads "formula-not-decoded"): the LaTeX is listed for inspection.'],
  };
}

export const equationsCapability: Capability = {
  name: CAPABILITY,
  description:
    'Equations as LaTeX (POST /v1/equations): formulas-im2markup token edit distance (OCR path), olmOCR math tests, code_and_formula.pdf (informative); latency per document.',
  sets: ['formulas-im2markup', 'pdf-olmocr', 'pdf-docling'],
  run: (set, options, log) =>
    set === 'formulas-im2markup' ? im2markup(options, log) : set === 'pdf-olmocr' ? olmocrMath(options, log) : doclingFormula(options, log),
};

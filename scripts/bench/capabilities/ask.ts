import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { NOT_FOUND } from '../../../src/pipeline/ask/mod.ts';
import { anls, anlsDates, citationHolds, locateText, type Box, type TextLine } from '../ask/metrics.ts';
import { BENCH_AUTH, startOurService, type OurService } from '../our-service.ts';
import { ToolTally } from '../rows.ts';
import { describeHalves, evalHalf, HALF_LABELS, HALF_RULE, HalfTallies, perHalf, type HalfLabel } from '../split.ts';
import { share, timed } from '../stats.ts';
import type { BenchOptions, Capability, DetailTable, ResultRow, SetReport } from '../types.ts';

/**
 * Question answering (issue 8) on shared/eval/qa.jsonl: the questions of each document through POST /api/v1/ask
 * (sync, by file_id) in the real HTTP app, the first one timed with the document's parse and indexing, the next
 * ones as follow-ups in its session (no parse). ANLS (threshold 0.5, and with dates compared as days), and the
 * citation hit rate of answered questions (a cited region holds the answer where the document prints it, found
 * in the lines of POST /v1/ocr). Two runs per set, each in a fresh service: DOCINTEL_ASK_RETRIEVAL=bm25, then
 * hybrid. On the contracts, the first question on new 20-page born-digital documents (Kleister pages put together).
 */
const CAPABILITY = 'ask';
const RECEIPTS = 'receipts-sroie';
const CONTRACTS = 'contracts-kleister-nda';
const MODES = ['bm25', 'hybrid'] as const;
type Mode = (typeof MODES)[number];
const LONG_DOC_PAGES = 20;
const LONG_DOCS = 5;
const LONG_DOC_QUESTION = 'What is the effective date of the agreement?';

interface QaItem {
  document: string;
  question: string;
  answers: string[];
  field: string;
}

interface AskBody {
  answer: string;
  session_id: string | null;
  citations?: { doc_id: string | null; regions: { page_index: number; bbox: { x: number; y: number; width: number; height: number } }[] }[];
}

interface Score {
  questions: number;
  anls: number;
  anlsDates: number;
  answered: number;
  cited: number;
}

const newScore = (): Score => ({ questions: 0, anls: 0, anlsDates: 0, answered: 0, cited: 0 });

/** The set's questions grouped by document, documents in file order (one half if asked, limited to `limit`). */
function questionsOf(evalDir: string, set: string, limit: number | null, half: BenchOptions['half']): [string, QaItem[]][] {
  const groups = new Map<string, QaItem[]>();
  for (const line of readFileSync(path.join(evalDir, 'qa.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const item = JSON.parse(line) as QaItem;
    if (!item.document.startsWith(`${set}/`)) continue;
    if (!groups.has(item.document)) groups.set(item.document, []);
    groups.get(item.document)!.push(item);
  }
  const all = [...groups.entries()].filter(([document]) => !half || evalHalf(document) === half);
  return limit ? all.slice(0, limit) : all;
}

async function ask(service: OurService, body: Record<string, unknown>): Promise<{ ms: number; body: AskBody }> {
  const { ms, value: res } = await timed(() =>
    service.app!.inject({ method: 'POST', url: '/api/v1/ask', headers: BENCH_AUTH, payload: { execution_mode: 'sync', ...body } }),
  );
  if (res.statusCode !== 200) throw new Error(`/api/v1/ask answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return { ms, body: res.json() as AskBody };
}

/** The document's lines (text layer or OCR) with their boxes, to find where an answer is printed. */
async function linesOf(service: OurService, fileId: string): Promise<TextLine[]> {
  const res = await service.app!.inject({
    method: 'POST',
    url: '/v1/ocr',
    headers: BENCH_AUTH,
    payload: { input: { file_id: fileId }, execution_mode: 'sync' },
  });
  if (res.statusCode !== 200) throw new Error(`/v1/ocr answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const pages = (res.json() as { pages: { page_index: number; lines: { text: string; bbox: number[] | null }[] }[] }).pages;
  return pages.flatMap((p) => p.lines.filter((l) => l.bbox).map((l) => ({ page_index: p.page_index, text: l.text, bbox: l.bbox as Box })));
}

/**
 * The answer's text is held by a cited region; a list answer ("A, B Inc.; C") printed in several places is cited
 * when each of its comma- or semicolon-separated pieces is.
 */
function citationHit(body: AskBody, lines: TextLine[]): boolean {
  const regions = (body.citations ?? []).flatMap((c) =>
    c.regions.map((r) => ({
      page_index: r.page_index,
      bbox: [r.bbox.x, r.bbox.y, r.bbox.x + r.bbox.width, r.bbox.y + r.bbox.height] as Box,
    })),
  );
  if (citationHolds(regions, locateText(lines, body.answer))) return true;
  const parts = body.answer
    .split(/[;,]\s+|\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length > 1 && parts.every((part) => citationHolds(regions, locateText(lines, part)));
}

interface ModeRun {
  rows: ResultRow[];
  totals: Record<HalfLabel, Score>;
  byField: Map<string, Score>;
  misses: string[][];
  embedding: string;
}

async function runMode(
  set: string,
  mode: Mode,
  groups: [string, QaItem[]][],
  options: BenchOptions,
  lines: Map<string, TextLine[]>,
  log: (m: string) => void,
): Promise<ModeRun> {
  const previous = process.env.DOCINTEL_ASK_RETRIEVAL;
  process.env.DOCINTEL_ASK_RETRIEVAL = mode;
  // The inference process runs OCR (receipts) and serves the embedding model (hybrid).
  const service = await startOurService({ http: true, inference: 'spawn' });
  const first = new HalfTallies(`docintel ask ${mode} (first question, parse + index)`, true);
  const follow = new HalfTallies(`docintel ask ${mode} (follow-up in session)`, true);
  const totals = perHalf(newScore);
  const byField = new Map<string, Score>();
  const misses: string[][] = [];
  let long: ResultRow | null = null;
  try {
    const embedding = await embeddingModel(service, mode);
    for (const [document, items] of groups) {
      const name = path.basename(document);
      const half = evalHalf(name);
      const ref = await service.runtime.files.ingestStream('bench', name, createReadStream(path.join(options.evalDir, document)));
      let session: string | null = null;
      const answers: AskBody[] = [];
      for (const item of items) {
        const { ms, body } = await ask(service, { query: item.question, inputs: [{ file_id: ref.file_id }], session_id: session });
        (session ? follow : first).add(name, ms, { pages: session ? 0 : ref.page_count });
        session = body.session_id;
        answers.push(body);
      }
      if (!lines.has(document)) lines.set(document, await linesOf(service, ref.file_id));
      items.forEach((item, i) => {
        const body = answers[i];
        const predicted = body.answer === NOT_FOUND ? null : body.answer;
        const field = byField.get(item.field) ?? newScore();
        byField.set(item.field, field);
        const a = anls(predicted, item.answers);
        const hit = predicted !== null && citationHit(body, lines.get(document)!);
        for (const s of [totals[half], totals.all, field]) {
          s.questions++;
          s.anls += a;
          s.anlsDates += anlsDates(predicted, item.answers);
          if (predicted !== null) s.answered++;
          if (hit) s.cited++;
        }
        if (a < 1 || (predicted !== null && !hit))
          misses.push([name, half, item.field, item.answers.join(' | '), body.answer, predicted === null ? '—' : hit ? 'yes' : 'no']);
      });
      if (options.verbose) log(`  ${mode} ${name}: ${answers.map((b) => b.answer).join(' || ')}`);
    }
    if (set === CONTRACTS) long = await longDocumentRow(service, mode, options, log);
    const items = (label: HalfLabel) =>
      `${groups.filter(([d]) => label === 'all' || evalHalf(d) === label).length} docs, ${totals[label].questions} questions`;
    const rows = [
      ...HALF_LABELS.map((label) =>
        first.of(label).row({
          capability: CAPABILITY,
          set: `${set} ${label}`,
          quality: qualityOf(totals[label]),
          items: items(label),
          latencyPer: 'doc',
        }),
      ),
      follow.of('all').row({
        capability: CAPABILITY,
        set: `${set} all`,
        quality: 'same answers, in the session',
        items: items('all'),
        latencyPer: 'doc',
      }),
      ...(long ? [long] : []),
    ];
    return { rows, totals, byField, misses, embedding };
  } finally {
    await service.close();
    if (previous === undefined) delete process.env.DOCINTEL_ASK_RETRIEVAL;
    else process.env.DOCINTEL_ASK_RETRIEVAL = previous;
  }
}

function qualityOf(s: Score): string {
  const q = Math.max(1, s.questions);
  return `ANLS ${(s.anls / q).toFixed(3)}; dates as days ${(s.anlsDates / q).toFixed(3)}; answered ${share(s.answered, s.questions)}; cited ${share(s.cited, s.answered)}`;
}

/** What hybrid retrieval embeds with, or why it runs BM25 only. */
async function embeddingModel(service: OurService, mode: Mode): Promise<string> {
  if (mode === 'bm25') return 'none (BM25 only)';
  const client = service.runtime.inference as unknown as { embed?: (texts: string[]) => Promise<{ model: string; dims: number }> } | null;
  if (!client?.embed) return 'none: the inference client has no embed (BM25 only)';
  try {
    const probe = await client.embed(['probe']);
    return `${probe.model} (${probe.dims} dims)`;
  } catch (err) {
    return `none: ${(err as Error).message.slice(0, 120)} (BM25 only)`;
  }
}

/**
 * New born-digital documents of LONG_DOC_PAGES pages, each Kleister contracts' pages put together from a different
 * starting contract (so none is cached), and the first question's latency on each (parse and index included).
 */
async function longDocumentRow(service: OurService, mode: Mode, options: BenchOptions, log: (m: string) => void): Promise<ResultRow> {
  const dir = path.join(options.evalDir, CONTRACTS);
  const pdfs = readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort();
  const tally = new ToolTally(`docintel ask ${mode} (first question, new ${LONG_DOC_PAGES}-page PDF)`, true);
  for (let n = 0; n < LONG_DOCS; n++) {
    const bytes = concatenated(dir, pdfs, n * 3, LONG_DOC_PAGES);
    const ref = await service.runtime.files.ingestBuffer('bench', `long-${mode}-${n}.pdf`, bytes, {});
    const { ms, body } = await ask(service, { query: LONG_DOC_QUESTION, inputs: [{ file_id: ref.file_id }] });
    tally.add(ms, { pages: ref.page_count });
    log(`  ${mode} long document ${n} (${ref.page_count} pages): ${Math.round(ms)} ms, "${body.answer}"`);
  }
  return tally.row({
    capability: CAPABILITY,
    set: CONTRACTS,
    quality: `${LONG_DOCS} documents of ${LONG_DOC_PAGES} pages: "${LONG_DOC_QUESTION}"`,
    items: `${tally.items} docs, ${tally.pages} pages`,
    latencyPer: 'doc',
  });
}

function concatenated(dir: string, pdfs: string[], start: number, pages: number): Buffer {
  const out = new mupdf.PDFDocument();
  try {
    for (let i = 0; out.countPages() < pages && i < pdfs.length; i++) {
      const src = mupdf.Document.openDocument(
        readFileSync(path.join(dir, pdfs[(start + i) % pdfs.length])),
        'application/pdf',
      ) as mupdf.PDFDocument;
      try {
        for (let p = 0; p < src.countPages() && out.countPages() < pages; p++) out.graftPage(-1, src, p);
      } finally {
        src.destroy();
      }
    }
    return Buffer.from(out.saveToBuffer('compress').asUint8Array());
  } finally {
    out.destroy();
  }
}

async function run(set: string, options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const lines = new Map<string, TextLine[]>();
  const runs: [Mode, ModeRun][] = [];
  for (const mode of MODES) {
    const groups = questionsOf(options.evalDir, set, options.limit, options.half);
    log(`  ${set}: ${mode} retrieval, ${groups.length} documents`);
    runs.push([mode, await runMode(set, mode, groups, options, lines, log)]);
  }
  const fields = [...new Set(runs.flatMap(([, r]) => [...r.byField.keys()]))];
  const fieldTable: DetailTable = {
    title: `${set}: per field, BM25-only / hybrid`,
    header: ['field', 'questions', 'ANLS', 'ANLS (dates as days)', 'answered', 'cited of answered'],
    rows: fields.map((f) => {
      const [bm25, hybrid] = runs.map(([, r]) => r.byField.get(f) ?? newScore());
      const pair = (g: (s: Score) => string) => `${g(bm25)} / ${g(hybrid)}`;
      return [
        f,
        String(bm25.questions),
        pair((s) => (s.anls / Math.max(1, s.questions)).toFixed(3)),
        pair((s) => (s.anlsDates / Math.max(1, s.questions)).toFixed(3)),
        pair((s) => share(s.answered, s.questions)),
        pair((s) => share(s.cited, s.answered)),
      ];
    }),
  };
  const hybridMisses = runs[runs.length - 1][1].misses;
  return {
    rows: runs.flatMap(([, r]) => r.rows),
    details: [
      fieldTable,
      {
        title: `${set}: answers below ANLS 1 or uncited (hybrid run)`,
        header: ['document', 'half', 'field', 'truth', 'answer', 'cited'],
        rows: hybridMisses.slice(0, 60),
      },
    ],
    notes: [
      `${HALF_RULE} Documents: ${describeHalves(questionsOf(options.evalDir, set, options.limit, options.half).map(([d]) => d))}.`,
      "POST /api/v1/ask, sync, by file_id; a document's first question includes its parse (grounded profile, OCR for images) and indexing; the others send its session_id (no parse, no re-index). Each retrieval mode runs in a fresh service (empty caches).",
      `Embedding model of the hybrid run: ${runs.find(([m]) => m === 'hybrid')?.[1].embedding ?? 'n/a'}.`,
      'ANLS: 1 - normalised Levenshtein distance to the closest accepted answer (case and whitespace folded), 0 at 0.5 or more; "Not found in the documents." scores 0. "Dates as days": a date answer equal as a day to a date truth scores 1. Cited: of answered questions, a cited region, grown by half the text height, covers >= 80% of a place the answer text is printed (located in the POST /v1/ocr lines, cut from the line by character offsets; a list answer needs each comma/semicolon piece cited).',
    ],
  };
}

export const askCapability: Capability = {
  name: CAPABILITY,
  description:
    'POST /api/v1/ask on qa.jsonl (receipts, contracts): ANLS, citation hit rate, BM25-only vs hybrid retrieval, first-question and follow-up latency, 20-page documents',
  sets: [RECEIPTS, CONTRACTS],
  run,
};

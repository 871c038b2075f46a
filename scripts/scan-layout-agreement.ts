/**
 * How close the layout of a scanned page comes to the layout of the same page born digital. Each page of the
 * born-digital PDFs of the evaluation sets (pdf-docling, pdf-olmocr, tables-icdar2013, contracts-kleister-nda) is
 * laid out twice through POST /v1/layout (nested): as the one-page PDF (text layer, fonts, vector paths) and as its
 * rendering at `--dpi` (OCR by the inference sidecar, geometry only). The born-digital components are the reference;
 * both sides' types are mapped onto PubLayNet's five classes (the bench's layout mapping), and each class is scored
 * by greedy matching at IoU ≥ 0.5: precision, recall and F1 of the scan against the reference.
 *
 *   npx tsx scripts/scan-layout-agreement.ts tune|check [--pages 40] [--dpi 100] [--eval ../shared/eval] [--verbose]
 *
 * The reference has faults of its own (a born-digital page can be misread too), so this measures agreement, not
 * truth; its use is to compare a change to the scan path on many more pages than PubLayNet's twenty, per half
 * (scripts/bench/split.ts): look at the tune half's pages, judge a change by the check half. Pages under 300
 * characters of text layer are skipped; the first two pages of each file are used; files of the sets are taken
 * in turn, so a small `--pages` samples every set.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as mupdf from 'mupdf';
import { LAYOUT_CLASSES, mapClass } from './bench/capabilities/layout-regions.ts';
import { iou, type Box } from './bench/layout/metrics.ts';
import { BENCH_AUTH, startOurService, type OurService } from './bench/our-service.ts';
import { inHalf, type EvalHalf } from './bench/split.ts';

const SETS = ['pdf-docling', 'pdf-olmocr/pdfs', 'pdf-olmocr/pdfs/headers_footers', 'tables-icdar2013', 'contracts-kleister-nda'];
/** Pages with less text layer than this (scans, covers) have no born-digital layout to compare with. */
const MIN_TEXT_CHARS = 300;
/** Pages taken from the start of each file. */
const PAGES_PER_FILE = 2;
/** A component of the scan matches a reference component of its class at this IoU. */
const MATCH_IOU = 0.5;

interface Region {
  cls: string;
  box: Box;
}
interface Tally {
  reference: number;
  ours: number;
  matched: number;
}

const { values } = parseArgs({
  allowPositionals: true,
  options: {
    pages: { type: 'string', default: '40' },
    dpi: { type: 'string', default: '100' },
    eval: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/eval') },
    verbose: { type: 'boolean', default: false },
  },
});
const half = process.argv.slice(2).find((a) => a === 'tune' || a === 'check') as EvalHalf | undefined;
if (!half) throw new Error('usage: scan-layout-agreement.ts tune|check [--pages N] [--dpi N] [--eval DIR] [--verbose]');

/** The sets' files of the half, taken from each set in turn. */
function filesInTurn(evalDir: string): string[] {
  const lists = SETS.map((set) => {
    const dir = path.join(evalDir, set);
    return readdirSync(dir)
      .sort()
      .map((f) => path.join(dir, f))
      .filter((f) => f.endsWith('.pdf') && statSync(f).isFile() && inHalf(half!, path.basename(f)));
  });
  const out: string[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
  return out;
}

async function layoutOf(
  service: OurService,
  input: object,
): Promise<{ width: number; height: number; components: { type: string; bbox: Box }[] }> {
  const res = await service.app!.inject({
    method: 'POST',
    url: '/v1/layout',
    headers: BENCH_AUTH,
    payload: { input, mode: 'nested', execution_mode: 'sync' },
  });
  if (res.statusCode !== 200) throw new Error(`/v1/layout answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return res.json().pages[0];
}

/** Greedy matching of one class on one page: each of ours takes the best still-unmatched reference region. */
function matched(ours: readonly Region[], reference: readonly Region[]): number {
  const used = new Set<number>();
  for (const o of ours) {
    let best = -1;
    let bestIou = 0;
    reference.forEach((r, k) => {
      const v = iou(o.box, r.box);
      if (!used.has(k) && v > bestIou) [best, bestIou] = [k, v];
    });
    if (best >= 0 && bestIou >= MATCH_IOU) used.add(best);
  }
  return used.size;
}

/** One page as a PDF of its own and as a rendering at `dpi`. */
function pageInputs(src: mupdf.PDFDocument, index: number, dpi: number): { pdf: Buffer; png: Buffer } | undefined {
  const page = src.loadPage(index);
  if (page.toStructuredText('').asText().replace(/\s/g, '').length < MIN_TEXT_CHARS) return undefined;
  const one = new mupdf.PDFDocument();
  one.graftPage(-1, src, index);
  const pdf = Buffer.from(one.saveToBuffer('').asUint8Array());
  const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
  return { pdf, png: Buffer.from(pixmap.asPNG()) };
}

const pagesWanted = Number(values.pages);
const dpi = Number(values.dpi);
const tallies = new Map<string, Tally>(LAYOUT_CLASSES.map((c) => [c, { reference: 0, ours: 0, matched: 0 }]));
const service = await startOurService({
  http: true,
  inference: 'spawn',
  env: { DOCINTEL_SYNC_BUDGET_MS: '900000', DOCINTEL_INFERENCE_DEADLINE_MS: '600000' },
});
let pages = 0;
try {
  for (const file of filesInTurn(values.eval)) {
    if (pages >= pagesWanted) break;
    let src: mupdf.PDFDocument;
    try {
      src = mupdf.Document.openDocument(readFileSync(file), 'application/pdf') as mupdf.PDFDocument;
    } catch {
      continue; // unreadable files are the parse bench's concern
    }
    for (let i = 0; i < Math.min(PAGES_PER_FILE, src.countPages()) && pages < pagesWanted; i++) {
      const inputs = pageInputs(src, i, dpi);
      if (!inputs) continue;
      const born = await layoutOf(service, { pdf_base64: inputs.pdf.toString('base64') });
      const scan = await layoutOf(service, { image_base64: inputs.png.toString('base64'), filename: 'page.png' });
      const [sx, sy] = [scan.width / born.width, scan.height / born.height];
      const regions = (layout: typeof born, [fx, fy]: [number, number]) =>
        layout.components.flatMap((c): Region[] => {
          const cls = mapClass(c.type);
          return cls ? [{ cls, box: [c.bbox[0] * fx, c.bbox[1] * fy, c.bbox[2] * fx, c.bbox[3] * fy] }] : [];
        });
      const reference = regions(born, [sx, sy]);
      const ours = regions(scan, [1, 1]);
      for (const [cls, t] of tallies) {
        const r = reference.filter((x) => x.cls === cls);
        const o = ours.filter((x) => x.cls === cls);
        t.reference += r.length;
        t.ours += o.length;
        t.matched += matched(o, r);
      }
      pages++;
      if (values.verbose) {
        const counts = LAYOUT_CLASSES.map(
          (c) => `${c} ${reference.filter((x) => x.cls === c).length}/${ours.filter((x) => x.cls === c).length}`,
        );
        console.log(`${path.basename(file)} page ${i + 1}: ${counts.join(', ')} (reference/scan)`);
      }
    }
  }
} finally {
  await service.close();
}
console.log(`${half} half: ${pages} pages at ${dpi} dpi`);
for (const [cls, t] of tallies) {
  const p = t.matched / Math.max(1, t.ours);
  const r = t.matched / Math.max(1, t.reference);
  const f1 = p + r > 0 ? (2 * p * r) / (p + r) : 0;
  console.log(
    `${cls.padEnd(7)} reference ${t.reference}, scan ${t.ours}, matched ${t.matched}: P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f1.toFixed(3)}`,
  );
}

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { isDirectory, listFiles } from '../eval-files.ts';

/**
 * A long born-digital PDF for throughput: pages with a real text layer from the evaluation PDFs, grafted one after
 * another with mupdf (resources shared through one graft map per source file), cycling through the sources until
 * the page count is reached. Pages whose text layer is (nearly) empty are left out: the speed bar is for text.
 * `buildConcatPdfApart` builds it in a child process, so mupdf's memory there never counts as ours.
 */

export const CONCAT_SOURCES = ['pdf-docling', 'pdf-olmocr', 'tables-icdar2013', 'contracts-kleister-nda'];
const MIN_CHARS = 50;

export interface ConcatPdf {
  file: string;
  pages: number;
  sources: number;
  bytes: number;
}

function textPages(doc: mupdf.Document): number[] {
  const keep: number[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    try {
      const stext = page.toStructuredText('');
      if (stext.asText().replace(/\s+/g, '').length >= MIN_CHARS) keep.push(i);
      stext.destroy();
    } catch {
      // an unreadable page is simply not used
    } finally {
      page.destroy();
    }
  }
  return keep;
}

interface Source {
  doc: mupdf.PDFDocument;
  pages: number[];
}

/** A source PDF with its text pages, or null when it has none or cannot be read. */
function openSource(file: string): Source | null {
  try {
    const doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf').asPDF();
    if (!doc || doc.needsPassword()) return null;
    const pages = textPages(doc);
    if (pages.length) return { doc, pages };
    doc.destroy();
  } catch {
    // not readable: not a source
  }
  return null;
}

/** `reverse`: the sources in reverse order (a different file from the same kind of pages, e.g. to warm up on). */
export function buildConcatPdf(evalDir: string, targetPages: number, outDir: string, reverse = false): ConcatPdf {
  const files = CONCAT_SOURCES.map((s) => path.join(evalDir, s))
    .filter(isDirectory)
    .flatMap((dir) => listFiles(dir, ['.pdf']));
  if (reverse) files.reverse();
  // Opened as needed: a short file reads only the first few sources.
  const opened = new Map<string, Source | null>();
  const source = (file: string) => {
    if (!opened.has(file)) opened.set(file, openSource(file));
    return opened.get(file)!;
  };
  const out = new mupdf.PDFDocument();
  let count = 0;
  while (count < targetPages) {
    const before = count;
    for (const file of files) {
      const src = source(file);
      if (!src) continue;
      const map = out.newGraftMap();
      for (const p of src.pages) {
        if (count >= targetPages) break;
        map.graftPage(-1, src.doc, p);
        count++;
      }
      if (count >= targetPages) break;
    }
    if (count === before) throw new Error(`no born-digital PDFs under ${CONCAT_SOURCES.join(', ')} in ${evalDir}`);
  }
  const sources = [...opened.values()].filter((s): s is Source => s !== null);
  const file = path.join(outDir, `concat-${targetPages}${reverse ? '-reversed' : ''}.pdf`);
  const bytes = Buffer.from(out.saveToBuffer('compress').asUint8Array());
  writeFileSync(file, bytes);
  out.destroy();
  for (const s of sources) s.doc.destroy();
  return { file, pages: count, sources: sources.length, bytes: bytes.length };
}

/** The same, in a child process (its mupdf heap would otherwise stay in ours: WASM memory never shrinks). */
export function buildConcatPdfApart(evalDir: string, targetPages: number, outDir: string, reverse = false): ConcatPdf {
  const self = fileURLToPath(import.meta.url);
  const args = ['--import', 'tsx', self, evalDir, String(targetPages), outDir, reverse ? 'reverse' : 'forward'];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`building the concatenated PDF failed: ${(run.stderr || run.stdout).trim().slice(0, 500)}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as ConcatPdf;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [evalDir, pages, outDir, order] = process.argv.slice(2);
  console.log(JSON.stringify(buildConcatPdf(evalDir, Number(pages), outDir, order === 'reverse')));
}

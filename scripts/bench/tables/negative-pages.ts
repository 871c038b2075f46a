import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDirectory, limited, listFiles } from '../eval-files.ts';
import { readPdfPages } from './pdf-pages.ts';

/**
 * Born-digital pages with no table, for counting false tables: the contracts of contracts-kleister-nda (prose,
 * at most a rare schedule), and the pages of pdf-olmocr and pdf-docling whose ground truth shows no table.
 * Pages without a text layer (scans) are left out: the question is what the table finder invents from text.
 */

export const NEGATIVE_SETS = ['contracts-kleister-nda', 'pdf-olmocr', 'pdf-docling'] as const;
export type NegativeSet = (typeof NEGATIVE_SETS)[number];

/** Fewer non-whitespace characters than this and a page counts as having no text layer. */
export const MIN_TEXT_CHARS = 10;

export interface NegativeDoc {
  set: NegativeSet;
  file: string;
  /** Path inside the set, for the report. */
  label: string;
  pageCount: number;
  /** 0-based pages that are counted (text layer, no table in the ground truth). */
  pages: number[];
  pageTexts: string[];
}

/** The document with its counted pages: those with a text layer that `hasTable` (1-based page) does not exclude. */
function negativeDoc(set: NegativeSet, file: string, label: string, hasTable: (page: number) => boolean): NegativeDoc {
  const { texts } = readPdfPages(file);
  const pages = texts.flatMap((text, i) => (text.replace(/\s+/gu, '').length >= MIN_TEXT_CHARS && !hasTable(i + 1) ? [i] : []));
  return { set, file, label, pageCount: texts.length, pages, pageTexts: texts };
}

function kleisterDocs(dir: string, limit: number | null): NegativeDoc[] {
  return limited(listFiles(dir, ['.pdf']), limit).map((file) =>
    negativeDoc('contracts-kleister-nda', file, path.basename(file), () => false),
  );
}

/** pdf-olmocr: a `table` test on a page (dataset.jsonl) marks that page as holding a table. */
function olmocrDocs(dir: string, limit: number | null): NegativeDoc[] {
  const rows = readFileSync(path.join(dir, 'dataset.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { pdf: string; page: number; type: string });
  const tablePages = new Set(rows.filter((r) => r.type === 'table').map((r) => `${r.pdf}#${r.page}`));
  const pdfDir = path.join(dir, 'pdfs');
  return limited(listFiles(pdfDir, ['.pdf']), limit).map((file) => {
    const label = path.relative(pdfDir, file);
    return negativeDoc('pdf-olmocr', file, label, (page) => tablePages.has(`${label}#${page}`));
  });
}

/** Markdown table rows (`| a | b |`) or HTML tables in a docling ground-truth file. */
export function markdownHasTable(markdown: string): boolean {
  return /^\s*\|.*\|\s*$/mu.test(markdown) || /<table/iu.test(markdown);
}

/**
 * pdf-docling: its ground truth (another tool's markdown, one file per PDF, no page marks) decides per file; a file
 * with a table there, or without ground truth, is left out whole.
 */
function doclingDocs(dir: string, limit: number | null, skipped: string[]): NegativeDoc[] {
  const tableFree = listFiles(dir, ['.pdf']).filter((file) => {
    const truth = path.join(dir, 'groundtruth', `${path.basename(file, '.pdf')}.md`);
    if (!existsSync(truth)) skipped.push(`pdf-docling/${path.basename(file)} (no ground truth)`);
    else if (markdownHasTable(readFileSync(truth, 'utf8'))) skipped.push(`pdf-docling/${path.basename(file)} (table in ground truth)`);
    else return true;
    return false;
  });
  return limited(tableFree, limit).map((file) => negativeDoc('pdf-docling', file, path.basename(file), () => false));
}

/** Every set's documents (at most `limit` each) that have a counted page; what was left out goes to `notes`. */
export function loadNegativeDocs(evalDir: string, limit: number | null, notes: string[]): NegativeDoc[] {
  const docs: NegativeDoc[] = [];
  const skipped: string[] = [];
  for (const set of NEGATIVE_SETS) {
    const dir = path.join(evalDir, set);
    if (!isDirectory(dir)) {
      notes.push(`${set} is missing: not counted.`);
      continue;
    }
    const kept =
      set === 'contracts-kleister-nda'
        ? kleisterDocs(dir, limit)
        : set === 'pdf-olmocr'
          ? olmocrDocs(dir, limit)
          : doclingDocs(dir, limit, skipped);
    for (const doc of kept) if (doc.pages.length === 0) skipped.push(`${set}/${doc.label} (no text-layer page without a table)`);
    docs.push(...kept.filter((d) => d.pages.length > 0));
  }
  if (skipped.length) notes.push(`Documents left out: ${skipped.join(', ')}.`);
  return docs;
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPeer, toolAvailable } from '../peer.ts';
import { timed } from '../stats.ts';
import sharp from 'sharp';
import { assignPages, parseTabulaJson, runTabula, TABULA_ARGS, tabulaPageArgs, TABULA_WHOLE_PAGE_ARGS } from './peer-tabula.ts';
import type { ExtractedCell, ExtractedTable } from './types.ts';

/**
 * The tools the table benchmark compares, behind two small interfaces: PDF → tables (ICDAR-2013) and table image
 * → HTML (PubTabNet). Each answer carries its own time and peak RSS (null for ours: the child runner fills in
 * the measuring process's own).
 */

export interface PdfTableTool {
  name: string;
  ours: boolean;
  /** `pageTexts` (from mupdf, not the tool) lets a tool whose output has no page numbers place its tables. */
  extract(pdf: string, pageTexts: string[]): Promise<{ ms: number; rssMb: number | null; tables: ExtractedTable[] }>;
}

export interface ImageTableTool {
  name: string;
  ours: boolean;
  toHtml(png: string): Promise<{ ms: number; rssMb: number | null; html: string }>;
}

export function ourPdfTool(ours: (pdfPath: string) => Promise<ExtractedTable[]>): PdfTableTool {
  return {
    name: 'docintel tables',
    ours: true,
    async extract(pdf) {
      const { ms, value } = await timed(() => ours(pdf));
      return { ms, rssMb: null, tables: value };
    },
  };
}

export function ourImageTool(oursImage: (pngPath: string) => Promise<string>): ImageTableTool {
  return {
    name: 'docintel tables',
    ours: true,
    async toHtml(png) {
      const { ms, value } = await timed(() => oursImage(png));
      return { ms, rssMb: null, html: value };
    },
  };
}

const MUPDF_SCRIPT = fileURLToPath(new URL('./peer-mupdf.ts', import.meta.url));
/** tsx resolved from here, so the peer process loads it whatever its working directory. */
const TSX_LOADER = import.meta.resolve('tsx');

/** mupdf.js in its own Node process; the time is the one it measures around open + table hunt of every page. */
async function mupdfTables(pdf: string): Promise<{ ms: number; rssMb: number | null; tables: ExtractedTable[] }> {
  const run = await runPeer(process.execPath, ['--import', TSX_LOADER, MUPDF_SCRIPT, pdf]);
  if (run.code !== 0) throw new Error(`mupdf table hunt exited ${run.code}: ${run.stderr.trim().slice(0, 200)}`);
  const answer = JSON.parse(run.stdout.toString('utf8')) as { ms: number; tables: ExtractedTable[] };
  return { ms: answer.ms, rssMb: run.peakRssMb, tables: answer.tables };
}

export const MUPDF_TOOL_NAME = 'mupdf.js table-hunt';
export const TABULA_TOOL_NAME = 'tabula-java 0.9 (-g)';
export const TABULA_WHOLE_PAGE_TOOL_NAME = 'tabula-java 0.9 (whole page)';
export const TABULA_PAGE_TOOL_NAME = 'tabula-java 0.9 (-p N, -r/-n)';

export function mupdfPdfTool(): PdfTableTool {
  return { name: MUPDF_TOOL_NAME, ours: false, extract: (pdf) => mupdfTables(pdf) };
}

async function tabulaRun(
  jar: string,
  pdf: string,
  args: string[],
): Promise<{ ms: number; rssMb: number | null; tables: ExtractedTable[] }> {
  const run = await runTabula(jar, pdf, args);
  if (run.code !== 0) {
    const lines = run.stderr.trim().split('\n');
    throw new Error(
      `tabula exited ${run.code}: ${(lines.find((l) => l.includes('Exception')) ?? lines.at(-1) ?? '').trim().slice(0, 200)}`,
    );
  }
  return { ms: run.ms, rssMb: run.peakRssMb, tables: parseTabulaJson(run.stdout.toString('utf8')) };
}

async function tabulaTables(
  jar: string,
  pdf: string,
  pageTexts: string[],
  args: string[],
): Promise<{ ms: number; rssMb: number | null; tables: ExtractedTable[] }> {
  const answer = await tabulaRun(jar, pdf, args);
  return { ...answer, tables: assignPages(answer.tables, pageTexts) };
}

/** tabula on one page (1-based) with the method given: its tables need no page hunt. */
export async function tabulaPageTables(
  jar: string,
  pdf: string,
  page: number,
  method: 'lattice' | 'stream',
): Promise<{ ms: number; rssMb: number | null; tables: ExtractedTable[] }> {
  const answer = await tabulaRun(jar, pdf, tabulaPageArgs(page, method));
  return { ...answer, tables: answer.tables.map((t) => ({ ...t, pageIndex: page - 1 })) };
}

/** `wholePage`: no area guessing, for table crops where the page is the table. */
export function tabulaPdfTool(jar: string, wholePage = false): PdfTableTool {
  const [name, args] = wholePage ? [TABULA_WHOLE_PAGE_TOOL_NAME, TABULA_WHOLE_PAGE_ARGS] : [TABULA_TOOL_NAME, TABULA_ARGS];
  return { name, ours: false, extract: (pdf, pageTexts) => tabulaTables(jar, pdf, pageTexts, args) };
}

export function javaAvailable(): boolean {
  return toolAvailable('java');
}

const escapeHtml = (t: string) => t.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');

function spanAttrs(cell: ExtractedCell): string {
  return `${cell.colspan > 1 ? ` colspan="${cell.colspan}"` : ''}${cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : ''}`;
}

/** A table's cells as HTML rows (no thead: PDF table finders do not say which rows are headers). */
export function tableToHtml(table: ExtractedTable | null): string {
  if (!table) return '<table></table>';
  const rows = [...new Set(table.cells.map((c) => c.row))].sort((a, b) => a - b);
  const body = rows
    .map(
      (r) =>
        `<tr>${table.cells
          .filter((c) => c.row === r)
          .sort((a, b) => a.col - b.col)
          .map((c) => `<td${spanAttrs(c)}>${escapeHtml(c.text)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<table><tbody>${body}</tbody></table>`;
}

/** The table with most cells: a crop holds one table, and finders may split off captions or notes. */
export function largestTable(tables: ExtractedTable[]): ExtractedTable | null {
  return tables.reduce<ExtractedTable | null>((best, t) => (!best || t.cells.length > best.cells.length ? t : best), null);
}

/**
 * PubTabNet crops are small (about 9 px text); tesseract reads almost nothing at that size, so they are enlarged
 * this many times (sharp, Lanczos) and declared 300 dpi before OCR.
 */
export const OCR_UPSCALE = 3;
export const OCR_ARGS = ['-l', 'eng', '--dpi', '300', 'pdf'];

/**
 * The PDF peers on a table image: the crop enlarged, then `tesseract BIG.png OUT -l eng --dpi 300 pdf` makes a PDF
 * with an invisible text layer (the usual way to feed a scan to a PDF table tool), which the PDF tool then reads.
 * Time covers the three steps; RSS is the larger of the two processes'.
 */
export function ocrThenPdfTool(pdfTool: PdfTableTool): ImageTableTool {
  return {
    name: `tesseract pdf + ${pdfTool.name}`,
    ours: false,
    async toHtml(png) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-bench-tables-'));
      try {
        const base = path.join(dir, 'scan');
        const big = `${base}.png`;
        const enlarge = await timed(async () => {
          const meta = await sharp(png).metadata();
          await sharp(png)
            .resize({ width: Math.round((meta.width ?? 500) * OCR_UPSCALE), kernel: 'lanczos3' })
            .png()
            .toFile(big);
        });
        const ocr = await runPeer('tesseract', [big, base, ...OCR_ARGS]);
        if (ocr.code !== 0) throw new Error(`tesseract exited ${ocr.code}: ${ocr.stderr.trim().slice(0, 200)}`);
        const pdf = `${base}.pdf`;
        const found = await pdfTool.extract(pdf, ['']); // one page: every table is on it
        const rss = [ocr.peakRssMb, found.rssMb].filter((x): x is number => x !== null);
        return {
          ms: enlarge.ms + ocr.ms + found.ms,
          rssMb: rss.length ? Math.max(...rss) : null,
          html: tableToHtml(largestTable(found.tables)),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import type { Box, ExtractedCell, ExtractedTable } from './types.ts';

/**
 * Peer: mupdf's own table finder (mupdf 1.28, `toStructuredText('table-hunt,segment')`; table-hunt works on the
 * segmented page and finds nothing without `segment`). Its stext JSON nests a `structure` block with raw "Table"
 * holding a `grid` (xpos/ypos: column and row edges in points, w × h cells) and `TR` structures of `TD`
 * structures of text blocks. A row with fewer TDs than the grid is wide has merged cells: each TD is then placed
 * by its text's box against the column edges. Run as a script (`node --import tsx peer-mupdf.ts FILE.pdf`) it
 * prints `{ ms, pages, tables }`, so the benchmark can measure it in its own process like the other peers.
 */

export interface StextBlock {
  type: string;
  raw?: string;
  bbox?: { x: number; y: number; w: number; h: number };
  lines?: { text: string }[];
  contents?: StextBlock[];
  xpos?: number[];
  ypos?: number[];
  w?: number;
  h?: number;
}

function textBlocks(block: StextBlock): StextBlock[] {
  return block.type === 'text' ? [block] : (block.contents ?? []).flatMap(textBlocks);
}

function blockText(block: StextBlock): string {
  return textBlocks(block)
    .flatMap((t) => (t.lines ?? []).map((l) => l.text))
    .join(' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Column interval (0-based) containing x; clamped to the grid. */
function columnAt(edges: number[], x: number): number {
  for (let i = 0; i < edges.length - 1; i++) if (x < edges[i + 1]) return i;
  return Math.max(0, edges.length - 2);
}

function rowCells(tr: StextBlock, row: number, xpos: number[], width: number): ExtractedCell[] {
  const tds = (tr.contents ?? []).filter((c) => c.type === 'structure' && c.raw === 'TD');
  if (tds.length === width) return tds.map((td, col) => ({ row, col, rowspan: 1, colspan: 1, text: blockText(td) }));
  const cells: ExtractedCell[] = [];
  let nextCol = 0;
  for (const td of tds) {
    const boxes = textBlocks(td)
      .map((t) => t.bbox!)
      .filter(Boolean);
    let [first, last] = [nextCol, nextCol];
    if (boxes.length) {
      const x0 = Math.min(...boxes.map((b) => b.x));
      const x1 = Math.max(...boxes.map((b) => b.x + b.w));
      [first, last] = [Math.max(nextCol, columnAt(xpos, x0 + 0.5)), Math.max(nextCol, columnAt(xpos, x1 - 0.5))];
    }
    if (first >= width) break;
    cells.push({ row, col: first, rowspan: 1, colspan: Math.min(width, last + 1) - first, text: blockText(td) });
    nextCol = Math.min(width, last + 1);
  }
  return cells;
}

export function tableFromStext(table: StextBlock, pageIndex: number): ExtractedTable | null {
  const grid = (table.contents ?? []).find((c) => c.type === 'grid');
  if (!grid?.xpos?.length || !grid.ypos?.length) return null;
  const trs = (table.contents ?? []).filter((c) => c.type === 'structure' && c.raw === 'TR');
  const bbox: Box = [grid.xpos[0], grid.ypos[0], grid.xpos[grid.xpos.length - 1], grid.ypos[grid.ypos.length - 1]];
  return { pageIndex, bbox, cells: trs.flatMap((tr, row) => rowCells(tr, row, grid.xpos!, grid.w ?? grid.xpos!.length - 1)) };
}

function findTables(block: StextBlock, pageIndex: number, out: ExtractedTable[]): void {
  if (block.type === 'structure' && block.raw === 'Table') {
    const table = tableFromStext(block, pageIndex);
    if (table) out.push(table);
    return;
  }
  for (const child of block.contents ?? []) findTables(child, pageIndex, out);
}

export function mupdfTables(pdf: Uint8Array): { pages: number; tables: ExtractedTable[] } {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const tables: ExtractedTable[] = [];
  const pages = doc.countPages();
  for (let i = 0; i < pages; i++) {
    const page = doc.loadPage(i);
    const stext = page.toStructuredText('table-hunt,segment');
    const json = JSON.parse(stext.asJSON()) as { blocks: StextBlock[] };
    for (const block of json.blocks) findTables(block, i, tables);
  }
  return { pages, tables };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = readFileSync(process.argv[2]);
  const start = performance.now();
  const { pages, tables } = mupdfTables(bytes);
  process.stdout.write(JSON.stringify({ ms: performance.now() - start, pages, tables }));
}

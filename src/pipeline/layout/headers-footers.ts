import type { Line, ModelPage } from '../model/types.ts';
import { centerY, height } from '../model/geometry.ts';
import { furnitureKey, isPageNumber } from './patterns.ts';

/**
 * Page furniture: running headers, footers and page numbers. Across pages they repeat (same text once digits
 * are normalised, at about the same height in the top or bottom band); on a single page they sit alone in the
 * outer band, away from the body. Both are detected here; the page stage turns them into page_header/page_footer.
 */
export interface FurnitureMark {
  type: 'page_header' | 'page_footer';
  score: number;
}

/** Per page index: line id → mark. */
export type FurnitureMap = Map<number, Map<string, FurnitureMark>>;

/** Share of the page height at the top and bottom where repeated furniture is looked for. */
const REPEAT_BAND = 0.15;
/** Most text rows from the page edge that can be furniture. */
const ROWS_PER_BAND = 4;

/** Repeated furniture. Sizes are ratios to the body font size; positions are shares of the page. */
const REPEAT = {
  /** Most words of a running head. */
  maxWords: 20,
  /** A line of at least `sentenceWords` words wider than `sentenceWidthShare` of the page is body text. */
  sentenceWords: 12,
  sentenceWidthShare: 0.6,
  /** Type larger than this size ratio repeated on two pages is a title (front and back cover)... */
  maxSizeRatio: 1.6,
  /** ...and so is bold type larger than this one. */
  maxBoldSizeRatio: 1.15,
  /** Peers sit at the same height to within this share of the page height. */
  sameHeightShare: 0.02,
  /** Score of repeated page numbers and of other repeated lines... */
  pageNumberScore: 0.85,
  repeatedScore: 0.75,
  /** ...plus this times the share of pages the line repeats on... */
  perPageShare: 0.2,
  /** ...up to this. */
  maxScore: 0.97,
} as const;

interface Candidate {
  page: number;
  line: Line;
  band: 'top' | 'bottom';
  y: number;
  key: string;
  /** Text row counted from the page edge, 1-based. */
  row: number;
  score?: number;
}

/** Lines in the first/last few text rows of a page whose center lies in the outer band. */
function bandCandidates(page: ModelPage): Candidate[] {
  const lines = page.lines.filter((l) => l.rotation === 0 && l.text.trim() !== '');
  const byTop = [...lines].sort((a, b) => centerY(a.bbox) - centerY(b.bbox));
  const out: Candidate[] = [];
  const take = (ordered: Line[], band: 'top' | 'bottom') => {
    let rows = 0;
    let lastY = -Infinity;
    for (const line of ordered) {
      const y = centerY(line.bbox);
      const inBand = band === 'top' ? y < page.height * REPEAT_BAND : y > page.height * (1 - REPEAT_BAND);
      if (!inBand) break;
      if (Math.abs(y - lastY) > height(line.bbox) / 2) rows++;
      if (rows > ROWS_PER_BAND) break;
      lastY = y;
      // Running heads are short; a full-width sentence repeated on every page is body text. Such lines stay
      // candidates that never match, so that their row is not taken for furniture.
      const words = line.text.split(/\s+/u).length;
      const sentence = words >= REPEAT.sentenceWords && line.bbox[2] - line.bbox[0] > page.width * REPEAT.sentenceWidthShare;
      const eligible = words <= REPEAT.maxWords && !sentence;
      const key = eligible ? `${band}|${furnitureKey(line.text)}` : `${band}|#${page.page_index}|${line.id}`;
      out.push({ page: page.page_index, line, band, y: y / page.height, key, row: rows });
    }
  };
  take(byTop, 'top');
  take([...byTop].reverse(), 'bottom');
  return out;
}

/** Column heads over a table: how close its first body row sits, in the heads' line heights. */
const TABLE_HEAD_MAX_GAP_LINES = 1;

/**
 * A row of two or more lines with the next text row close under it, where each of the row's lines has a line of
 * its own below it and no line below reaches across two of them: column heads over the table's first row. A
 * running head in two or three parts is followed by a gap and then by full-measure body text, or by its own
 * next row (`repeated`: lines repeated on other pages), where a table's first row changes from page to page.
 */
function tableHeadRow(page: ModelPage, row: readonly Line[], repeated: ReadonlySet<Line>): boolean {
  if (row.length < 2) return false;
  const bottom = Math.max(...row.map((l) => l.bbox[3]));
  const lineH = Math.max(...row.map((l) => height(l.bbox)));
  const next = page.lines.filter((l) => l.rotation === 0 && !row.includes(l) && l.bbox[1] >= bottom - lineH / 2);
  if (next.length === 0) return false;
  const top = Math.min(...next.map((l) => l.bbox[1]));
  if (top - bottom > lineH * TABLE_HEAD_MAX_GAP_LINES) return false;
  const firstRow = next.filter((l) => l.bbox[1] < top + lineH / 2);
  if (firstRow.every((l) => repeated.has(l))) return false;
  const overlaps = (a: Line, b: Line) => a.bbox[0] < b.bbox[2] && a.bbox[2] > b.bbox[0];
  if (firstRow.some((b) => row.filter((h) => overlaps(h, b)).length > 1)) return false;
  return row.every((h) => firstRow.some((b) => overlaps(h, b)));
}

/** `row` (a top-band row of `band`'s candidates) is the column heads of a table below it (tableHeadRow). */
function headsTable(page: ModelPage | undefined, row: Candidate[], band: Candidate[], marked: ReadonlySet<Candidate>): boolean {
  if (!page) return false;
  const repeated = new Set(band.filter((c) => marked.has(c)).map((c) => c.line));
  const lines = row.map((c) => c.line);
  return tableHeadRow(page, lines, repeated);
}

/** Two page-number candidates whose numbers differ by as much as their pages do. */
function samePageOffset(a: Candidate, b: Candidate): boolean {
  const na = Number(/\d+/u.exec(a.line.text)?.[0] ?? NaN);
  const nb = Number(/\d+/u.exec(b.line.text)?.[0] ?? NaN);
  // Roman numerals (front matter) carry no digits: position alone decides for them.
  if (Number.isNaN(na) || Number.isNaN(nb)) return true;
  return na - a.page === nb - b.page;
}

/** Repeated headers/footers and page numbers across the pages of one document. */
export function detectRepeatedFurniture(pages: readonly ModelPage[], bodySize: number): FurnitureMap {
  const result: FurnitureMap = new Map();
  const groups = new Map<string, Candidate[]>();
  for (const page of pages) {
    for (const c of bandCandidates(page)) {
      // Running heads are set small; big type repeated on two pages is a title (front and back cover).
      const size = c.line.font.size;
      if (size > bodySize * REPEAT.maxSizeRatio || (c.line.font.bold && size > bodySize * REPEAT.maxBoldSizeRatio)) continue;
      const g = groups.get(c.key);
      if (g) g.push(c);
      else groups.set(c.key, [c]);
    }
  }
  const mark = (c: Candidate, score: number) => {
    let m = result.get(c.page);
    if (!m) result.set(c.page, (m = new Map()));
    const prev = m.get(c.line.id);
    if (!prev || prev.score < score) m.set(c.line.id, { type: c.band === 'top' ? 'page_header' : 'page_footer', score });
  };
  const marked = new Set<Candidate>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const pageNumber = isPageNumber(group[0].line.text) || /^\W*\d+\W*$/u.test(group[0].line.text.trim());
    for (const c of group) {
      // Same text on another page at about the same height (2% of the page); page numbers must also count
      // up with the pages ("2." and "4." on consecutive pages are list numbers, not page numbers).
      const peers = new Set<number>();
      for (const o of group) {
        if (o.page === c.page || Math.abs(o.y - c.y) > REPEAT.sameHeightShare) continue;
        if (pageNumber && !samePageOffset(c, o)) continue;
        peers.add(o.page);
      }
      if (peers.size === 0) continue;
      const share = (peers.size + 1) / pages.length;
      c.score = Math.min(REPEAT.maxScore, (pageNumber ? REPEAT.pageNumberScore : REPEAT.repeatedScore) + share * REPEAT.perPageShare);
      marked.add(c);
    }
  }
  // Furniture is contiguous from the page edge: a repeated line below an unrepeated row is content.
  const byPageBand = new Map<string, Candidate[]>();
  for (const groupList of groups.values()) {
    for (const c of groupList) {
      const k = `${c.page}|${c.band}`;
      const list = byPageBand.get(k);
      if (list) list.push(c);
      else byPageBand.set(k, [c]);
    }
  }
  const pageByIndex = new Map(pages.map((p) => [p.page_index, p]));
  for (const list of byPageBand.values()) {
    list.sort((a, b) => a.row - b.row);
    let row = 1;
    for (let i = 0; i < list.length; ) {
      const sameRow = list.filter((c) => c.row === list[i].row);
      // A row is furniture only as a whole: a list number beside its paragraph does not make it one.
      if (list[i].row !== row || !sameRow.every((c) => marked.has(c))) break;
      // Column heads repeated over a table that goes on from page to page are the table's, not a running head.
      if (list[i].band === 'top' && headsTable(pageByIndex.get(list[i].page), sameRow, list, marked)) break;
      for (const c of sameRow) if (marked.has(c)) mark(c, c.score!);
      i += sameRow.length;
      row++;
    }
  }
  return result;
}

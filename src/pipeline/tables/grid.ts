import type { BBox, ModelPage } from '../model/types.ts';
import { centerX, centerY, union } from '../model/geometry.ts';
import { readsRightToLeft } from './rtl.ts';

/**
 * Shared pieces of table structure: the page's words with their ids, text rows, cell pieces (runs of words
 * split at wide gaps), and the final step that turns row/column edges plus span rectangles into cells.
 */

export interface WordItem {
  id: string;
  text: string;
  bbox: BBox;
  bold: boolean;
  /** Font size in page pixels (never below 4, so gap thresholds stay sane). */
  size: number;
  /** Order of the word on the page (line order, then word order), to break ties deterministically. */
  order: number;
}

export interface TextRow {
  words: WordItem[];
  bbox: BBox;
}

export interface Piece {
  words: WordItem[];
  bbox: BBox;
}

/** A cell's place on the grid before text is assigned. */
export interface SpanRect {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
}

/** Thresholds of the shared table pieces. */
const GRID = {
  /** Smallest font size a word is given, in px (keeps gap thresholds sane). */
  minWordSize: 4,
  /** Font size assumed when neither the word nor its line has one, in px. */
  defaultWordSize: 20,
  /** Tolerance around a box when taking the words inside it, in pt. */
  wordsInTol: 1,
  /** A word joins a row when its centre lies within this share of the row's height from the row's centre ... */
  rowCentreShare: 0.45,
  /** ... plus this margin, in pt. */
  rowCentreMargin: 1,
  /** A gap wider than this between two words of a row splits it into pieces, in em (the right word's size). */
  pieceGap: 0.9,
} as const;

/** Horizontal words of the page (vertical text is left out: it does not take part in row/column alignment). */
export function pageWords(page: ModelPage): WordItem[] {
  const out: WordItem[] = [];
  for (const line of page.lines) {
    if (line.rotation % 180 !== 0) continue;
    line.words.forEach((w, i) => {
      if (!w.text.trim()) return;
      out.push({
        id: `${line.id}_w${i}`,
        text: w.text,
        bbox: w.bbox,
        bold: w.font.bold,
        size: Math.max(GRID.minWordSize, w.font.size || line.font.size || GRID.defaultWordSize),
        order: out.length,
      });
    });
  }
  return out;
}

export function centerIn(b: BBox, box: BBox, tol = 0): boolean {
  const x = centerX(b);
  const y = centerY(b);
  return x >= box[0] - tol && x <= box[2] + tol && y >= box[1] - tol && y <= box[3] + tol;
}

export function wordsIn(words: readonly WordItem[], box: BBox, tol: number = GRID.wordsInTol): WordItem[] {
  return words.filter((w) => centerIn(w.bbox, box, tol));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Words grouped into rows: a word joins the row whose vertical band holds its centre (sub/superscripts stay in). */
export function textRows(words: readonly WordItem[]): TextRow[] {
  const sorted = [...words].sort((a, b) => centerY(a.bbox) - centerY(b.bbox) || a.bbox[0] - b.bbox[0]);
  const rows: TextRow[] = [];
  for (const w of sorted) {
    const row = rows[rows.length - 1];
    const y = centerY(w.bbox);
    if (
      row &&
      y > row.bbox[1] &&
      y < row.bbox[3] &&
      y - centerY(row.bbox) < (row.bbox[3] - row.bbox[1]) * GRID.rowCentreShare + GRID.rowCentreMargin
    ) {
      row.words.push(w);
      row.bbox = union([row.bbox, w.bbox]);
    } else rows.push({ words: [w], bbox: [...w.bbox] as BBox });
  }
  for (const r of rows) r.words.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return rows;
}

/** A row split into pieces where the gap between words is wider than about one space-and-a-half. */
export function piecesOf(row: TextRow, gapFactor: number = GRID.pieceGap): Piece[] {
  const out: Piece[] = [];
  let cur: WordItem[] = [];
  let right = -Infinity;
  for (const w of row.words) {
    if (cur.length && w.bbox[0] - right > w.size * gapFactor) {
      out.push({ words: cur, bbox: union(cur.map((x) => x.bbox)) });
      cur = [];
    }
    cur.push(w);
    right = Math.max(right, w.bbox[2]);
  }
  if (cur.length) out.push({ words: cur, bbox: union(cur.map((x) => x.bbox)) });
  return out;
}

/** Index of the band [edges[i], edges[i+1]) holding `v` (clamped to the outer bands). */
export function bandOf(edges: readonly number[], v: number): number {
  for (let i = 1; i < edges.length - 1; i++) if (v < edges[i]) return i - 1;
  return Math.max(0, edges.length - 2);
}

/**
 * Gap between two words of one line, as a fraction of the larger font size, under which they are one word:
 * a superscript mark or a decimal part set as its own glyph run touches the figure before it, while a space in
 * any text font is at least about a fifth of an em.
 */
const JOIN_GAP_EM = 0.1;

/**
 * One line's words in reading order: left to right, or right to left in a right-to-left line (rtl.ts); a space
 * between them unless they touch (see JOIN_GAP_EM).
 */
export function lineText(words: readonly WordItem[]): string {
  const rtl = readsRightToLeft(words.map((w) => w.text));
  const ordered = rtl ? [...words].reverse() : words;
  let out = '';
  ordered.forEach((w, i) => {
    const prev = ordered[i - 1];
    const [left, right] = rtl ? [w, prev] : [prev, w];
    const touching = prev !== undefined && right.bbox[0] - left.bbox[2] < JOIN_GAP_EM * Math.max(prev.size, w.size);
    out += (i === 0 || touching ? '' : ' ') + w.text;
  });
  return out;
}

/** Reading-order text of words in one cell: lines top to bottom, words left to right, joined by spaces. */
export function cellText(words: readonly WordItem[]): string {
  return textRows(words)
    .map((r) => lineText(r.words))
    .reduce((text, line) => (!text ? line : `${text}${solidJoin(text, line) ? '' : ' '}${line}`), '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Chinese and Japanese have no spaces between words: a line that wraps between two such characters joins solid. */
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}、。，：；）」』]$/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}（「『]/u;
const solidJoin = (text: string, line: string) => CJK_END.test(text) && CJK_START.test(line);

/** Two grid positions (row * cols + col) to join; `textual` when one run of text lies across both. */
export interface Merge {
  a: number;
  b: number;
  textual: boolean;
}

/**
 * Span rectangles from pairwise merges. Each merge joins two groups and grows them to their bounding rectangle
 * (spans are rectangles); a merge is refused when that would fuse separate texts (beyond the two sides of one
 * textual run), so one missing rule piece cannot swallow a table.
 */
export function spanRects(rows: number, cols: number, merges: readonly Merge[], occupied: Uint8Array): SpanRect[] {
  const group = new Int32Array(rows * cols).map((_, i) => i);
  const members = new Map<number, number[]>();
  for (let i = 0; i < rows * cols; i++) members.set(i, [i]);
  const hasText = (g: number) => members.get(g)!.some((i) => occupied[i] === 1);
  for (const m of merges) {
    const ga = group[m.a];
    const gb = group[m.b];
    if (ga === gb) continue;
    const take = new Set([ga, gb]);
    for (let grown = true; grown; ) {
      grown = false;
      let r0 = rows,
        c0 = cols,
        r1 = -1,
        c1 = -1;
      for (const g of take) {
        for (const i of members.get(g)!) {
          const r = Math.floor(i / cols);
          const c = i % cols;
          r0 = Math.min(r0, r);
          r1 = Math.max(r1, r);
          c0 = Math.min(c0, c);
          c1 = Math.max(c1, c);
        }
      }
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const g = group[r * cols + c];
          if (!take.has(g)) {
            take.add(g);
            grown = true;
          }
        }
      }
    }
    const texts = [...take].filter(hasText);
    const allowed = texts.length <= 1 || (m.textual && texts.every((g) => g === ga || g === gb));
    if (!allowed) continue;
    const keep = Math.min(...take);
    const all: number[] = [];
    for (const g of take) {
      for (const i of members.get(g)!) {
        group[i] = keep;
        all.push(i);
      }
      members.delete(g);
    }
    members.set(keep, all);
  }
  const out: SpanRect[] = [];
  for (const cells of members.values()) {
    const rs = cells.map((i) => Math.floor(i / cols));
    const cs = cells.map((i) => i % cols);
    const row = Math.min(...rs);
    const col = Math.min(...cs);
    out.push({ row, col, rowspan: Math.max(...rs) - row + 1, colspan: Math.max(...cs) - col + 1 });
  }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}

export interface AssembledCell extends SpanRect {
  text: string;
  bbox: BBox;
  words: WordItem[];
}

/** Words dealt to the span rectangles by their centres; a cell's box is its grid area grown to hold its words. */
export function assembleCells(
  rowEdges: readonly number[],
  colEdges: readonly number[],
  rects: readonly SpanRect[],
  words: readonly WordItem[],
): AssembledCell[] {
  const cols = colEdges.length - 1;
  const at = new Map<number, AssembledCell>();
  const cells = rects.map((s) => {
    const cell: AssembledCell = {
      ...s,
      text: '',
      words: [],
      bbox: [colEdges[s.col], rowEdges[s.row], colEdges[s.col + s.colspan], rowEdges[s.row + s.rowspan]],
    };
    for (let r = s.row; r < s.row + s.rowspan; r++) for (let c = s.col; c < s.col + s.colspan; c++) at.set(r * cols + c, cell);
    return cell;
  });
  for (const w of words) {
    const cell = at.get(bandOf(rowEdges, centerY(w.bbox)) * cols + bandOf(colEdges, centerX(w.bbox)));
    if (cell) cell.words.push(w);
  }
  for (const c of cells) {
    c.words.sort((a, b) => a.order - b.order);
    c.text = cellText(c.words);
    if (c.words.length) c.bbox = union([c.bbox, ...c.words.map((w) => w.bbox)]);
  }
  return cells;
}

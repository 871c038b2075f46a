import type { BBox, ModelPage } from '../model/types.ts';
import { area, union } from '../model/geometry.ts';
import { continuesCell } from './cell-lines.ts';
import { centerIn, median, textRows, wordsIn, piecesOf, type Piece, type TextRow, type WordItem } from './grid.ts';
import { type BandKind, frameworks, type PageRules, type RuledFramework, rulesWithin, type RuleSet, type Seg } from './ruled.ts';
import { interleavedSides } from './interleaved.ts';
import { mergeIntervals } from './run-parts.ts';
import { splitSideBySide } from './side-by-side.ts';
import { columnSeparators, findUnruledTables, labelLine, separatingLine, type UnruledCandidate } from './unruled.ts';
import type { DetectionPolicy, TableSource } from './types.ts';

/**
 * The table finder: ruled frameworks that hold text laid out in cells, then unruled runs of aligned rows among
 * the words no ruled table took. `strict` asks for more rows and better alignment than `liberal`.
 */

export interface Candidate {
  bbox: BBox;
  source: TableSource;
  score: number;
  rules: RuleSet;
}

const MIN_ROWS = { strict: 3, liberal: 2 } as const;

/** What makes a candidate a table, and the scores the finder gives. */
const DETECT = {
  /** Least score a candidate needs under `strict`. */
  keepStrict: 0.6,
  /** Least score a candidate needs under `liberal`. */
  keepLiberal: 0.35,
  /** Tolerance around a box when taking the words inside it (and those a ruled table claimed), in pt. */
  wordTol: 2,
  /** Score of a framework with an interior vertical rule and two text rows. */
  scoreRuledColumns: 0.9,
  /** Score of a framework with horizontal rules only whose rows hold cells. */
  scoreBooktabs: 0.75,
  /** Score of a framework with one row of two or more pieces. */
  scoreOneMultiRow: 0.4,
  /** Score of a framework whose rows are all single pieces. */
  scoreNoCells: 0.1,
  /** Share of text rows that must hold cells for a booktabs framework to count. */
  booktabsCellRowShare: 0.4,
  /** Tallest empty band between two stacked rules that still belongs to the table, in pt. */
  emptyBandMaxHeight: 60,
  /** Share of a band's text rows that must hold cells for it to belong to the table. */
  bandCellRowShare: 0.5,
  /** Most lines of a band of label lines only that still belongs to the table (a group label, wrapped). */
  labelBandRows: 2,
  /** Largest overlap (share of the smaller box) of an unruled run with a ruled table it may sit beside. */
  maxOverlapWithRuled: 0.3,
  /** Largest overlap between the header block and the body (a negative gap), in body row heights. */
  headerOverlapRows: 0.5,
  /** Overlap share (of the smaller box) above which one of two tables is nested in the other. */
  nestedOverlap: 0.8,
} as const;

/** A framework is a table when its text forms at least two rows, and two columns (drawn or aligned). */
function ruledScore(box: BBox, rules: RuleSet, words: readonly WordItem[]): number {
  const inside = wordsIn(words, box, DETECT.wordTol);
  if (inside.length < 2) return 0;
  const rows = textRows(inside);
  const size = median(inside.map((w) => w.size));
  const interiorV = rules.v.filter((s) => s.at > box[0] + size && s.at < box[2] - size).length;
  const pieces = rows.map((r) => piecesOf(r));
  const multi = pieces.filter((p) => p.length >= 2).length;
  if (rows.length < 2) return 0;
  if (interiorV > 0 && rows.length >= 2) return DETECT.scoreRuledColumns;
  // Booktabs-style (horizontal rules only): the rows must hold cells (a cell's wrapped lines count with it).
  if (multi >= 2 && cellRows(pieces) >= rows.length * DETECT.booktabsCellRowShare) return DETECT.scoreBooktabs;
  return multi >= 1 ? DETECT.scoreOneMultiRow : DETECT.scoreNoCells;
}

/**
 * Text between two stacked rules that belongs to one table: no text, or rows that are mostly cells and no line
 * that separates tables (a caption, a notes line, a paragraph across the columns: the rules are two tables').
 */
function tableBand(band: BBox, words: readonly WordItem[]): BandKind {
  const inside = wordsIn(words, band, 0);
  if (inside.length === 0) return band[3] - band[1] < DETECT.emptyBandMaxHeight ? 'empty' : 'apart';
  const pieces = textRows(inside).map((r) => piecesOf(r));
  let seps: readonly number[] | undefined;
  if (pieces.some((p) => separatingLine(p, () => (seps ??= columnSeparators(pieces))))) return 'apart';
  if (cellRows(pieces) >= pieces.length * DETECT.bandCellRowShare) return 'rows';
  // A short label line alone: a group label between rows ruled one by one (frameworks checks the rows below).
  return pieces.length <= DETECT.labelBandRows && pieces.every(labelLine) ? 'label' : 'apart';
}

/** Rows (given as their pieces) that hold cells: rows of two or more pieces, and the wrapped lines of their cells below them. */
function cellRows(rows: readonly Piece[][]): number {
  let n = 0;
  let lastMulti: Piece[] | null = null;
  for (const p of rows) {
    if (p.length >= 2) {
      n++;
      lastMulti = p;
    } else if (lastMulti && p.length === 1 && continuesCell(p[0], lastMulti)) n++;
  }
  return n;
}

export function detectTables(page: ModelPage, words: readonly WordItem[], rules: PageRules, policy: DetectionPolicy): Candidate[] {
  const keep = policy === 'strict' ? DETECT.keepStrict : DETECT.keepLiberal;
  const out: Candidate[] = [];
  for (const f of frameworks(rules, page, (band) => tableBand(band, words))) {
    const score = ruledScore(f.bbox, f, words);
    if (score >= keep) {
      const bbox = withHeadAbove(f.bbox, words, rules);
      out.push({
        bbox,
        source: 'ruled',
        score,
        rules: { h: [...f.h, ...innerRowRules(rules, f)], v: [...f.v, ...columnRulePieces(rules, f)] },
      });
    }
  }
  const claimed = out.map((c) => c.bbox);
  const free = words.filter((w) => !claimed.some((b) => centerIn(w.bbox, b, DETECT.wordTol)));
  for (const u of unruledBesideRuled(free, claimed, MIN_ROWS[policy])) {
    if (u.score < keep) continue;
    const header = out.findIndex((c) => c.source === 'ruled' && headerOfBody(c.bbox, u, words));
    if (header >= 0) {
      // The ruled header block and the unruled body under it are one table (the body's columns go on up).
      const bbox = union([out[header].bbox, u.bbox]);
      out[header] = { bbox, source: 'unruled', score: Math.max(u.score, out[header].score), rules: rulesWithin(rules, bbox) };
      continue;
    }
    out.push({ bbox: u.bbox, source: 'unruled', score: u.score, rules: rulesWithin(rules, u.bbox) });
  }
  return out;
}

/** Lines above or below a ruled table that may be its caption or notes, in the page's row heights. */
const RULED_MARGIN_ROWS = 1.5;

/**
 * Unruled runs (side-by-side pairs split) among the words no ruled table took, clear of the ruled tables. Pieces
 * level with a ruled table that reach into its columns, and a lone piece in its columns on the line above or
 * below it (its caption, its notes), go with it: a run beside it then holds its own cells only and is not cut by
 * the other table's notes line. A run that still overlaps a ruled table (a longer notes paragraph under it) is
 * searched again without its pieces that reach into the ruled table's columns.
 */
function unruledBesideRuled(free: readonly WordItem[], claimed: readonly BBox[], minRows: number): UnruledCandidate[] {
  const rows = textRows(free);
  const rowH = median(rows.map((r) => r.bbox[3] - r.bbox[1]));
  const inColumns = (p: Piece, b: BBox) => p.bbox[2] > b[0] && p.bbox[0] < b[2];
  const yOf = (p: Piece) => (p.bbox[1] + p.bbox[3]) / 2;
  // Level with the table every piece in its columns; on the line above or below, a lone piece (a caption, a
  // notes line), not a row of cells (an unruled body under a ruled head).
  const withRuled = (row: readonly Piece[], p: Piece) =>
    claimed.some((b) => {
      if (!inColumns(p, b) || yOf(p) < b[1] - rowH * RULED_MARGIN_ROWS || yOf(p) > b[3] + rowH * RULED_MARGIN_ROWS) return false;
      return (yOf(p) >= b[1] && yOf(p) <= b[3]) || row.filter((q) => inColumns(q, b)).length === 1;
    });
  const without = (rs: readonly TextRow[], drop: (row: readonly Piece[], p: Piece) => boolean) =>
    rs
      .flatMap((r) => {
        const pieces = piecesOf(r);
        return pieces.filter((p) => !drop(pieces, p));
      })
      .flatMap((p) => p.words);
  const clear = (u: UnruledCandidate) => !claimed.some((b) => overlapShare(u.bbox, b) > DETECT.maxOverlapWithRuled);
  const search = (words: readonly WordItem[]) =>
    findUnruledTables(words, minRows).flatMap((u) => {
      const sides = interleavedSides(u, words);
      if (!sides) return splitSideBySide(u);
      const level = (c: UnruledCandidate) => c.bbox[3] > u.bbox[1] && c.bbox[1] < u.bbox[3];
      return sides.flatMap((side) => findUnruledTables(side, minRows).filter(level)).flatMap(splitSideBySide);
    });
  const out: UnruledCandidate[] = [];
  for (const u of search(without(rows, withRuled))) {
    if (clear(u)) out.push(u);
    else {
      const beside = claimed.filter((b) => overlapShare(u.bbox, b) > 0);
      out.push(...search(without(u.rows, (_, p) => beside.some((b) => inColumns(p, b)))).filter(clear));
    }
  }
  return out;
}

/** A rule's identity among the page's rules (the framework holds the same objects' values). */
const segKey = (r: Seg) => `${r.at}|${r.a0}|${r.a1}`;

/** Sides of rules within this distance of a column rule meet it, in pt. */
const INNER_RULE_TOL = 4;

/**
 * Row rules inside a framework that join none of its rules, yet part the rows and cells they cross: a rule drawn
 * short of the grid (under a cell spanning rows it starts at that cell's column, under a group head it spans its
 * columns), and the sides of shading across two or more columns (a shaded head or stripe). Shading set inside one
 * cell (inset from its borders) parts nothing.
 */
function innerRowRules(rules: PageRules, f: RuledFramework): Seg[] {
  const own = new Set(f.h.map(segKey));
  const drawn = new Set(rules.drawn.h.map(segKey));
  const columns = f.v.map((r) => r.at).filter((x) => x > f.bbox[0] + INNER_RULE_TOL && x < f.bbox[2] - INNER_RULE_TOL);
  const acrossColumns = (r: Seg) => columns.length === 0 || columns.some((x) => x > r.a0 + INNER_RULE_TOL && x < r.a1 - INNER_RULE_TOL);
  return rules.h.filter(
    (r) =>
      !own.has(segKey(r)) &&
      r.at > f.bbox[1] &&
      r.at < f.bbox[3] &&
      r.a1 > f.bbox[0] &&
      r.a0 < f.bbox[2] &&
      (drawn.has(segKey(r)) || acrossColumns(r)),
  );
}

/**
 * Pieces of a framework's column rules that join none of its rules: a column rule broken at each group label row
 * that spans the table leaves its middle pieces floating between the labels. They bound those rows' cells all
 * the same.
 */
function columnRulePieces(rules: RuleSet, f: RuledFramework): Seg[] {
  const own = new Set(f.v.map(segKey));
  return rules.v.filter(
    (r) =>
      !own.has(segKey(r)) &&
      r.a0 >= f.bbox[1] - INNER_RULE_TOL &&
      r.a1 <= f.bbox[3] + INNER_RULE_TOL &&
      f.v.some((o) => Math.abs(o.at - r.at) <= INNER_RULE_TOL),
  );
}

/** Most rows above a ruled table's top rule that can head its columns. */
const HEAD_ABOVE_ROWS = 2;
/** A line this close above the next (in row heights) wraps on with it: head cells on several lines. */
const HEAD_WRAP_GAP_ROWS = 0.35;
/** Most lines above the top rule in all, wrapped head lines included. */
const HEAD_ABOVE_LINES = 5;
/** Widest gap between a head row and the table or head row under it, in the table's row heights. */
const HEAD_ABOVE_GAP_ROWS = 1;
/** How far a head row may reach past the table's left or right edge, in font sizes. */
const HEAD_ABOVE_EDGE_TOL = 1;

/**
 * A table ruled only under its head row (a rule under the head, or under every row) leaves the head above its
 * top rule: up to two rows right above it, each of two or more cells inside the table's width (with the lines
 * its cells wrap onto), every cell a short label (no caption, notes or paragraph text), head its columns and
 * join it.
 */
function withHeadAbove(box: BBox, words: readonly WordItem[], rules: RuleSet): BBox {
  const inside = wordsIn(words, box, DETECT.wordTol);
  if (inside.length === 0) return box;
  const rows = textRows(inside);
  const size = median(inside.map((w) => w.size));
  const rowH = median(rows.map((r) => r.bbox[3] - r.bbox[1]));
  const [x0, x1] = [box[0] - size * HEAD_ABOVE_EDGE_TOL, box[2] + size * HEAD_ABOVE_EDGE_TOL];
  const above = textRows(words.filter((w) => w.bbox[3] <= box[1] + DETECT.wordTol && w.bbox[0] >= x0 && w.bbox[2] <= x1));
  let top = box[1];
  let taken = 0;
  for (let k = above.length - 1; k >= 0 && k >= above.length - HEAD_ABOVE_LINES; k--) {
    const row = above[k];
    const pieces = piecesOf(row);
    // A line set close above a head line is the same head cells wrapping (it may fill one column only).
    const wraps = taken > 0 && top - row.bbox[3] <= rowH * HEAD_WRAP_GAP_ROWS;
    if (
      top - row.bbox[3] > rowH * HEAD_ABOVE_GAP_ROWS ||
      ruledBetween(rules, box, (row.bbox[1] + row.bbox[3]) / 2, top - DETECT.wordTol) ||
      (pieces.length < 2 && !wraps) ||
      pieces.some((p) => !labelLine([p])) ||
      (!wraps && ++taken > HEAD_ABOVE_ROWS)
    )
      break;
    top = row.bbox[1];
  }
  return top < box[1] ? [box[0], top, box[2], box[3]] : box;
}

/** A horizontal rule across most of the table's width between y0 and y1: what lies above it is not the table's head. */
function ruledBetween(rules: RuleSet, box: BBox, y0: number, y1: number): boolean {
  const width = box[2] - box[0];
  return rules.h.some((r) => r.at > y0 && r.at < y1 && Math.min(r.a1, box[2]) - Math.max(r.a0, box[0]) >= width * HEAD_ABOVE_RULED_SHARE);
}

/** Share of the table's width a rule must cover to part a line above from the table. */
const HEAD_ABOVE_RULED_SHARE = 0.5;

/** Largest gap between a ruled header block and the body below it, in body row heights. */
const HEADER_GAP_ROWS = 1.5;
/** How far the body may stick out past the header block's left or right edge, in font sizes. */
const HEADER_EDGE_TOL = 2;
/** Least share of the header block's width that the body spans (rules may run a little past the text). */
const HEADER_WIDTH_SHARE = 0.7;
/** Share of the body's column gutters that a clear vertical line through the header block must continue. */
const HEADER_SEP_SHARE = 0.6;
/** Most group-label rows (text in the body's first column only) between a header block and its body. */
const HEADER_LABEL_ROWS = 3;

/**
 * A ruled block (a header between rules, or a drawn header grid) directly above an unruled run is that run's
 * header when the two span about the same width and most of the body's column gutters run on through the block
 * without hitting a word.
 */
function headerOfBody(box: BBox, body: UnruledCandidate, words: readonly WordItem[]): boolean {
  const rowH = median(body.rows.map((r) => r.bbox[3] - r.bbox[1]));
  const gap = body.bbox[1] - box[3];
  if (gap < -rowH * DETECT.headerOverlapRows) return false;
  const size = median(body.rows.flatMap((r) => r.words.map((w) => w.size)));
  if (body.bbox[0] < box[0] - size * HEADER_EDGE_TOL || body.bbox[2] > box[2] + size * HEADER_EDGE_TOL) return false;
  if (body.bbox[2] - body.bbox[0] < (box[2] - box[0]) * HEADER_WIDTH_SHARE) return false;
  const seps = columnSeparators(body.rows.map((r) => piecesOf(r)));
  if (seps.length === 0) return false;
  if (gap > rowH * HEADER_GAP_ROWS && !labelRowsBetween(box, body, words, seps[0], rowH)) return false;
  const inside = wordsIn(words, box, DETECT.wordTol);
  const bodyWords = body.rows.flatMap((r) => r.words);
  const clear = seps.filter((x) => gutterRunsThrough(gutterAt(x, bodyWords), inside)).length;
  return clear >= seps.length * HEADER_SEP_SHARE;
}

/** The empty stretch of the body around its column cut at `x`: from its text's right edge left of x to the next left edge. */
function gutterAt(x: number, bodyWords: readonly WordItem[]): [number, number] {
  let lo = -Infinity;
  let hi = Infinity;
  for (const w of bodyWords) {
    if (w.bbox[2] <= x) lo = Math.max(lo, w.bbox[2]);
    if (w.bbox[0] >= x) hi = Math.min(hi, w.bbox[0]);
  }
  return [lo, hi];
}

/**
 * Some vertical line inside the gutter passes the header block without hitting a word. A head wider than its
 * column (a right-aligned figure column's wrapped head) reaches into the gutter but leaves part of it clear.
 */
function gutterRunsThrough([lo, hi]: [number, number], header: readonly WordItem[]): boolean {
  const covering = mergeIntervals(header.filter((w) => w.bbox[2] > lo && w.bbox[0] < hi).map((w) => ({ x0: w.bbox[0], x1: w.bbox[2] })));
  return !covering.some((c) => c.x0 <= lo && c.x1 >= hi);
}

/**
 * The gap between a header block and its body holds only group-label rows at the table's row pitch: a few rows
 * whose text ends before the body's first column gutter (`firstGutter`), none of them further than
 * HEADER_GAP_ROWS from the row above. A sparse table's first rows may carry a label and no figures.
 */
function labelRowsBetween(box: BBox, body: UnruledCandidate, words: readonly WordItem[], firstGutter: number, rowH: number): boolean {
  const between = words.filter((w) => {
    const y = (w.bbox[1] + w.bbox[3]) / 2;
    return y > box[3] && y < body.bbox[1] && w.bbox[2] > body.bbox[0] && w.bbox[0] < body.bbox[2];
  });
  const rows = textRows(between).sort((a, b) => a.bbox[1] - b.bbox[1]);
  if (rows.length === 0 || rows.length > HEADER_LABEL_ROWS || between.some((w) => w.bbox[2] > firstGutter)) return false;
  let bottom = box[3];
  for (const row of rows) {
    if (row.bbox[1] - bottom > rowH * HEADER_GAP_ROWS) return false;
    bottom = row.bbox[3];
  }
  return body.bbox[1] - bottom <= rowH * HEADER_GAP_ROWS;
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, Math.min(area(a), area(b)));
}

/** Of two tables where one lies (mostly) inside the other, the more certain one stays (then the bigger). */
export function dropNested<T extends { bbox: BBox; score: number }>(list: T[]): T[] {
  const sorted = [...list].sort((a, b) => b.score - a.score || area(b.bbox) - area(a.bbox));
  const out: T[] = [];
  for (const c of sorted) if (!out.some((o) => overlapShare(o.bbox, c.bbox) > DETECT.nestedOverlap)) out.push(c);
  return out;
}

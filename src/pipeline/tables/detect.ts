import type { BBox, ModelPage } from '../model/types.ts';
import { area, union } from '../model/geometry.ts';
import { centerIn, median, textRows, wordsIn, piecesOf, type Piece, type WordItem } from './grid.ts';
import { frameworks, rulesWithin, type RuleSet } from './ruled.ts';
import { splitSideBySide } from './side-by-side.ts';
import { columnSeparators, findUnruledTables, type UnruledCandidate } from './unruled.ts';
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
  /** Font size assumed for a line without words, in pt. */
  defaultSize: 10,
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

/** Text between two stacked rules that belongs to one table: no text, or rows that are mostly cells. */
function tableBand(band: BBox, words: readonly WordItem[]): boolean {
  const inside = wordsIn(words, band, 0);
  if (inside.length === 0) return band[3] - band[1] < DETECT.emptyBandMaxHeight;
  const rows = textRows(inside);
  return cellRows(rows.map((r) => piecesOf(r))) >= rows.length * DETECT.bandCellRowShare;
}

/** Rows (given as their pieces) that hold cells: rows of two or more pieces, and the wrapped lines of their cells below them. */
function cellRows(rows: readonly Piece[][]): number {
  let n = 0;
  let lastMulti: Piece[] | null = null;
  for (const p of rows) {
    if (p.length >= 2) {
      n++;
      lastMulti = p;
    } else if (lastMulti && p.length === 1 && wrapsCell(p[0], lastMulti)) n++;
  }
  return n;
}

/** How far a wrapped line's left edge may sit from its cell's first line, in font sizes. */
const WRAP_ALIGN_TOL = 0.5;

/**
 * A single-piece line under a row of cells that starts where one of that row's cells starts and stays inside
 * that cell's column (before the next cell): the cell's text wrapping onto further lines, not prose.
 */
function wrapsCell(line: Piece, cells: readonly Piece[]): boolean {
  const size = line.words[0]?.size ?? DETECT.defaultSize;
  return cells.some(
    (c, k) =>
      Math.abs(line.bbox[0] - c.bbox[0]) <= size * WRAP_ALIGN_TOL && (k === cells.length - 1 || line.bbox[2] < cells[k + 1].bbox[0]),
  );
}

export function detectTables(page: ModelPage, words: readonly WordItem[], rules: RuleSet, policy: DetectionPolicy): Candidate[] {
  const keep = policy === 'strict' ? DETECT.keepStrict : DETECT.keepLiberal;
  const out: Candidate[] = [];
  for (const f of frameworks(rules, page, (band) => tableBand(band, words))) {
    const score = ruledScore(f.bbox, f, words);
    if (score >= keep) out.push({ bbox: f.bbox, source: 'ruled', score, rules: { h: f.h, v: f.v } });
  }
  const claimed = out.map((c) => c.bbox);
  const free = words.filter((w) => !claimed.some((b) => centerIn(w.bbox, b, DETECT.wordTol)));
  for (const u of findUnruledTables(free, MIN_ROWS[policy]).flatMap(splitSideBySide)) {
    if (u.score < keep) continue;
    if (claimed.some((b) => overlapShare(u.bbox, b) > DETECT.maxOverlapWithRuled)) continue;
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

/** Largest gap between a ruled header block and the body below it, in body row heights. */
const HEADER_GAP_ROWS = 1.5;
/** How far the body may stick out past the header block's left or right edge, in font sizes. */
const HEADER_EDGE_TOL = 2;
/** Least share of the header block's width that the body spans (rules may run a little past the text). */
const HEADER_WIDTH_SHARE = 0.7;
/** Share of the body's column separators that must pass through the header block between its words. */
const HEADER_SEP_SHARE = 0.6;

/**
 * A ruled block (a header between rules, or a drawn header grid) directly above an unruled run is that run's
 * header when the two span about the same width and most of the body's column gutters run on through the block
 * without hitting a word.
 */
function headerOfBody(box: BBox, body: UnruledCandidate, words: readonly WordItem[]): boolean {
  const rowH = median(body.rows.map((r) => r.bbox[3] - r.bbox[1]));
  const gap = body.bbox[1] - box[3];
  if (gap < -rowH * DETECT.headerOverlapRows || gap > rowH * HEADER_GAP_ROWS) return false;
  const size = median(body.rows.flatMap((r) => r.words.map((w) => w.size)));
  if (body.bbox[0] < box[0] - size * HEADER_EDGE_TOL || body.bbox[2] > box[2] + size * HEADER_EDGE_TOL) return false;
  if (body.bbox[2] - body.bbox[0] < (box[2] - box[0]) * HEADER_WIDTH_SHARE) return false;
  const seps = columnSeparators(body.rows.map((r) => piecesOf(r)));
  if (seps.length === 0) return false;
  const inside = wordsIn(words, box, DETECT.wordTol);
  const clear = seps.filter((x) => !inside.some((w) => w.bbox[0] < x && w.bbox[2] > x)).length;
  return clear >= seps.length * HEADER_SEP_SHARE;
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

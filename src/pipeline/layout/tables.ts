import type { BBox, ModelPage, VectorPath } from '../model/types.ts';
import { area, centerIn, centerY, height, overlap1d, overlapArea, union, width } from '../model/geometry.ts';
import type { LineInfo, Region } from './internal.ts';

/**
 * Table regions for the layout stage: tables drawn with rules (full grids, or booktabs-style top/mid/bottom
 * rules) whose bands hold rows of several cells (`findRuledTables`), and runs of rows whose cells line up
 * (`alignedRuns`, which also finds key-value rows). They make the page's `table` blocks, which keeps table text
 * out of the paragraphs; cell structure is not recovered here. pipeline/tables/ does that: inside these blocks for
 * parse and layout (`tableOfBlock`), and with its own detector for /v1/tables (`boundary_source: 'detector'`).
 * The `table` blocks of PDF and image pages (every profile but `fast`) come from here, so replacing it with
 * pipeline/tables' detector would change parse, layout, classify, ask and fields output.
 */

/**
 * Ruled tables: rules, cell boxes, the bands between rules. Lengths are in px, in body font sizes or in the line
 * size named; shares are of the quantity named.
 */
const RULED = {
  /** Thickest rule (px)... */
  ruleMaxThicknessPx: 4,
  /** ...which is at least this many px long and `ruleMinAspect` times as long as thick. */
  ruleMinLengthPx: 12,
  ruleMinAspect: 3,
  /** Cell boxes are wider than this many px, taller than this many px, and at most `cellMaxBodySizes` tall. */
  cellMinWidthPx: 8,
  cellMinHeightPx: 4,
  cellMaxBodySizes: 8,
  /** A box covering this share of the page or more is a background, not a cell. */
  cellMaxPageShare: 0.6,
  /** Two boxes tile when they share this much (shares of the shorter side). */
  tileOverlapShare: 0.5,
  /** Collinear segments join when this many px apart across and this many px along. */
  collinearAcrossPx: 2,
  collinearAlongPx: 4,
  /** An interior vertical rule spans at least this share of a band's height. */
  verticalSpanShare: 0.5,
  /** A band is a table when this share of its rows has two cells or more. */
  multiCellRowShare: 0.5,
  /** A band with a line of this many words over `proseWidthShare` of its width is prose. */
  proseLineWords: 10,
  proseWidthShare: 0.55,
  /** Rules of a table are at least this many body sizes long... */
  ruleMinBodySizes: 4,
  /** ...at most this share of the page height apart... */
  maxRuleGapPageShare: 0.5,
  /** ...at least this many px apart (a double rule is one)... */
  minRuleGapPx: 2,
  /** ...and overlap by this share of the shorter. */
  chainOverlapShare: 0.6,
  /** Fewest rows of two cells or more in a ruled table without a grid. */
  minMultiCellRows: 2,
  /** Score of a ruled table with interior vertical rules, and without. */
  gridScore: 0.8,
  ruledScore: 0.7,
} as const;

/** Rows of cells: table cells and label-value rows. Lengths are in px, in the line size or in body sizes. */
const ALIGNED = {
  /** A gap between words wider than this many sizes splits a line into cells. */
  cellGapSizes: 1.1,
  /** A word within this many px of a cell's sides lies in it. */
  cellSlackPx: 1,
  /** Median characters of a cell of a table (longer is running text in two columns). */
  maxMedianCellChars: 32,
  /** Cell edges within this many body sizes line up. */
  columnTolBodySizes: 0.8,
  /** A column of a ruled table has cells in at least this many rows, or `ruledColumnRowShare` of them. */
  ruledColumnMinRows: 2,
  ruledColumnRowShare: 0.5,
  /** Rows of cells at most this many body sizes apart make one run. */
  maxRowGapBodySizes: 2.5,
  /** A run is key-value when this share of its rows has a first cell ending in ':'... */
  labelledRowShare: 0.6,
  /** ...and its cells have at most this median of words. */
  maxMedianCellWords: 6,
  /** Fewest rows of an aligned (unruled) table. */
  minTableRows: 3,
  /** A column of an aligned table has cells in this share of its rows. */
  columnRowShare: 0.6,
  /** Fewest columns of a table. */
  minColumns: 2,
} as const;

interface Seg {
  a0: number;
  a1: number;
  at: number;
}

/** A line split into cells at gaps wider than about one em (justified prose never has those). */
export function cellsOf(l: LineInfo): BBox[] {
  if (!l.cells) l.cells = splitCells(l);
  return l.cells;
}

function splitCells(l: LineInfo): BBox[] {
  const words = l.wordList;
  if (words.length < 2) return [l.box];
  const out: BBox[] = [];
  let start = words[0].bbox;
  let end = words[0].bbox;
  for (let i = 1; i < words.length; i++) {
    const w = words[i].bbox;
    if (w[0] - end[2] > l.size * ALIGNED.cellGapSizes) {
      out.push([start[0], Math.min(start[1], end[1]), end[2], Math.max(start[3], end[3])]);
      start = w;
    }
    end = w;
  }
  out.push([start[0], Math.min(start[1], end[1]), end[2], Math.max(start[3], end[3])]);
  return out;
}

/** Px within which two box sides touch. */
const TOUCH_TOL = 3;

function mostlyOverlapping(a0: number, a1: number, b0: number, b1: number): boolean {
  return overlap1d(a0, a1, b0, b1) > Math.min(a1 - a0, b1 - b0) * RULED.tileOverlapShare;
}

/** `b` starts where `a` ends, to the right or below, along most of the shared side. */
function continues(a: BBox, b: BBox): boolean {
  if (Math.abs(a[2] - b[0]) <= TOUCH_TOL && mostlyOverlapping(a[1], a[3], b[1], b[3])) return true;
  return Math.abs(a[3] - b[1]) <= TOUCH_TOL && mostlyOverlapping(a[0], a[2], b[0], b[2]);
}

/**
 * Rectangles that share a side with another one (cells of one grid, stripes of one table). Boxes are indexed by
 * their left and top edges, so each box looks only at those starting where it ends: linear, not quadratic.
 */
function tiledRects(rects: readonly BBox[]): BBox[] {
  const key = (v: number) => Math.round(v / TOUCH_TOL);
  const byLeft = new Map<number, number[]>();
  const byTop = new Map<number, number[]>();
  const add = (m: Map<number, number[]>, k: number, i: number) => {
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  };
  rects.forEach((r, i) => {
    add(byLeft, key(r[0]), i);
    add(byTop, key(r[1]), i);
  });
  const tiled = new Set<number>();
  const visit = (i: number, index: Map<number, number[]>, edge: number) => {
    const k = key(edge);
    for (let d = -1; d <= 1; d++) {
      const list = index.get(k + d);
      if (!list) continue;
      for (const j of list) {
        if (j !== i && continues(rects[i], rects[j])) {
          tiled.add(i);
          tiled.add(j);
        }
      }
    }
  };
  for (let i = 0; i < rects.length; i++) {
    visit(i, byLeft, rects[i][2]);
    visit(i, byTop, rects[i][3]);
  }
  return [...tiled].map((i) => rects[i]);
}

/**
 * Rules from thin paths, plus the sides of rectangles that tile with other rectangles (cell borders, row
 * stripes). A lone box (a card, a frame around a paragraph) contributes no rules.
 */
function edgesOf(paths: readonly VectorPath[], pageArea: number, bodySize: number): { h: Seg[]; v: Seg[] } {
  const h: Seg[] = [];
  const v: Seg[] = [];
  const rects: BBox[] = [];
  for (const p of paths) {
    const [x0, y0, x1, y1] = p.bbox;
    const w = x1 - x0;
    const ht = y1 - y0;
    const { ruleMaxThicknessPx: thin, ruleMinLengthPx: minLength, ruleMinAspect: aspect } = RULED;
    if (ht <= thin && w >= Math.max(minLength, ht * aspect)) h.push({ a0: x0, a1: x1, at: (y0 + y1) / 2 });
    else if (w <= thin && ht >= Math.max(minLength, w * aspect)) v.push({ a0: y0, a1: y1, at: (x0 + x1) / 2 });
    // Cell-sized boxes only: cards and panels (taller than a few lines) tile too, but they are not cells.
    else if (isCellBox(p, w, ht, bodySize, pageArea)) rects.push(p.bbox);
  }
  for (const [x0, y0, x1, y1] of tiledRects(rects)) {
    h.push({ a0: x0, a1: x1, at: y0 }, { a0: x0, a1: x1, at: y1 });
    v.push({ a0: y0, a1: y1, at: x0 }, { a0: y0, a1: y1, at: x1 });
  }
  return { h: mergeCollinear(h), v: mergeCollinear(v) };
}

function isCellBox(p: VectorPath, w: number, ht: number, bodySize: number, pageArea: number): boolean {
  if (p.kind !== 'rect' && p.kind !== 'fill') return false;
  return (
    w > RULED.cellMinWidthPx &&
    ht > RULED.cellMinHeightPx &&
    ht <= bodySize * RULED.cellMaxBodySizes &&
    w * ht < pageArea * RULED.cellMaxPageShare
  );
}

/** Joins segments on the same line that overlap or touch (cell borders drawn one cell at a time). */
function mergeCollinear(segs: Seg[]): Seg[] {
  segs.sort((a, b) => a.at - b.at || a.a0 - b.a0);
  const out: Seg[] = [];
  for (const s of segs) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.at - s.at) <= RULED.collinearAcrossPx && s.a0 <= last.a1 + RULED.collinearAlongPx)
      last.a1 = Math.max(last.a1, s.a1);
    else out.push({ ...s });
  }
  return out;
}

type Band = 'table' | 'prose' | 'other';

function rowsIn(lines: readonly LineInfo[]): LineInfo[][] {
  const sorted = [...lines].sort((a, b) => centerY(a.box) - centerY(b.box));
  const rows: LineInfo[][] = [];
  for (const l of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(centerY(row[0].box) - centerY(l.box)) < height(l.box) / 2) row.push(l);
    else rows.push([l]);
  }
  return rows;
}

function cellCount(row: readonly LineInfo[]): number {
  let n = 0;
  for (const l of row) n += cellsOf(l).length;
  return n;
}

/** Vertical rules strictly inside a box (a frame's own sides do not make a grid). */
function interiorVerticals(box: BBox, verticals: readonly Seg[], margin: number): number {
  return verticals.filter(
    (s) =>
      s.at > box[0] + margin && s.at < box[2] - margin && overlap1d(s.a0, s.a1, box[1], box[3]) >= height(box) * RULED.verticalSpanShare,
  ).length;
}

function bandKind(box: BBox, lines: readonly LineInfo[], verticals: readonly Seg[]): Band {
  const inside = lines.filter((l) => centerIn(l.box, box));
  if (inside.length === 0) return 'other';
  const rows = rowsIn(inside);
  const multi = rows.filter((r) => cellCount(r) >= 2).length;
  const crossing = interiorVerticals(box, verticals, inside[0].size);
  if (multi >= rows.length * RULED.multiCellRowShare || (crossing >= 1 && rows.length >= 1)) return 'table';
  const prose = inside.some((l) => l.words >= RULED.proseLineWords && width(l.box) >= width(box) * RULED.proseWidthShare);
  return prose ? 'prose' : 'other';
}

/** Chains of stacked horizontal rules with about the same horizontal extent. */
function ruleChains(h: readonly Seg[], minWidth: number, maxGap: number): Seg[][] {
  const chains: Seg[][] = [];
  for (const s of h) {
    if (s.a1 - s.a0 < minWidth) continue;
    let best: Seg[] | undefined;
    let bestOverlap = 0;
    for (const c of chains) {
      const last = c[c.length - 1];
      if (s.at - last.at > maxGap || s.at - last.at < RULED.minRuleGapPx) continue;
      const ov = overlap1d(s.a0, s.a1, last.a0, last.a1);
      if (ov >= RULED.chainOverlapShare * Math.min(s.a1 - s.a0, last.a1 - last.a0) && ov > bestOverlap) {
        best = c;
        bestOverlap = ov;
      }
    }
    if (best) best.push(s);
    else chains.push([s]);
  }
  return chains;
}

/** Overlapping table regions (one table seen through several rule chains) become one. */
function mergeOverlapping(regions: Region[]): Region[] {
  const out: Region[] = [];
  for (const r of regions.sort((a, b) => area(b.bbox) - area(a.bbox))) {
    const host = out.find((o) => overlapArea(o.bbox, r.bbox) > 0);
    if (host) {
      host.bbox = union([host.bbox, r.bbox]);
      host.score = Math.max(host.score, r.score);
    } else out.push({ ...r });
  }
  return out;
}

export function findRuledTables(page: ModelPage, lines: readonly LineInfo[], bodySize: number): Region[] {
  if (page.paths.length === 0) return [];
  const { h, v } = edgesOf(page.paths, page.width * page.height, bodySize);
  const out: Region[] = [];
  for (const chain of ruleChains(h, bodySize * RULED.ruleMinBodySizes, page.height * RULED.maxRuleGapPageShare)) {
    let run: Seg[] = [chain[0]];
    let tableBands = 0;
    const close = () => {
      if (run.length >= 2 && tableBands > 0) {
        const x0 = Math.min(...run.map((s) => s.a0));
        const x1 = Math.max(...run.map((s) => s.a1));
        const frame: BBox = [x0, run[0].at, x1, run[run.length - 1].at];
        const inside = lines.filter((l) => centerIn(l.box, frame));
        const rows = rowsIn(inside);
        const multi = rows.filter((r) => cellCount(r) >= 2).length;
        const grid = inside.length > 0 && interiorVerticals(frame, v, inside[0].size) > 0;
        // One row of text inside a filled bar or between two rules is a banner, not a table; without a grid
        // the cells must also line up in columns (ruled notepaper under handwriting does not).
        if (rows.length >= 2 && (grid || (multi >= RULED.minMultiCellRows && alignedColumns(rows, bodySize)))) {
          out.push({ kind: 'table', bbox: union([frame, ...inside.map((l) => l.box)]), score: grid ? RULED.gridScore : RULED.ruledScore });
        }
      }
    };
    for (let i = 1; i < chain.length; i++) {
      const a = chain[i - 1];
      const b = chain[i];
      const band: BBox = [Math.min(a.a0, b.a0), a.at, Math.max(a.a1, b.a1), b.at];
      const kind = bandKind(band, lines, v);
      if (kind === 'prose') {
        close();
        run = [b];
        tableBands = 0;
        continue;
      }
      if (kind === 'table') tableBands++;
      run.push(b);
    }
    close();
  }
  return mergeOverlapping(out);
}

/** Characters of a line's words that lie inside a cell box. */
function cellChars(l: LineInfo, box: BBox): number {
  let n = 0;
  for (const w of l.wordList)
    if (w.bbox[0] >= box[0] - ALIGNED.cellSlackPx && w.bbox[2] <= box[2] + ALIGNED.cellSlackPx) n += w.text.length + 1;
  return n;
}

function alignedColumns(rows: readonly LineInfo[][], bodySize: number): boolean {
  const multi = rows.filter((r) => cellCount(r) >= 2);
  const cells = multi.flatMap((r) => r.flatMap((l) => cellsOf(l)));
  // Two columns of running text between two rules are not a table: table cells are short.
  const lengths = multi.flatMap((r) => r.flatMap((l) => cellsOf(l).map((c) => cellChars(l, c)))).sort((a, b) => a - b);
  if (lengths[lengths.length >> 1] > ALIGNED.maxMedianCellChars) return false;
  const minHits = Math.max(ALIGNED.ruledColumnMinRows, Math.ceil(multi.length * ALIGNED.ruledColumnRowShare));
  const tol = bodySize * ALIGNED.columnTolBodySizes;
  const lefts = clusterCount(
    cells.map((c) => c[0]),
    tol,
    minHits,
  );
  const rights = clusterCount(
    cells.map((c) => c[2]),
    tol,
    minHits,
  );
  return Math.max(lefts, rights) >= ALIGNED.minColumns;
}

export interface RowRun {
  start: number;
  end: number;
  kind: 'table' | 'key_value';
}

function clusterCount(values: number[], tol: number, minHits: number): number {
  values.sort((a, b) => a - b);
  let clusters = 0;
  let i = 0;
  while (i < values.length) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] - values[i] <= tol) j++;
    if (j - i + 1 >= minHits) clusters++;
    i = j + 1;
  }
  return clusters;
}

/**
 * Runs of consecutive rows laid out as cells: label/value rows (first cell ending with ':') become key_value;
 * three or more rows whose cells line up in at least two columns become a table.
 */
export function alignedRuns(rows: readonly LineInfo[][], bodySize: number): RowRun[] {
  const cells = rows.map((r) => r.flatMap((l) => cellsOf(l).map((box) => ({ box, l }))));
  const out: RowRun[] = [];
  let i = 0;
  while (i < rows.length) {
    if (cells[i].length < 2) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < rows.length && cells[j + 1].length >= 2 && rowGap(rows[j], rows[j + 1]) <= bodySize * ALIGNED.maxRowGapBodySizes) j++;
    const runCells = cells.slice(i, j + 1);
    const n = j - i + 1;
    const labelled = runCells.filter((c) => /:\s*$/u.test(firstCellText(c[0].l, c[0].box))).length;
    const words = runCells.flat().map((c) => c.l.words / Math.max(1, cellsOf(c.l).length));
    const short = words.sort((a, b) => a - b)[words.length >> 1] <= ALIGNED.maxMedianCellWords;
    if (labelled >= Math.max(1, n * ALIGNED.labelledRowShare) && short) out.push({ start: i, end: j, kind: 'key_value' });
    else if (n >= ALIGNED.minTableRows && short) {
      const minHits = Math.ceil(n * ALIGNED.columnRowShare);
      const tol = bodySize * ALIGNED.columnTolBodySizes;
      const lefts = clusterCount(
        runCells.flat().map((c) => c.box[0]),
        tol,
        minHits,
      );
      const rights = clusterCount(
        runCells.flat().map((c) => c.box[2]),
        tol,
        minHits,
      );
      if (Math.max(lefts, rights) >= ALIGNED.minColumns) out.push({ start: i, end: j, kind: 'table' });
    }
    i = j + 1;
  }
  return out;
}

function rowGap(a: readonly LineInfo[], b: readonly LineInfo[]): number {
  return Math.min(...b.map((l) => l.box[1])) - Math.max(...a.map((l) => l.box[3]));
}

function firstCellText(l: LineInfo, box: BBox): string {
  return l.wordList
    .filter((w) => w.bbox[0] >= box[0] - ALIGNED.cellSlackPx && w.bbox[2] <= box[2] + ALIGNED.cellSlackPx)
    .map((w) => w.text)
    .join(' ');
}

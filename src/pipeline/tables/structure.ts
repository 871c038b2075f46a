import type { BBox } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import {
  assembleCells,
  bandOf,
  median,
  piecesOf,
  spanRects,
  textRows,
  wordsIn,
  type AssembledCell,
  type Merge,
  type Piece,
  type TextRow,
  type WordItem,
} from './grid.ts';
import { alignedRecords } from './aligned-records.ts';
import { groupLabelMerges } from './group-labels.ts';
import { columnsOf, figuresPiece, inFewerOfItsColumns, noFigures, wrappedLine } from './row-cells.ts';
import { headerRowCount, numeric } from './headers.ts';
import { coverage, positions, rulesWithin, type RuleSet } from './ruled.ts';
import { edgeNotes, trimmedBox } from './edge-notes.ts';
import { columnSeparators, sparseColumnSeparators } from './unruled.ts';
import { stripesRuled } from './stripe-rows.ts';
import { STRUCTURE as S } from './structure-thresholds.ts';

/**
 * One table's structure from its box, its words and the rules inside it. Columns come from interior vertical
 * rules when there are any, else from word alignment; rows from horizontal rules when they separate most text
 * rows (a grid: lines between rules are one multi-line cell), else from text rows (with continuation lines
 * joined). Missing rule pieces and text running across a column gap make spans.
 */

export interface Structured {
  bbox: BBox;
  rowEdges: number[];
  colEdges: number[];
  cells: AssembledCell[];
  headerRowCount: number;
  ruledRows: boolean;
  ruledCols: boolean;
}

interface Edges {
  at: number[];
  /** Per interior edge (index 1..n-1): drawn as a rule. */
  ruled: boolean[];
}

const EDGE_TOL = 3;

function columnEdges(box: BBox, rows: readonly TextRow[], rules: RuleSet, size: number): Edges {
  const height = box[3] - box[1];
  const inner = positions(rules.v).filter((x) => x > box[0] + size * S.ruleEdgeMargin && x < box[2] - size * S.ruleEdgeMargin);
  // A vertical rule that crosses at least one text row (or a fifth of the table) separates columns.
  const drawn = inner.filter(
    (x) =>
      rows.some((r) => coverage(rules.v, x, r.bbox[1], r.bbox[3]) >= S.ruleRowCoverage) ||
      coverage(rules.v, x, box[1], box[3]) >= S.ruleTableCoverage ||
      height < size * S.shortTableHeight,
  );
  if (drawn.length === 0) {
    const pieces = rows.map((r) => piecesOf(r));
    const seps = columnSeparators(pieces);
    return withOuter(box[0], box[2], seps.length > 0 ? seps : sparseColumnSeparators(pieces), false);
  }
  // Rules may mark only some columns (a stub rule): most rows must split the same way inside a ruled stripe.
  const at = [box[0]];
  const ruled = [true];
  const bounds = [box[0], ...drawn, box[2]];
  for (let i = 1; i < bounds.length; i++) {
    const lo = bounds[i - 1];
    const hi = bounds[i];
    const stripe = rows.map((r) =>
      piecesOf({ words: r.words.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= lo && (w.bbox[0] + w.bbox[2]) / 2 < hi), bbox: r.bbox }),
    );
    for (const x of columnSeparators(stripe, S.stripeSeparatorShare)) {
      at.push(x);
      ruled.push(false);
    }
    at.push(hi);
    ruled.push(true);
  }
  return { at, ruled };
}

function withOuter(lo: number, hi: number, inner: number[], ruled: boolean): Edges {
  return { at: [lo, ...inner, hi], ruled: [true, ...inner.map(() => ruled), true] };
}

/** Drops edges around bands that hold no word and are too thin to be a real empty row/column (double rules). */
function dropThinEmpty(edges: Edges, words: readonly WordItem[], axis: 0 | 1, minSize: number): Edges {
  const centres = words.map((w) => (w.bbox[axis] + w.bbox[axis + 2]) / 2);
  const at = [edges.at[0]];
  const ruled = [edges.ruled[0]];
  const last = edges.at.length - 1;
  for (let i = 1; i <= last; i++) {
    const lo = at[at.length - 1];
    const hi = edges.at[i];
    const thinEmpty = hi - lo < minSize && !centres.some((c) => c >= lo && c < hi);
    if (!thinEmpty || last === 1) {
      at.push(hi);
      ruled.push(edges.ruled[i]);
    } else if (i === last) {
      // The outer edge stays; the inner edge before the thin band goes.
      if (at.length > 1) {
        at[at.length - 1] = hi;
        ruled[ruled.length - 1] = edges.ruled[i];
      } else at.push(hi), ruled.push(edges.ruled[i]);
    } else if (at.length > 1) at[at.length - 1] = (lo + hi) / 2;
    // A thin band at the start: its inner edge is skipped, the first band grows.
  }
  return { at, ruled };
}

function ruleBetween(rules: RuleSet, lo: number, hi: number, x0: number, x1: number): number | undefined {
  let best: number | undefined;
  for (const y of positions(rules.h))
    if (y >= lo - EDGE_TOL && y <= hi + EDGE_TOL && coverage(rules.h, y, x0, x1) >= S.ruleBetweenCoverage) best = y;
  return best;
}

interface RowPlan extends Edges {
  fromRules: boolean;
}

function rowEdges(box: BBox, rows: readonly TextRow[], rules: RuleSet, size: number, colE: Edges): RowPlan {
  const colEdges = colE.at;
  const separated: (number | undefined)[] = [];
  for (let i = 1; i < rows.length; i++) separated.push(ruleBetween(rules, rows[i - 1].bbox[3], rows[i].bbox[1], box[0], box[2]));
  const ruledPairs = separated.filter((y) => y !== undefined).length;
  const fromRules =
    rows.length >= 2 &&
    !recordsUnruled(rows, separated, colEdges) &&
    positions(rules.h).length >= S.minRowRules &&
    (ruledPairs >= Math.max(1, separated.length * S.ruledPairShare) ||
      unkeyedContinuations(rows, separated, colEdges, ruledPairs) ||
      stripesRuled(
        box,
        rows.flatMap((r) => r.words),
        rules,
        colEdges,
        colE.ruled,
      ));
  if (fromRules) {
    const inner = positions(rules.h).filter(
      (y) =>
        y > box[1] + size * S.rowRuleEdgeMargin &&
        y < box[3] - size * S.rowRuleEdgeMargin &&
        coverage(rules.h, y, box[0], box[2]) >= S.rowRuleCoverage,
    );
    return { ...withOuter(box[1], box[3], inner, true), fromRules };
  }
  const keep = continuationMask(rows, separated, colEdges);
  const inner: number[] = [];
  const ruled: boolean[] = [];
  for (let i = 1; i < rows.length; i++) {
    if (!keep[i]) continue;
    const rule = separated[i - 1];
    inner.push(rule ?? (rows[i - 1].bbox[3] + rows[i].bbox[1]) / 2);
    ruled.push(rule !== undefined);
  }
  return { at: [box[1], ...inner, box[3]], ruled: [true, ...ruled, true], fromRules };
}

/**
 * Two records in a row with no rule between them, each a key with figures beside it: the rules (a shaded row or
 * two, the head's rule) do not delimit every row, so rows come from the text with the rules as separators.
 */
function recordsUnruled(rows: readonly TextRow[], separated: (number | undefined)[], colEdges: number[]): boolean {
  if (colEdges.length < 3) return false;
  const keyEdge = colEdges[1];
  const record = (r: TextRow) => hasKey(r, keyEdge) && figuresBeside(r, colEdges);
  return separated.some((y, k) => y === undefined && record(rows[k]) && record(rows[k + 1]));
}

/**
 * Rules that leave several text rows between them still delimit rows when those extra lines have nothing in
 * the key (first) column or nothing beside it: they are wrapped lines of multi-line cells, not records.
 */
function unkeyedContinuations(
  rows: readonly TextRow[],
  separated: (number | undefined)[],
  colEdges: number[],
  ruledPairs: number,
): boolean {
  if (ruledPairs < S.minRuledPairsForContinuations || colEdges.length < 3) return false;
  const keyEdge = colEdges[1];
  let continuations = 0;
  let keyed = 0;
  for (let i = 1; i < rows.length; i++) {
    if (separated[i - 1] !== undefined) continue;
    continuations++;
    // A record of its own has a key and more cells; a wrapped line has no key or nothing beside it.
    if (hasKey(rows[i], keyEdge) && rows[i].words.some((w) => w.bbox[0] > keyEdge)) keyed++;
  }
  return continuations > 0 && keyed <= continuations * S.keyedContinuationShare;
}

/**
 * keep[i] is false when text row i continues row i-1: no rule between them, nothing in the first (key)
 * column, and the gap tighter than the table's usual gap between rows.
 */
function continuationMask(rows: readonly TextRow[], separated: (number | undefined)[], colEdges: number[]): boolean[] {
  const gaps = rows.slice(1).map((r, i) => r.bbox[1] - rows[i].bbox[3]);
  const rowH = median(rows.map((r) => r.bbox[3] - r.bbox[1]));
  const usual = recordGap(rows, gaps, rowH, colEdges);
  const keyEdge = colEdges[1] ?? Infinity;
  const keyEmpty = (r: TextRow) => !hasKey(r, keyEdge);
  const keep = rows.map(() => true);
  // Rows above the first rule that runs under them are the header block (stacked header lines).
  const firstRule = separated.findIndex((y) => y !== undefined);
  const aboveHeadRule = (i: number) => firstRule >= i && firstRule <= S.headerRuleMaxRow;
  // The first text row of the record the current line belongs to.
  let record = 0;
  // Rows above the first row of figures (or above a rule under the head) form the header block, where header
  // cells wrap.
  let firstData = rows.findIndex((r) => figuresBeside(r, colEdges));
  if (firstData < 0) firstData = 0;
  // Records set to the middle or bottom of their rows are read by their gaps (aligned-records.ts).
  const bodyFrom = firstRule >= 0 && firstRule <= S.headerRuleMaxRow ? firstRule + 1 : firstData;
  const aligned = alignedRecords(rows, bodyFrom, colEdges);
  for (let i = 1; i < rows.length; i++) {
    if (separated[i - 1] !== undefined || colEdges.length < 3) continue;
    if (aligned && i > bodyFrom) {
      keep[i] = aligned[i];
      continue;
    }
    // Tighter by a clear margin: OCR boxes (and boxes that overlap as a rule) jitter by a few pixels.
    const tight = gaps[i - 1] < usual - rowH * S.tightGapRows && (usual <= 0 || gaps[i - 1] < usual * S.tightGapShare - S.tightGapMargin);
    const inHeader = aboveHeadRule(i) && keyEmpty(rows[i - 1]);
    if ((tight || inHeader) && keyEmpty(rows[i]) && piecesOf(rows[i - 1]).length >= piecesOf(rows[i]).length) keep[i] = false;
    // A third line of wrapped cells may fill the same columns as the second: it is measured against the record.
    else if (tight && (wrappedLine(rows[i - 1], rows[i], colEdges) || wrappedLine(rows[record], rows[i], colEdges))) keep[i] = false;
    else if (
      (i < firstData || aboveHeadRule(i)) &&
      record === i - 1 &&
      gaps[i - 1] <= usual + rowH * HEADER_WRAP_SLACK &&
      headerWrap(rows[i - 1], rows[i], colEdges, tight)
    )
      keep[i] = false;
    else if (gaps[i - 1] <= usual + rows[i].words[0].size * S.wrapGapSlack && wrapsOn(rows[record], rows[i - 1], rows[i], colEdges))
      keep[i] = false;
    if (keep[i]) record = i;
  }
  return keep;
}

/**
 * The usual gap between records. Where most records hold multi-line cells, the median gap is the leading inside
 * them, and only letter case could tell a wrapped line (Chinese and Japanese have none); so where the gaps
 * part into two leadings and the lines after the narrower one mostly fill fewer columns than the line above
 * (wrapped cells, not records set close), the wider leading is the records'.
 */
function recordGap(rows: readonly TextRow[], gaps: readonly number[], rowH: number, colEdges: number[]): number {
  const all = median([...gaps]);
  if (gaps.length < 3 || colEdges.length < 3) return all;
  const sorted = [...gaps].sort((a, b) => a - b);
  // The widest jump between neighbouring sorted gaps parts the narrow leading (below `cut`) from the wide.
  let cut = 1;
  for (let k = 2; k < sorted.length; k++) if (sorted[k] - sorted[k - 1] > sorted[cut] - sorted[cut - 1]) cut = k;
  if (sorted[cut] - sorted[cut - 1] < rowH * S.leadingJumpRows) return all;
  const narrow = sorted[cut - 1];
  const afterNarrow = gaps.flatMap((g, i) => (g <= narrow ? [i + 1] : []));
  const wrapped = afterNarrow.filter((i) => inFewerOfItsColumns(rows[i], rows[i - 1], colEdges)).length;
  return wrapped >= afterNarrow.length * S.wrappedLineShare ? median(sorted.slice(cut)) : all;
}

/** A text row with text in the key (first) column, left of `keyEdge`. */
const hasKey = (row: TextRow, keyEdge: number): boolean => row.words.some((w) => (w.bbox[0] + w.bbox[2]) / 2 < keyEdge);

/** A header line may sit this many row heights further below the line it wraps on from than rows usually do. */
const HEADER_WRAP_SLACK = 0.2;

/** Most pieces beside the key column are figures (a data row). */
function figuresBeside(row: TextRow, colEdges: number[]): boolean {
  const beside = piecesOf(row).filter((p) => bandOf(colEdges, (p.bbox[0] + p.bbox[2]) / 2) > 0);
  return beside.length > 0 && beside.filter(figuresPiece).length >= beside.length * S.figureShare;
}

/**
 * A header line that goes on with the header cells above it: it has text only in columns the line above has
 * text in, leaves some of them empty (the cells that did not wrap), and holds no figures. A line with text in
 * the key column only must also be set tighter than the rows (else it is a group label opening the body).
 */
function headerWrap(above: TextRow, row: TextRow, colEdges: number[], tight: boolean): boolean {
  const mine = columnsOf(row, colEdges);
  // A line in the key column alone is a group label unless set tighter than the rows (a wrapped key header).
  if (mine.size === 1 && mine.has(0) && !tight) return false;
  if (colEdges.length < 3) return false;
  // Set tighter than the rows, every head cell may wrap at once (no letter case tells it in Chinese or Japanese).
  if (tight) return inItsColumns(row, above, colEdges) && noFigures(row);
  return wrappedLine(above, row, colEdges);
}

/** `row` has text only in columns `than` has text in. */
function inItsColumns(row: TextRow, than: TextRow, colEdges: number[]): boolean {
  const theirs = columnsOf(than, colEdges);
  return [...columnsOf(row, colEdges)].every((c) => theirs.has(c));
}

/**
 * A line that goes on with the text of the cells above it, where leading alone cannot tell (scans set every
 * line at the same pitch): it fills fewer columns than its record's first line, and only columns that line has
 * text in, and starts mid-sentence (a lowercase letter). A line in the key column also needs a record of figures
 * (under a header or label row it is a label of its own) and must start flush with the key text above it (an
 * indented line is an item of its own).
 */
function wrapsOn(record: TextRow, above: TextRow, row: TextRow, colEdges: number[]): boolean {
  const mine = columnsOf(row, colEdges);
  // Beside the key, a bracket goes on too: units under a header, a percentage under its count.
  const opener = mine.has(0) ? /^\p{Ll}/u : /^[\p{Ll}([]/u;
  if (!piecesOf(row).every((p) => opener.test(p.words[0].text))) return false;
  if (!inFewerOfItsColumns(row, record, colEdges)) return false;
  if (!mine.has(0)) return true;
  // The key text of a header row or a label row goes on rarely; a lowercase line under it is a section of its own.
  const beside = piecesOf(record).filter((p) => bandOf(colEdges, (p.bbox[0] + p.bbox[2]) / 2) > 0);
  if (beside.filter(figuresPiece).length < Math.max(1, beside.length * S.figureShare)) return false;
  const keyStart = (r: TextRow) =>
    Math.min(...r.words.filter((w) => bandOf(colEdges, (w.bbox[0] + w.bbox[2]) / 2) === 0).map((w) => w.bbox[0]));
  return Math.abs(keyStart(row) - keyStart(above)) <= row.words[0].size * S.keyStartTol;
}

/** Grid positions to join: missing pieces of drawn rules, and text running across a column boundary. */
function spanMerges(
  rowE: RowPlan,
  colE: Edges,
  words: readonly WordItem[],
  rules: RuleSet,
  size: number,
): { merges: Merge[]; occupied: Uint8Array } {
  const rows = rowE.at.length - 1;
  const cols = colE.at.length - 1;
  const occupied = new Uint8Array(rows * cols);
  const bandOf = (edges: number[], v: number) => {
    for (let i = 1; i < edges.length - 1; i++) if (v < edges[i]) return i - 1;
    return edges.length - 2;
  };
  const cellWords = new Map<number, WordItem[]>();
  for (const w of words) {
    const k = bandOf(rowE.at, (w.bbox[1] + w.bbox[3]) / 2) * cols + bandOf(colE.at, (w.bbox[0] + w.bbox[2]) / 2);
    occupied[k] = 1;
    (cellWords.get(k) ?? cellWords.set(k, []).get(k)!).push(w);
  }
  const out: Merge[] = [];
  const rowPieces: Piece[][] = [];
  for (let r = 0; r < rows; r++) {
    const y0 = rowE.at[r];
    const y1 = rowE.at[r + 1];
    const pieces = piecesOf({
      words: words
        .filter((w) => (w.bbox[1] + w.bbox[3]) / 2 >= y0 && (w.bbox[1] + w.bbox[3]) / 2 < y1)
        .sort((a, b) => a.bbox[0] - b.bbox[0]),
      bbox: [0, y0, 0, y1],
    });
    rowPieces.push(pieces);
    for (let c = 0; c < cols - 1; c++) {
      const x = colE.at[c + 1];
      const a = r * cols + c;
      const crossing = !colE.ruled[c + 1] && pieces.some((p) => spansGap(p.words, x, size));
      const pad = (y1 - y0) * S.cellEdgePad;
      const gap = colE.ruled[c + 1] && coverage(rules.v, x, y0 + pad, y1 - pad) < S.cellEdgeCoverage;
      const across = gap && textCrosses(cellWords.get(a), cellWords.get(a + 1));
      if (crossing || across || (gap && (occupied[a] === 0 || occupied[a + 1] === 0)))
        out.push({ a, b: a + 1, textual: crossing || across });
    }
  }
  out.push(...sectionLabels(occupied, rows, cols, colE, rowPieces, size));
  if (rowE.fromRules) {
    for (let r = 0; r < rows - 1; r++) {
      const y = rowE.at[r + 1];
      for (let c = 0; c < cols; c++) {
        const x0 = colE.at[c];
        const x1 = colE.at[c + 1];
        const pad = (x1 - x0) * S.cellEdgePad;
        const a = r * cols + c;
        const b = (r + 1) * cols + c;
        if (coverage(rules.h, y, x0 + pad, x1 - pad) < S.cellEdgeCoverage)
          out.push({ a, b, textual: wrapsDown(cellWords.get(a), cellWords.get(b), size) });
      }
    }
  }
  return { merges: out, occupied };
}

/**
 * Rows that label what follows span the table's width (nothing drawn says otherwise when no column is ruled):
 * a body row with text in the key column only above a row of cells (a section label), and a row of one text
 * set in the middle of the table (a title or a section heading).
 */
function sectionLabels(
  occupied: Uint8Array,
  rows: number,
  cols: number,
  colE: Edges,
  rowPieces: readonly Piece[][],
  size: number,
): Merge[] {
  if (cols < S.sectionLabelMinCols || colE.ruled.slice(1, -1).some(Boolean)) return [];
  const out: Merge[] = [];
  const textAt = (r: number, c: number) => occupied[r * cols + c] === 1;
  const middle = (colE.at[0] + colE.at[cols]) / 2;
  const tolerance = Math.max(size, (colE.at[cols] - colE.at[0]) * S.centredTol);
  for (let r = 0; r < rows; r++) {
    let beside = false;
    for (let c = 1; c < cols; c++) beside ||= textAt(r, c);
    let below = false;
    for (let c = 1; c < cols && r + 1 < rows; c++) below ||= textAt(r + 1, c);
    const label = r > 0 && r < rows - 1 && textAt(r, 0) && !beside && below;
    const one = rowPieces[r].length === 1 ? rowPieces[r][0] : undefined;
    // A lone figure in the middle column is data; a heading is words.
    const centred = one !== undefined && Math.abs((one.bbox[0] + one.bbox[2]) / 2 - middle) <= tolerance && !figuresPiece(one);
    if (!label && !centred) continue;
    for (let c = 0; c < cols - 1; c++) out.push({ a: r * cols + c, b: r * cols + c + 1, textual: false });
  }
  return out;
}

/**
 * Words of one piece sit on both sides of x with no wide gap at x (the piece really runs across). A gap of half
 * an em or more right at the cut is a gutter between two tightly set cells (narrow columns, scanned headers),
 * not the space between two words of one text.
 */
function spansGap(words: readonly WordItem[], x: number, size: number): boolean {
  const left = words.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 < x);
  const right = words.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= x);
  if (left.length === 0 || right.length === 0) return false;
  const leftEdge = Math.max(...left.map((w) => w.bbox[2]));
  const rightEdge = Math.min(...right.map((w) => w.bbox[0]));
  if (leftEdge > x || rightEdge < x) return true;
  // A long label set tight against a column of figures: text does not run on into a figure.
  const gutter = right.every((w) => numeric(w.text)) ? S.figureGutterGap : S.gutterGap;
  return rightEdge - leftEdge < size * gutter;
}

/** Vertical gap, in font sizes, under which two lines of one ruled cell are one wrapped text (line spacing). */
const WRAP_LINE_GAP_EM = 0.5;

/**
 * Two stacked grid cells with no rule between them hold one wrapped text: the lower text starts right under the
 * upper one (within line spacing) and flush with it.
 */
function wrapsDown(a: WordItem[] | undefined, b: WordItem[] | undefined, size: number): boolean {
  if (!a?.length || !b?.length) return false;
  const gap = Math.min(...b.map((w) => w.bbox[1])) - Math.max(...a.map((w) => w.bbox[3]));
  const left = (ws: WordItem[]) => Math.min(...ws.map((w) => w.bbox[0]));
  return gap <= size * WRAP_LINE_GAP_EM && Math.abs(left(a) - left(b)) <= size;
}

/** Two neighbouring grid cells of one row hold one run of text split by a missing rule. */
function textCrosses(a: WordItem[] | undefined, b: WordItem[] | undefined): boolean {
  if (!a || !b) return false;
  const right = Math.max(...a.map((w) => w.bbox[2]));
  const left = Math.min(...b.map((w) => w.bbox[0]));
  return left - right < Math.max(a[0].size, b[0].size) * S.textCrossGap;
}

export function structureTable(box: BBox, pageWords: readonly WordItem[], rules: RuleSet): Structured | undefined {
  let words = wordsIn(pageWords, box, S.wordTol);
  if (words.length === 0) return undefined;
  const size = median(words.map((w) => w.size));
  let rows = textRows(words);
  // Captions and notes at the table's edges are not rows: the box shrinks to the rows between them.
  const trim = edgeNotes(rows, size);
  if (trim.top > 0 || trim.bottom > 0) {
    box = trimmedBox(box, rows, trim, (lo, hi) => ruleBetween(rules, lo, hi, box[0], box[2]));
    rules = rulesWithin(rules, box);
    rows = rows.slice(trim.top, rows.length - trim.bottom);
    words = rows.flatMap((r) => r.words);
    // A caption boxed wider than the table widened the box: it narrows to the kept text and rules.
    const xs = [...words.flatMap((w) => [w.bbox[0], w.bbox[2]]), ...rules.h.flatMap((h) => [h.a0, h.a1]), ...rules.v.map((v) => v.at)];
    box = [Math.max(box[0], Math.min(...xs)), box[1], Math.min(box[2], Math.max(...xs)), box[3]];
    rules = rulesWithin(rules, box);
  }
  const bbox = union([box, ...words.map((w) => w.bbox)]);
  let colE = columnEdges(bbox, rows, rules, size);
  colE = dropThinEmpty(colE, words, 0, size * S.thinColumn);
  let rowE = rowEdges(bbox, rows, rules, size, colE);
  rowE = { ...dropThinEmpty(rowE, words, 1, size * S.thinRow), fromRules: rowE.fromRules };
  const { merges, occupied } = spanMerges(rowE, colE, words, rules, size);
  const rects = spanRects(rowE.at.length - 1, colE.at.length - 1, merges, occupied);
  let cells = assembleCells(rowE.at, colE.at, rects, words);
  const ruledCols = colE.at.length > 2 && colE.ruled.slice(1, -1).every(Boolean);
  const headers = headerRowCount({ cells, rowEdges: rowE.at, colEdges: colE.at, h: rules.h, ruledRows: rowE.fromRules });
  // Drawn column rules say where group labels end; without them the labels are widened to the columns they head.
  const grown = colE.ruled.slice(1, -1).some(Boolean) ? [] : groupLabelMerges(cells, headers, colE.at, size);
  if (grown.length)
    cells = assembleCells(rowE.at, colE.at, spanRects(rowE.at.length - 1, colE.at.length - 1, [...merges, ...grown], occupied), words);
  return { bbox, rowEdges: rowE.at, colEdges: colE.at, cells, headerRowCount: headers, ruledRows: rowE.fromRules, ruledCols };
}

import type { BBox } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { CAPTION_START, NOTES_START } from './captions.ts';
import { numeric } from './headers.ts';
import { lineText, median, piecesOf, textRows, type Piece, type TextRow, type WordItem } from './grid.ts';
import { columnParts, type Interval, mergeIntervals, withoutMarkRows } from './run-parts.ts';
import { wordsOf } from './word-count.ts';
import { withoutSideNotes } from './side-notes.ts';

/**
 * Tables without rules: columns from the alignment of cell pieces (runs of words split at wide gaps), and the
 * page-level finder that looks for runs of consecutive rows whose pieces line up in two or more columns.
 */

/** Thresholds of the unruled finder. `em` is the median font size of the words concerned; row heights are medians. */
const UNRULED = {
  /** Columns narrower than this are never split in two, in em. */
  splitMinWidth: 3,
  /** Fewest text lines in a column for it to be split. */
  splitMinLines: 4,
  /** Share of the column's lines (at least 1) that may have a word across the cut before it is no gutter. */
  splitCrossedShare: 0.1,
  /** Narrowest gutter at the cut, in em. */
  splitMinGutter: 0.4,
  /** Share of the column's lines (at least 2) that must have text on one side of the cut only. */
  splitOneSidedShare: 0.2,
  /** Share of lines on each side of the cut whose left, right or centre lines up with another line's. */
  splitLineUpShare: 0.7,
  /** Share of the lines on each side of the cut made of figures only for a tight figure gutter to split without one-sided lines. */
  splitFigureShare: 0.75,
  /** How far two lines' edges or centres may sit apart and still line up, in em. */
  lineUpTol: 0.5,
  /** Fewest modal rows before a row whose pieces bridge the others' columns is left out. */
  bridgingRowMinRows: 3,
  /** Most single-piece rows above a run that can join it as its group header. */
  headerAboveRows: 2,
  /** Most words in each piece of a group header row above a run. */
  headerAboveMaxWords: 5,
  /** Widest vertical gap between rows of one run, in row heights. */
  rowGapRows: 1.6,
  /** How far a wrapped key line's left edge may sit from the key text above it, in em. */
  wrappedKeyTol: 0.5,
  /** Row height assumed when the words give none, in pt. */
  defaultRowHeight: 20,
  /** Most words per multi-piece cell (median) for a run to be a table rather than prose. */
  maxWordsPerPiece: 5,
  /** Tolerance for pieces lining up between rows, in row heights. */
  alignTolRows: 0.4,
  /** Least share of a run's cells that line up with a cell of another row. */
  minAlignmentShare: 0.5,
  /** Highest score of an unruled run. */
  scoreMax: 0.85,
  /** Score every run starts from. */
  scoreBase: 0.3,
  /** Score per unit of alignment share. */
  scoreAlignment: 0.4,
  /** Score per multi-piece row, ... */
  scorePerRow: 0.03,
  /** ... counting at most this many rows. */
  scoreRowsCap: 5,
  /** Score per column separator, ... */
  scorePerSeparator: 0.02,
  /** ... counting at most this many separators. */
  scoreSeparatorsCap: 4,
  /** A label line across this many of the run's column gutters or more is text, not a label. */
  bridgeMaxCrossings: 2,
  /** Tolerance for a piece running across a column cut when testing continuation rows, in em. */
  fitTol: 0.3,
  /** Fewest rows of cells from which a sparse table's columns are read. */
  sparseMinRows: 3,
  /** Share of a sparse table's columns that its fullest row fills. */
  sparseFullRowShare: 0.75,
} as const;

/** The number of pieces most rows have (among rows with two or more; ties go to the larger count). */
function modalCount(rows: readonly Piece[][]): number {
  const freq = new Map<number, number>();
  for (const r of rows) if (r.length >= 2) freq.set(r.length, (freq.get(r.length) ?? 0) + 1);
  let best = 0;
  let bestN = 0;
  for (const [k, n] of freq) if (n > bestN || (n === bestN && k > best)) [best, bestN] = [k, n];
  return best;
}

/**
 * Column separators (x positions between columns) from rows of pieces. The rows with the modal piece count
 * define the columns (a spanning header piece would bridge two of them); pieces of other rows that fall in no
 * column yet open a column of their own.
 */
export function columnSeparators(rows: readonly Piece[][], minShare = 0): number[] {
  const k = modalCount(rows);
  if (k < 2) return [];
  const withText = rows.filter((r) => r.length > 0).length;
  if (rows.filter((r) => r.length === k).length < Math.max(2, withText * minShare)) return [];
  let cols = modalColumns(rows.filter((r) => r.length === k));
  const extra = rows
    .filter((r) => r.length !== k)
    .flat()
    .filter((p) => !cols.some((c) => p.bbox[0] < c.x1 && p.bbox[2] > c.x0));
  // A column of its own needs pieces in two rows at least (a justified header word is not a column).
  const opened = mergeIntervals(extra.map((p) => ({ x0: p.bbox[0], x1: p.bbox[2] }))).filter(
    (c) => extra.filter((p) => p.bbox[0] < c.x1 && p.bbox[2] > c.x0).length >= 2,
  );
  if (opened.length) cols = mergeIntervals([...cols, ...opened]);
  const words = rows.flatMap((r) => r.flatMap((p) => p.words));
  const size = median(words.map((w) => w.size));
  return cutsBetween(
    cols.flatMap((c) => splitColumn(c, rows, size)),
    words,
  );
}

/** The cut between each two neighbouring columns (clearestCut). */
function cutsBetween(cols: readonly Interval[], words: readonly WordItem[]): number[] {
  return cols.slice(1).map((c, i) => clearestCut(words, cols[i].x1, c.x0));
}

/**
 * Column separators of a sparse table, whose empty cells leave no two rows with as many pieces (columnSeparators
 * finds none): the pieces of its rows of cells, merged where they overlap, when no row puts two pieces in one
 * column and one row fills most columns (its head). A piece over two pieces of another row (two cells fused
 * across a tight gutter) takes no part. For a table already found: the evidence is too thin to find one.
 */
export function sparseColumnSeparators(rows: readonly Piece[][]): number[] {
  const multi = rows.filter((r) => r.length >= 2);
  if (multi.length < UNRULED.sparseMinRows) return [];
  const over = (p: Piece, q: Piece) => q.bbox[0] < p.bbox[2] && q.bbox[2] > p.bbox[0];
  const fused = (p: Piece) => multi.some((r) => r.filter((q) => over(p, q)).length >= 2);
  const cells = multi.map((r) => r.filter((p) => !fused(p)));
  const cols = mergeIntervals(cells.flat().map((p) => ({ x0: p.bbox[0], x1: p.bbox[2] })));
  if (cols.length < 2 || Math.max(...cells.map((r) => r.length)) < cols.length * UNRULED.sparseFullRowShare) return [];
  const columnOf = (p: Piece) => cols.findIndex((c) => p.bbox[0] >= c.x0 && p.bbox[2] <= c.x1);
  if (!cells.every((r) => new Set(r.map(columnOf)).size === r.length)) return [];
  return cutsBetween(
    cols,
    rows.flatMap((r) => r.flatMap((p) => p.words)),
  );
}

/**
 * Two columns set so close that some rows read as one piece (sub-columns under a spanning header, figures
 * fused by OCR): the column splits at a clear vertical gutter that no word crosses, when several rows have
 * text on one side of it only and the text on each side lines up from row to row (ragged prose does not).
 */
function splitColumn(col: Interval, rows: readonly Piece[][], size: number): Interval[] {
  if (col.x1 - col.x0 < size * UNRULED.splitMinWidth) return [col];
  const lines: WordItem[][] = rows
    .map((r) => r.flatMap((p) => p.words).filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= col.x0 && (w.bbox[0] + w.bbox[2]) / 2 <= col.x1))
    .filter((l) => l.length > 0);
  if (lines.length < UNRULED.splitMinLines) return [col];
  const cut = clearestCut(lines.flat(), col.x0 + size, col.x1 - size);
  // A group label over both sub-columns may cross the gutter; body text may not.
  const crossed =
    lines.filter((l) => l.some((w) => w.bbox[0] < cut && w.bbox[2] > cut)).length > Math.max(1, lines.length * UNRULED.splitCrossedShare);
  const left = lines.map((l) => l.filter((w) => w.bbox[2] <= cut)).filter((l) => l.length > 0);
  const right = lines.map((l) => l.filter((w) => w.bbox[0] >= cut)).filter((l) => l.length > 0);
  const gutter = Math.min(...right.map((l) => l[0].bbox[0])) - Math.max(...left.map((l) => Math.max(...l.map((w) => w.bbox[2]))));
  const oneSided = lines.length * 2 - left.length - right.length;
  if (
    crossed ||
    gutter < size * UNRULED.splitMinGutter ||
    (oneSided < Math.max(2, lines.length * UNRULED.splitOneSidedShare) && !figuresOneSide(left, right)) ||
    left.length < 2 ||
    right.length < 2
  )
    return [col];
  const box = (l: { bbox: readonly number[] }[]) => ({
    x0: Math.min(...l.map((w) => w.bbox[0])),
    x1: Math.max(...l.map((w) => w.bbox[2])),
  });
  if (lineUp(left.map(box), size) < UNRULED.splitLineUpShare || lineUp(right.map(box), size) < UNRULED.splitLineUpShare) return [col];
  return [
    ...splitColumn({ x0: col.x0, x1: Math.max(...left.map((l) => box(l).x1)) }, rows, size),
    ...splitColumn({ x0: Math.min(...right.map((l) => box(l).x0)), x1: col.x1 }, rows, size),
  ];
}

/**
 * A column of figures set tight against its neighbour (a gutter under the piece gap) fills every row, so no line
 * is one-sided; prose has words, not figures, on both sides of any gutter, so figures on most lines of one side
 * stand in for that sign. The lines are counted from the first line of figures: a column's head lines above it
 * (wrapped onto several) are words.
 */
function figuresOneSide(left: readonly WordItem[][], right: readonly WordItem[][]): boolean {
  const figureLine = (l: readonly WordItem[]) => l.every((w) => numeric(w.text));
  const mostlyFigures = (lines: readonly WordItem[][]) => {
    const body = lines.slice(Math.max(0, lines.findIndex(figureLine)));
    return body.length > 0 && body.filter(figureLine).length >= body.length * UNRULED.splitFigureShare;
  };
  return mostlyFigures(left) || mostlyFigures(right);
}

/** Share of boxes whose left, right or centre lies within half an em of another box's. */
function lineUp(boxes: readonly Interval[], size: number): number {
  const keys = (b: Interval) => [b.x0, b.x1, (b.x0 + b.x1) / 2];
  let aligned = 0;
  for (const b of boxes)
    if (boxes.some((o) => o !== b && keys(o).some((v, i) => Math.abs(v - keys(b)[i]) <= size * UNRULED.lineUpTol))) aligned++;
  return boxes.length ? aligned / boxes.length : 0;
}

/**
 * Where to cut between two columns: the widest stretch of the gutter that the fewest words run across. Cells
 * wider than the column's usual text (a long header, a figure with its note) then stay on their own side of
 * the cut instead of being halved at the gutter's middle.
 */
function clearestCut(words: readonly { bbox: readonly number[] }[], lo: number, hi: number): number {
  const inside = words.filter((w) => w.bbox[2] > lo && w.bbox[0] < hi);
  const stops = [...new Set([lo, hi, ...inside.flatMap((w) => [w.bbox[0], w.bbox[2]]).filter((x) => x > lo && x < hi)])].sort(
    (a, b) => a - b,
  );
  // Sweep: the words over the gap after stops[k-1] are those started at or before it minus those ended at or before it.
  const starts = inside.map((w) => Math.max(w.bbox[0], lo)).sort((a, b) => a - b);
  const ends = inside.map((w) => w.bbox[2]).sort((a, b) => a - b);
  let started = 0;
  let ended = 0;
  let best = (lo + hi) / 2;
  let bestCover = Infinity;
  let bestWidth = -1;
  for (let k = 1; k < stops.length; k++) {
    const at = stops[k - 1];
    while (started < starts.length && starts[started] <= at) started++;
    while (ended < ends.length && ends[ended] <= at) ended++;
    const cover = started - ended;
    const width = stops[k] - at;
    if (cover < bestCover || (cover === bestCover && width > bestWidth)) [best, bestCover, bestWidth] = [(at + stops[k]) / 2, cover, width];
  }
  return best;
}

/**
 * Column intervals from the rows with the modal piece count. A row whose pieces alone bridge columns the other
 * rows keep apart (a header row whose group label happens to give it the modal count) is left out.
 */
function modalColumns(modal: readonly Piece[][]): Interval[] {
  const spans = (r: readonly Piece[]) => r.map((p) => ({ x0: p.bbox[0], x1: p.bbox[2] }));
  const all = mergeIntervals(modal.flatMap(spans));
  if (modal.length < UNRULED.bridgingRowMinRows) return all;
  const kept = modal.filter((r, i) => mergeIntervals(modal.filter((_, j) => j !== i).flatMap(spans)).length <= all.length);
  return kept.length === modal.length ? all : mergeIntervals(kept.flatMap(spans));
}

export interface UnruledCandidate {
  bbox: BBox;
  rows: TextRow[];
  score: number;
  /** Column cuts (x, left to right) of the run's rows: columnSeparators of their pieces. */
  separators: number[];
}

/** Left, right or centre of most multi-piece cells line up with those of other rows. */
function alignmentShare(rows: readonly Piece[][], tol: number): number {
  const pieces = rows.filter((r) => r.length >= 2).flat();
  if (pieces.length === 0) return 0;
  const keys = (p: Piece) => [p.bbox[0], p.bbox[2], (p.bbox[0] + p.bbox[2]) / 2];
  let aligned = 0;
  for (const p of pieces) {
    const mine = keys(p);
    const hit = pieces.some(
      (q) => q !== p && Math.abs(q.bbox[1] - p.bbox[1]) > tol && keys(q).some((v, i) => Math.abs(v - mine[i]) <= tol),
    );
    if (hit) aligned++;
  }
  return aligned / pieces.length;
}

/**
 * Up to two single-piece rows right above a run join it when they look like a group header: short, inside the
 * run's width and not over its first column (a title or a paragraph line is wider or starts at the left).
 */
function headerAbove(rows: readonly TextRow[], pieces: readonly Piece[][], i: number, j: number, rowH: number): number {
  const body = union(rows.slice(i, j + 1).map((r) => r.bbox));
  const firstColRight = Math.max(
    ...pieces
      .slice(i, j + 1)
      .filter((r) => r.length >= 2)
      .map((r) => r[0].bbox[2]),
  );
  let start = i;
  for (let k = i - 1; k >= Math.max(0, i - UNRULED.headerAboveRows); k--) {
    const p = pieces[k];
    const fits =
      p.length >= 1 &&
      p.length <= 2 &&
      p.every((q) => q.words.length <= UNRULED.headerAboveMaxWords && q.bbox[0] > firstColRight && q.bbox[2] <= body[2] + rowH);
    if (!fits || rows[start].bbox[1] - rows[k].bbox[3] > rowH * UNRULED.rowGapRows) break;
    start = k;
  }
  return start;
}

/** A one-piece line that goes on with the key text above it: starts mid-sentence, flush with that text. */
function wrappedKey(above: readonly Piece[], row: readonly Piece[]): boolean {
  const first = row[0]?.words[0];
  return (
    first !== undefined &&
    above.length > 0 &&
    /^\p{Ll}/u.test(first.text) &&
    Math.abs(row[0].bbox[0] - above[0].bbox[0]) <= first.size * UNRULED.wrappedKeyTol
  );
}

/** Most label or spacer lines bridged between two parts of one table. */
const MAX_BRIDGE_ROWS = 3;
/** Widest vertical gap, in median row heights, between a table's part and the lines that continue it. */
const MAX_BRIDGE_GAP_ROWS = 4;
/** A group label or section heading holds at most this many words (a paragraph line holds more). */
const LABEL_MAX_WORDS = 8;
/** Rows of cells read past the bridged lines to judge whether they keep to the same columns. */
const LOOKAHEAD_ROWS = 3;
/** Rows of cells after the bridged lines that a continuation needs (one when those lines are first-column cells). */
const MIN_AHEAD_ROWS = 2;
/** Share of the part's cell rows that must keep to the other part's columns (no cell across a gutter). */
const FIT_SHARE = 0.75;

/** A piece's text in reading order (a right-to-left caption starts at its right). */
const rowText = (p: Piece) => lineText(p.words);

/**
 * A caption or notes line (or such lines side by side, over tables set side by side): it ends the table above it
 * (a second table may start right under it) and starts none.
 */
const captionRow = (p: readonly Piece[]) => p.length >= 1 && p.every((q) => CAPTION_START.test(rowText(q)) || NOTES_START.test(rowText(q)));

/** A short line of one piece that may label a group of rows inside a table (not a caption or notes line). */
export const labelLine = (row: readonly Piece[]): boolean =>
  row.length === 1 && wordsOf(row[0].words) <= LABEL_MAX_WORDS && !captionRow(row);

/**
 * A line that separates two tables rather than belonging to one: a caption or notes line, or a paragraph line
 * (one run of more words than a label holds that runs across a column cut of the rows around it). The cuts are
 * asked for only when the line could be a paragraph line.
 */
export function separatingLine(row: readonly Piece[], seps: () => readonly number[]): boolean {
  if (captionRow(row)) return true;
  if (row.length !== 1 || wordsOf(row[0].words) <= LABEL_MAX_WORDS) return false;
  const [x0, x1] = [row[0].bbox[0], row[0].bbox[2]];
  return seps().some((x) => x > x0 && x < x1);
}

/** Whether a row's pieces keep to the columns `seps` cut (no piece runs across a cut) and fill two or more. */
function keepsColumns(row: readonly Piece[], seps: readonly number[], tol: number): boolean {
  if (row.length < 2) return false;
  const bands = new Set<number>();
  for (const p of row) {
    if (seps.some((x) => p.bbox[0] < x - tol && p.bbox[2] > x + tol)) return false;
    const band = seps.filter((x) => x <= (p.bbox[0] + p.bbox[2]) / 2).length;
    // Two cells in one column: the row has columns the other part lacks (another table).
    if (bands.has(band)) return false;
    bands.add(band);
  }
  return bands.size >= 2;
}

function fitShare(rows: readonly Piece[][], seps: readonly number[], tol: number): number {
  const multi = rows.filter((r) => r.length >= 2);
  return multi.length ? multi.filter((r) => keepsColumns(r, seps, tol)).length / multi.length : 0;
}

/**
 * The last row of a continuation of the run i..j past a spacer gap or up to MAX_BRIDGE_ROWS label lines (short
 * single-piece lines that do not run across the columns), or j when there is none. The rows of cells after the
 * bridge must keep to the run's columns, or the run's rows to theirs, one cell a column and as many cells a row
 * (a table under another with columns of its own is a second table); a header line alone must fit theirs.
 */
function bridge(rows: readonly TextRow[], pieces: readonly Piece[][], i: number, j: number, rowH: number): number {
  const run = pieces.slice(i, j + 1);
  if (run.filter((r) => r.length >= 2).length < 1) return j;
  const size = median(rows[j].words.map((w) => w.size));
  const seps = columnSeparators(run);
  let k = j + 1;
  let labels = 0;
  // Lines that keep to the run's first column are rows whose other cells are empty, not labels over a new part.
  let firstColumnOnly = seps.length > 0;
  while (k < rows.length && pieces[k].length < 2) {
    const p = pieces[k];
    const crossing = p.length === 1 ? seps.filter((x) => x > p[0].bbox[0] + size && x < p[0].bbox[2] - size).length : 0;
    const caption = captionRow(p);
    if (
      ++labels > MAX_BRIDGE_ROWS ||
      p.length === 0 ||
      p[0].words.length > LABEL_MAX_WORDS ||
      crossing >= UNRULED.bridgeMaxCrossings ||
      caption
    )
      return j;
    if (rows[k].bbox[1] - rows[k - 1].bbox[3] > rowH * MAX_BRIDGE_GAP_ROWS) return j;
    firstColumnOnly &&= p[0].bbox[2] < seps[0];
    k++;
  }
  if (k >= rows.length || rows[k].bbox[1] - rows[k - 1].bbox[3] > rowH * MAX_BRIDGE_GAP_ROWS) return j;
  // The rows of cells after the bridge, up to the next wide gap.
  const ahead: Piece[][] = [];
  for (let m = k; m < rows.length && ahead.length < LOOKAHEAD_ROWS; m++) {
    if (m > k && rows[m].bbox[1] - rows[m - 1].bbox[3] > rowH * UNRULED.rowGapRows) break;
    if (pieces[m].length >= 2) ahead.push(pieces[m]);
  }
  if (ahead.length < (firstColumnOnly ? 1 : MIN_AHEAD_ROWS)) return j;
  const tol = size * UNRULED.fitTol;
  const forward = seps.length >= 1 && fitShare(ahead, seps, tol) >= FIT_SHARE;
  const aheadSeps = columnSeparators(ahead);
  const backward = aheadSeps.length >= 1 && fitShare(run, aheadSeps, tol) >= FIT_SHARE;
  // A header line alone has no columns of its own; else both parts hold as many cells a row (one table's columns),
  // or a row ahead fills each of the run's columns (wrapped cell lines may outnumber the run's full rows).
  if (seps.length === 0) return backward ? k : j;
  const fillsRun = forward && ahead.some((r) => r.length === seps.length + 1);
  return ((forward || backward) && modalCount(ahead) === modalCount(run)) || fillsRun ? k : j;
}

/**
 * The last row of the run i..j going on from row j: rows closer than a wide gap, with at most one single-piece
 * row in a row (a wrapped key line does not count), up to a caption, notes or paragraph line.
 */
function extendRun(rows: readonly TextRow[], pieces: readonly Piece[][], i: number, j: number, rowH: number): number {
  let singles = 0;
  while (j + 1 < rows.length && rows[j + 1].bbox[1] - rows[j].bbox[3] <= rowH * UNRULED.rowGapRows) {
    const next = pieces[j + 1];
    if (next.length >= 2 && !captionRow(next)) singles = 0;
    else if (separatingLine(next, () => columnSeparators(pieces.slice(i, j + 1))) || (!wrappedKey(pieces[j], next) && ++singles > 1)) break;
    j++;
  }
  return j;
}

/**
 * Runs of consecutive text rows laid out as cells. A run may hold single-piece rows (wrapped cells, section
 * labels) between multi-piece ones; it ends at a wide vertical gap or two single-piece rows in a row.
 */
export function findUnruledTables(words: readonly WordItem[], minRows: number): UnruledCandidate[] {
  const rows = withoutMarkRows(withoutSideNotes(textRows(words)));
  const pieces = rows.map((r) => piecesOf(r));
  const rowH = median(rows.map((r) => r.bbox[3] - r.bbox[1])) || UNRULED.defaultRowHeight;
  const out: UnruledCandidate[] = [];
  let i = 0;
  while (i < rows.length) {
    if (pieces[i].length < 2 || captionRow(pieces[i])) {
      i++;
      continue;
    }
    let j = extendRun(rows, pieces, i, i, rowH);
    // Spacer gaps, group labels and section headings inside the column structure do not end the table: rows
    // past them that keep to the same columns go on with it.
    for (let next = bridge(rows, pieces, i, j, rowH); next > j; next = bridge(rows, pieces, i, j, rowH)) {
      j = extendRun(rows, pieces, i, next, rowH);
    }
    const size = median(rows.slice(i, j + 1).flatMap((r) => r.words.map((w) => w.size)));
    const tol = size * UNRULED.fitTol;
    const keepsPart = (part: readonly number[], row: number) =>
      keepsColumns(pieces[row], columnSeparators(part.map((k) => pieces[k])), tol);
    for (const [a, b] of columnParts(pieces, i, j, tol, UNRULED.maxWordsPerPiece, keepsPart)) {
      const candidate = runCandidate(rows, pieces, a === i, a, b, rowH, minRows);
      if (candidate) out.push(candidate);
    }
    i = j + 1;
  }
  return out;
}

/** The run a..b as a candidate (its trailing one-piece rows dropped, a group header above joined), or null. */
function runCandidate(
  rows: readonly TextRow[],
  pieces: readonly Piece[][],
  first: boolean,
  a: number,
  b: number,
  rowH: number,
  minRows: number,
): UnruledCandidate | null {
  let j = b;
  while (j > a && pieces[j].length < 2 && !wrappedKey(pieces[j - 1], pieces[j])) j--;
  const i = first ? headerAbove(rows, pieces, a, j, rowH) : a;
  const run = pieces.slice(i, j + 1);
  const multi = run.filter((r) => r.length >= 2);
  const wordsPerPiece = median(multi.flat().map((p) => p.words.length));
  const seps = columnSeparators(run);
  if (multi.length < minRows || wordsPerPiece > UNRULED.maxWordsPerPiece || seps.length < 1) return null;
  const share = alignmentShare(run, rowH * UNRULED.alignTolRows);
  if (share < UNRULED.minAlignmentShare) return null;
  const score = Math.min(
    UNRULED.scoreMax,
    UNRULED.scoreBase +
      UNRULED.scoreAlignment * share +
      UNRULED.scorePerRow * Math.min(UNRULED.scoreRowsCap, multi.length) +
      UNRULED.scorePerSeparator * Math.min(UNRULED.scoreSeparatorsCap, seps.length),
  );
  return { bbox: union(rows.slice(i, j + 1).map((r) => r.bbox)), rows: rows.slice(i, j + 1), score, separators: seps };
}

import { median, type Piece, type TextRow } from './grid.ts';
import { wordsOf } from './word-count.ts';

/**
 * Parts of a run of rows that the unruled finder (unruled.ts) reads as tables apart: where the column structure
 * changes between prose set in columns and a table, or between two tables, and rows of raised or lowered marks
 * that are no rows of cells. Also the column intervals both modules merge.
 */

export interface Interval {
  x0: number;
  x1: number;
}

/** Overlapping intervals merged, left to right. */
export function mergeIntervals(list: Interval[]): Interval[] {
  list.sort((a, b) => a.x0 - b.x0);
  const out: Interval[] = [];
  for (const i of list) {
    const last = out[out.length - 1];
    if (last && i.x0 <= last.x1) last.x1 = Math.max(last.x1, i.x1);
    else out.push({ ...i });
  }
  return out;
}

/** The horizontal extents of a row's cells. */
const extentsOf = (row: readonly Piece[]): Interval[] => row.map((p) => ({ x0: p.bbox[0], x1: p.bbox[2] }));

/** Intervals of `b` that interval `a` lies over beyond `tol`. */
const overlapping = (a: Interval, b: readonly Interval[], tol: number) =>
  b.filter((q) => Math.min(a.x1, q.x1) - Math.max(a.x0, q.x0) > tol).length;

/** A row of cells keeps to a column structure: no cell lies across one of its gutters, no column holds two cells. */
function keepsStructure(row: readonly Piece[], columns: readonly Interval[], tol: number): boolean {
  const cells = extentsOf(row);
  return cells.every((c) => overlapping(c, columns, tol) <= 1) && columns.every((c) => overlapping(c, cells, tol) <= 1);
}

/** Fewest rows of cells that settle a part's column structure before a change of structure can split it. */
const SETTLED_ROWS = 2;
/** Fewest rows of cells on each side of a change of columns between two tables (no prose either side). */
const TABLE_PART_ROWS = 3;

/** Rows whose cells hold more words (median) than a table's cells do: lines of prose set in columns. */
const proseRows = (pieces: readonly Piece[][], rows: readonly number[], maxWordsPerCell: number) =>
  median(rows.flatMap((k) => pieces[k].map((p) => wordsOf(p.words)))) > maxWordsPerCell;

/**
 * Where the column structure of rows i..j changes for good, as positions in `multi` (its rows of cells): once
 * two or more rows have settled the columns (their cells' extents merged), two rows in a row that do not keep to
 * them. One odd row (a note across the columns) neither changes nor breaks the columns; a part's first rows may
 * restart them (a spanning head above the body).
 */
function columnChanges(pieces: readonly Piece[][], multi: readonly number[], tol: number): number[] {
  const changes: number[] = [];
  let columns: Interval[] = [];
  let settled = 0;
  for (const [n, k] of multi.entries()) {
    const keeps = (r: number) => keepsStructure(pieces[r], columns, tol);
    const next = multi[n + 1];
    if (settled >= SETTLED_ROWS && !keeps(k) && next !== undefined && !keeps(next)) {
      changes.push(n);
      [columns, settled] = [extentsOf(pieces[k]), 1];
    } else if (settled === 0 || keeps(k)) {
      columns = mergeIntervals([...columns, ...extentsOf(pieces[k])]);
      settled++;
    } else if (settled < SETTLED_ROWS) [columns, settled] = [extentsOf(pieces[k]), 1];
  }
  return changes;
}

/** Rows of cells read past a change of columns to see whether the new columns hold. */
const SETTLE_LOOKAHEAD = 3;

/**
 * Whether the rows from multi[n] on settle columns of their own: each of the next few keeps to the columns of
 * those before it. Rows whose cells merely ran together (a gutter too tight for a row or two) do not.
 */
function settlesAnew(pieces: readonly Piece[][], multi: readonly number[], n: number, tol: number): boolean {
  let columns = extentsOf(pieces[multi[n]]);
  const ahead = multi.slice(n + 1, n + 1 + SETTLE_LOOKAHEAD);
  for (const k of ahead) {
    if (!keepsStructure(pieces[k], columns, tol)) return false;
    columns = mergeIntervals([...columns, ...extentsOf(pieces[k])]);
  }
  return ahead.length > 0;
}

/** Rows of prose in a row beside a table's rows, each across the table's column cuts, that part them. */
const PROSE_TURN_ROWS = 2;
/** Most words in any one cell of the rows of cells at a prose turn. */
const MAX_CELL_WORDS = 8;

/**
 * Where rows of a table meet prose set in columns that merely lines up with the table's extents (above or
 * below it): a table whose gutters are too tight for every row to part its cells reads as one wide column, so
 * no change of columns shows. A turn is a boundary with PROSE_TURN_ROWS rows of prose on one side and
 * TABLE_PART_ROWS or more rows of cells (not prose) on the other, each prose row running across the column cuts
 * the finder reads in those rows of cells.
 */
function proseTurns(pieces: readonly Piece[][], multi: readonly number[], maxWordsPerCell: number, keepsPart: KeepsPart): number[] {
  const prose = multi.map((k) => proseRows(pieces, [k], maxWordsPerCell));
  // The rows of cells around position n: the run of non-prose rows it starts or ends.
  const cellsFrom = (n: number, step: 1 | -1) => {
    const out: number[] = [];
    for (let m = n; m >= 0 && m < multi.length && !prose[m]; m += step) out.push(multi[m]);
    return step === 1 ? out : out.reverse();
  };
  const proseRun = (from: number, to: number) => from >= 0 && to <= multi.length && prose.slice(from, to).every(Boolean);
  // Rows of cells with a run of prose in one column are prose lines whose word gaps stretched (justified).
  const cellRows = (cells: readonly number[]) => cells.every((k) => pieces[k].every((p) => wordsOf(p.words) <= MAX_CELL_WORDS));
  const breaks = (cells: readonly number[], from: number, to: number) =>
    cells.length >= TABLE_PART_ROWS && cellRows(cells) && multi.slice(from, to).every((k) => !keepsPart(cells, k));
  const turns: number[] = [];
  for (let n = 1; n < multi.length; n++) {
    if (prose[n - 1] === prose[n]) continue;
    const below = prose[n] && proseRun(n, n + PROSE_TURN_ROWS) && breaks(cellsFrom(n - 1, -1), n, n + PROSE_TURN_ROWS);
    const above = prose[n - 1] && proseRun(n - PROSE_TURN_ROWS, n) && breaks(cellsFrom(n, 1), n - PROSE_TURN_ROWS, n);
    if (below || above) turns.push(n);
  }
  return turns;
}

/** Whether row `row` keeps to the columns the rows `part` make (the finder's own column reading). */
export type KeepsPart = (part: readonly number[], row: number) => boolean;

/**
 * Rows i..j split where the columns change between prose set in columns and a table (two-column prose right
 * above a table), or between two tables of three or more rows each whose second settles columns of its own and
 * leaves the first's. A shorter block with columns of its own stays with its table (a signature block's name
 * lines under its party lines). Rows of one piece stay with the part above. Returns the parts as [first, last]
 * row pairs.
 */
export function columnParts(
  pieces: readonly Piece[][],
  i: number,
  j: number,
  tol: number,
  maxWordsPerCell: number,
  keepsPart: KeepsPart,
): [number, number][] {
  const multi: number[] = [];
  for (let k = i; k <= j; k++) if (pieces[k].length >= 2) multi.push(k);
  const changes = columnChanges(pieces, multi, tol);
  // A prose turn stands in where the columns show no change near it (a paragraph's short last line is no turn).
  const turns = proseTurns(pieces, multi, maxWordsPerCell, keepsPart).filter(
    (n) => !changes.some((c) => Math.abs(c - n) <= PROSE_TURN_ROWS),
  );
  const bounds = [0, ...[...changes, ...turns].sort((a, b) => a - b), multi.length];
  const cuts: number[] = [];
  // Each change is judged against the part it would close (from the last accepted cut): a change back to the
  // part's own columns after a few odd rows is no change.
  for (let c = 1; c < bounds.length - 1; c++) {
    const at = bounds[c];
    const [before, after] = [multi.slice(cuts.at(-1) ?? 0, at), multi.slice(at, bounds[c + 1])];
    const prose = proseRows(pieces, before, maxWordsPerCell) !== proseRows(pieces, after, maxWordsPerCell);
    const tables =
      before.length >= TABLE_PART_ROWS &&
      after.length >= TABLE_PART_ROWS &&
      settlesAnew(pieces, multi, at, tol) &&
      !keepsPart(before, multi[at]);
    if (prose || tables) cuts.push(at);
  }
  const starts = [i, ...cuts.map((at) => multi[at])];
  return starts.map((a, n) => [a, n + 1 < starts.length ? starts[n + 1] - 1 : j]);
}

/** A line of marks set smaller than the text beside it: at most this share of that text's size ... */
const MARK_SIZE_SHARE = 0.8;
/** ... and at most this many characters a word (reference numbers, footnote letters and symbols). */
const MARK_MAX_CHARS = 12;

/**
 * Rows of superscript or subscript marks that stand apart from their text line (author lists with affiliation
 * numbers, footnote marks): small words overlapping a row of larger text above or below them. They are no row
 * of cells, and their short pieces would otherwise pass for columns.
 */
export function withoutMarkRows(rows: TextRow[]): TextRow[] {
  const size = (r: TextRow) => median(r.words.map((w) => w.size));
  const beside = (r: TextRow, o: TextRow | undefined) =>
    o !== undefined && size(r) <= size(o) * MARK_SIZE_SHARE && Math.max(r.bbox[1] - o.bbox[3], o.bbox[1] - r.bbox[3]) < 0;
  return rows.filter(
    (r, k) => !(r.words.every((w) => w.text.length <= MARK_MAX_CHARS) && (beside(r, rows[k - 1]) || beside(r, rows[k + 1]))),
  );
}

import type { BBox, Block, ModelPage } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { detectTables, dropNested, type Candidate } from './detect.ts';
import { centerIn, pageWords, textRows, type WordItem } from './grid.ts';
import { insideParagraph } from './in-paragraph.ts';
import { formLike, formulaLike, markerList } from './forms.ts';
import { furnitureTable } from './furniture.ts';
import { lineWords, rotatedViews } from './rotated.ts';
import { type PageRules, pageRules, rulesWithin, type RuleSet } from './ruled.ts';
import { structureTable } from './structure.ts';
import { fillFromVerticalText } from './vertical-heads.ts';
import { withVerticalHeadRow } from './heads-above.ts';
import type { DetectionPolicy, TableModel } from './types.ts';
import { textWords } from './word-count.ts';

/**
 * Table structure for born-digital pages (issue 5): find tables (or take the layout stage's boxes, or the whole
 * text area) and recover rows, columns, spans, multi-line cells and header rows from rules and word alignment.
 */

export type { DetectionPolicy, TableModel, TableCellModel, MappingQuality } from './types.ts';
export { mergeAcrossPages, type TableGroup } from './merge.ts';
export { coverage, escapeHtml, tableHtml, type ViewGrid } from './table-html.ts';
export { gridOfTable, tableMarkup } from './table-html.ts';

export interface FindTablesOptions {
  policy: DetectionPolicy;
  /** detector: this module's finder; layout: structure inside `layoutTables`; none: the page's text area as one table. */
  source: 'detector' | 'layout' | 'none';
  layoutTables?: BBox[];
}

/** What a found table must look like (looksFilled, proseLike, chartLike). */
const FOUND = {
  /** Score of a table inside a layout table block. */
  scoreLayout: 0.7,
  /** Score of the page's text area read as one table. */
  scorePage: 0.3,
  /** Least share of filled cells under `strict`. */
  filledShareStrict: 0.4,
  /** Least share of filled cells under `liberal`. */
  filledShareLiberal: 0.25,
  /** Fewest filled cells under `strict`. */
  minFilledStrict: 4,
  /** Fewest filled cells under `liberal`. */
  minFilledLiberal: 3,
  /** A cell of this many words or more is a long (prose) cell. */
  longCellWords: 8,
  /** Most words of the median cell of an unruled table that is no prose. */
  maxMedianCellWords: 3,
  /** Share of long cells that makes an unruled table prose. */
  longCellShare: 0.3,
  /** Fills this narrow or low or less are rules or marks, not bars, in pt. */
  minFillSide: 4,
  /** Fills larger than this share of the table's area are backgrounds. */
  maxFillShare: 0.3,
  /** Fewest textless fills that make a box a chart or legend ... */
  minBareFills: 3,
  /** ... when they are at least this share of its fills. */
  bareFillShare: 0.5,
  /** A box with this many times as many turned words as upright ones holds a table set on its side. */
  turnedTextRatio: 1,
} as const;

export function findTables(page: ModelPage, options: FindTablesOptions): TableModel[] {
  if (page.skipped || page.lines.length === 0) return [];
  let tables =
    options.source === 'detector' ? [...uprightTables(page, options), ...rotatedTables(page, options)] : uprightTables(page, options);
  if (options.source === 'detector') tables = dropNested(tables);
  tables.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  tables.forEach((t, i) => (t.id = `p${page.page_index}_t${i + 1}`));
  return tables;
}

/** Tables among the page's horizontal words. */
function uprightTables(page: ModelPage, options: FindTablesOptions): TableModel[] {
  const words = pageWords(page);
  if (words.length === 0) return [];
  const rules = pageRules(page);
  const candidates = candidatesFor(page, words, rules, options);
  const tables: TableModel[] = [];
  for (const c of candidates) {
    if (options.source === 'detector' && mostlyTurnedText(page, c.bbox, words)) continue;
    const t = toModel(page, c, words);
    if (t && (options.source !== 'detector' || looksFilled(t, options.policy, page, words, rules)))
      tables.push(withVerticalHeadRow(page, t, words));
  }
  return tables;
}

/**
 * Most words inside the box run up or down the page: a table set on its side (rotatedTables reads it), whose
 * horizontal words are its turned column heads. Read upright, its rules would frame the columns as rows.
 */
function mostlyTurnedText(page: ModelPage, box: BBox, upright: readonly WordItem[]): boolean {
  const inside = (b: BBox) => centerIn(b, box);
  const turned = lineWords(page.lines.filter((l) => l.rotation % 180 !== 0 && inside(l.bbox)));
  return turned > upright.filter((w) => inside(w.bbox)).length * FOUND.turnedTextRatio;
}

/**
 * Tables whose text runs up or down the page (rotated.ts): found in the frame where that text is horizontal,
 * boxes turned back onto the page. Row and column edges stay in the text's frame (`textRotation` says which).
 */
function rotatedTables(page: ModelPage, options: FindTablesOptions): TableModel[] {
  return rotatedViews(page).flatMap((view) =>
    uprightTables(view.page, options).map((t) => ({
      ...t,
      bbox: view.back(t.bbox),
      cells: t.cells.map((c) => ({ ...c, bbox: view.back(c.bbox) })),
      textRotation: view.rotation,
    })),
  );
}

/**
 * The structure inside one layout table block (liberal: the block already says it is a table), or null. Lines that
 * layout gave to other blocks stay out even where the table's box overlaps them, so no text is read twice.
 */
export function tableOfBlock(page: ModelPage, block: Pick<Block, 'id' | 'bbox'>): TableModel | null {
  const elsewhere = new Set(page.blocks.filter((b) => b.id !== block.id).flatMap((b) => b.lines.map((l) => l.id)));
  const own = elsewhere.size ? { ...page, lines: page.lines.filter((l) => !elsewhere.has(l.id)) } : page;
  return findTables(own, { policy: 'liberal', source: 'layout', layoutTables: [block.bbox] })[0] ?? null;
}

function candidatesFor(page: ModelPage, words: readonly WordItem[], rules: PageRules, options: FindTablesOptions): Candidate[] {
  if (options.source === 'detector') return detectTables(page, words, rules, options.policy);
  const boxes = options.source === 'layout' ? (options.layoutTables ?? []) : [union(words.map((w) => w.bbox))];
  return boxes.map((bbox) => {
    const inside = rulesWithin(rules, bbox);
    return {
      bbox,
      source: options.source === 'layout' ? 'layout' : 'page',
      score: options.source === 'layout' ? FOUND.scoreLayout : FOUND.scorePage,
      rules: inside,
    };
  });
}

/**
 * Charts and diagrams draw grids too, with a few labels scattered over many empty cells; a table fills most of
 * its cells. Found tables need at least two rows and columns.
 */
function looksFilled(t: TableModel, policy: DetectionPolicy, page: ModelPage, words: readonly WordItem[], rules: RuleSet): boolean {
  const rows = t.rowEdges.length - 1;
  const cols = t.colEdges.length - 1;
  if (rows < 2 || cols < 2) return false;
  const filled = t.cells.filter((c) => c.text).length;
  if (
    filled / t.cells.length < (policy === 'strict' ? FOUND.filledShareStrict : FOUND.filledShareLiberal) ||
    filled < (policy === 'strict' ? FOUND.minFilledStrict : FOUND.minFilledLiberal)
  )
    return false;
  // Forms and marker lists (forms.ts); a block with drawn rows and columns is left to the filled test.
  if (markerList(t) || (t.mappingQuality !== 'exact' && formLike(t, policy, rules))) return false;
  // Prose and the running head are never tables, whatever the policy; charts only count against `strict`.
  if (t.source === 'unruled' && (proseLike(t) || formulaLike(t) || stretchOfParagraph(t, words))) return false;
  if (furnitureTable(t, page)) return false;
  return policy === 'liberal' || !chartLike(page, t.bbox, words);
}

/** An unruled block whose paragraph goes on right above and below it (in-paragraph.ts). */
function stretchOfParagraph(t: TableModel, words: readonly WordItem[]): boolean {
  if (t.textRotation) return false;
  return insideParagraph(t.bbox, textRows(words.filter((w) => centerIn(w.bbox, t.bbox))), words);
}

/**
 * Justified prose, two-column exercise pages and typeset formulas line up in "columns" too, but their cells
 * are runs of words: an unruled table's cells are mostly short (a median of at most a few words).
 */
function proseLike(t: TableModel): boolean {
  const wordCounts = t.cells
    .filter((c) => c.text)
    .map((c) => textWords(c.text))
    .sort((a, b) => a - b);
  const long = wordCounts.filter((n) => n >= FOUND.longCellWords).length;
  return wordCounts[wordCounts.length >> 1] > FOUND.maxMedianCellWords || long >= wordCounts.length * FOUND.longCellShare;
}

/**
 * Bars, colour swatches and plot areas are fills with no text on them; the shading of a table sits behind its
 * text. Several textless fills, half of all fills inside, make the box a chart or legend.
 */
function chartLike(page: ModelPage, box: BBox, words: readonly WordItem[]): boolean {
  const boxArea = (box[2] - box[0]) * (box[3] - box[1]);
  let fills = 0;
  let bare = 0;
  for (const p of page.paths) {
    if (p.kind !== 'fill') continue;
    const [x0, y0, x1, y1] = p.bbox;
    if (
      x1 - x0 <= FOUND.minFillSide ||
      y1 - y0 <= FOUND.minFillSide ||
      (x1 - x0) * (y1 - y0) > boxArea * FOUND.maxFillShare ||
      !centerIn(p.bbox, box)
    )
      continue;
    fills++;
    if (!words.some((w) => centerIn(w.bbox, p.bbox))) bare++;
  }
  return bare >= FOUND.minBareFills && bare >= fills * FOUND.bareFillShare;
}

function toModel(page: ModelPage, c: Candidate, words: readonly WordItem[]): TableModel | undefined {
  const s = structureTable(c.bbox, words, c.rules);
  if (!s) return undefined;
  const model: TableModel = {
    id: '',
    pageIndex: page.page_index,
    bbox: s.bbox,
    source: c.source,
    rowEdges: s.rowEdges,
    colEdges: s.colEdges,
    cells: s.cells.map((cell) => ({
      row: cell.row,
      col: cell.col,
      rowspan: cell.rowspan,
      colspan: cell.colspan,
      text: cell.text,
      bbox: cell.bbox,
      wordIds: cell.words.map((w) => w.id),
      isHeader: cell.row < s.headerRowCount,
    })),
    headerRowCount: s.headerRowCount,
    mappingQuality: s.ruledRows && s.ruledCols ? 'exact' : 'heuristic',
    score: c.score,
  };
  fillFromVerticalText(page, model.cells);
  return model;
}

import type { BBox } from '../model/types.ts';

/**
 * Tables as the table stages produce them, before any view: geometry in page-image pixels (decisions.md: PDF
 * pages at 2 px per point), one page per TableModel (multi-page tables are grouped afterwards, merge.ts).
 */

/** How the table was found: vector rules/fills, word alignment, raster lines + OCR, the layout stage, or the whole text area. */
export type TableSource = 'ruled' | 'unruled' | 'raster' | 'layout' | 'page';

/** exact: cell geometry from vectors or text; heuristic: inferred from alignment; fallback: one cell per line or worse. */
export type MappingQuality = 'exact' | 'heuristic' | 'fallback';

export interface TableCellModel {
  /** Top-left grid position of the cell (0-based) and its span. A spanning cell appears once. */
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  /** The cell's words in reading order; lines of a multi-line cell joined by a space. Exactly as printed. */
  text: string;
  /** The cell's area: the grid cell (ruled) or its words' union grown to the column/row bands (unruled). */
  bbox: BBox;
  /** The words inside, as `<line id>_w<word index>` (line ids are `p<page>_l<n>`). */
  wordIds: string[];
  isHeader: boolean;
}

export interface TableModel {
  /** Deterministic per page: `p<page>_t<n>`, numbered top to bottom. */
  id: string;
  pageIndex: number;
  bbox: BBox;
  source: TableSource;
  /** Row boundaries top to bottom (rows + 1 values) and column boundaries left to right (cols + 1 values). */
  rowEdges: number[];
  colEdges: number[];
  /** Every grid position is covered by exactly one cell (empty cells have text ''). */
  cells: TableCellModel[];
  /** Leading rows that are header rows (stacked headers count each row). */
  headerRowCount: number;
  mappingQuality: MappingQuality;
  /** Confidence that this is a table (0..1); `strict` detection keeps higher scores than `liberal`. */
  score: number;
  /**
   * Set when the table's text runs down (90) or up (270) the page: `bbox` and cell boxes are page boxes, but
   * `rowEdges`/`colEdges` are positions in the frame where the text reads horizontally.
   */
  textRotation?: 90 | 270;
}

export type DetectionPolicy = 'strict' | 'liberal';

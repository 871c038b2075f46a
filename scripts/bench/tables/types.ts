/** Shapes shared by the table benchmark's readers, metrics and peers (scripts/bench/tables). */

/** [x0, y0, x1, y1] in PDF points, origin top-left (y grows downwards). */
export type Box = [number, number, number, number];

export interface ExtractedCell {
  /** Top-left grid position (0-based) and span; a spanning cell appears once. */
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  text: string;
}

/** One table as a tool found it on one page: the boundary between a tool (ours or a peer) and the metrics. */
export interface ExtractedTable {
  /** 0-based page index. */
  pageIndex: number;
  bbox: Box;
  cells: ExtractedCell[];
}

/** One ground-truth table region of ICDAR-2013, converted to the same shape (page, top-left box, cells). */
export interface GroundTruthTable extends ExtractedTable {
  /** `<table id>` of the -reg/-str files, with the region id when a table spans pages (e.g. "3" or "3.2"). */
  id: string;
}

import type { BBox } from '../model/types.ts';

/**
 * What the equation, chart and diagram stages read that the document model does not keep: every glyph with its
 * font and baseline, every vector path with its geometry (curves flattened to polylines) and paint, and for
 * pages without a usable text layer the page image's pixels. Built on demand, per page, for the equations and
 * charts endpoints (and parse), never stored in the cached model (it is large and only these stages need it).
 *
 * Coordinates: page-image pixels like the model (PDF pages at 144 dpi, 2 px per point; images at native size),
 * y grows downwards.
 */

export interface Glyph {
  /** The character as Unicode (U+FFFD when the font has no mapping). */
  c: string;
  /** The glyph's box (font ascender to descender, advance width). */
  bbox: BBox;
  /** Pen origin on the baseline. */
  x: number;
  y: number;
  /** Font size in px. */
  size: number;
  /** Font name without the subset prefix: `CMMI10`, `Times-Italic`, `Symbol`, `CMEX10`. */
  font: string;
  italic: boolean;
  bold: boolean;
  /** Index of the glyph in content order on its page. */
  seq: number;
}

export interface DrawnPath {
  /** Subpaths in page pixels; Bézier curves are flattened into short segments. */
  subpaths: { points: [number, number][]; closed: boolean; curved: boolean }[];
  /** Fill colour (`#rrggbb`) when the path is filled, else undefined. */
  fill?: string;
  /** Stroke colour when the path is stroked, else undefined. */
  stroke?: string;
  /** Stroke width in px (0 for fills). */
  lineWidth: number;
  bbox: BBox;
  /** Paint order on the page (later paths are drawn over earlier ones). */
  order: number;
}

export interface PageDrawing {
  page_index: number;
  width: number;
  height: number;
  glyphs: Glyph[];
  paths: DrawnPath[];
  /** Set when the page had more paths or points than the caps and some were left out. */
  truncated: boolean;
}

/** A page image as 8-bit RGB, row-major, `width * height * 3` bytes, in page-image pixels. */
export interface RasterPage {
  page_index: number;
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The document model: one canonical analysis of a file, built page by page, cached per (file, engine version,
 * options), and read by every endpoint's view (parse, layout, OCR, tables, classify, extract, ask).
 *
 * Coordinates: page-image pixels (decisions.md): PDF pages at 144 dpi (2 px per point), images at native size.
 * Boxes are [left, top, right, bottom]; numbers may be fractional inside the model and are rounded in views.
 */
export type BBox = [number, number, number, number];

export interface FontInfo {
  name: string;
  /** Size in page-image pixels (PDF points × 2). */
  size: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
}

export type TextSource = 'text_layer' | 'ocr';

export interface Word {
  text: string;
  bbox: BBox;
  font: FontInfo;
  /** Baseline y in page pixels (for superscript/subscript detection). */
  baseline: number;
  source: TextSource;
  /** 1 for the text layer; the recogniser's score for OCR. */
  confidence: number;
  /** Raised or lowered relative to its line (footnote marks, exponents). */
  script?: 'super' | 'sub';
}

export interface Line {
  /** Deterministic per page: `p<page>_l<n>` in extraction order. */
  id: string;
  text: string;
  bbox: BBox;
  words: Word[];
  /** The dominant font of the line. */
  font: FontInfo;
  dir: 'ltr' | 'rtl';
  /** Text direction in degrees, clockwise from horizontal (0 for normal text, 90/270 for vertical). */
  rotation: number;
  source: TextSource;
  /** The line ends with a hyphen after a letter (kept in `text`): the joiner may remove it and join the next line. */
  hyphenated?: boolean;
  /** OCR lines: the text's quadrilateral, x0,y0 (its top-left) … x3,y3 (its bottom-left), clockwise. */
  polygon?: number[];
}

export type BlockType =
  | 'title'
  | 'section_header'
  | 'text'
  | 'list_item'
  | 'table'
  | 'figure'
  | 'caption'
  | 'footnote'
  | 'page_header'
  | 'page_footer'
  | 'equation'
  | 'code'
  | 'key_value';

export interface Block {
  /** Deterministic: `p<page>_b<n>`, numbered in reading order (headers first, footers last). */
  id: string;
  type: BlockType;
  bbox: BBox;
  lines: Line[];
  /** Block text with lines joined (hyphenation resolved). */
  text: string;
  /** Confidence of the type, 0..1. */
  score: number;
  /** Rank in the page's reading order, 0-based; page headers first, footnotes then page footers last. */
  readingOrder: number;
  /** 1..6 for title/section_header. */
  headingLevel?: number;
  /** For list_item: the marker as printed and its kind; `depth` from indentation (0-based). */
  list?: { kind: 'bullet' | 'ordered'; marker: string; depth: number };
  /** For caption: the block id of the figure/table it describes. */
  captionOf?: string;
  /** Ids of child blocks for containers (table → its cells region, list → items, figure → caption). */
  children?: string[];
}

export interface VectorPath {
  /** rule: a thin horizontal/vertical line; rect: a stroked rectangle; fill: a filled area; curve: anything else. */
  kind: 'rule' | 'rect' | 'fill' | 'curve';
  bbox: BBox;
  stroked: boolean;
  filled: boolean;
  lineWidth: number;
  /** sRGB hex like `#000000` when known. */
  color?: string;
}

export interface ImagePlacement {
  bbox: BBox;
  /** Intrinsic pixel size of the placed image. */
  width: number;
  height: number;
}

export type TextLayerState = 'ok' | 'none' | 'unreliable';

export interface ModelPage {
  page_index: number;
  width: number;
  height: number;
  /** /Rotate of the PDF page, already applied to the coordinates. */
  rotation: number;
  lines: Line[];
  blocks: Block[];
  paths: VectorPath[];
  images: ImagePlacement[];
  /** `none`: no text; `unreliable`: invisible text over a scan, or a garbage encoding. Such pages need OCR. */
  textLayer: TextLayerState;
  needsOcr: boolean;
  /** Why the text layer is unreliable, or why the page was skipped. */
  notes?: string[];
  /** Set when the page could not be read at all; the rest of the document still parses. */
  skipped?: { reason: string };
  /**
   * A page outside the request's `page_range`: an empty stand-in (also `skipped`) that keeps every page at its
   * original index in `pages`; views leave it out of their page lists (selectedPages).
   */
  excluded?: true;
  /** Set when the page's lines come from OCR. */
  ocr?: PageOcrInfo;
}

export interface PageOcrInfo {
  /** Engine mode that read the page: regular (PP-OCRv4), classic (Tesseract) or agentic. */
  mode: 'regular' | 'classic' | 'agentic';
  /** Clockwise quarter turn that made the scan upright (coordinates are still in the page image's space). */
  rotation: 0 | 90 | 180 | 270;
  rotationConfidence: number;
  /** Small remaining skew of the baselines, degrees, positive = clockwise. */
  skewDegrees: number;
  /** Mean confidence of the page's lines, 0..1. */
  confidence: number;
  /** Median height of the OCR lines in page pixels. */
  medianLineHeight: number;
}

export interface DocumentModel {
  engine_version: string;
  file_id: string;
  sha256: string;
  content_type: string;
  /** Pages analysed: the file's page count, or the pages of the request's `page_range`. */
  page_count: number;
  /** Every page of the file at its index; with a `page_range`, pages outside it are `excluded` stand-ins. */
  pages: ModelPage[];
  /** The most common body-text font size (px) across the document: the reference for headings. */
  bodyFontSize: number;
  skipped_pages: { page_index: number; reason: string }[];
  warnings: string[];
}

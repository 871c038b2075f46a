import type { BBox } from '../model/types.ts';
import type { Glyph, DrawnPath } from '../drawing/mod.ts';

/** One formula found on a page, before the view gives it ids and regions (EquationResult in the spec). */
export interface EquationFinding {
  bbox: BBox;
  latex: string;
  /** The text layer's (or OCR's) reading of the same area, as printed. */
  source_text: string;
  display_mode: 'inline' | 'block';
  /** 0..1; lowered when KaTeX cannot parse the LaTeX, and low for the OCR path. */
  confidence: number;
  /** Which path produced it: glyph geometry (born-digital) or OCR tokens. */
  engine: 'equation_codegen' | 'parse_fallback';
  /** Printed equation number such as `(3)` or `(2.1)`, without parentheses; not part of `latex`. */
  tag?: string;
}

/** The glyphs and rules (fraction bars, radical overbars) inside one formula's area. */
export interface FormulaInput {
  glyphs: Glyph[];
  paths: DrawnPath[];
  bbox: BBox;
  display_mode: 'inline' | 'block';
}

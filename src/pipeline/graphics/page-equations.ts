import { isBornDigital } from '../drawing/candidates.ts';
import type { PageDrawing } from '../drawing/types.ts';
import { findEquations, formulaToLatex, latexFromText, validateLatex } from '../equations/mod.ts';
import type { EquationFinding } from '../equations/types.ts';
import type { BBox, Line, ModelPage } from '../model/types.ts';

/**
 * The formulas of one page by the request's `boundary_source`: `detector` is the equation stage's own finding
 * (display and inline), `layout` keeps only what falls in the layout's equation blocks, `none` reads every text
 * line as a formula (a crop that holds only math).
 */
export type EquationBoundary = 'detector' | 'layout' | 'none';

/** Confidence of a formula read from OCR tokens: a guess, said so. */
const OCR_LINE_CONFIDENCE = 0.3;

export function equationsOfPage(page: ModelPage, drawing: PageDrawing | null, boundary: EquationBoundary): EquationFinding[] {
  const digital = isBornDigital(page) ? drawing : null;
  if (boundary === 'none') return page.lines.filter((l) => l.text.trim()).map((line) => lineAsFormula(line, digital));
  const found = findEquations(page, digital);
  if (boundary === 'detector') return found;
  const blocks = page.blocks.filter((b) => b.type === 'equation').map((b) => b.bbox);
  return found.filter((f) => blocks.some((b) => covers(b, f.bbox)));
}

function lineAsFormula(line: Line, drawing: PageDrawing | null): EquationFinding {
  const bbox = line.bbox;
  if (!drawing) {
    const latex = latexFromText(line.text);
    const parses = validateLatex(latex);
    return { bbox, latex, source_text: line.text, display_mode: 'block', confidence: parses ? OCR_LINE_CONFIDENCE : OCR_LINE_CONFIDENCE / 3, engine: 'parse_fallback' };
  }
  const glyphs = drawing.glyphs.filter((g) => centreIn(g.bbox, bbox));
  const paths = drawing.paths.filter((p) => overlapsMostly(p.bbox, grow(bbox, 4)));
  const { latex, confidence } = formulaToLatex({ glyphs, paths, bbox, display_mode: 'block' });
  return { bbox, latex, source_text: line.text, display_mode: 'block', confidence, engine: 'equation_codegen' };
}

function centreIn(b: BBox, area: BBox): boolean {
  const x = (b[0] + b[2]) / 2;
  const y = (b[1] + b[3]) / 2;
  return x >= area[0] && x <= area[2] && y >= area[1] && y <= area[3];
}

function grow(b: BBox, by: number): BBox {
  return [b[0] - by, b[1] - by, b[2] + by, b[3] + by];
}

function overlapsMostly(b: BBox, area: BBox): boolean {
  const w = Math.min(b[2], area[2]) - Math.max(b[0], area[0]);
  const h = Math.min(b[3], area[3]) - Math.max(b[1], area[1]);
  const own = Math.max(1, (b[2] - b[0]) * (b[3] - b[1]));
  return w >= 0 && h >= 0 && (Math.max(w, 1) * Math.max(h, 1)) / own >= 0.8;
}

/** `outer` holds the centre of `inner`. */
function covers(outer: BBox, inner: BBox): boolean {
  return centreIn(inner, [outer[0] - 2, outer[1] - 2, outer[2] + 2, outer[3] + 2]);
}

import { isBornDigital, type PageDrawing } from '../drawing/mod.ts';
import { type EquationFinding, findEquations, formulaToLatex, latexFromText, validateLatex } from '../equations/mod.ts';
import { centerIn, grown, insideShare } from '../model/geometry.ts';
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
    return {
      bbox,
      latex,
      source_text: line.text,
      display_mode: 'block',
      confidence: parses ? OCR_LINE_CONFIDENCE : OCR_LINE_CONFIDENCE / 3,
      engine: 'parse_fallback',
    };
  }
  const glyphs = drawing.glyphs.filter((g) => centerIn(g.bbox, bbox));
  const paths = drawing.paths.filter((p) => insideShare(p.bbox, grown(bbox, 4)) >= 0.8);
  const { latex, confidence } = formulaToLatex({ glyphs, paths, bbox, display_mode: 'block' });
  return { bbox, latex, source_text: line.text, display_mode: 'block', confidence, engine: 'equation_codegen' };
}

/** `outer` holds the centre of `inner`. */
function covers(outer: BBox, inner: BBox): boolean {
  return centerIn(inner, outer, 2);
}

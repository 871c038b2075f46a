import type { PageDrawing } from '../drawing/mod.ts';
import { grown, union } from '../model/geometry.ts';
import type { ModelPage } from '../model/types.ts';
import type { EquationFinding } from './types.ts';
import { formulaToLatex } from './build.ts';
import { detectRegions, textOf, type FormulaRegion } from './detect.ts';
import { ocrEquations } from './ocr-fallback.ts';

/**
 * Every formula on a page in reading order. Born-digital pages (a drawing and a usable text layer) go through
 * glyph geometry (equation_codegen); OCR'd pages, or pages without a drawing, through their OCR text (parse_fallback).
 * Never throws: a formula that fails is skipped, a page that fails gives [].
 */
export function findEquations(page: ModelPage, drawing: PageDrawing | null): EquationFinding[] {
  try {
    const digital = drawing !== null && page.textLayer === 'ok' && !page.ocr && drawing.glyphs.length > 0;
    const found = digital ? codegenEquations(page, drawing) : ocrEquations(page);
    return inReadingOrder(page, found);
  } catch {
    return [];
  }
}

function codegenEquations(page: ModelPage, drawing: PageDrawing): EquationFinding[] {
  const out: EquationFinding[] = [];
  for (const region of detectRegions(page, drawing)) {
    try {
      const finding = regionFinding(region, drawing);
      if (finding) out.push(finding);
    } catch {
      // One odd formula does not cost the page its other formulas.
    }
  }
  return out;
}

/** Px a formula's area grows by to take in its paths. */
const AREA_MARGIN = 3;
/** A thin path (at most this many px tall) crossing the area is taken whole... */
const THIN_PATH_MAX_HEIGHT = 4;
/** ...when narrower than this many times the area's width. */
const THIN_PATH_MAX_WIDTH_SHARE = 2;
/** An inline formula's confidence is scaled by this (prose around it makes its extent less sure). */
const INLINE_CONFIDENCE_FACTOR = 0.9;

function regionFinding(region: FormulaRegion, drawing: PageDrawing): EquationFinding | null {
  const area = grown(region.bbox, AREA_MARGIN);
  // Rules (fraction bars, overbars) may stick out past the glyphs: take thin paths that cross the area, whole.
  const paths = drawing.paths.filter((p) => {
    const inside = p.bbox[0] >= area[0] && p.bbox[2] <= area[2] && p.bbox[1] >= area[1] && p.bbox[3] <= area[3];
    const thinCrossing =
      p.bbox[3] - p.bbox[1] <= THIN_PATH_MAX_HEIGHT &&
      p.bbox[1] >= area[1] &&
      p.bbox[3] <= area[3] &&
      p.bbox[0] < area[2] &&
      p.bbox[2] > area[0] &&
      p.bbox[2] - p.bbox[0] < (area[2] - area[0]) * THIN_PATH_MAX_WIDTH_SHARE;
    return inside || thinCrossing;
  });
  const { latex, confidence } = formulaToLatex({ glyphs: region.glyphs, paths, bbox: region.bbox, display_mode: region.display_mode });
  if (!latex) return null;
  const bbox = union([region.bbox, ...paths.map((p) => p.bbox)]);
  const finding: EquationFinding = {
    bbox,
    latex,
    source_text: textOf(region.glyphs),
    display_mode: region.display_mode,
    confidence: region.display_mode === 'inline' ? Math.round(confidence * INLINE_CONFIDENCE_FACTOR * 100) / 100 : confidence,
    engine: 'equation_codegen',
  };
  if (region.tag) finding.tag = region.tag;
  return finding;
}

/** By the reading order of the block holding each formula, then top to bottom, left to right. */
function inReadingOrder(page: ModelPage, found: EquationFinding[]): EquationFinding[] {
  const rank = (f: EquationFinding) => {
    const x = (f.bbox[0] + f.bbox[2]) / 2;
    const y = (f.bbox[1] + f.bbox[3]) / 2;
    const block = page.blocks.find((b) => x >= b.bbox[0] && x <= b.bbox[2] && y >= b.bbox[1] && y <= b.bbox[3]);
    return block ? block.readingOrder : Number.MAX_SAFE_INTEGER;
  };
  return found
    .map((f) => ({ f, r: rank(f) }))
    .sort((a, b) => a.r - b.r || a.f.bbox[1] - b.f.bbox[1] || a.f.bbox[0] - b.f.bbox[0])
    .map((x) => x.f);
}

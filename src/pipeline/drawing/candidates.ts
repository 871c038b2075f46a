import { area } from '../model/geometry.ts';
import type { ModelPage } from '../model/types.ts';

/**
 * Which pages are worth the extra reading (glyph geometry, full paths, page pixels) of the equation and chart
 * stages: cheap tests on the model, generous on purpose; the stages themselves decide what is really there.
 */

/** TeX's math and symbol fonts, fonts named for math, and the classic Symbol font. */
const MATH_FONT =
  /^(CM(MI|SY|EX|MIB|BSY)\d|MSAM|MSBM|EU[FMRX]\d|STIX|Cambria ?Math|LMMath|LatinModernMath|.*Math|Symbol|MT ?Extra|Asana|rsfs|esint)/i;
const MATH_CHAR = /[∑∏∫∮√∞∂∇±∓×÷≤≥≠≈≡∝∈∉⊂⊆⊃∪∩→←↔⇒⇔∀∃αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ]/u;

/** A relation or operator between words, the way a formula set in text fonts shows itself. */
const RELATION = /\S\s*[=<>≤≥]\s*\S|[\w)]\s*[+−]\s*[\w(]/u;
/** A display formula in text fonts stands alone: a block of one or two short lines. */
const SHORT_LINE = 60;

function standaloneRelation(page: ModelPage): boolean {
  return page.blocks.some(
    (b) =>
      b.lines.length > 0 &&
      b.lines.length <= 2 &&
      b.lines.every((l) => l.text.length <= SHORT_LINE) &&
      b.lines.some((l) => RELATION.test(l.text)),
  );
}

/** Math fonts, math symbols, raised or lowered words, equation blocks, or a short formula-like block. */
export function mayHoldMath(page: ModelPage): boolean {
  if (page.skipped) return false;
  if (page.blocks.some((b) => b.type === 'equation')) return true;
  const marked = page.lines.some((line) => MATH_CHAR.test(line.text) || line.words.some((w) => MATH_FONT.test(w.font.name) || !!w.script));
  return marked || standaloneRelation(page);
}

/** A born-digital page: its glyphs and paths can be read exactly. */
export function isBornDigital(page: ModelPage): boolean {
  return !page.skipped && !page.ocr && page.textLayer === 'ok';
}

/**
 * Marks that may be a chart's or a diagram's: filled areas and curves that are neither the white of the paper
 * (page and box backgrounds) nor specks (corner dots, hairline caps). Several of them, or one big one (an area
 * chart, a single plotted line); rules and stroked rectangles alone are tables.
 */
const MIN_GRAPHIC_PATHS = 3;
const MIN_GRAPHIC_SHARE = 0.02;
const MIN_MARK_PX = 6;
const PAPER = /^#(f[a-f0-9]){3}$/i;

function isMark(path: ModelPage['paths'][number]): boolean {
  if (path.kind !== 'fill' && path.kind !== 'curve') return false;
  if (path.kind === 'fill' && path.color && PAPER.test(path.color)) return false;
  return Math.max(path.bbox[2] - path.bbox[0], path.bbox[3] - path.bbox[1]) >= MIN_MARK_PX;
}

export function mayHoldVectorGraphics(page: ModelPage): boolean {
  if (page.skipped || (page.textLayer === 'none' && page.paths.length === 0)) return false;
  if (page.blocks.some((b) => b.type === 'figure')) return true;
  const marks = page.paths.filter(isMark);
  const pageArea = page.width * page.height || 1;
  return marks.length >= MIN_GRAPHIC_PATHS || marks.some((p) => area(p.bbox) / pageArea >= MIN_GRAPHIC_SHARE);
}

/** A placed image at least this share of the page may be a chart or diagram drawn as pixels. */
const MIN_IMAGE_SHARE = 0.04;

/** Scans, image files, and born-digital pages with sizeable placed images need the page's pixels. */
export function needsPixels(page: ModelPage): boolean {
  if (page.skipped) return false;
  if (page.ocr || page.textLayer !== 'ok') return true;
  const pageArea = page.width * page.height || 1;
  return page.images.some((image) => area(image.bbox) / pageArea >= MIN_IMAGE_SHARE);
}

import type { BBox, ModelPage } from '../model/types.ts';

/**
 * Which pages are worth the extra reading (glyph geometry, full paths, page pixels) of the equation and chart
 * stages: cheap tests on the model, generous on purpose; the stages themselves decide what is really there.
 */

/** TeX's math and symbol fonts, fonts named for math, and the classic Symbol font. */
const MATH_FONT = /^(CM(MI|SY|EX|MIB|BSY)\d|MSAM|MSBM|EU[FMRX]\d|STIX|Cambria ?Math|LMMath|LatinModernMath|.*Math|Symbol|MT ?Extra|Asana|rsfs|esint)/i;
const MATH_CHAR = /[∑∏∫∮√∞∂∇±∓×÷≤≥≠≈≡∝∈∉⊂⊆⊃∪∩→←↔⇒⇔∀∃αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ]/u;

/** A relation or operator between words, the way a formula set in text fonts shows itself. */
const RELATION = /\S\s*[=<>≤≥]\s*\S|[\w)]\s*[+−]\s*[\w(]/u;

export function mayHoldMath(page: ModelPage): boolean {
  if (page.skipped) return false;
  if (page.blocks.some((b) => b.type === 'equation')) return true;
  return page.lines.some((line) => MATH_CHAR.test(line.text) || RELATION.test(line.text) || line.words.some((w) => MATH_FONT.test(w.font.name) || !!w.script));
}

const area = (b: BBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);

/** A born-digital page: its glyphs and paths can be read exactly. */
export function isBornDigital(page: ModelPage): boolean {
  return !page.skipped && !page.ocr && page.textLayer === 'ok';
}

/**
 * Filled areas and curves (bars, slices, plotted lines, shapes): several of them, or one big one (an area
 * chart, a single plotted line); rules and stroked rectangles alone are tables.
 */
const MIN_GRAPHIC_PATHS = 3;
const MIN_GRAPHIC_SHARE = 0.02;

export function mayHoldVectorGraphics(page: ModelPage): boolean {
  if (page.skipped || (page.textLayer === 'none' && page.paths.length === 0)) return false;
  if (page.blocks.some((b) => b.type === 'figure')) return true;
  const graphic = page.paths.filter((p) => p.kind === 'fill' || p.kind === 'curve');
  const pageArea = page.width * page.height || 1;
  return graphic.length >= MIN_GRAPHIC_PATHS || graphic.some((p) => area(p.bbox) / pageArea >= MIN_GRAPHIC_SHARE);
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

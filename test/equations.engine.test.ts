import { describe, expect, it } from 'vitest';
import { drawPdfPages } from '../src/pipeline/drawing/mod.ts';
import {
  comparableTokens,
  findEquations,
  formulaToLatex,
  latexFromText,
  latexTokens,
  validateLatex,
} from '../src/pipeline/equations/mod.ts';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { modelOfPdf } from './helpers/document-models.ts';
import { inlineMathPdf, MATH_CASES, mathPdf, prosePdf, sequence } from './helpers/math-pdfs.ts';

/**
 * Formulas drawn into real PDFs (Times/Symbol glyphs at real positions, rules as filled rectangles) read back
 * through the text layer, layout and glyph geometry. LaTeX is compared as token sequences after the light
 * normalization of comparableTokens: whitespace, \left/\right/\big… and spacing commands dropped; braces kept.
 */
function equationsOf(pdf: Buffer) {
  const model = modelOfPdf(pdf);
  const drawings = drawPdfPages(
    pdf,
    model.pages.map((p) => p.page_index),
  );
  return model.pages.map((page, i) => findEquations(page, drawings[i]));
}

describe('equations from born-digital PDFs (equation_codegen)', () => {
  const pages = equationsOf(mathPdf(MATH_CASES.map((c) => c.page)));

  for (const [i, formula] of MATH_CASES.entries()) {
    it(`rebuilds ${formula.name}`, () => {
      const blocks = pages[i].filter((f) => f.display_mode === 'block');
      expect(blocks).toHaveLength(1);
      const [found] = blocks;
      expect(found.engine).toBe('equation_codegen');
      expect(validateLatex(found.latex, true)).toBe(true);
      expect(comparableTokens(found.latex)).toEqual(comparableTokens(formula.latex));
      expect(found.confidence).toBeGreaterThan(0.6);
      expect(found.tag).toBe(formula.tag);
      expect(found.source_text.length).toBeGreaterThan(0);
    });
  }

  it('finds nothing in ordinary prose, italic words included', () => {
    expect(equationsOf(prosePdf())[0]).toEqual([]);
  });

  it('finds inline math in prose lines (a Greek letter, a squared x) but not a footnote mark', () => {
    const [found] = equationsOf(inlineMathPdf());
    expect(found.map((f) => [f.display_mode, f.latex])).toEqual([
      ['inline', '\\alpha'],
      ['inline', 'x^{2}'],
    ]);
  });

  it('leaves measured values with a tolerance as printed text ("48 ± 5 mV", "±1 dB"), the sign set in Symbol', () => {
    const first = sequence(72, 700, [
      ['R', 11, 'The offset was 48'],
      ['S', 11, '±'],
      ['R', 11, '5 mV at room temperature in all of the samples.'],
    ]).runs;
    const second = sequence(72, 686, [
      ['R', 11, 'The gain stayed within'],
      ['S', 11, '±'],
      ['R', 11, '1 dB over the whole band of the amplifier.'],
    ]).runs;
    expect(equationsOf(mathPdf([{ runs: [...first, ...second] }]))[0]).toEqual([]);
  });

  it('keeps the equation number out of the LaTeX', () => {
    const tagged = pages[MATH_CASES.findIndex((c) => c.tag)][0];
    expect(tagged.tag).toBe('1');
    expect(tagged.latex).not.toContain('(');
  });
});

function ocrPage(lines: string[], withEquationBlock: boolean): ModelPage {
  const modelLines = lines.map((text, i) => ({
    id: `p0_l${i}`,
    text,
    bbox: [100, 100 + i * 40, 500, 130 + i * 40] as [number, number, number, number],
    words: [],
    font: { name: 'ocr', size: 24, bold: false, italic: false, monospace: false },
    dir: 'ltr' as const,
    rotation: 0,
    source: 'ocr' as const,
  }));
  return {
    page_index: 0,
    width: 800,
    height: 600,
    rotation: 0,
    lines: modelLines,
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
    blocks: withEquationBlock
      ? [{ id: 'p0_b0', type: 'equation', bbox: modelLines[0].bbox, lines: [modelLines[0]], text: lines[0], score: 0.8, readingOrder: 0 }]
      : [],
    ocr: { mode: 'regular', rotation: 0, rotationConfidence: 1, skewDegrees: 0, confidence: 0.9, medianLineHeight: 30 },
  };
}

describe('equations from OCR text (parse_fallback)', () => {
  it('reads an OCR equation block with low confidence and says which path produced it', () => {
    const found = findEquations(ocrPage(['α + β = π', 'The harvest was good this year in every valley.'], true), null);
    expect(found).toHaveLength(1);
    expect(found[0].engine).toBe('parse_fallback');
    expect(found[0].confidence).toBeLessThanOrEqual(0.4);
    expect(found[0].source_text).toBe('α + β = π');
    expect(comparableTokens(found[0].latex)).toEqual(['\\alpha', '+', '\\beta', '=', '\\pi']);
  });

  it('finds math-looking OCR lines without a layout block and skips prose', () => {
    const found = findEquations(ocrPage(['sin x ≤ 1', 'Rivers carry sediment to the plains.'], false), null);
    expect(found.map((f) => f.latex)).toEqual(['\\sin x \\leq 1']);
  });

  it('maps symbols and function names but does not invent scripts', () => {
    expect(latexFromText('x2 + log y → ∞')).toBe('x 2 + \\log y \\to \\infty');
    expect(validateLatex(latexFromText('∂f/∂x = ∇·F'))).toBe(true);
  });
});

describe('LaTeX helpers', () => {
  it('tokenizes commands, characters, braces and scripts', () => {
    expect(latexTokens('\\frac{a}{b}^2_\\alpha \\,x')).toEqual([
      '\\frac',
      '{',
      'a',
      '}',
      '{',
      'b',
      '}',
      '^',
      '2',
      '_',
      '\\alpha',
      '\\,',
      'x',
    ]);
    expect(comparableTokens('\\left( x \\right)')).toEqual(['(', 'x', ')']);
  });

  it('validates with KaTeX', () => {
    expect(validateLatex('\\sum_{i=1}^{n} i')).toBe(true);
    expect(validateLatex('\\frac{a}{')).toBe(false);
  });

  it('never throws on empty or odd input', () => {
    expect(formulaToLatex({ glyphs: [], paths: [], bbox: [0, 0, 0, 0], display_mode: 'block' })).toEqual({ latex: '', confidence: 0 });
    const odd = {
      c: '\ufffd',
      bbox: [0, 0, 0, 0] as [number, number, number, number],
      x: NaN,
      y: NaN,
      size: 0,
      font: '',
      italic: false,
      bold: false,
      seq: 0,
    };
    expect(() => formulaToLatex({ glyphs: [odd, odd], paths: [], bbox: [0, 0, 1, 1], display_mode: 'inline' })).not.toThrow();
  });
});

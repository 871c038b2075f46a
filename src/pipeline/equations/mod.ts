/** Equations as LaTeX: born-digital formulas from glyph geometry, OCR'd formulas from their text. */
export type { EquationFinding } from './types.ts';
export { findEquations } from './find.ts';
export { formulaToLatex } from './build.ts';
export { latexFromText } from './ocr-fallback.ts';
export { validateLatex } from './validate.ts';
export { latexTokens, comparableTokens } from './tokens.ts';

import type { BBox, Line, ModelPage } from '../model/types.ts';
import type { EquationFinding } from './types.ts';
import { charLatex, FUNCTION_NAMES, isGreek, isMathSymbol } from './symbols.ts';
import { validateLatex } from './validate.ts';

/**
 * Best-effort LaTeX from OCR text. Honest about what text can tell: symbols become commands, function names are
 * wrapped, letters, digits and operators stay as read. Scripts and fractions are not guessed (`x2` stays `x2`:
 * the text cannot say whether it was x² or x₂).
 */
export function latexFromText(text: string): string {
  const pieces: string[] = [];
  for (const [token] of text.normalize('NFC').matchAll(/[A-Za-z]+|\s+|./gsu)) {
    if (/^\s+$/u.test(token)) continue;
    if (/^[A-Za-z]+$/u.test(token)) {
      pieces.push(FUNCTION_NAMES.has(token) ? `\\${token}` : token.split('').join(' '));
      continue;
    }
    pieces.push(escapeChar(token));
  }
  return pieces.join(' ').replace(/\s+/g, ' ').trim();
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

function escapeChar(c: string): string {
  if (c === '\u2212') return '-';
  // Unicode script digits are the one place text does say "raised" or "lowered".
  if (SUPERSCRIPTS.includes(c)) return `^{${SUPERSCRIPTS.indexOf(c)}}`;
  if (SUBSCRIPTS.includes(c)) return `_{${SUBSCRIPTS.indexOf(c)}}`;
  const latex = charLatex(c);
  if (latex !== c) return latex;
  if (/^[\p{L}\p{N}+\-=<>()[\]|/*!?,.;:'@"]$/u.test(c)) return c === '"' ? "''" : c;
  // Characters KaTeX cannot take in math mode (CJK misreads and the like) are dropped rather than guessed.
  return '';
}

/** Confidence (0–1) of a formula read back from OCR text whose LaTeX parses. */
const OCR_CONFIDENCE = 0.35;
/** Confidence of a fallback formula whose LaTeX does not parse. */
const OCR_UNPARSED_CONFIDENCE = OCR_CONFIDENCE / 3;

/** Formulas on an OCR'd page: layout equation blocks, plus lines that read as math (a relation or math symbols, little prose). */
export function ocrEquations(page: ModelPage): EquationFinding[] {
  const found: EquationFinding[] = [];
  const blocks = page.blocks.filter((b) => b.type === 'equation');
  for (const block of blocks) found.push(finding(block.bbox, block.lines.map((l) => l.text).join(' ') || block.text));
  for (const line of page.lines) {
    if (blocks.some((b) => inside(line.bbox, b.bbox)) || !looksLikeMath(line)) continue;
    found.push(finding(line.bbox, line.text));
  }
  return found.filter((f) => f.latex);
}

function finding(bbox: BBox, text: string): EquationFinding {
  const latex = latexFromText(text);
  const confidence = validateLatex(latex) ? OCR_CONFIDENCE : OCR_UNPARSED_CONFIDENCE;
  return { bbox, latex, source_text: text, display_mode: 'block', confidence, engine: 'parse_fallback' };
}

/** A relation with letters or symbols, or two math symbols; and at most one ordinary word of four letters or more. */
export function looksLikeMath(line: Line): boolean {
  const text = line.text;
  const symbols = [...text].filter((c) => isGreek(c) || (isMathSymbol(c) && c.charCodeAt(0) > 0x7f)).length;
  const relation = /[=<>≤≥≈≠]/u.test(text);
  const prose = (text.match(/\p{L}{4,}/gu) ?? []).filter((w) => !FUNCTION_NAMES.has(w)).length;
  return prose <= 1 && (symbols >= 2 || (relation && (symbols >= 1 || /[A-Za-z]/u.test(text))));
}

function inside(inner: BBox, outer: BBox): boolean {
  const x = (inner[0] + inner[2]) / 2;
  const y = (inner[1] + inner[3]) / 2;
  return x >= outer[0] && x <= outer[2] && y >= outer[1] && y <= outer[3];
}

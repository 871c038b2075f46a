/**
 * Unicode → LaTeX tables and glyph classes for the equation builder. Kept as data so the builder stays small.
 */

const GREEK: Record<string, string> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  ϵ: 'epsilon',
  ζ: 'zeta',
  η: 'eta',
  θ: 'theta',
  ϑ: 'vartheta',
  ι: 'iota',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  µ: 'mu',
  ν: 'nu',
  ξ: 'xi',
  π: 'pi',
  ϖ: 'varpi',
  ρ: 'rho',
  ϱ: 'varrho',
  σ: 'sigma',
  ς: 'varsigma',
  τ: 'tau',
  υ: 'upsilon',
  φ: 'phi',
  ϕ: 'phi',
  χ: 'chi',
  ψ: 'psi',
  ω: 'omega',
  Γ: 'Gamma',
  Δ: 'Delta',
  Θ: 'Theta',
  Λ: 'Lambda',
  Ξ: 'Xi',
  Π: 'Pi',
  Σ: 'Sigma',
  Υ: 'Upsilon',
  Φ: 'Phi',
  Ψ: 'Psi',
  Ω: 'Omega',
  '\u2126': 'Omega',
};

const SYMBOLS: Record<string, string> = {
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '≃': '\\simeq',
  '≅': '\\cong',
  '∝': '\\propto',
  '≪': '\\ll',
  '≫': '\\gg',
  '⩽': '\\leq',
  '⩾': '\\geq',
  '∞': '\\infty',
  '∂': '\\partial',
  '∇': '\\nabla',
  '×': '\\times',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '∙': '\\cdot',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '∘': '\\circ',
  '⊗': '\\otimes',
  '⊕': '\\oplus',
  '∗': '*',
  '→': '\\to',
  '←': '\\leftarrow',
  '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow',
  '↦': '\\mapsto',
  '⟶': '\\longrightarrow',
  '↑': '\\uparrow',
  '↓': '\\downarrow',
  '∈': '\\in',
  '∉': '\\notin',
  '∋': '\\ni',
  '⊂': '\\subset',
  '⊃': '\\supset',
  '⊆': '\\subseteq',
  '⊇': '\\supseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '∠': '\\angle',
  '△': '\\triangle',
  ℏ: '\\hbar',
  ℓ: '\\ell',
  ℘: '\\wp',
  ℜ: '\\Re',
  ℑ: '\\Im',
  ℵ: '\\aleph',
  '′': '\\prime',
  '″': '\\prime\\prime',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '−': '-',
  '–': '-',
  '‒': '-',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '‖': '\\|',
  '{': '\\{',
  '}': '\\}',
  '#': '\\#',
  '%': '\\%',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
  '~': '\\sim',
  '\\': '\\backslash',
  '^': '\\wedge',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
  '□': '\\square',
  '∎': '\\blacksquare',
  '■': '\\blacksquare',
  '∶': ':',
  '⁄': '/',
  '∣': '|',
  '∕': '/',
};

/** Big operators and the LaTeX command for each. */
export const BIG_OPERATORS: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
};

/** Operators whose limits sit beside them (scripts) rather than above and below. */
export const SIDE_LIMIT_OPERATORS = new Set(['∫', '∬', '∭', '∮']);

export const RADICALS = new Set(['√', '∛', '∜']);

export const FUNCTION_NAMES = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'log',
  'ln',
  'lg',
  'exp',
  'lim',
  'liminf',
  'limsup',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'dim',
  'ker',
  'deg',
  'gcd',
  'arg',
  'Pr',
  'hom',
]);

/** Opening → closing delimiter, and the matrix environment they imply. */
export const DELIMITER_PAIRS: Record<string, { close: string; env: string }> = {
  '(': { close: ')', env: 'pmatrix' },
  '[': { close: ']', env: 'bmatrix' },
  '{': { close: '}', env: 'Bmatrix' },
  '|': { close: '|', env: 'vmatrix' },
  '‖': { close: '‖', env: 'Vmatrix' },
};

/**
 * CMEX10 glyphs often come without a ToUnicode map; mupdf then reports the raw code as a character.
 * Codes from the font's encoding (TeX's cmex10): big delimiters, radicals, operators.
 */
const CMEX: Record<number, string> = {
  0x00: '(',
  0x01: ')',
  0x02: '[',
  0x03: ']',
  0x08: '{',
  0x09: '}',
  0x0c: '|',
  0x10: '(',
  0x11: ')',
  0x12: '(',
  0x13: ')',
  0x14: '[',
  0x15: ']',
  0x1a: '{',
  0x1b: '}',
  0x20: '(',
  0x21: ')',
  0x22: '[',
  0x23: ']',
  0x28: '{',
  0x29: '}',
  0x30: '(',
  0x31: ')',
  0x32: '[',
  0x33: ']',
  0x40: '(',
  0x41: ')',
  0x42: '(',
  0x43: ')',
  0x48: '∮',
  0x49: '∮',
  0x50: '∑',
  0x51: '∏',
  0x52: '∫',
  0x53: '⋃',
  0x54: '⋂',
  0x58: '∑',
  0x59: '∏',
  0x5a: '∫',
  0x5b: '⋃',
  0x5c: '⋂',
  0x60: '∐',
  0x61: '∐',
  0x70: '√',
  0x71: '√',
  0x72: '√',
  0x73: '√',
  0x74: '√',
};

/** The character a glyph stands for, repairing font encodings mupdf could not map (CMEX without ToUnicode). */
export function glyphChar(c: string, font: string): string {
  if (/^CMEX/i.test(font) && c.length === 1) {
    const code = c.codePointAt(0)!;
    if (CMEX[code] && !(c in BIG_OPERATORS) && !RADICALS.has(c)) return CMEX[code];
  }
  return c;
}

export const MATH_FONT = /^(CMMI|CMSY|CMEX|CMBSY|CMMIB|MSAM|MSBM|EUFM|EUSM|RSFS|STIXMath|STIX|Symbol|LMMath|.*Math)/i;
export const MATH_ITALIC_FONT = /^(CMMI|CMMIB|LMMathItalic)/i;

/** The LaTeX for one character (no font commands): Greek and symbols become commands, the rest stays. */
export function charLatex(c: string): string {
  if (GREEK[c]) return `\\${GREEK[c]}`;
  if (SYMBOLS[c] !== undefined) return SYMBOLS[c];
  if (BIG_OPERATORS[c]) return BIG_OPERATORS[c];
  if (c === '√') return '\\surd';
  return c;
}

export function isGreek(c: string): boolean {
  return GREEK[c] !== undefined;
}

const RELATIONS = new Set(['=', '<', '>', '≤', '≥', '≠', '≈', '≡', '∼', '≃', '≅', '∝', '∈', '∉', '⊂', '⊆', '→', '⇒', '⇔', '↦']);
const OPERATORS = new Set([
  '+',
  '−',
  '×',
  '÷',
  '±',
  '∓',
  '·',
  '⋅',
  '∘',
  '⊗',
  '⊕',
  '∂',
  '∇',
  '∞',
  '√',
  '∑',
  '∏',
  '∫',
  '∮',
  '⋃',
  '⋂',
  '∪',
  '∩',
  '′',
]);

/** A character that only appears in mathematics (not ordinary punctuation like '-' or '/'). */
export function isMathSymbol(c: string): boolean {
  return isGreek(c) || RELATIONS.has(c) || OPERATORS.has(c) || BIG_OPERATORS[c] !== undefined || SYMBOLS[c]?.startsWith('\\') === true;
}

/** Zero-width and space characters that carry no meaning in a formula. */
export function isInvisible(c: string): boolean {
  return /^[\s\u200b-\u200f\u2060\ufeff]*$/u.test(c);
}

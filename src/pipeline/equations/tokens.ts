/**
 * LaTeX tokenizer and token comparison, used by the tests and the bench (normalized token edit distance).
 */

/** Commands (`\alpha`, `\{`), then single characters; whitespace is dropped. */
export function latexTokens(latex: string): string[] {
  const tokens: string[] = [];
  const pattern = /\\[a-zA-Z]+|\\[^a-zA-Z]|\S/gu;
  for (const [token] of latex.matchAll(pattern)) tokens.push(token);
  return tokens;
}

const SIZING = new Set(['\\left', '\\right', '\\big', '\\Big', '\\bigg', '\\Bigg', '\\bigl', '\\bigr', '\\Bigl', '\\Bigr',
  '\\displaystyle', '\\textstyle', '\\,', '\\;', '\\:', '\\!', '\\ ', '\\quad', '\\qquad', '\\nonumber', '\\limits']);

/**
 * The light normalization the tests compare with: no sizing commands (`\left`, `\big`…), no spacing commands.
 * Braces stay (they carry the script and fraction structure).
 */
export function comparableTokens(latex: string): string[] {
  return latexTokens(latex).filter((t) => !SIZING.has(t));
}

/**
 * The bench normalization: comparableTokens without braces and `\label{…}`, with `\operatorname{abc}` as `\abc`,
 * `\rm`/`\mathrm` dropped and `\dots`/`\ldots` unified (im2markup's sources are written in many styles).
 */
export function normalizedTokens(latex: string): string[] {
  const cleaned = latex
    .replace(/\\label\{[^}]*\}/gu, '')
    .replace(/\\operatorname\{([a-zA-Z]+)\}/gu, '\\$1')
    .replace(/\\(mathrm|rm|mathit|it)(?![a-zA-Z])/gu, '')
    .replace(/\\(dots|cdots|dotsc|ldots)(?![a-zA-Z])/gu, '\\ldots')
    .replace(/\\(le|leqslant)(?![a-zA-Z])/gu, '\\leq').replace(/\\(ge|geqslant)(?![a-zA-Z])/gu, '\\geq')
    .replace(/\\ne(?![a-zA-Z])/gu, '\\neq').replace(/\\rightarrow(?![a-zA-Z])/gu, '\\to');
  return comparableTokens(cleaned).filter((t) => t !== '{' && t !== '}');
}

/** Levenshtein distance between token sequences. */
export function tokenEditDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Edit distance divided by the longer sequence's length (0 = identical, 1 = nothing in common). */
export function normalizedEditDistance(predicted: string, expected: string): number {
  const a = normalizedTokens(predicted);
  const b = normalizedTokens(expected);
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : tokenEditDistance(a, b) / longest;
}

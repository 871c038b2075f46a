/**
 * LaTeX tokenizer and the light normalization formulas are compared with (the tests use it).
 */

/** Commands (`\alpha`, `\{`), then single characters; whitespace is dropped. */
export function latexTokens(latex: string): string[] {
  const tokens: string[] = [];
  const pattern = /\\[a-zA-Z]+|\\[^a-zA-Z]|\S/gu;
  for (const [token] of latex.matchAll(pattern)) tokens.push(token);
  return tokens;
}

const SIZING = new Set([
  '\\left',
  '\\right',
  '\\big',
  '\\Big',
  '\\bigg',
  '\\Bigg',
  '\\bigl',
  '\\bigr',
  '\\Bigl',
  '\\Bigr',
  '\\displaystyle',
  '\\textstyle',
  '\\,',
  '\\;',
  '\\:',
  '\\!',
  '\\ ',
  '\\quad',
  '\\qquad',
  '\\nonumber',
  '\\limits',
]);

/**
 * The light normalization the tests compare with: no sizing commands (`\left`, `\big`…), no spacing commands.
 * Braces stay (they carry the script and fraction structure).
 */
export function comparableTokens(latex: string): string[] {
  return latexTokens(latex).filter((t) => !SIZING.has(t));
}

import katex from 'katex';

/** True when KaTeX parses the LaTeX (nothing is rendered for use; throwOnError makes a parse error visible). */
export function validateLatex(latex: string, displayMode = false): boolean {
  if (!latex.trim()) return false;
  try {
    katex.renderToString(latex, { throwOnError: true, displayMode, strict: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

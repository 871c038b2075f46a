/**
 * LaTeX comparison for the formula benchmarks, independent of our code: a light normalization (labels, spacing
 * commands, \left/\right and size commands, font switches and braces dropped; these change the look, not the
 * formula), then tokens (commands, single characters) and the normalized token edit distance
 * (Levenshtein / max length; 0 is identical, 1 is nothing in common).
 */
const DROP =
  /\\(label|tag)\{[^}]*\}|\\(left|right|big|Big|bigg|Bigg|bigl|bigr|Bigl|Bigr|displaystyle|textstyle|scriptstyle|rm|it|bf|cal|mathrm|mathit|operatorname|limits|nolimits)(?![a-zA-Z])|\\[,;:! ]|\\q?quad(?![a-zA-Z])|~/g;

export function normalizeLatex(latex: string): string {
  return latex.replace(DROP, ' ').replace(/[{}]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function latexTokens(latex: string): string[] {
  return normalizeLatex(latex).match(/\\[a-zA-Z]+|\\.|[^\s]/g) ?? [];
}

export function tokenEditDistance(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length] / Math.max(a.length, b.length);
}

/**
 * Text comparison for the quality checks: olmOCR-bench's normalization, exact and fuzzy substring search
 * (Levenshtein distance within a budget), edit distance and similarity ratios.
 */

const FANCY: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\uff3f': '_',
  '\u2013': '-',
  '\u2014': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u00b5': '\u03bc',
};
const FANCY_RE = new RegExp(`[${Object.keys(FANCY).join('')}]`, 'gu');

/** olmOCR-bench's normalize_text: whitespace runs, markdown emphasis, NFC, typographic quotes and dashes. */
export function normalizeText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gu, ' ')
    .replace(/\s+/gu, ' ')
    .replace(/\*\*(.*?)\*\*/gu, '$1')
    .replace(/__(.*?)__/gu, '$1')
    .replace(/\*(.*?)\*/gu, '$1')
    .replace(/_(.*?)_/gu, '$1')
    .normalize('NFC')
    .replace(FANCY_RE, (c) => FANCY[c]);
}

/** What a markdown renderer shows for backslash escapes of ASCII punctuation (`\-`, `\#`): the character alone. */
export function unescapeMarkdown(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/gu, '$1');
}

export interface NearMatch {
  start: number;
  end: number;
  distance: number;
}

/**
 * Every place where `needle` occurs in `haystack` with at most `maxDistance` edits (Sellers' algorithm: a match
 * may start anywhere). One match per end position, carrying the start of its best alignment.
 */
export function findNearMatches(needle: string, haystack: string, maxDistance: number): NearMatch[] {
  if (maxDistance <= 0) return exactMatches(needle, haystack);
  const m = needle.length;
  let cost = new Int32Array(m + 1);
  let start = new Int32Array(m + 1);
  let nextCost = new Int32Array(m + 1);
  let nextStart = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) cost[i] = i;
  const matches: NearMatch[] = [];
  for (let j = 1; j <= haystack.length; j++) {
    const c = haystack.charCodeAt(j - 1);
    nextCost[0] = 0;
    nextStart[0] = j;
    for (let i = 1; i <= m; i++) {
      const substitute = cost[i - 1] + (needle.charCodeAt(i - 1) === c ? 0 : 1);
      const skipHay = cost[i] + 1;
      const skipNeedle = nextCost[i - 1] + 1;
      if (substitute <= skipHay && substitute <= skipNeedle) {
        nextCost[i] = substitute;
        nextStart[i] = start[i - 1];
      } else if (skipHay <= skipNeedle) {
        nextCost[i] = skipHay;
        nextStart[i] = start[i];
      } else {
        nextCost[i] = skipNeedle;
        nextStart[i] = nextStart[i - 1];
      }
    }
    if (nextCost[m] <= maxDistance) matches.push({ start: nextStart[m], end: j, distance: nextCost[m] });
    [cost, nextCost] = [nextCost, cost];
    [start, nextStart] = [nextStart, start];
  }
  return matches;
}

function exactMatches(needle: string, haystack: string): NearMatch[] {
  const matches: NearMatch[] = [];
  for (let at = haystack.indexOf(needle); at >= 0 && needle.length > 0; at = haystack.indexOf(needle, at + 1)) {
    matches.push({ start: at, end: at + needle.length, distance: 0 });
  }
  return matches;
}

/** Levenshtein distance (two rows; common prefix and suffix trimmed first, which is most of similar texts). */
export function levenshtein(a: string, b: string): number {
  let lo = 0;
  while (lo < a.length && lo < b.length && a.charCodeAt(lo) === b.charCodeAt(lo)) lo++;
  let ha = a.length;
  let hb = b.length;
  while (ha > lo && hb > lo && a.charCodeAt(ha - 1) === b.charCodeAt(hb - 1)) {
    ha--;
    hb--;
  }
  const s = a.slice(lo, ha);
  const t = b.slice(lo, hb);
  if (s.length === 0 || t.length === 0) return Math.max(s.length, t.length);
  let prev = new Int32Array(t.length + 1);
  let row = new Int32Array(t.length + 1);
  for (let j = 0; j <= t.length; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    row[0] = i;
    const c = s.charCodeAt(i - 1);
    for (let j = 1; j <= t.length; j++) {
      const sub = prev[j - 1] + (t.charCodeAt(j - 1) === c ? 0 : 1);
      row[j] = Math.min(sub, prev[j] + 1, row[j - 1] + 1);
    }
    [prev, row] = [row, prev];
  }
  return prev[t.length];
}

/** Edit distance divided by the longer length: 0 identical, 1 nothing in common. */
export function normalizedEditDistance(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 0 : levenshtein(a, b) / longer;
}

/** rapidfuzz's `fuzz.ratio` / 100: 2·LCS / (|a| + |b|), i.e. one minus the normalized insert/delete distance. */
export function similarityRatio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  let prev = new Int32Array(b.length + 1);
  let row = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      row[j] = b.charCodeAt(j - 1) === c ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    }
    [prev, row] = [row, prev];
    row.fill(0);
  }
  return (2 * prev[b.length]) / (a.length + b.length);
}

/**
 * Fidelity of a text output against a PDF's own text layer (issue 25: "markdown that never alters the text").
 * Words are compared as multisets: NFKC, case kept, punctuation stripped at word ends. Markdown syntax is
 * stripped first; LaTeX bodies are left out of the word count (a formula's words are not text-layer words).
 */

/** Pages of a parse markdown by their `<!-- page N -->` comments (N 1-based; the first page has none). */
export function splitMarkdownPages(markdown: string): Map<number, string> {
  const parts = markdown.split(/\n*^<!-- page (\d+) -->$\n*/mu);
  const pages = new Map<number, string>([[1, parts[0]]]);
  for (let i = 1; i + 1 < parts.length; i += 2) pages.set(Number(parts[i]), parts[i + 1]);
  return pages;
}

const EDGE_PUNCT = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** One word as compared: NFKC, format characters (zero-width spaces, marks) dropped, case kept, punctuation and symbols stripped at both ends; '' when nothing is left. */
export function normalizeWord(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(EDGE_PUNCT, '');
}

/** A plain text's words (a text layer, pdftotext's output), in order. */
export function textWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/\s+/u)
    .map(normalizeWord)
    .filter((w) => w !== '');
}

/**
 * Markdown to the words a reader sees: HTML comments and tags, LaTeX (delimited by $$, $, \[ \], \( \)) with
 * its body, images (target and alt text: the alt is our label, "Figure 3", not page text), link targets,
 * heading/bullet/quote markers, table pipes and separator rows, backticks and backslash escapes are dropped;
 * emphasis marks go with the punctuation at word ends; HTML character references are decoded. Ordered-list
 * numbers stay words ("1." is printed text).
 */
export function stripMarkdown(markdown: string): string {
  let s = markdown.replace(/<!--[\s\S]*?-->/gu, ' ');
  s = s
    .replace(/\$\$[\s\S]*?\$\$/gu, ' ')
    .replace(/\\\[[\s\S]*?\\\]/gu, ' ')
    .replace(/\\\([\s\S]*?\\\)/gu, ' ');
  s = s.replace(/(?<![\\$])\$(?!\s)[^$\n]+?(?<![\s\\])\$(?!\d)/gu, ' ');
  s = s.replace(/!\[[^\]]*\]\([^)]*\)/gu, ' ').replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1');
  s = s.replace(/(?<!\\)<\/?[A-Za-z][^>]*>/gu, ' ');
  s = s.replace(/^```.*$/gmu, ' ');
  s = s.replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gmu, ' '); // table separator rows
  s = s.replace(/^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/gmu, ' '); // horizontal rules
  s = s.replace(/^[ \t]*#{1,6}[ \t]+/gmu, '').replace(/^[ \t]*(>[ \t]*)+/gmu, '');
  s = s.replace(/^[ \t]*[-*+][ \t]+/gmu, '');
  // Emphasis marks and backticks at word ends go with the punctuation there; a `*` inside a word is text.
  s = s.replace(/(?<!\\)\|/gu, ' ').replace(/(?<!\\)`+/gu, ' ');
  return decodeEntities(s.replace(/\\([!-/:-@[-`{-~])/gu, '$1'));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML character references as a renderer shows them (`&lt;` is a printed "<"). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/giu, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function markdownWords(markdown: string): string[] {
  return textWords(stripMarkdown(markdown));
}

export function multiset(words: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** `words` less `removed` (each removed word once per occurrence); what was actually removed is counted. */
export function subtractWords(words: string[], removed: string[]): { kept: string[]; removed: number } {
  const take = multiset(removed);
  const kept: string[] = [];
  let count = 0;
  for (const w of words) {
    const n = take.get(w) ?? 0;
    if (n > 0) {
      take.set(w, n - 1);
      count++;
    } else kept.push(w);
  }
  return { kept, removed: count };
}

export interface WordMatch {
  /** Output words found in the reference. */
  found: number;
  outputWords: number;
  /** Reference words found in the output. */
  recalled: number;
  referenceWords: number;
  /** Output words not in the reference (for diagnostics). */
  invented: string[];
  /** Reference words missing from the output. */
  dropped: string[];
}

/**
 * Multiset match of output words against reference words. A word split at a line-end hyphen in the reference
 * ("infor-" "mation") matches the joined word of the output ("information" or "infor-mation"): both reference
 * words count as recalled and the output word as found. `hyphenPairs` (see hyphenPairs()) lists those splits;
 * exact matches are made first.
 */
export function matchWords(output: string[], reference: string[], hyphenPairs: [string, string][] = []): WordMatch {
  const pool = multiset(reference);
  const unmatched: string[] = [];
  for (const w of output) {
    const n = pool.get(w) ?? 0;
    if (n > 0) pool.set(w, n - 1);
    else unmatched.push(w);
  }
  let found = output.length - unmatched.length;
  let recalled = found;
  const invented: string[] = [];
  for (const w of unmatched) {
    const pair = hyphenPairs.find(
      ([a, b]) => (pool.get(a) ?? 0) > 0 && (pool.get(b) ?? 0) > 0 && (a !== b || pool.get(a)! > 1) && (w === a + b || w === `${a}-${b}`),
    );
    if (pair) {
      pool.set(pair[0], pool.get(pair[0])! - 1);
      pool.set(pair[1], pool.get(pair[1])! - 1);
      found++;
      recalled += 2;
    } else invented.push(w);
  }
  const dropped = [...pool].flatMap(([w, n]) => Array<string>(n).fill(w));
  return { found, outputWords: output.length, recalled, referenceWords: reference.length, invented, dropped };
}

/** Word pairs of a plain text split at a line-end hyphen ("infor-⏎mation" → ["infor", "mation"]), normalised. */
export function hyphenPairs(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const m of text.normalize('NFKC').matchAll(/(\S+)-[ \t]*\r?\n\s*(\S+)/gu)) {
    const a = normalizeWord(m[1]);
    const b = normalizeWord(m[2]);
    if (a && b) pairs.push([a, b]);
  }
  return pairs;
}

/** Share found, 1 when there is nothing to find (no output word invents anything; nothing to recall). */
export const ratio = (hit: number, of: number): number => (of === 0 ? 1 : hit / of);

const DOUBLED_RUN = /(\p{Lu})\1(\p{Lu})\2(\p{Lu})\3/u;

const DOUBLED_RUN_ANY_CASE = /(\p{L})\1(\p{L})\2(\p{L})\3/u;

/**
 * Output words with a doubled-letter run ("EENNFF": a bold face drawn twice, read twice) absent from the reference.
 * The rule reads capitals; `anyCase` reads any letters ("tthhee"), which words such as "bookkeeper" also
 * match when the reference lacks them.
 */
export function doubledRuns(output: string[], reference: string[], anyCase = false): string[] {
  const known = new Set(reference);
  const run = anyCase ? DOUBLED_RUN_ANY_CASE : DOUBLED_RUN;
  return output.filter((w) => run.test(w) && !known.has(w));
}

/** `#` heading levels of a markdown in order (fenced code left out). */
export function headingLevels(markdown: string): number[] {
  const levels: number[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^```/u.test(line)) fenced = !fenced;
    else if (!fenced) {
      const m = /^(#{1,6})[ \t]+\S/u.exec(line);
      if (m) levels.push(m[1].length);
    }
  }
  return levels;
}

/**
 * Heading jumps: headings more than one level deeper than the heading before them. The first heading is the
 * baseline (never a jump, whatever its level); a heading going back up any number of levels is not a jump.
 */
export function headingJumps(markdown: string): number {
  const levels = headingLevels(markdown);
  let jumps = 0;
  for (let i = 1; i < levels.length; i++) if (levels[i] > levels[i - 1] + 1) jumps++;
  return jumps;
}

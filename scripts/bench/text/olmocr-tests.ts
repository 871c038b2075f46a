import { readFileSync } from 'node:fs';
import { findNearMatches, normalizeText, similarityRatio } from './matching.ts';
import { parseTables, type TextTable } from './tables.ts';

/**
 * olmOCR-bench unit tests (pdf-olmocr/dataset.jsonl): one fact per row about one page of one PDF. `page` is
 * 1-based. Text checks follow olmOCR-bench with one difference each where noted: presence/absence use a
 * Levenshtein budget of `max_diffs` edits (olmOCR: partial-ratio threshold); math compares delimited LaTeX after
 * normalizing spacing and braces (olmOCR compares KaTeX renders), so it is stricter.
 */
export interface OlmTest {
  pdf: string;
  page: number;
  id: string;
  type: 'present' | 'absent' | 'order' | 'table' | 'math' | 'baseline';
  max_diffs?: number;
  checked?: 'verified' | 'rejected';
  text?: string;
  case_sensitive?: boolean;
  first_n?: number;
  last_n?: number;
  before?: string;
  after?: string;
  cell?: string;
  up?: string;
  down?: string;
  left?: string;
  right?: string;
  top_heading?: string;
  left_heading?: string;
  math?: string;
}

export interface TestOutcome {
  pass: boolean;
  reason: string;
}

/** The jsonl has blank lines; rows a reviewer rejected are not tests. */
export function loadOlmTests(file: string): OlmTest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as OlmTest)
    .filter((test) => test.checked !== 'rejected');
}

const PASS: TestOutcome = { pass: true, reason: '' };
const fail = (reason: string): TestOutcome => ({ pass: false, reason });
const short = (s: string) => (s.length > 50 ? `${s.slice(0, 47)}...` : s);

export function runOlmTest(test: OlmTest, content: string): TestOutcome {
  switch (test.type) {
    case 'present':
    case 'absent':
      return presenceTest(test, content);
    case 'order':
      return orderTest(test, content);
    case 'table':
      return tableTest(test, content);
    case 'math':
      return mathTest(test, content);
    case 'baseline':
      return /[\p{L}\p{N}]/u.test(content) ? PASS : fail('no letters or digits in the output');
    default:
      return fail(`unknown test type ${String(test.type)}`);
  }
}

function presenceTest(test: OlmTest, content: string): TestOutcome {
  let query = normalizeText(test.text ?? '');
  let text = normalizeText(content);
  if (test.case_sensitive === false) {
    query = query.toLowerCase();
    text = text.toLowerCase();
  }
  if (test.first_n && test.last_n) text = text.slice(0, test.first_n) + text.slice(-test.last_n);
  else if (test.first_n) text = text.slice(0, test.first_n);
  else if (test.last_n) text = text.slice(-test.last_n);
  const found = findNearMatches(query, text, test.max_diffs ?? 0).length > 0;
  if (test.type === 'present') return found ? PASS : fail(`missing "${short(query)}"`);
  return found ? fail(`should be absent: "${short(query)}"`) : PASS;
}

function orderTest(test: OlmTest, content: string): TestOutcome {
  const text = normalizeText(content);
  const before = findNearMatches(normalizeText(test.before ?? ''), text, test.max_diffs ?? 0);
  const after = findNearMatches(normalizeText(test.after ?? ''), text, test.max_diffs ?? 0);
  if (before.length === 0) return fail(`"before" not found: "${short(test.before ?? '')}"`);
  if (after.length === 0) return fail(`"after" not found: "${short(test.after ?? '')}"`);
  const firstBefore = Math.min(...before.map((m) => m.start));
  const lastAfter = Math.max(...after.map((m) => m.start));
  return firstBefore < lastAfter ? PASS : fail(`"${short(test.before ?? '')}" comes after "${short(test.after ?? '')}"`);
}

/** rapidfuzz-ratio agreement, with olmOCR's budget: at least 0.5, else 1 - max_diffs / length. */
function agrees(expected: string, actual: string, maxDiffs: number): boolean {
  const threshold = Math.max(0.5, 1 - maxDiffs / Math.max(1, expected.length));
  return similarityRatio(expected, normalizeText(actual)) >= threshold;
}

/** The best-matching heading among candidates (olmOCR: header cells first, any non-empty cell as a last resort). */
function headingAgrees(expected: string, headers: string[], fallback: string[], maxDiffs: number): boolean {
  const candidates = headers.some((h) => h.trim()) ? headers : fallback;
  return candidates.some((h) => h.trim() && agrees(expected, h, maxDiffs));
}

function cellSatisfies(test: OlmTest, table: TextTable, r: number, c: number): boolean {
  const cells = table.cells;
  const budget = test.max_diffs ?? 0;
  const neighbour = (dr: number, dc: number) => cells[r + dr]?.[c + dc];
  const checks: [string | undefined, () => boolean][] = [
    [test.up, () => neighbour(-1, 0) !== undefined && agrees(normalizeText(test.up!), neighbour(-1, 0)!, budget)],
    [test.down, () => neighbour(1, 0) !== undefined && agrees(normalizeText(test.down!), neighbour(1, 0)!, budget)],
    [test.left, () => neighbour(0, -1) !== undefined && agrees(normalizeText(test.left!), neighbour(0, -1)!, budget)],
    [test.right, () => neighbour(0, 1) !== undefined && agrees(normalizeText(test.right!), neighbour(0, 1)!, budget)],
    [
      test.top_heading,
      () => {
        const above = cells.slice(0, r).map((row) => row[c]);
        const headers = above.filter((_, i) => table.headerRows.has(i));
        return headingAgrees(normalizeText(test.top_heading!), headers, above, budget);
      },
    ],
    [
      test.left_heading,
      () => {
        const before = cells[r].slice(0, c);
        const headers = before.filter((_, j) => table.headerCols.has(j));
        return headingAgrees(normalizeText(test.left_heading!), headers, before, budget);
      },
    ],
  ];
  return checks.every(([wanted, check]) => !wanted || check());
}

function tableTest(test: OlmTest, content: string): TestOutcome {
  const tables = parseTables(content);
  if (tables.length === 0) return fail('no tables in the output');
  const target = normalizeText(test.cell ?? '');
  let cellFound = false;
  for (const table of tables) {
    for (let r = 0; r < table.cells.length; r++) {
      for (let c = 0; c < table.cells[r].length; c++) {
        if (!agrees(target, table.cells[r][c], test.max_diffs ?? 0)) continue;
        cellFound = true;
        if (cellSatisfies(test, table, r, c)) return PASS;
      }
    }
  }
  return fail(cellFound ? `cell "${short(target)}" found, its neighbours/headings differ` : `no cell "${short(target)}"`);
}

/** LaTeX compared without spacing commands, whitespace, \left/\right and braces. */
function normalizeLatex(latex: string): string {
  return latex
    .replace(/\\(left|right|big|Big|bigg|Bigg)(?![a-zA-Z])/gu, '')
    .replace(/\\[,;:! ]/gu, '')
    .replace(/\\operatorname\{([^}]*)\}/gu, '\\$1')
    .replace(/[{}\s]/gu, '');
}

const DELIMITED = [/\$\$([\s\S]+?)\$\$/gu, /\\\(([\s\S]+?)\\\)/gu, /\\\[([\s\S]+?)\\\]/gu, /\$([^$]+?)\$/gu];

function mathTest(test: OlmTest, content: string): TestOutcome {
  const equations: string[] = [];
  let rest = content;
  for (const pattern of DELIMITED) {
    for (const [, body] of rest.matchAll(pattern)) equations.push(body);
    rest = rest.replace(pattern, ' ');
  }
  const wanted = normalizeLatex(test.math ?? '');
  if (equations.some((eq) => normalizeLatex(eq) === wanted)) return PASS;
  return fail(equations.length === 0 ? 'no delimited equations in the output' : `no equation equals ${short(test.math ?? '')}`);
}

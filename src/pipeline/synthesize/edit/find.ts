/**
 * Finding the printed text to change: exact whole words (a word or a run of words on one line), falling back to a
 * value glued to punctuation or a currency sign (`$1,250.00`, `(10)`), and picking the occurrence nearest a label.
 */
import type { EditChange } from '../types.ts';
import { union } from '../../model/geometry.ts';
import type { PageChar, PageLine } from './stext.ts';

export interface TextMatch {
  pageIndex: number;
  line: PageLine;
  /** Index of the first and one past the last matched character in line.chars. */
  start: number;
  end: number;
  chars: PageChar[];
  box: [number, number, number, number];
}

const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Decides whether the text around an occurrence (the char next to it, and the one beyond) ends it. */
type Boundary = (next: string | undefined, beyond: string | undefined) => boolean;
const isSpace: Boundary = (c) => c === undefined || /\s/.test(c);
const isWordish = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
/** The fallback: not a letter or digit, and a '.' or ',' only where it is punctuation, not inside a number. */
const isLooseBoundary: Boundary = (c, beyond) => !isWordish(c) && !(c !== undefined && /[.,]/.test(c) && isWordish(beyond));

function occurrences(line: PageLine, needle: string, caseless: boolean, boundary: Boundary): number[] {
  const hay = caseless ? line.text.toLowerCase() : line.text;
  const pin = caseless ? needle.toLowerCase() : needle;
  const found: number[] = [];
  // Lines may carry runs of spaces where the needle has one: compare on a collapsed copy with an index map.
  const map: number[] = [];
  let collapsed = '';
  for (let i = 0; i < hay.length; i++) {
    if (/\s/.test(hay[i]) && collapsed.endsWith(' ')) continue;
    collapsed += /\s/.test(hay[i]) ? ' ' : hay[i];
    map.push(i);
  }
  for (let at = collapsed.indexOf(pin); at >= 0; at = collapsed.indexOf(pin, at + 1)) {
    const end = at + pin.length;
    if (boundary(collapsed[at - 1], collapsed[at - 2]) && boundary(collapsed[end], collapsed[end + 1]))
      found.push(map[at], map[at + pin.length - 1] + 1);
  }
  return found;
}

function matchesInLines(pageIndex: number, lines: PageLine[], text: string, caseless: boolean, loose: boolean): TextMatch[] {
  const needle = normalize(text);
  if (!needle) return [];
  const out: TextMatch[] = [];
  for (const line of lines) {
    const pairs = occurrences(line, needle, caseless, loose ? isLooseBoundary : isSpace);
    for (let k = 0; k < pairs.length; k += 2) {
      const chars = line.chars.slice(pairs[k], pairs[k + 1]);
      out.push({ pageIndex, line, start: pairs[k], end: pairs[k + 1], chars, box: union(chars.map((c) => c.box)) });
    }
  }
  return out;
}

/** Every occurrence of `text` on the page: whole words first; glued to punctuation only when there is none. */
export function findText(pageIndex: number, lines: PageLine[], text: string, caseless = false): TextMatch[] {
  const exact = matchesInLines(pageIndex, lines, text, caseless, false);
  return exact.length > 0 ? exact : matchesInLines(pageIndex, lines, text, caseless, true);
}

/**
 * How far a value sits from a label: right of it on the same line, or below it in the same column, counts as its
 * plain distance; anything else is penalised so a value in the label's row or column always wins.
 */
function distanceFromLabel(value: TextMatch['box'], label: TextMatch['box']): number {
  const [vx0, vy0, vx1, vy1] = value;
  const [lx0, ly0, lx1, ly1] = label;
  const vcy = (vy0 + vy1) / 2;
  const sameRow = vcy > ly0 && vcy < ly1;
  if (sameRow && vx0 >= lx1 - 1) return vx0 - lx1;
  const sameColumn = vx0 < lx1 + 2 && vx1 > lx0 - 2;
  if (sameColumn && vy0 >= ly1 - 1) return vy0 - ly1;
  const dx = Math.max(0, lx0 - vx1, vx0 - lx1);
  const dy = Math.max(0, ly0 - vy1, vy0 - ly1);
  return 10_000 + Math.hypot(dx, dy);
}

/** The occurrences one change applies to, across the pages given (index → lines). */
export function selectMatches(change: EditChange, pages: Map<number, PageLine[]>): TextMatch[] {
  const candidates: TextMatch[] = [];
  const labels: TextMatch[] = [];
  for (const [pageIndex, lines] of pages) {
    if (change.page !== undefined && change.page !== pageIndex) continue;
    candidates.push(...findText(pageIndex, lines, change.from));
    if (change.near) labels.push(...findText(pageIndex, lines, change.near.replace(/[:\s]+$/, ''), true));
  }
  if (candidates.length === 0 || change.all) return candidates;
  if (labels.length === 0) return [candidates[0]];
  let best = candidates[0];
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    for (const label of labels) {
      if (label.pageIndex !== candidate.pageIndex) continue;
      const d = distanceFromLabel(candidate.box, label.box);
      if (d < bestDistance) [best, bestDistance] = [candidate, d];
    }
  }
  return [best];
}

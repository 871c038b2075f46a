import type { BBox, ModelPage } from '../model/types.ts';
import { area } from '../model/geometry.ts';
import { centerIn, median, textRows, wordsIn, piecesOf, type WordItem } from './grid.ts';
import { frameworks, rulesWithin, type RuleSet } from './ruled.ts';
import { findUnruledTables } from './unruled.ts';
import type { DetectionPolicy, TableSource } from './types.ts';

/**
 * The table finder: ruled frameworks that hold text laid out in cells, then unruled runs of aligned rows among
 * the words no ruled table took. `strict` asks for more rows and better alignment than `liberal`.
 */

export interface Candidate {
  bbox: BBox;
  source: TableSource;
  score: number;
  rules: RuleSet;
}

const MIN_ROWS = { strict: 3, liberal: 2 } as const;

/** A framework is a table when its text forms at least two rows, and two columns (drawn or aligned). */
function ruledScore(box: BBox, rules: RuleSet, words: readonly WordItem[]): number {
  const inside = wordsIn(words, box, 2);
  if (inside.length < 2) return 0;
  const rows = textRows(inside);
  const size = median(inside.map((w) => w.size));
  const interiorV = rules.v.filter((s) => s.at > box[0] + size && s.at < box[2] - size).length;
  const multi = rows.filter((r) => piecesOf(r).length >= 2).length;
  if (rows.length < 2) return 0;
  if (interiorV > 0 && rows.length >= 2) return 0.9;
  // Booktabs-style (horizontal rules only): the rows must hold cells.
  if (multi >= Math.max(2, rows.length * 0.4)) return 0.75;
  return multi >= 1 ? 0.4 : 0.1;
}

/** Text between two stacked rules that belongs to one table: no text, or rows that are mostly cells. */
function tableBand(band: BBox, words: readonly WordItem[]): boolean {
  const inside = wordsIn(words, band, 0);
  if (inside.length === 0) return band[3] - band[1] < 60;
  const rows = textRows(inside);
  const multi = rows.filter((r) => piecesOf(r).length >= 2).length;
  return multi >= rows.length * 0.5;
}

export function detectTables(page: ModelPage, words: readonly WordItem[], rules: RuleSet, policy: DetectionPolicy): Candidate[] {
  const keep = policy === 'strict' ? 0.6 : 0.35;
  const out: Candidate[] = [];
  for (const f of frameworks(rules, page, (band) => tableBand(band, words))) {
    const score = ruledScore(f.bbox, f, words);
    if (score >= keep) out.push({ bbox: f.bbox, source: 'ruled', score, rules: { h: f.h, v: f.v } });
  }
  const claimed = out.map((c) => c.bbox);
  const free = words.filter((w) => !claimed.some((b) => centerIn(w.bbox, b, 2)));
  for (const u of findUnruledTables(free, MIN_ROWS[policy])) {
    if (u.score < keep) continue;
    if (claimed.some((b) => overlapShare(u.bbox, b) > 0.3)) continue;
    out.push({ bbox: u.bbox, source: 'unruled', score: u.score, rules: rulesWithin(rules, u.bbox) });
  }
  return out;
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, Math.min(area(a), area(b)));
}

/** Of two tables where one lies (mostly) inside the other, the more certain one stays (then the bigger). */
export function dropNested<T extends { bbox: BBox; score: number }>(list: T[]): T[] {
  const sorted = [...list].sort((a, b) => b.score - a.score || area(b.bbox) - area(a.bbox));
  const out: T[] = [];
  for (const c of sorted) if (!out.some((o) => overlapShare(o.bbox, c.bbox) > 0.8)) out.push(c);
  return out;
}

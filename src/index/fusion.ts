/** Reciprocal rank fusion of the BM25 and vector result lists. */
import type { IndexUnit, SearchHit } from './types.ts';

/** The usual RRF constant: damps the head of each list so agreement between lists outweighs one top rank. */
export const RRF_K = 60;

export function fuseByReciprocalRank(bm25: IndexUnit[], vector: IndexUnit[], limit: number): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  const add = (units: IndexUnit[], list: 'bm25' | 'vector') => {
    units.forEach((unit, index) => {
      const rank = index + 1;
      const hit = hits.get(unit.unit_id) ?? { unit, score: 0, ranks: {} };
      if (hit.ranks[list] !== undefined) return; // a unit listed twice in one list counts once
      hit.ranks[list] = rank;
      hit.score += 1 / (RRF_K + rank);
      hits.set(unit.unit_id, hit);
    });
  };
  add(bm25, 'bm25');
  add(vector, 'vector');
  return [...hits.values()].sort(compareHits).slice(0, limit);
}

/** Higher fused score first; ties by the better single rank, then unit id, so results are deterministic. */
function compareHits(a: SearchHit, b: SearchHit): number {
  if (b.score !== a.score) return b.score - a.score;
  const bestA = Math.min(a.ranks.bm25 ?? Infinity, a.ranks.vector ?? Infinity);
  const bestB = Math.min(b.ranks.bm25 ?? Infinity, b.ranks.vector ?? Infinity);
  if (bestA !== bestB) return bestA - bestB;
  return a.unit.unit_id < b.unit.unit_id ? -1 : a.unit.unit_id > b.unit.unit_id ? 1 : 0;
}

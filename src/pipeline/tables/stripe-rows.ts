import type { BBox } from '../model/types.ts';
import { textRows, type WordItem } from './grid.ts';
import { coverage, positions, type RuleSet } from './ruled.ts';

/**
 * Rows of a ruled grid with spanning cells. Text in a cell that spans rows is centred in it, so it sits between
 * the text rows of the columns beside it: page-wide text rows interleave and few of them have a rule between
 * them, though every column's own lines are parted by the rules drawn across that column. Reading the rule
 * evidence per ruled column (stripe) finds such grids.
 */

const STRIPE = {
  /** Least coverage of a stripe's width by a horizontal rule that parts two of its text rows. */
  ruleCoverage: 0.5,
  /** Share of neighbouring text-row pairs inside the stripes that must have a rule between them. */
  ruledPairShare: 0.8,
  /** Fewest neighbouring text-row pairs over all stripes for the evidence to count. */
  minPairs: 4,
  /** Tolerance when a rule is taken to lie between two text rows, in pt. */
  edgeTol: 1,
} as const;

/**
 * Whether the rules drawn across each ruled column part nearly every pair of neighbouring text lines in it.
 * `colEdges` are the column edges and `ruled[i]` says edge i is a drawn rule; stripes run between ruled edges.
 */
export function stripesRuled(box: BBox, words: readonly WordItem[], rules: RuleSet, colEdges: number[], ruled: boolean[]): boolean {
  const cuts = colEdges.filter((_, i) => ruled[i] || i === 0 || i === colEdges.length - 1);
  if (cuts.length < 3) return false;
  const rulePositions = positions(rules.h);
  let pairs = 0;
  let parted = 0;
  for (let i = 1; i < cuts.length; i++) {
    const lo = cuts[i - 1];
    const hi = cuts[i];
    const rows = textRows(words.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= lo && (w.bbox[0] + w.bbox[2]) / 2 < hi));
    for (let r = 1; r < rows.length; r++) {
      pairs++;
      const top = rows[r - 1].bbox[3] - STRIPE.edgeTol;
      const bottom = rows[r].bbox[1] + STRIPE.edgeTol;
      if (
        rulePositions.some(
          (y) => y >= top && y <= bottom && y > box[1] && y < box[3] && coverage(rules.h, y, lo, hi) >= STRIPE.ruleCoverage,
        )
      )
        parted++;
    }
  }
  return pairs >= STRIPE.minPairs && parted >= pairs * STRIPE.ruledPairShare;
}

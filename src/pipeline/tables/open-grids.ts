import type { BBox } from '../model/types.ts';
import { median } from './grid.ts';

/**
 * A grid printed without its outer frame (as spreadsheets print by default) falls apart at every row that spans
 * all its columns, a group label or a spacer: no column rule crosses that row, so nothing connects the rules above
 * it to those below. Two such pieces, one under the other, are one table when the rules that face each other run
 * the same width, a column rule stands at the same place on both sides, no rule closes either piece at its outer
 * edges (a framed grid would have been joined by its frame, so a framed pair is two tables), and the band between
 * them is one row high and holds a label line or nothing.
 */

/** Thresholds, in pt unless said otherwise. */
const OPEN_GRID = {
  /** How far the ends of the two facing rules, and the two column rules, may differ. */
  alignTol: 3,
  /** Tallest band between the pieces, in row pitches of the upper piece (its median gap between row rules). */
  maxBandPitches: 2.5,
  /** A column rule this close to a facing rule's end closes the piece at that edge (it has a frame). */
  frameTol: 4,
} as const;

/** A horizontal (at = y, a0..a1 in x) or vertical (at = x, a0..a1 in y) rule, as ruled.ts gives it. */
interface Rule {
  a0: number;
  a1: number;
  at: number;
}

/** The rules of one connected grid piece. */
export interface GridPiece {
  h: readonly Rule[];
  v: readonly Rule[];
}

function rowPitch(piece: GridPiece): number | null {
  const ats = [...new Set(piece.h.map((s) => Math.round(s.at)))].sort((a, b) => a - b);
  if (ats.length < 2) return null;
  return median(ats.slice(1).map((at, i) => at - ats[i]));
}

const framedAt = (piece: GridPiece, x: number) => piece.v.some((s) => Math.abs(s.at - x) <= OPEN_GRID.frameTol);

function open(piece: GridPiece, rule: Rule): boolean {
  return !framedAt(piece, rule.a0) && !framedAt(piece, rule.a1);
}

const sharesColumnRule = (a: GridPiece, b: GridPiece) => a.v.some((s) => b.v.some((t) => Math.abs(s.at - t.at) <= OPEN_GRID.alignTol));

/**
 * Whether `below` continues `above` across a spanning row; `bandKind` reads the text between them (ruled.ts's
 * kinds: only a 'label' line or an 'empty' band may lie between).
 */
export function continuesOpenGrid(above: GridPiece, below: GridPiece, bandKind: (band: BBox) => string): boolean {
  if (above.v.length === 0 || below.v.length === 0 || above.h.length === 0 || below.h.length === 0) return false;
  const bottom = above.h.reduce((a, b) => (b.at > a.at ? b : a));
  const top = below.h.reduce((a, b) => (b.at < a.at ? b : a));
  const pitch = rowPitch(above) ?? rowPitch(below);
  const gap = top.at - bottom.at;
  if (pitch === null || gap <= 0 || gap > pitch * OPEN_GRID.maxBandPitches) return false;
  if (Math.abs(top.a0 - bottom.a0) > OPEN_GRID.alignTol || Math.abs(top.a1 - bottom.a1) > OPEN_GRID.alignTol) return false;
  if (!open(above, bottom) || !open(below, top) || !sharesColumnRule(above, below)) return false;
  const kind = bandKind([Math.min(top.a0, bottom.a0), bottom.at, Math.max(top.a1, bottom.a1), top.at]);
  return kind === 'label' || kind === 'empty';
}

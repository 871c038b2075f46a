import type { Fragment, RawChar } from './chars.ts';

/**
 * Rows: fragments (mupdf lines) whose text sits on one baseline, wherever they are on the page. This rejoins
 * right-to-left lines mupdf splits into bidi runs and attaches superscripts and subscripts that mupdf put in
 * fragments of their own; clusters.ts then cuts rows into lines at column gutters, cell borders and wide gaps.
 */
export interface Row {
  rotation: number;
  /** The anchor's baseline and size, and the band its text occupies: baseline − 0.75 em … baseline + 0.25 em. */
  base: number;
  size: number;
  top: number;
  bottom: number;
  fragments: Fragment[];
}

interface Anchor {
  base: number;
  size: number;
}

/** How fragments join rows. em = the text size, px. */
const ROW = {
  /** Two directions closer than this are the same, in degrees. */
  rotationTol: 1,
  /** Glyphs overlapping by more than this share of the narrower one sit on each other. */
  collisionShare: 0.3,
  /** Text at least this share of the row's size must sit on the row's baseline ... */
  sameSizeShare: 0.85,
  /** ... within this distance, in the row's em. */
  baselineTol: 0.3,
  /** Fit of text on the row's baseline, less its offset in em (above any band overlap, which is at most 1). */
  baselineFit: 1.5,
  /** A row's band reaches this far above its baseline, in em. */
  ascent: 0.75,
  /** ... and this far below it, in em. */
  descent: 0.25,
  /** Smaller text fits a row when its band overlaps the row's by this share of the thinner band. */
  bandOverlap: 0.5,
} as const;

/** A fragment's main text: its largest glyph (raised or lowered small text inside it does not move the row). */
function anchorOf(fragment: Fragment): Anchor | null {
  let best: RawChar | null = null;
  for (const c of fragment.chars) if (!c.space && (!best || c.size > best.size)) best = c;
  return best ? { base: best.base, size: best.size } : null;
}

const sameRotation = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) < ROW.rotationTol;

/** Overlap of two bands relative to the thinner one. */
function overlapRatio(top1: number, bottom1: number, top2: number, bottom2: number): number {
  const overlap = Math.min(bottom1, bottom2) - Math.max(top1, top2);
  const thinner = Math.min(bottom1 - top1, bottom2 - top2);
  return thinner > 0 ? overlap / thinner : 0;
}

/** True when some glyph of `fragment` sits on a glyph of the row (two lines of small text under one big line). */
function collides(fragment: Fragment, row: Row): boolean {
  for (const c of fragment.chars) {
    if (c.space) continue;
    for (const f of row.fragments) {
      for (const d of f.chars) {
        const overlap = Math.min(c.hi, d.hi) - Math.max(c.lo, d.lo);
        if (!d.space && overlap > ROW.collisionShare * Math.min(c.hi - c.lo, d.hi - d.lo) && overlap > 0) return true;
      }
    }
  }
  return false;
}

/**
 * How well a fragment fits a row (0 = not at all). Text of about the row's size must sit on the row's baseline
 * (within 0.3 em): bands alone would chain the lines of a small-print column to the lines of a big-print one.
 * Smaller text (superscripts, subscripts, footnote marks) fits when its band overlaps the row's by half and
 * none of its glyphs sits on one of the row's.
 */
function fit(fragment: Fragment, anchor: Anchor, row: Row): number {
  if (!sameRotation(row.rotation, fragment.rotation)) return 0;
  if (anchor.size >= ROW.sameSizeShare * row.size) {
    const offset = Math.abs(anchor.base - row.base);
    return offset <= ROW.baselineTol * row.size ? ROW.baselineFit - offset / row.size : 0;
  }
  const ratio = overlapRatio(anchor.base - ROW.ascent * anchor.size, anchor.base + ROW.descent * anchor.size, row.top, row.bottom);
  return ratio >= ROW.bandOverlap && !collides(fragment, row) ? ratio : 0;
}

function lowerBound(rows: Row[], base: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].base < base) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows, anchored on the largest text first so small raised/lowered text joins the row it belongs to. */
export function groupRows(fragments: Fragment[]): Row[] {
  const anchored = fragments
    .map((fragment) => ({ fragment, anchor: anchorOf(fragment) }))
    .filter((f): f is { fragment: Fragment; anchor: Anchor } => f.anchor !== null)
    .sort((a, b) => b.anchor.size - a.anchor.size || a.fragment.index - b.fragment.index);
  const rows: Row[] = [];
  // Rows sorted by baseline: a fragment can only fit rows within one (largest) em of its own baseline.
  const byBase: Row[] = [];
  const reach = anchored.length ? anchored[0].anchor.size : 0;
  for (const { fragment, anchor } of anchored) {
    let best: Row | null = null;
    let bestFit = 0;
    for (let i = lowerBound(byBase, anchor.base - reach); i < byBase.length && byBase[i].base <= anchor.base + reach; i++) {
      const f = fit(fragment, anchor, byBase[i]);
      if (f > bestFit) {
        best = byBase[i];
        bestFit = f;
      }
    }
    if (best) best.fragments.push(fragment);
    else {
      const { base, size } = anchor;
      const row: Row = {
        rotation: fragment.rotation,
        base,
        size,
        top: base - ROW.ascent * size,
        bottom: base + ROW.descent * size,
        fragments: [fragment],
      };
      rows.push(row);
      byBase.splice(lowerBound(byBase, base), 0, row);
    }
  }
  // Fragments of spaces alone (mupdf makes them between bidi runs) carry word breaks: give them to their row.
  for (const fragment of fragments) {
    if (fragment.chars.some((c) => !c.space)) continue;
    const base = fragment.chars[0].base;
    const row = rows.find((r) => sameRotation(r.rotation, fragment.rotation) && Math.abs(base - r.base) <= ROW.baselineTol * r.size);
    row?.fragments.push(fragment);
  }
  return rows;
}

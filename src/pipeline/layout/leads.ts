import { centerY, height, yOverlap } from '../model/geometry.ts';
import type { LineInfo } from './internal.ts';

/**
 * Glyphs some PDFs draw as lines of their own but that belong to the next line: a bullet set apart from its
 * item text, and a drop cap beside the first lines of a paragraph. They are attached to that line as its `lead`
 * and leave the line list, so the layout sees one line that starts with a marker (or a paragraph's first letter).
 */
/** Bullets and drop caps drawn apart from their line. Sizes are in px or in font sizes named. */
const LEAD = {
  /** A bullet's line has its centre within this share of the line's height of the bullet's centre... */
  bulletRowShare: 0.6,
  /** ...and starts within this many bullet sizes to its right. */
  bulletReachSizes: 3,
  /** A drop cap is at least this many body sizes tall... */
  dropCapMinBodySizes: 2,
  /** ...overlaps its line vertically by more than this share of the line's height... */
  dropCapOverlapShare: 0.5,
  /** ...and its line starts within this many body sizes to its right. */
  dropCapReachBodySizes: 1.5,
  /** A lead may overlap its line by this many px. */
  overlapPx: 2,
} as const;

export function attachLeads(lines: readonly LineInfo[], bodySize: number): LineInfo[] {
  const used = new Set<LineInfo>();
  for (const b of lines) {
    if (!b.bareBullet) continue;
    const target = nearestRight(
      lines,
      b,
      (l) => Math.abs(centerY(l.box) - centerY(b.box)) < height(l.box) * LEAD.bulletRowShare,
      b.size * LEAD.bulletReachSizes,
    );
    if (!target || target.lead || target.marker) continue;
    target.lead = b;
    target.marker = { kind: 'bullet', marker: b.text };
    target.box = [b.box[0], Math.min(b.box[1], target.box[1]), target.box[2], Math.max(b.box[3], target.box[3])];
    used.add(b);
  }
  for (const d of lines) {
    if (used.has(d) || !/^\p{L}{1,2}$/u.test(d.text) || d.size < bodySize * LEAD.dropCapMinBodySizes) continue;
    const beside = (l: LineInfo) =>
      yOverlap(l.box, d.box) > height(l.box) * LEAD.dropCapOverlapShare && l.box[1] >= d.box[1] - height(l.box);
    const target = nearestRight(lines, d, beside, bodySize * LEAD.dropCapReachBodySizes);
    if (!target || target.lead) continue;
    d.dropCap = true;
    target.lead = d;
    used.add(d);
  }
  return used.size ? lines.filter((l) => !used.has(l)) : [...lines];
}

/** The topmost line starting just right of `from` (within `reach` px) that satisfies `fits`. */
function nearestRight(lines: readonly LineInfo[], from: LineInfo, fits: (l: LineInfo) => boolean, reach: number): LineInfo | undefined {
  let best: LineInfo | undefined;
  for (const l of lines) {
    if (l === from || l.bareBullet) continue;
    const dx = l.box[0] - from.box[2];
    if (dx < -LEAD.overlapPx || dx > reach || !fits(l)) continue;
    if (!best || l.box[1] < best.box[1]) best = l;
  }
  return best;
}

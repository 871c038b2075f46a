import type { Block } from '../model/types.ts';
import { headingNumberDepth } from './patterns.ts';

/**
 * Heading levels (1..6). The title is level 1. Numbered section headers take their numbering depth ("2.1" is one
 * level below "2"); the others rank by font size, then boldness, over the whole document, so the biggest section
 * headers sit right below the title.
 */
interface HeadingInfo {
  block: Block;
  size: number;
  bold: boolean;
}

function sizeOf(b: Block): number {
  let best = 0;
  let bestN = -1;
  const n = new Map<number, number>();
  for (const l of b.lines) {
    const k = Math.round(l.font.size * 2) / 2;
    const v = (n.get(k) ?? 0) + l.text.length;
    n.set(k, v);
    if (v > bestN) {
      bestN = v;
      best = k;
    }
  }
  return best;
}

/** Heading sizes within this share of each other are one style. */
const SAME_STYLE_SIZE_SHARE = 0.04;
/** Deepest heading level (as in HTML's h1..h6). */
const MAX_HEADING_LEVEL = 6;

/** Distinct heading styles, biggest first; sizes within 4% of each other count as one. */
function styleRanks(infos: readonly HeadingInfo[]): (h: HeadingInfo) => number {
  const styles: { size: number; bold: boolean }[] = [];
  const sorted = [...infos].sort((a, b) => b.size - a.size || Number(b.bold) - Number(a.bold));
  for (const h of sorted) {
    const same = styles.find((s) => Math.abs(s.size - h.size) <= s.size * SAME_STYLE_SIZE_SHARE && s.bold === h.bold);
    if (!same) styles.push({ size: h.size, bold: h.bold });
  }
  return (h) => styles.findIndex((s) => Math.abs(s.size - h.size) <= s.size * SAME_STYLE_SIZE_SHARE && s.bold === h.bold);
}

/** Sets `headingLevel` on every title and section_header of the given blocks (one page or a whole document). */
export function assignHeadingLevels(blocks: readonly Block[]): void {
  const headers: HeadingInfo[] = [];
  let hasTitle = false;
  for (const b of blocks) {
    if (b.type === 'title') {
      b.headingLevel = 1;
      hasTitle = true;
    } else if (b.type === 'section_header') {
      const bold = b.lines.filter((l) => l.font.bold).length * 2 >= b.lines.length;
      headers.push({ block: b, size: sizeOf(b), bold });
    }
  }
  const offset = hasTitle ? 1 : 0;
  const rank = styleRanks(headers);
  for (const h of headers) {
    const depth = headingNumberDepth(h.block.text);
    const level = depth > 0 ? depth : rank(h) + 1;
    h.block.headingLevel = Math.max(1, Math.min(MAX_HEADING_LEVEL, level + offset));
  }
  closeLevelJumps(blocks.filter((b) => b.headingLevel !== undefined && (b.type === 'title' || b.type === 'section_header')));
}

/**
 * In reading order, a heading is never more than one level below the heading it follows (a smaller heading before
 * the title, "3.2.1" right under a title): each heading becomes one level below the nearest earlier heading
 * ranked above it, or level 1 when there is none. Relative order is kept: headings that ranked alike under the
 * same parent stay alike.
 */
function closeLevelJumps(headings: readonly Block[]): void {
  const open: { ranked: number; level: number }[] = [];
  for (const b of headings) {
    const ranked = b.headingLevel!;
    while (open.length > 0 && open[open.length - 1].ranked >= ranked) open.pop();
    const level = open.length > 0 ? open[open.length - 1].level + 1 : 1;
    b.headingLevel = level;
    open.push({ ranked, level });
  }
}

import type { BBox, ModelPage } from '../model/types.ts';
import { area, centerIn, overlapArea } from '../model/geometry.ts';
import type { LineInfo } from './internal.ts';

/**
 * Containers: filled or framed boxes drawn around text (cards, call-outs, sidebar boxes). Their text is read
 * together, so the reading order treats each box as one piece. Only the outermost box counts; page-sized
 * backgrounds and boxes around a single line (highlights) are not containers.
 */
export interface Container {
  box: BBox;
  lines: LineInfo[];
}

/** What makes a drawn box a container. Shares of an area are of the page or of the box named. */
const CONTAINER = {
  /** Smallest width and height of a container (px). */
  minSidePx: 8,
  /** Smallest and largest area of a container, as shares of the page (larger ones are backgrounds). */
  minPageShare: 0.005,
  maxPageShare: 0.6,
  /** A box more than this share inside a figure or table belongs to it. */
  maxOccupiedShare: 0.3,
  /** A box more than this share inside a bigger container is the same box drawn twice. */
  duplicateShare: 0.8,
  /** Fewest lines inside a container (a box around one line is a highlight). */
  minLines: 2,
  /** A line reaching more than this many px past the box's sides is cut by it, not inside it. */
  edgeSlackPx: 4,
} as const;

export function findContainers(page: ModelPage, lines: readonly LineInfo[], occupied: readonly BBox[]): Container[] {
  const pageArea = page.width * page.height;
  const candidates = page.paths
    .filter((p) => p.kind !== 'rule' && p.bbox[2] - p.bbox[0] > CONTAINER.minSidePx && p.bbox[3] - p.bbox[1] > CONTAINER.minSidePx)
    .map((p) => p.bbox)
    .filter((b) => area(b) >= pageArea * CONTAINER.minPageShare && area(b) <= pageArea * CONTAINER.maxPageShare)
    .filter((b) => !occupied.some((o) => overlapArea(o, b) > area(b) * CONTAINER.maxOccupiedShare))
    .sort((a, b) => area(b) - area(a));
  const out: Container[] = [];
  for (const box of candidates) {
    if (out.some((c) => overlapArea(c.box, box) > area(box) * CONTAINER.duplicateShare)) continue;
    if (out.some((c) => overlapArea(c.box, box) > 0)) continue;
    const inside = lines.filter((l) => centerIn(l.box, box));
    if (inside.length < CONTAINER.minLines) continue;
    // A box cutting through text lines (a highlight, a background band) does not contain them.
    if (inside.some((l) => l.box[0] < box[0] - CONTAINER.edgeSlackPx || l.box[2] > box[2] + CONTAINER.edgeSlackPx)) continue;
    out.push({ box, lines: inside });
  }
  return out;
}

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

export function findContainers(page: ModelPage, lines: readonly LineInfo[], occupied: readonly BBox[]): Container[] {
  const pageArea = page.width * page.height;
  const candidates = page.paths
    .filter((p) => p.kind !== 'rule' && p.bbox[2] - p.bbox[0] > 8 && p.bbox[3] - p.bbox[1] > 8)
    .map((p) => p.bbox)
    .filter((b) => area(b) >= pageArea * 0.005 && area(b) <= pageArea * 0.6)
    .filter((b) => !occupied.some((o) => overlapArea(o, b) > area(b) * 0.3))
    .sort((a, b) => area(b) - area(a));
  const out: Container[] = [];
  for (const box of candidates) {
    if (out.some((c) => overlapArea(c.box, box) > area(box) * 0.8)) continue;
    if (out.some((c) => overlapArea(c.box, box) > 0)) continue;
    const inside = lines.filter((l) => centerIn(l.box, box));
    if (inside.length < 2) continue;
    // A box cutting through text lines (a highlight, a background band) does not contain them.
    if (inside.some((l) => l.box[0] < box[0] - 4 || l.box[2] > box[2] + 4)) continue;
    out.push({ box, lines: inside });
  }
  return out;
}

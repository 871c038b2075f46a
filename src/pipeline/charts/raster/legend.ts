import type { BBox } from '../../model/types.ts';
import type { Component } from './palette.ts';
import { numberOf, type TextLabel } from './text.ts';

/**
 * Legend entries: a small colour swatch (a filled square or a short line stroke) with text just to its right.
 * The swatch's colour cluster maps to the series name.
 */
export interface LegendEntry {
  cluster: number;
  name: string;
  swatch: Component;
  label: TextLabel;
  bbox: BBox;
}

export function isSwatch(c: Component): boolean {
  const w = c.x1 - c.x0 + 1,
    h = c.y1 - c.y0 + 1;
  const square = w >= 5 && h >= 4 && w <= 40 && h <= 30 && c.pixels >= 0.8 * w * h;
  const stroke = w >= 10 && w <= 50 && h <= 12 && h >= 1;
  return square || stroke;
}

export function findLegend(comps: Component[], labels: TextLabel[]): LegendEntry[] {
  const entries: LegendEntry[] = [];
  const taken = new Set<TextLabel>();
  for (const c of comps.filter(isSwatch).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const midY = (c.y0 + c.y1) / 2;
    const label = labels
      .filter(
        (l) =>
          !taken.has(l) &&
          numberOf(l) === null &&
          /\p{L}/u.test(l.text) &&
          l.bbox[0] >= c.x1 - 2 &&
          l.bbox[0] <= c.x1 + 30 &&
          midY >= l.bbox[1] - 2 &&
          midY <= l.bbox[3] + 2,
      )
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    if (!label || entries.some((e) => e.cluster === c.cluster)) continue;
    taken.add(label);
    entries.push({
      cluster: c.cluster,
      name: label.text,
      swatch: c,
      label,
      bbox: [c.x0, Math.min(c.y0, label.bbox[1]), label.bbox[2], Math.max(c.y1 + 1, label.bbox[3])],
    });
  }
  return entries;
}

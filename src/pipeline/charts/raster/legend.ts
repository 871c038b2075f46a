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

/** Thresholds of the raster legend finder; lengths in image px. */
const SWATCH = {
  /** A square swatch is this wide and tall at least and at most (px)... */
  squareMinWidth: 5,
  squareMinHeight: 4,
  squareMaxWidth: 40,
  squareMaxHeight: 30,
  /** ...and fills this share of its box (ratio). */
  squareMinFill: 0.8,
  /** A stroke swatch is between these widths and at most this tall (px; at least 1). */
  strokeMinWidth: 10,
  strokeMaxWidth: 50,
  strokeMaxHeight: 12,
  /** The name starts from this far (px) left of the swatch's right edge to this far right of it... */
  nameOverlap: 2,
  nameReach: 30,
  /** ...and the swatch's middle lies within its height, give or take this (px). */
  nameSlack: 2,
} as const;

export function isSwatch(c: Component): boolean {
  const w = c.x1 - c.x0 + 1,
    h = c.y1 - c.y0 + 1;
  const square =
    w >= SWATCH.squareMinWidth &&
    h >= SWATCH.squareMinHeight &&
    w <= SWATCH.squareMaxWidth &&
    h <= SWATCH.squareMaxHeight &&
    c.pixels >= SWATCH.squareMinFill * w * h;
  const stroke = w >= SWATCH.strokeMinWidth && w <= SWATCH.strokeMaxWidth && h <= SWATCH.strokeMaxHeight && h >= 1;
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
          l.bbox[0] >= c.x1 - SWATCH.nameOverlap &&
          l.bbox[0] <= c.x1 + SWATCH.nameReach &&
          midY >= l.bbox[1] - SWATCH.nameSlack &&
          midY <= l.bbox[3] + SWATCH.nameSlack,
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

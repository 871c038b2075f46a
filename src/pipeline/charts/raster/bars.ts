import type { RasterPage } from '../../drawing/mod.ts';
import type { PlotArea } from './axes.ts';
import type { Component, Segmentation } from './palette.ts';

/**
 * Bars: filled rectangles of one colour standing on the x axis (vertical) or starting at the y axis (horizontal);
 * a rectangle sitting on another bar of the same width is a stacked segment. Edges are located to a fraction of a
 * pixel from the anti-aliased row/column just outside the rectangle.
 */
export interface Bar {
  comp: Component;
  /** Continuous pixel coordinates of the value end (top for vertical, right for horizontal) and of the base. */
  end: number;
  base: number;
  /** Index of the bar it stands on (stacked), else -1. */
  under: number;
}

export interface BarSet {
  orientation: 'vertical' | 'horizontal';
  bars: Bar[];
}

/** Thresholds of the raster bar finder; lengths in image px. */
const BARS = {
  /** A rectangle fills at least this share of its box (ratio)... */
  minFill: 0.8,
  /** ...is at least this wide and this tall, with one side at least this long (px)... */
  minWidth: 3,
  minHeight: 1,
  minSide: 3,
  /** ...and has at least this many pixels (count). */
  minPixels: 6,
  /** A bar stands within this (px) of the axis... */
  axisTol: 3,
  /** ...and is more than this (px, counted as x1 - x0) across. */
  minAcross: 2,
  /** Chaining stops at this many bars (count). */
  maxBars: 2000,
  /** Stacked segments agree with the bar below within this (px) across and touch it within this (px). */
  stackTol: 2,
} as const;

function isRectangle(c: Component): boolean {
  const w = c.x1 - c.x0 + 1,
    h = c.y1 - c.y0 + 1;
  return (
    c.pixels >= BARS.minFill * w * h &&
    w >= BARS.minWidth &&
    h >= BARS.minHeight &&
    (w >= BARS.minSide || h >= BARS.minSide) &&
    c.pixels >= BARS.minPixels
  );
}

export function findBars(comps: Component[], area: PlotArea, seg: Segmentation, raster: RasterPage): BarSet | null {
  const rects = comps.filter(isRectangle);
  const vertical = chain(rects, (c) => Math.abs(c.y1 + 1 - area.bottom) <= BARS.axisTol && c.x1 - c.x0 >= BARS.minAcross, true);
  const horizontal = chain(rects, (c) => Math.abs(c.x0 - 1 - area.left) <= BARS.axisTol && c.y1 - c.y0 >= BARS.minAcross, false);
  const vScore = vertical.reduce((s, b) => s + b.comp.pixels, 0),
    hScore = horizontal.reduce((s, b) => s + b.comp.pixels, 0);
  if (!vertical.length && !horizontal.length) return null;
  // A lone bar touching both axes is ambiguous; prefer the orientation with more (and bigger) bars.
  const orientation =
    vertical.length > horizontal.length || (vertical.length === horizontal.length && vScore >= hScore) ? 'vertical' : 'horizontal';
  const bars = orientation === 'vertical' ? vertical : horizontal;
  for (const b of bars) b.end = subpixelEnd(b.comp, orientation, seg, raster);
  for (const b of bars) b.base = b.under >= 0 ? bars[b.under].end : orientation === 'vertical' ? area.bottom : area.left + 1;
  return { orientation, bars };
}

/** Bars on the axis, then segments stacked on them (same extent across, touching end to base). */
function chain(rects: Component[], onAxis: (c: Component) => boolean, vertical: boolean): Bar[] {
  const bars: Bar[] = rects.filter(onAxis).map((comp) => ({ comp, end: 0, base: 0, under: -1 }));
  const used = new Set(bars.map((b) => b.comp));
  for (let i = 0; i < bars.length && bars.length < BARS.maxBars; i++) {
    const b = bars[i].comp;
    for (const c of rects) {
      if (used.has(c)) continue;
      const sameAcross = vertical
        ? Math.abs(c.x0 - b.x0) <= BARS.stackTol && Math.abs(c.x1 - b.x1) <= BARS.stackTol
        : Math.abs(c.y0 - b.y0) <= BARS.stackTol && Math.abs(c.y1 - b.y1) <= BARS.stackTol;
      const touching = vertical ? Math.abs(c.y1 + 1 - b.y0) <= BARS.stackTol : Math.abs(c.x0 - 1 - b.x1) <= BARS.stackTol;
      if (sameAcross && touching) {
        used.add(c);
        bars.push({ comp: c, end: 0, base: 0, under: i });
      }
    }
  }
  return bars;
}

/**
 * The value end of a bar in continuous coordinates: the first fully covered row (column) minus the coverage of the
 * blended row (column) beyond it, read at the bar's middle.
 */
function subpixelEnd(c: Component, orientation: 'vertical' | 'horizontal', seg: Segmentation, raster: RasterPage): number {
  const mid = orientation === 'vertical' ? Math.round((c.x0 + c.x1) / 2) : Math.round((c.y0 + c.y1) / 2);
  const inside = orientation === 'vertical' ? [mid, c.y0] : [c.x1, mid];
  const outside = orientation === 'vertical' ? [mid, c.y0 - 1] : [c.x1 + 1, mid];
  const pix = (x: number, y: number) => {
    const i = (y * raster.width + x) * 3;
    return [raster.data[i], raster.data[i + 1], raster.data[i + 2]];
  };
  const edge = orientation === 'vertical' ? c.y0 : c.x1 + 1;
  if (outside[0] < 0 || outside[1] < 0 || outside[0] >= seg.width || outside[1] >= seg.height) return edge;
  const fill = pix(inside[0], inside[1]),
    blend = pix(outside[0], outside[1]);
  const bg = [255, 255, 255];
  // Coverage from the channel where fill and background differ most.
  let k = 0;
  for (let j = 1; j < 3; j++) if (Math.abs(bg[j] - fill[j]) > Math.abs(bg[k] - fill[k])) k = j;
  const span = bg[k] - fill[k];
  const coverage = span === 0 ? 0 : Math.min(1, Math.max(0, (bg[k] - blend[k]) / span));
  return orientation === 'vertical' ? edge - coverage : edge + coverage;
}

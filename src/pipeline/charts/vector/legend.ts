import type { BBox, Line } from '../../model/types.ts';
import type { PageDrawing } from '../../drawing/mod.ts';
import { centerX, centerY, containsPoint, height, union, width } from '../../model/geometry.ts';
import { brightness, rectOf } from './primitives.ts';

/**
 * Legend entries: a small colour swatch (a filled square, a short stroke, a marker) with a line of text just to
 * its right. Each gives a series name for a colour. Entries are looked for only inside `region` (the plot and a
 * margin around it) so a neighbouring chart's legend is not borrowed.
 */
export interface LegendEntry {
  name: string;
  color: string;
  /** The swatch's box (kept out of the marks). */
  swatch: BBox;
  /** Swatch and text together. */
  box: BBox;
}

interface Swatch {
  box: BBox;
  color: string;
}

const MAX_SWATCHES = 200;

/** Thresholds of the legend finder; lengths in page px (PDF points). */
const LEGEND = {
  /** Text is centred on a swatch within the largest of: this share of the text's height... */
  alignTextShare: 0.35,
  /** ...this share of the swatch's height... */
  alignSwatchShare: 0.5,
  /** ...and this (px). */
  alignMin: 4,
  /** Text may start this far (px) left of the swatch's right edge... */
  gapOverlap: 1,
  /** ...and at most the larger of this (px)... */
  gapMax: 40,
  /** ...and this many font sizes right of it. */
  gapFontSizes: 1.5,
  /** A swatch is darker than this (0 black .. 1 white). */
  maxBrightness: 0.95,
  /** A filled swatch is this wide (px) at least... */
  minWidth: 3,
  /** ...and this tall (px)... */
  minHeight: 1.5,
  /** ...and at most this wide and tall (px). */
  maxWidth: 70,
  maxHeight: 36,
  /** A curved marker swatch is at most this wide and tall (px). */
  maxMarker: 30,
  /** A ribbon or stroke swatch is at most this tall (px, filled; stroked)... */
  ribbonMaxHeight: 4,
  strokeMaxHeight: 3,
  /** ...and at least this wide (px). */
  lineMinWidth: 8,
} as const;

export function findLegend(drawing: PageDrawing, lines: Line[], region: BBox): LegendEntry[] {
  const texts = lines.filter((l) => l.rotation === 0 && containsPoint(region, centerX(l.bbox), centerY(l.bbox)));
  const entries: LegendEntry[] = [];
  const used = new Set<Line>();
  for (const sw of swatches(drawing, region)) {
    const text = texts.find((l) => !used.has(l) && beside(sw.box, l));
    if (!text) continue;
    const name = text.text.trim();
    if (entries.some((e) => e.color === sw.color || e.name === name)) continue;
    used.add(text);
    entries.push({ name, color: sw.color, swatch: sw.box, box: union([sw.box, text.bbox]) });
  }
  return entries;
}

/** Text that starts just right of the swatch, centred on it. */
function beside(sw: BBox, line: Line): boolean {
  const gap = line.bbox[0] - sw[2];
  const tol = Math.max(height(line.bbox) * LEGEND.alignTextShare, height(sw) * LEGEND.alignSwatchShare, LEGEND.alignMin);
  return (
    gap >= -LEGEND.gapOverlap &&
    gap <= Math.max(LEGEND.gapMax, line.font.size * LEGEND.gapFontSizes) &&
    Math.abs(centerY(line.bbox) - centerY(sw)) <= tol
  );
}

function swatches(drawing: PageDrawing, region: BBox): Swatch[] {
  const out: Swatch[] = [];
  for (const path of drawing.paths) {
    if (out.length >= MAX_SWATCHES) break;
    const b = path.bbox;
    if (!containsPoint(region, centerX(b), centerY(b))) continue;
    const w = width(b);
    const h = height(b);
    if (
      path.fill &&
      brightness(path.fill) < LEGEND.maxBrightness &&
      w >= LEGEND.minWidth &&
      h >= LEGEND.minHeight &&
      w <= LEGEND.maxWidth &&
      h <= LEGEND.maxHeight
    ) {
      const isRect = rectOf(path) !== null;
      const isMarker = path.subpaths.some((s) => s.curved) && w <= LEGEND.maxMarker && h <= LEGEND.maxMarker;
      // A line's swatch whose stroke was exported as a thin filled outline.
      const isRibbon = h <= LEGEND.ribbonMaxHeight && w >= LEGEND.lineMinWidth;
      if (isRect || isMarker || isRibbon) out.push({ box: b, color: path.fill });
    } else if (
      path.stroke &&
      !path.fill &&
      brightness(path.stroke) < LEGEND.maxBrightness &&
      h <= LEGEND.strokeMaxHeight &&
      w >= LEGEND.lineMinWidth &&
      w <= LEGEND.maxWidth &&
      path.subpaths.length === 1
    ) {
      out.push({ box: b, color: path.stroke });
    }
  }
  return out;
}

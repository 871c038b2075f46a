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
  const tol = Math.max(height(line.bbox) * 0.35, height(sw) * 0.5, 4);
  return gap >= -1 && gap <= Math.max(40, line.font.size * 1.5) && Math.abs(centerY(line.bbox) - centerY(sw)) <= tol;
}

function swatches(drawing: PageDrawing, region: BBox): Swatch[] {
  const out: Swatch[] = [];
  for (const path of drawing.paths) {
    if (out.length >= MAX_SWATCHES) break;
    const b = path.bbox;
    if (!containsPoint(region, centerX(b), centerY(b))) continue;
    const w = width(b);
    const h = height(b);
    if (path.fill && brightness(path.fill) < 0.95 && w >= 3 && h >= 1.5 && w <= 70 && h <= 36) {
      const isRect = rectOf(path) !== null;
      const isMarker = path.subpaths.some((s) => s.curved) && w <= 30 && h <= 30;
      // A line's swatch whose stroke was exported as a thin filled outline.
      const isRibbon = h <= 4 && w >= 8;
      if (isRect || isMarker || isRibbon) out.push({ box: b, color: path.fill });
    } else if (path.stroke && !path.fill && brightness(path.stroke) < 0.95 && h <= 3 && w >= 8 && w <= 70 && path.subpaths.length === 1) {
      out.push({ box: b, color: path.stroke });
    }
  }
  return out;
}

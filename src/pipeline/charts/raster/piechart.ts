import type { BBox } from '../../model/types.ts';
import type { ChartFinding, ChartSeries, ItemPart } from '../types.ts';
import { center, union } from '../../model/geometry.ts';
import type { Context } from './axischart.ts';
import { findLegend } from './legend.ts';
import { findDisc, slicesOf, type Disc, type Slice } from './pie.ts';
import { numberOf, titleAbove, type TextLabel } from './text.ts';

/**
 * Pie charts: slice shares from the angles; slice names from the labels set around the disc along each slice's
 * middle direction (or from a legend); printed percentages inside the disc win when they agree with the angles.
 */
export function readPieChart(ctx: Context): ChartFinding | null {
  const disc = findDisc(ctx.comps);
  if (!disc) return null;
  const slices = slicesOf(ctx.seg, disc);
  if (slices.length < 2) return null;
  const used = new Set<TextLabel>();
  const percents = ctx.labels.filter((l) => /%\s*$/.test(l.text) && numberOf(l) !== null && distance(disc, l.bbox) < disc.r * 1.05);
  const names = ctx.labels.filter(
    (l) =>
      !percents.includes(l) &&
      /\S/.test(l.text) &&
      distance(disc, l.bbox) > disc.r * 0.95 &&
      distance(disc, l.bbox) < disc.r * 1.6 &&
      !/%\s*$/.test(l.text),
  );
  const nameOf = assignByAngle(slices, names, disc, 30, 1.15);
  const percentOf = assignByAngle(slices, percents, disc, 0);
  const legend = nameOf.every((n) => !n)
    ? findLegend(
        ctx.comps.filter((c) => !insideDisc(disc, c.cx, c.cy)),
        ctx.labels,
      )
    : [];
  const parts: ItemPart[] = [];
  let agreed = 0;
  const points = slices.map((s, i) => {
    const label = nameOf[i]?.text ?? legend.find((e) => e.cluster === s.cluster)?.name ?? '';
    if (nameOf[i]) used.add(nameOf[i]!);
    const printed = percentOf[i] ? numberOf(percentOf[i]!) : null;
    const agrees = printed !== null && Math.abs(printed - s.share) <= Math.max(1.5, 0.25 * s.share);
    if (agrees) {
      agreed++;
      used.add(percentOf[i]!);
    }
    const bbox = sliceBox(disc, s);
    parts.push({ bbox, label: 'slice' });
    return { label, x: label, y: agrees ? printed! : Math.round(s.share * 100) / 100, bbox };
  });
  for (const e of legend) {
    used.add(e.label);
    parts.push({ bbox: e.bbox, label: 'legend' });
  }
  const title = titleAbove(ctx.labels, Math.min(disc.bbox[1], ...[...used].map((l) => l.bbox[1])), used, Math.max(40, 0.6 * disc.r));
  if (title) {
    used.add(title);
    parts.unshift({ bbox: title.bbox, label: 'chart_title' });
  }
  const series: ChartSeries[] = [{ name: '', points }];
  const named = points.filter((p) => p.label).length / points.length;
  const confidence = Math.round((0.4 + 0.2 * (agreed / slices.length) + 0.15 * named) * 100) / 100;
  return {
    kind: 'chart',
    chartType: 'pie',
    bbox: union([disc.bbox, ...[...used].map((l) => l.bbox)]),
    title: title?.text ?? '',
    axes: { x_label: '', y_label: '' },
    series,
    insights: [],
    confidence,
    parts,
    source: 'raster',
  };
}

function distance(disc: Disc, b: BBox): number {
  const [x, y] = center(b);
  return Math.hypot(x - disc.cx, y - disc.cy);
}

function insideDisc(disc: Disc, x: number, y: number): boolean {
  return Math.hypot(x - disc.cx, y - disc.cy) <= disc.r * 1.02;
}

function angleOf(disc: Disc, b: BBox): number {
  const [x, y] = center(b);
  return ((Math.atan2(y - disc.cy, x - disc.cx) * 180) / Math.PI + 360) % 360;
}

function angularGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

function within(s: Slice, angle: number): boolean {
  return s.start <= s.end ? angle >= s.start && angle <= s.end : angle >= s.start || angle <= s.end;
}

/**
 * Each label goes to one slice: labels inside a slice's span first, then the nearest middle direction within
 * `slack`°. With `radius` (outer labels), the cost is the distance to where a label on the slice's middle direction
 * would sit, so a title above the disc loses to the slice's own label.
 */
function assignByAngle(slices: Slice[], labels: TextLabel[], disc: Disc, slack: number, radius?: number): (TextLabel | null)[] {
  const pairs: { s: number; l: number; cost: number }[] = [];
  slices.forEach((s, i) =>
    labels.forEach((l, k) => {
      const a = angleOf(disc, l.bbox);
      const gap = angularGap(a, s.mid);
      if (!within(s, a) && gap > (s.share * 3.6) / 2 + slack) return;
      let cost = gap;
      if (radius) {
        const m = (s.mid * Math.PI) / 180,
          [x, y] = center(l.bbox);
        cost = Math.hypot(x - disc.cx - radius * disc.r * Math.cos(m), y - disc.cy - radius * disc.r * Math.sin(m));
        if (cost > 0.8 * disc.r) return;
      }
      pairs.push({ s: i, l: k, cost: cost + (within(s, a) ? 0 : 1000) });
    }),
  );
  pairs.sort((a, b) => a.cost - b.cost);
  const out: (TextLabel | null)[] = slices.map(() => null);
  const taken = new Set<number>();
  for (const p of pairs) {
    if (out[p.s] || taken.has(p.l)) continue;
    out[p.s] = labels[p.l];
    taken.add(p.l);
  }
  return out;
}

/** The slice's box: the disc centre and the arc's extreme points. */
function sliceBox(disc: Disc, s: Slice): BBox {
  const span = (s.end - s.start + 360) % 360 || 360;
  const xs = [disc.cx],
    ys = [disc.cy];
  for (let k = 0; k <= 16; k++) {
    const a = ((s.start + (span * k) / 16) * Math.PI) / 180;
    xs.push(disc.cx + disc.r * Math.cos(a));
    ys.push(disc.cy + disc.r * Math.sin(a));
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

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
/** Thresholds of the raster pie reader; distances as shares of the disc's radius (r), angles in degrees. */
const PIECHART = {
  /** Printed percentages lie within this many r of the centre. */
  percentReach: 1.05,
  /** Slice names lie between these many r from the centre. */
  nameMin: 0.95,
  nameMax: 1.6,
  /** A name may lie this far (degrees) outside its slice's span... */
  nameSlack: 30,
  /** ...and is expected at this many r along the slice's middle. */
  nameRadius: 1.15,
  /** A printed percentage agrees with the angle within the larger of this (percentage points)... */
  agreeMin: 1.5,
  /** ...and this share of the measured share (ratio). */
  agreeShare: 0.25,
  /** The title is looked for within the larger of this (px) and this many r above the chart. */
  titleReachMin: 40,
  titleReachRadii: 0.6,
  /** Confidence: base, weight of agreeing percentages, weight of named slices. */
  confidenceBase: 0.4,
  confidenceAgreed: 0.2,
  confidenceNamed: 0.15,
  /** Legend swatches lie outside this many r. */
  discSlack: 1.02,
  /** An outer label is at most this many r from where it is expected. */
  outerReach: 0.8,
  /** Cost added to a label outside its slice's span (so labels inside win). */
  outsidePenalty: 1000,
  /** The arc is sampled in this many steps for the slice's box (count). */
  arcSteps: 16,
} as const;

export function readPieChart(ctx: Context): ChartFinding | null {
  const disc = findDisc(ctx.comps);
  if (!disc) return null;
  const slices = slicesOf(ctx.seg, disc);
  if (slices.length < 2) return null;
  const used = new Set<TextLabel>();
  const percents = ctx.labels.filter(
    (l) => /%\s*$/.test(l.text) && numberOf(l) !== null && distance(disc, l.bbox) < disc.r * PIECHART.percentReach,
  );
  const names = ctx.labels.filter(
    (l) =>
      !percents.includes(l) &&
      /\S/.test(l.text) &&
      distance(disc, l.bbox) > disc.r * PIECHART.nameMin &&
      distance(disc, l.bbox) < disc.r * PIECHART.nameMax &&
      !/%\s*$/.test(l.text),
  );
  const nameOf = assignByAngle(slices, names, disc, PIECHART.nameSlack, PIECHART.nameRadius);
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
    const agrees = printed !== null && Math.abs(printed - s.share) <= Math.max(PIECHART.agreeMin, PIECHART.agreeShare * s.share);
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
  const title = titleAbove(
    ctx.labels,
    Math.min(disc.bbox[1], ...[...used].map((l) => l.bbox[1])),
    used,
    Math.max(PIECHART.titleReachMin, PIECHART.titleReachRadii * disc.r),
  );
  if (title) {
    used.add(title);
    parts.unshift({ bbox: title.bbox, label: 'chart_title' });
  }
  const series: ChartSeries[] = [{ name: '', points }];
  const named = points.filter((p) => p.label).length / points.length;
  const confidence =
    Math.round((PIECHART.confidenceBase + PIECHART.confidenceAgreed * (agreed / slices.length) + PIECHART.confidenceNamed * named) * 100) /
    100;
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
  return Math.hypot(x - disc.cx, y - disc.cy) <= disc.r * PIECHART.discSlack;
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
        if (cost > PIECHART.outerReach * disc.r) return;
      }
      pairs.push({ s: i, l: k, cost: cost + (within(s, a) ? 0 : PIECHART.outsidePenalty) });
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
  for (let k = 0; k <= PIECHART.arcSteps; k++) {
    const a = ((s.start + (span * k) / PIECHART.arcSteps) * Math.PI) / 180;
    xs.push(disc.cx + disc.r * Math.cos(a));
    ys.push(disc.cy + disc.r * Math.sin(a));
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

import type { ChartSeries, ItemPart } from '../types.ts';
import { near } from './primitives.ts';
import { nearestLabel, seriesName, tidy, type MarkResult, type PlotContext } from './context.ts';
import { dataPolylines, markers, type Marker } from './marks.ts';
import { valueAt } from './ticks.ts';

/**
 * Scatter plots: small markers not strung on a line. Each marker's centre is read through both axis scales; on a
 * category x axis the nearest category names the point. Markers of one colour are one series.
 */
/** Thresholds of the scatter reader; lengths in page px (PDF points). */
const SCATTER = {
  /** Fewest free markers for a scatter plot (count). */
  minPoints: 2,
  /** Confidence: floor, starting value, loss per unit of scale misfit, loss when the x axis names categories. */
  confidenceFloor: 0.3,
  confidenceStart: 0.88,
  misfitPenalty: 5,
  categoryPenalty: 0.25,
  /** Side (px) of the grid cells line vertices are binned in. */
  gridCell: 2,
  /** A marker this close (px) to a line vertex is on the line. */
  onLineTol: 1.5,
} as const;

export function readScatter(ctx: PlotContext): MarkResult | null {
  const yScale = ctx.yScale;
  if (!yScale) return null;
  const onLine = vertexIndex(dataPolylines(ctx).flatMap((l) => l.points));
  const free = markers(ctx).filter((m) => !onLine(m.x, m.y));
  // Two points at least, and an x axis to read them against (numbers or categories).
  if (free.length < SCATTER.minPoints || (!ctx.xScale && ctx.bottom.length === 0)) return null;
  const colors = [...new Set(free.map((m) => m.color))];
  const parts: ItemPart[] = free.map((m) => ({ bbox: m.box, label: 'point' }));
  const series: ChartSeries[] = colors.map((color, i) => ({
    name: seriesName(ctx, color, i, colors.length),
    color,
    points: free
      .filter((m) => m.color === color)
      .sort((a, b) => a.x - b.x)
      .map((m) => point(ctx, m)),
  }));
  const confidence = Math.max(
    SCATTER.confidenceFloor,
    SCATTER.confidenceStart -
      yScale.misfit * SCATTER.misfitPenalty -
      (ctx.xScale ? ctx.xScale.misfit * SCATTER.misfitPenalty : SCATTER.categoryPenalty),
  );
  return { chartType: 'scatter', series, scale: yScale.scale, parts, confidence };
}

/** Whether a line vertex lies within about 1.5 px of (x, y): a grid of 2 px cells, so the test stays cheap. */
function vertexIndex(points: [number, number][]): (x: number, y: number) => boolean {
  const cells = new Map<string, [number, number][]>();
  for (const p of points) {
    const key = `${Math.floor(p[0] / SCATTER.gridCell)},${Math.floor(p[1] / SCATTER.gridCell)}`;
    const list = cells.get(key) ?? [];
    list.push(p);
    cells.set(key, list);
  }
  return (x, y) => {
    const gx = Math.floor(x / SCATTER.gridCell);
    const gy = Math.floor(y / SCATTER.gridCell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        if (cells.get(`${gx + dx},${gy + dy}`)?.some((p) => near(p[0], x, SCATTER.onLineTol) && near(p[1], y, SCATTER.onLineTol)))
          return true;
      }
    }
    return false;
  };
}

function point(ctx: PlotContext, m: Marker) {
  const y = tidy(valueAt(ctx.yScale!, m.y), ctx.yScale!);
  if (ctx.xScale) return { label: null, x: tidy(valueAt(ctx.xScale, m.x), ctx.xScale), y, bbox: m.box };
  const label = nearestLabel(ctx.bottom, m.x, Infinity);
  return { label: label?.text ?? null, x: label?.text ?? null, y, bbox: m.box };
}

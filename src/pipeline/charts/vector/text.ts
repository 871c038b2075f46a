import type { BBox, Line } from '../../model/types.ts';
import { centerX, centerY, height } from '../../model/geometry.ts';
import { parseNumber } from './numbers.ts';
import type { TickLabel } from './ticks.ts';

/**
 * The chart's own words around a plot: the title (the largest text just above it, lines of that size joined),
 * the horizontal axis title (under the tick labels) and the vertical one (rotated text left of the tick labels).
 */
export interface ChartTexts {
  title: Line[];
  xLabel: Line | null;
  yLabel: Line | null;
}

const MAX_TITLE_CHARS = 120;

/** Thresholds of the title and axis-title finders; lengths in page px (PDF points). */
const TEXT = {
  /** A title ends within the larger of this many of its line heights above the plot... */
  titleReachLines: 4,
  /** ...and this (px). */
  titleReachMin: 60,
  /** A title's centre lies within this share of the plot's width left or right of it (ratio). */
  titleSideShare: 0.1,
  /** Lines this share of the nearest line's height above it are still among the nearest (ratio). */
  nearShare: 0.8,
  /** Lines this much (pt) smaller than the largest are still of the largest size. */
  sizeTol: 0.5,
  /** Most lines of a wrapped title (count). */
  maxTitleLines: 3,
  /** A wrapped title's lines are at most this share of a line height apart (ratio). */
  wrapGapShare: 0.6,
  /** Label height (px) assumed when there are no tick labels under the plot. */
  defaultLabelHeight: 20,
  /** The x axis title's centre lies this many label heights below the tick labels' centre... */
  xBelowLabels: 0.5,
  /** ...and it starts within this many label heights under their bottom. */
  xReachLabels: 2,
  /** Its centre lies within this share of the plot's width of the plot's centre (ratio). */
  xCentreShare: 0.3,
  /** The y axis title ends at most this far (px) right of the tick labels' left edge... */
  yOverlap: 4,
  /** ...and at most this far (px) left of it. */
  yReach: 120,
} as const;

/**
 * `taken`: lines already read as something else (legend entries). `prose`: ids of lines the layout put in a
 * paragraph or in the running header/footer, which can be an axis title but not the chart's title.
 */
export function chartTexts(
  lines: Line[],
  plot: BBox,
  left: TickLabel[],
  bottom: TickLabel[],
  taken: Set<Line>,
  prose: Set<string>,
): ChartTexts {
  const free = lines.filter((l) => !taken.has(l) && !left.some((t) => t.source === l) && !bottom.some((t) => t.source === l));
  const top = left.length ? Math.min(plot[1], ...left.map((t) => t.line.bbox[1])) : plot[1];
  const titleable = free.filter((l) => !prose.has(l.id) && !l.words.every((w) => parseNumber(w.text) !== null));
  return { title: titleLines(titleable, plot, top), xLabel: xAxisTitle(free, plot, bottom), yLabel: yAxisTitle(free, plot, left) };
}

function titleLines(lines: Line[], plot: BBox, top: number): Line[] {
  const span = plot[2] - plot[0];
  // Close above the plot (a few of its own line heights), over it, and short.
  const above = lines.filter(
    (l) =>
      l.rotation === 0 &&
      centerY(l.bbox) < top &&
      l.bbox[3] >= top - Math.max(TEXT.titleReachLines * height(l.bbox), TEXT.titleReachMin) &&
      centerX(l.bbox) >= plot[0] - span * TEXT.titleSideShare &&
      centerX(l.bbox) <= plot[2] + span * TEXT.titleSideShare &&
      l.text.length <= MAX_TITLE_CHARS,
  );
  if (above.length === 0) return [];
  // The largest text among the lines nearest the plot (a title over a subtitle), not a caption further up.
  const nearest = above.reduce((n, l) => (l.bbox[3] > n.bbox[3] ? l : n));
  const close = above.filter((l) => l.bbox[3] >= nearest.bbox[1] - TEXT.nearShare * height(nearest.bbox));
  const size = Math.max(...close.map((l) => l.font.size));
  const biggest = close.filter((l) => l.font.size >= size - TEXT.sizeTol).sort((a, b) => b.bbox[3] - a.bbox[3]);
  // The nearest line of the largest size, and the lines of that size stacked right above it (a wrapped title).
  const picked = [biggest[0]];
  for (const l of biggest.slice(1)) {
    const upper = picked[picked.length - 1];
    if (picked.length >= TEXT.maxTitleLines) break;
    if (upper.bbox[1] - l.bbox[3] <= height(l.bbox) * TEXT.wrapGapShare) picked.push(l);
  }
  return picked.reverse();
}

function xAxisTitle(lines: Line[], plot: BBox, bottom: TickLabel[]): Line | null {
  const labelCentre = bottom.length ? Math.max(...bottom.map((t) => centerY(t.line.bbox))) : plot[3];
  const labelBottom = bottom.length ? Math.max(...bottom.map((t) => t.line.bbox[3])) : plot[3];
  const h = bottom.length ? height(bottom[0].line.bbox) : TEXT.defaultLabelHeight;
  // Centred under the plot and no wider than it: a source note or a paragraph below is not the axis title.
  const span = plot[2] - plot[0];
  const cands = lines.filter(
    (l) =>
      l.rotation === 0 &&
      centerY(l.bbox) > labelCentre + h * TEXT.xBelowLabels &&
      l.bbox[1] < labelBottom + h * TEXT.xReachLabels &&
      Math.abs(centerX(l.bbox) - centerX(plot)) <= span * TEXT.xCentreShare &&
      l.bbox[2] - l.bbox[0] <= span,
  );
  return cands.sort((a, b) => a.bbox[1] - b.bbox[1])[0] ?? null;
}

function yAxisTitle(lines: Line[], plot: BBox, left: TickLabel[]): Line | null {
  const edge = left.length ? Math.min(...left.map((t) => t.line.bbox[0])) : plot[0];
  const cands = lines.filter(
    (l) =>
      l.rotation !== 0 &&
      l.bbox[2] <= edge + TEXT.yOverlap &&
      l.bbox[2] >= edge - TEXT.yReach &&
      centerY(l.bbox) >= plot[1] &&
      centerY(l.bbox) <= plot[3],
  );
  return cands.sort((a, b) => b.bbox[2] - a.bbox[2])[0] ?? null;
}

import { center, centerX, centerY } from '../../model/geometry.ts';
import type { BBox, Line, ModelPage } from '../../model/types.ts';
import type { PlotArea } from './axes.ts';
import { parseNumber, type PlacedNumber } from './ticks.ts';

/**
 * The OCR text around a plot: tick labels, category labels, values printed on marks, the title and axis titles.
 * Every text piece is a "label": an OCR line, or a run of its words when wide gaps split one line into several labels.
 */
export interface TextLabel {
  text: string;
  bbox: BBox;
  line: Line;
}

/** Thresholds of the text finders around a raster plot; lengths in image px, shares of the plot's width (w) or height (h). */
const TEXT = {
  /** A line splits into labels at word gaps wider than this many line heights. */
  splitGapLines: 1.2,
  /** Y tick labels end at most this far (px) right of the y axis... */
  axisOverlap: 3,
  /** ...and at most this share of w left of it. */
  yTickReach: 0.25,
  /** Their centres lie within this share of h above or below the plot. */
  yTickSlack: 0.05,
  /** A y tick label snaps to a tick within this share of its height; an x tick label within this share of its width. */
  ySnapShare: 0.6,
  xSnapShare: 0.5,
  /** Labels under the x axis start at most this far (px) above it... */
  belowOverlap: 2,
  /** ...and within the larger of this (px) and this share of h below it... */
  belowReachMin: 25,
  belowReachShare: 0.12,
  /** ...with their centres within this share of w left or right of the plot. */
  belowSideShare: 0.05,
  /** Category labels of horizontal bars end within this share of w left of the y axis... */
  leftReach: 0.4,
  /** ...with their centres within this share of h above or below the plot. */
  leftSlack: 0.03,
  /** A title ends at most this far (px) under the chart's top. */
  titleOverlap: 2,
  /** Text at least this share of the tallest above the chart is of the title's size (ratio). */
  titleHeightShare: 0.9,
  /** The x axis title starts more than this far (px) under the plot and within this share of h. */
  xTitleGap: 4,
  xTitleReach: 0.35,
  /** Text within this many degrees of vertical is rotated. */
  uprightTol: 20,
  /** The y axis title ends within this share of w left of the plot. */
  yTitleReach: 0.5,
  /** Text this many times taller than wide is a vertical title (ratio). */
  verticalAspect: 2,
} as const;

/** Lines split at gaps wider than 1.2 line heights (OCR sometimes joins neighbouring tick labels). */
export function labelsOf(page: ModelPage, window: BBox): TextLabel[] {
  const out: TextLabel[] = [];
  for (const line of page.lines) {
    const [x, y] = center(line.bbox);
    if (x < window[0] || x > window[2] || y < window[1] || y > window[3]) continue;
    const words = [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
    if (!words.length) {
      out.push({ text: line.text.trim(), bbox: line.bbox, line });
      continue;
    }
    const h = line.bbox[3] - line.bbox[1];
    let group = [words[0]];
    const flush = () => {
      const bbox: BBox = [
        Math.min(...group.map((w) => w.bbox[0])),
        Math.min(...group.map((w) => w.bbox[1])),
        Math.max(...group.map((w) => w.bbox[2])),
        Math.max(...group.map((w) => w.bbox[3])),
      ];
      out.push({
        text: group
          .map((w) => w.text)
          .join(' ')
          .trim(),
        bbox,
        line,
      });
    };
    for (const w of words.slice(1)) {
      if (w.bbox[0] - group[group.length - 1].bbox[2] > TEXT.splitGapLines * h) {
        flush();
        group = [w];
      } else group.push(w);
    }
    flush();
  }
  return out.filter((l) => l.text.length > 0);
}

export function numberOf(label: TextLabel): number | null {
  return parseNumber(label.text.replace(/\s+/g, ''));
}

/** Numbers left of the y axis, at the height of the plot, each snapped to the nearest tick mark. */
export type TickLabel = PlacedNumber & { label: TextLabel };

export function yTickLabels(labels: TextLabel[], area: PlotArea): TickLabel[] {
  const h = area.bottom - area.top;
  return labels.flatMap((l) => {
    const v = numberOf(l);
    const [, y] = center(l.bbox);
    if (v === null || l.bbox[2] > area.left + TEXT.axisOverlap || l.bbox[2] < area.left - TEXT.yTickReach * (area.right - area.left))
      return [];
    if (y < area.top - TEXT.yTickSlack * h || y > area.bottom + TEXT.yTickSlack * h) return [];
    return [{ value: v, pixel: snap(y, area.yTicks, (l.bbox[3] - l.bbox[1]) * TEXT.ySnapShare), bbox: l.bbox, line: l.line, label: l }];
  });
}

/** Numbers just below the x axis, across the plot's width, each snapped to the nearest tick mark. */
export function xTickLabels(labels: TextLabel[], area: PlotArea): TickLabel[] {
  return below(labels, area).flatMap((l) => {
    const v = numberOf(l);
    if (v === null) return [];
    return [
      {
        value: v,
        pixel: snap(centerX(l.bbox), area.xTicks, (l.bbox[2] - l.bbox[0]) * TEXT.xSnapShare),
        bbox: l.bbox,
        line: l.line,
        label: l,
      },
    ];
  });
}

/** Labels in the band just under the x axis (category or tick labels). */
export function below(labels: TextLabel[], area: PlotArea): TextLabel[] {
  const h = area.bottom - area.top,
    w = area.right - area.left;
  return labels.filter(
    (l) =>
      l.bbox[1] >= area.bottom - TEXT.belowOverlap &&
      l.bbox[1] <= area.bottom + Math.max(TEXT.belowReachMin, TEXT.belowReachShare * h) &&
      centerX(l.bbox) >= area.left - TEXT.belowSideShare * w &&
      centerX(l.bbox) <= area.right + TEXT.belowSideShare * w,
  );
}

/** Labels in the band left of the y axis (category labels of horizontal bars). */
export function leftOf(labels: TextLabel[], area: PlotArea): TextLabel[] {
  const h = area.bottom - area.top;
  return labels.filter(
    (l) =>
      l.bbox[2] <= area.left + TEXT.axisOverlap &&
      l.bbox[2] >= area.left - TEXT.leftReach * (area.right - area.left) &&
      centerY(l.bbox) >= area.top - TEXT.leftSlack * h &&
      centerY(l.bbox) <= area.bottom + TEXT.leftSlack * h,
  );
}

export function snap(p: number, ticks: number[], reach: number): number {
  let best = p,
    bestD = reach;
  // Tick centres are pixel rows/columns; +0.5 puts them in the same continuous coordinates as text boxes.
  for (const t of ticks)
    if (Math.abs(t + 0.5 - p) <= bestD) {
      bestD = Math.abs(t + 0.5 - p);
      best = t + 0.5;
    }
  return best;
}

/**
 * The chart title: the tallest text in the band `reach` px above the chart's top (the topmost on a tie), not
 * already used. The band keeps a page heading far above the chart out.
 */
export function titleAbove(labels: TextLabel[], top: number, used: Set<TextLabel>, reach: number): TextLabel | null {
  const above = labels.filter(
    (l) => l.bbox[3] <= top + TEXT.titleOverlap && l.bbox[3] >= top - reach && !used.has(l) && numberOf(l) === null,
  );
  if (!above.length) return null;
  const height = (l: TextLabel) => l.bbox[3] - l.bbox[1];
  const tallest = Math.max(...above.map(height));
  return above.filter((l) => height(l) >= tallest * TEXT.titleHeightShare).sort((a, b) => a.bbox[1] - b.bbox[1])[0];
}

/** Axis titles: the x title under the tick/category labels, the y title left of the y tick labels (often rotated). */
export function axisTitles(labels: TextLabel[], area: PlotArea, used: Set<TextLabel>): { x: TextLabel | null; y: TextLabel | null } {
  const h = area.bottom - area.top,
    w = area.right - area.left;
  const free = labels.filter((l) => !used.has(l));
  const titleLike = (l: TextLabel) => numberOf(l) === null && /\p{L}{2}/u.test(l.text);
  const x =
    free
      .filter(
        (l) =>
          l.bbox[1] > area.bottom + TEXT.xTitleGap &&
          l.bbox[1] < area.bottom + TEXT.xTitleReach * h &&
          centerX(l.bbox) > area.left &&
          centerX(l.bbox) < area.right &&
          titleLike(l),
      )
      .sort((a, b) => a.bbox[1] - b.bbox[1])[0] ?? null;
  const upright = (rotation: number) => Math.abs((((rotation % 180) + 180) % 180) - 90) < TEXT.uprightTol;
  const y =
    free
      .filter(
        (l) =>
          l.bbox[2] < area.left &&
          l.bbox[2] > area.left - TEXT.yTitleReach * w &&
          centerY(l.bbox) > area.top &&
          centerY(l.bbox) < area.bottom &&
          titleLike(l) &&
          (upright(l.line.rotation) || l.bbox[3] - l.bbox[1] > TEXT.verticalAspect * (l.bbox[2] - l.bbox[0])),
      )
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0] ?? null;
  return { x, y };
}

/** Numbers printed on the chart (values above bars, at points, on slices) that are not tick labels. */
export function printedNumbers(labels: TextLabel[], window: BBox, used: Set<TextLabel>): { value: number; label: TextLabel }[] {
  return labels.flatMap((l) => {
    if (used.has(l)) return [];
    const [x, y] = center(l.bbox);
    if (x < window[0] || x > window[2] || y < window[1] || y > window[3]) return [];
    const v = numberOf(l);
    return v === null ? [] : [{ value: v, label: l }];
  });
}

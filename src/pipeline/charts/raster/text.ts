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
      if (w.bbox[0] - group[group.length - 1].bbox[2] > 1.2 * h) {
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
    if (v === null || l.bbox[2] > area.left + 3 || l.bbox[2] < area.left - 0.25 * (area.right - area.left)) return [];
    if (y < area.top - 0.05 * h || y > area.bottom + 0.05 * h) return [];
    return [{ value: v, pixel: snap(y, area.yTicks, (l.bbox[3] - l.bbox[1]) * 0.6), bbox: l.bbox, line: l.line, label: l }];
  });
}

/** Numbers just below the x axis, across the plot's width, each snapped to the nearest tick mark. */
export function xTickLabels(labels: TextLabel[], area: PlotArea): TickLabel[] {
  return below(labels, area).flatMap((l) => {
    const v = numberOf(l);
    if (v === null) return [];
    return [{ value: v, pixel: snap(centerX(l.bbox), area.xTicks, (l.bbox[2] - l.bbox[0]) * 0.5), bbox: l.bbox, line: l.line, label: l }];
  });
}

/** Labels in the band just under the x axis (category or tick labels). */
export function below(labels: TextLabel[], area: PlotArea): TextLabel[] {
  const h = area.bottom - area.top,
    w = area.right - area.left;
  return labels.filter(
    (l) =>
      l.bbox[1] >= area.bottom - 2 &&
      l.bbox[1] <= area.bottom + Math.max(25, 0.12 * h) &&
      centerX(l.bbox) >= area.left - 0.05 * w &&
      centerX(l.bbox) <= area.right + 0.05 * w,
  );
}

/** Labels in the band left of the y axis (category labels of horizontal bars). */
export function leftOf(labels: TextLabel[], area: PlotArea): TextLabel[] {
  const h = area.bottom - area.top;
  return labels.filter(
    (l) =>
      l.bbox[2] <= area.left + 3 &&
      l.bbox[2] >= area.left - 0.4 * (area.right - area.left) &&
      centerY(l.bbox) >= area.top - 0.03 * h &&
      centerY(l.bbox) <= area.bottom + 0.03 * h,
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
  const above = labels.filter((l) => l.bbox[3] <= top + 2 && l.bbox[3] >= top - reach && !used.has(l) && numberOf(l) === null);
  if (!above.length) return null;
  const height = (l: TextLabel) => l.bbox[3] - l.bbox[1];
  const tallest = Math.max(...above.map(height));
  return above.filter((l) => height(l) >= tallest * 0.9).sort((a, b) => a.bbox[1] - b.bbox[1])[0];
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
          l.bbox[1] > area.bottom + 4 &&
          l.bbox[1] < area.bottom + 0.35 * h &&
          centerX(l.bbox) > area.left &&
          centerX(l.bbox) < area.right &&
          titleLike(l),
      )
      .sort((a, b) => a.bbox[1] - b.bbox[1])[0] ?? null;
  const upright = (rotation: number) => Math.abs((((rotation % 180) + 180) % 180) - 90) < 20;
  const y =
    free
      .filter(
        (l) =>
          l.bbox[2] < area.left &&
          l.bbox[2] > area.left - 0.5 * w &&
          centerY(l.bbox) > area.top &&
          centerY(l.bbox) < area.bottom &&
          titleLike(l) &&
          (upright(l.line.rotation) || l.bbox[3] - l.bbox[1] > 2 * (l.bbox[2] - l.bbox[0])),
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

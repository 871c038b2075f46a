import type { BBox } from '../../model/types.ts';
import { describeChart } from '../insights.ts';
import type { ChartFinding, PageGraphicsInput } from '../types.ts';
import { findPlotAreas, type PlotArea } from './axes.ts';
import { readAxisChart, type Context } from './axischart.ts';
import { inferPlotArea } from './baseline.ts';
import { downsample, upscale } from './downsample.ts';
import { components, isMark, markEdgeClusters, refineColours, segment, type Component } from './palette.ts';
import { readPieChart } from './piechart.ts';
import { labelsOf } from './text.ts';

/**
 * Charts read from a page image: colour segmentation finds the marks, the axes and their OCR'd tick labels give the
 * scale, OCR'd labels name categories and series, printed values refine what the geometry read. Each figure block
 * of the page is read on its own; the whole page is read when they hold no chart. Never throws.
 */
export function findRasterCharts(input: PageGraphicsInput): ChartFinding[] {
  if (!input.raster) return [];
  try {
    const { raster, page, factor } = downsample(input.raster, input.page);
    const seg = segment(raster);
    refineColours(seg, raster);
    markEdgeClusters(seg);
    const readWindow = (window: Window): ChartFinding[] => {
      const comps = components(seg, window, (l) => isMark(seg, l));
      let areas = findPlotAreas(seg, window);
      if (!areas.length) {
        // No dark axes: bars on a common baseline beside a column of tick labels still make a plot.
        const inferred = inferPlotArea(comps, labelsOf(page, window));
        areas = inferred ? [inferred] : [];
      }
      const charts = areas.flatMap((area) => {
        const around = surroundings(area, window);
        const ctx: Context = { seg, raster, labels: labelsOf(page, around), comps: comps.filter((c) => inside(c, around)), window: around };
        return readAxisChart(ctx, area) ?? [];
      });
      if (charts.length) return charts;
      const pie = readPieChart({ seg, raster, labels: labelsOf(page, window), comps, window });
      return pie ? [pie] : [];
    };
    const figures = figureWindows(page.blocks, raster.width, raster.height);
    let findings = figures.flatMap(readWindow);
    // Layout may miss a chart (or call it something else): with no chart in the figure blocks, read the whole page.
    if (!findings.length) findings = readWindow([0, 0, raster.width, raster.height]);
    return findings.map((f) => described(scaleBack(f, factor)));
  } catch {
    // A page the reader cannot make sense of has no chart findings; the page's other results still stand.
    return [];
  }
}

/** Thresholds of the windows read for charts; shares of the plot's or figure's size, or of the page. */
const WINDOW = {
  /** Around a plot, its labels are looked for this share of its width to the left and right... */
  leftShare: 0.45,
  rightShare: 0.4,
  /** ...and this share of its height above and below. */
  verticalShare: 0.35,
  /** A figure block covering at least this share of the page is read on its own (ratio). */
  minFigureShare: 0.02,
  /** Figure windows get a margin of this share of their longer side. */
  figureMargin: 0.08,
} as const;

type Window = [number, number, number, number];

/** Where a plot's tick labels, title, axis titles and legend can be: the plot and margins around it. */
function surroundings(a: PlotArea, window: Window): Window {
  const w = a.right - a.left,
    h = a.bottom - a.top;
  return [
    Math.max(window[0], Math.floor(a.left - WINDOW.leftShare * w)),
    Math.max(window[1], Math.floor(a.top - WINDOW.verticalShare * h)),
    Math.min(window[2], Math.ceil(a.right + WINDOW.rightShare * w)),
    Math.min(window[3], Math.ceil(a.bottom + WINDOW.verticalShare * h)),
  ];
}

function inside(c: Component, w: Window): boolean {
  return c.x0 >= w[0] && c.y0 >= w[1] && c.x1 < w[2] && c.y1 < w[3];
}

/** Figure blocks, with a margin for their axis labels and titles. */
function figureWindows(blocks: { type: string; bbox: BBox }[], width: number, height: number): Window[] {
  const clamp = (b: BBox): Window => [
    Math.max(0, Math.floor(b[0])),
    Math.max(0, Math.floor(b[1])),
    Math.min(width, Math.ceil(b[2])),
    Math.min(height, Math.ceil(b[3])),
  ];
  const figures = blocks.filter(
    (b) => b.type === 'figure' && (b.bbox[2] - b.bbox[0]) * (b.bbox[3] - b.bbox[1]) >= WINDOW.minFigureShare * width * height,
  );
  return figures.map((f) => {
    const m = WINDOW.figureMargin * Math.max(f.bbox[2] - f.bbox[0], f.bbox[3] - f.bbox[1]);
    return clamp([f.bbox[0] - m, f.bbox[1] - m, f.bbox[2] + m, f.bbox[3] + m]);
  });
}

/** Summary and insights computed from the data read (max, min, trend, shares). */
function described(f: ChartFinding): ChartFinding {
  const { summary, insights } = describeChart(f);
  return { ...f, summary: summary || undefined, insights };
}

function scaleBack(f: ChartFinding, factor: number): ChartFinding {
  if (factor === 1) return f;
  return {
    ...f,
    bbox: upscale(f.bbox, factor),
    parts: f.parts.map((p) => ({ ...p, bbox: upscale(p.bbox, factor) })),
    series: f.series.map((s) => ({ ...s, points: s.points.map((p) => ({ ...p, bbox: p.bbox && upscale(p.bbox, factor) })) })),
  };
}

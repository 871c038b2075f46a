import { beforeAll, describe, expect, it } from 'vitest';
import { drawPdfPages } from '../src/pipeline/drawing/mod.ts';
import { findVectorCharts } from '../src/pipeline/charts/vector/mod.ts';
import { parseNumber } from '../src/pipeline/charts/vector/numbers.ts';
import { describeChart } from '../src/pipeline/charts/insights.ts';
import type { ChartFinding } from '../src/pipeline/charts/types.ts';
import type { DocumentModel } from '../src/pipeline/model/types.ts';
import type { PageDrawing } from '../src/pipeline/drawing/types.ts';
import { chartSuitePdf, type ChartPdf, type ExpectedChart } from './helpers/chart-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/**
 * Vector charts drawn in the test from known data (one PDF, a page per layout): every value must come back
 * within 2%, with its category, series name, title and axis titles; a page of prose yields no chart.
 */
let pdf: ChartPdf;
let model: DocumentModel;
let drawings: PageDrawing[];

beforeAll(() => {
  pdf = chartSuitePdf();
  model = modelOfPdf(pdf.bytes);
  drawings = drawPdfPages(
    pdf.bytes,
    pdf.pages.map((_, i) => i),
  );
});

function chartsOnPage(i: number): ChartFinding[] {
  return findVectorCharts({ page: model.pages[i], drawing: drawings[i], raster: null, engineering: false });
}

function findChart(type: string, title?: string): { found: ChartFinding; expected: ExpectedChart } {
  const wanted = (e: ExpectedChart) => e.chartType === type && (title === undefined || e.title === title);
  const page = pdf.pages.findIndex((p) => p.some(wanted));
  const expected = pdf.pages[page].find(wanted)!;
  const found = chartsOnPage(page).find((f) => f.chartType === type && (title === undefined || f.title === title));
  expect(found, `a ${type} chart on page ${page}`).toBeDefined();
  return { found: found!, expected };
}

function within2(got: number | null, want: number): boolean {
  return got !== null && Math.abs(got - want) <= 0.02 * Math.max(Math.abs(want), 1e-9);
}

function expectChartMatches(found: ChartFinding, expected: ExpectedChart): void {
  expect(found.title).toBe(expected.title);
  expect(found.axes).toEqual({ x_label: expected.x_label, y_label: expected.y_label });
  expect(found.series.map((s) => s.name)).toEqual(expected.series.map((s) => s.name));
  if (expected.scale) expect(found.scale).toBe(expected.scale);
  for (const want of expected.series) {
    const series = found.series.find((s) => s.name === want.name)!;
    expect(series.points).toHaveLength(want.points.length);
    for (const [key, value] of want.points) {
      const point =
        typeof key === 'number'
          ? [...series.points].sort((a, b) => Math.abs(Number(a.x) - key) - Math.abs(Number(b.x) - key))[0]
          : series.points.find((p) => p.label === key);
      expect(point, `${want.name} ${key}`).toBeDefined();
      if (typeof key === 'number') expect(within2(point!.x as number, key), `x ${point!.x} ≈ ${key}`).toBe(true);
      else expect(point!.x).toBe(key);
      expect(within2(point!.y, value), `${want.name} ${key}: ${point!.y} ≈ ${value}`).toBe(true);
      expect(point!.bbox).toBeDefined();
    }
  }
  expect(found.source).toBe('vector');
  expect(found.confidence).toBeGreaterThan(0.5);
  expect(found.summary).toBeTruthy();
  expect(found.insights.length).toBeGreaterThan(0);
  expect(found.parts.some((p) => p.label === 'chart_title')).toBe(true);
}

describe('vector charts from generated PDFs', () => {
  it('reads a vertical bar chart with thousands ticks beside prose', () => {
    const { found, expected } = findChart('bar', 'Units sold per region');
    expectChartMatches(found, expected);
    expect(found.summary).toContain('from 990 (West) to 4,100 (Central)');
  });

  it('reads bars either side of zero in a framed plot with gridlines', () => {
    const { found, expected } = findChart('bar', 'Net change by day');
    expectChartMatches(found, expected);
  });

  it('reads a filled area chart over year categories', () => {
    const { found, expected } = findChart('area');
    expectChartMatches(found, expected);
  });

  it('reads a grouped bar chart with currency ticks and a legend', () => {
    const { found, expected } = findChart('grouped_bar');
    expectChartMatches(found, expected);
    expect(found.parts.filter((p) => p.label === 'legend')).toHaveLength(2);
    expect(found.insights.some((i) => i.includes('leads in'))).toBe(true);
  });

  it('finds both charts of a page apart', () => {
    expect(
      chartsOnPage(0)
        .map((f) => f.chartType)
        .sort(),
    ).toEqual(['bar', 'grouped_bar']);
    const [a, b] = chartsOnPage(0);
    const overlap = Math.max(0, Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]));
    expect(overlap).toBe(0);
  });

  it('reads a horizontal bar chart with percent ticks', () => {
    const { found, expected } = findChart('hbar');
    expectChartMatches(found, expected);
  });

  it('reads a line chart on a log axis', () => {
    const { found, expected } = findChart('line');
    expectChartMatches(found, expected);
    expect(found.insights.some((i) => i.startsWith('Trend rising'))).toBe(true);
  });

  it('reads a scatter plot with negative values and two series', () => {
    const { found, expected } = findChart('scatter');
    expectChartMatches(found, expected);
    expect(found.series.every((s) => s.points.every((p) => p.label === null && typeof p.x === 'number'))).toBe(true);
  });

  it('reads a pie chart: shares from the wedge angles, names from the labels', () => {
    const { found, expected } = findChart('pie');
    expect(found.title).toBe(expected.title);
    const points = found.series[0].points;
    for (const [name, share] of expected.series[0].points) {
      const point = points.find((p) => p.label === name);
      expect(point, String(name)).toBeDefined();
      expect(within2(point!.y, share), `${name}: ${point!.y} ≈ ${share}`).toBe(true);
    }
    expect(found.insights[0]).toBe('Largest share: Apples with 40%.');
  });

  it('reads a stacked bar chart segment by segment', () => {
    const { found, expected } = findChart('stacked_bar');
    expectChartMatches(found, expected);
    expect(found.insights).toContain('Largest stacked total: 56 (Q3).');
  });

  it('finds no chart on a page of prose, nor without a drawing', () => {
    const prose = pdf.pages.findIndex((p) => p.length === 0);
    expect(chartsOnPage(prose)).toEqual([]);
    expect(findVectorCharts({ page: model.pages[0], drawing: null, raster: null, engineering: false })).toEqual([]);
  });

  it('never throws on odd geometry', () => {
    const odd: PageDrawing = {
      ...drawings[0],
      paths: drawings[0].paths.map((p, i) => (i % 3 ? p : { ...p, subpaths: [], bbox: [NaN, 0, Infinity, -1] })),
    };
    expect(() => findVectorCharts({ page: model.pages[0], drawing: odd, raster: null, engineering: false })).not.toThrow();
  });
});

describe('tick label numbers', () => {
  it.each([
    ['1,250', 1250],
    ['$1.5k', 1500],
    ['45%', 45],
    ['\u221220', -20],
    ['(5)', -5],
    ['2.5M', 2.5e6],
    ['-$3', -3],
    ['€1 000', 1000],
    ['0.25', 0.25],
  ])('%s → %d', (text, value) => {
    expect(parseNumber(text)).toBeCloseTo(value, 9);
  });

  it.each(['North', 'Q4', 'Jan 2020', '', '1,23,4'])('%s is not a number', (text) => {
    expect(parseNumber(text)).toBeNull();
  });
});

describe('describeChart', () => {
  const base: ChartFinding = {
    kind: 'chart',
    chartType: 'line',
    bbox: [0, 0, 10, 10],
    title: 'Sales',
    axes: { x_label: 'Year', y_label: 'Units' },
    series: [{ name: 'Units', points: [2019, 2020, 2021].map((x, i) => ({ label: String(x), x: String(x), y: [100, 80, 120][i] })) }],
    insights: [],
    confidence: 0.9,
    parts: [],
    source: 'vector',
  };

  it('summarises a line with its range and trend', () => {
    const d = describeChart(base);
    expect(d.summary).toBe('Line chart of Units by Year: 3 categories, from 80 (2020) to 120 (2021).');
    expect(d.insights).toContain('Trend mixed: from 100 (2019) to 120 (2021) (+20.0%).');
  });

  it('names the largest slice of a pie', () => {
    const pie: ChartFinding = {
      ...base,
      chartType: 'pie',
      series: [
        {
          name: '',
          points: [
            ['A', 62.5],
            ['B', 37.5],
          ].map(([l, y]) => ({ label: l as string, x: l as string, y: y as number })),
        },
      ],
    };
    const d = describeChart(pie);
    expect(d.summary).toBe('Pie chart of Sales: 2 slices; the largest is A (62.5%).');
  });

  it('says when nothing could be read', () => {
    expect(describeChart({ ...base, series: [] }).summary).toContain('no values could be read');
  });
});

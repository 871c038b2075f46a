import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findRasterCharts } from '../src/pipeline/charts/raster/mod.ts';
import type { ChartFinding } from '../src/pipeline/charts/types.ts';
import { rasterFromImage } from '../src/pipeline/drawing/mod.ts';
import type { RasterPage } from '../src/pipeline/drawing/types.ts';
import {
  barChartImage,
  hbarChartImage,
  lineChartImage,
  pieChartImage,
  textPageImage,
  type ChartImage,
  type ExpectedChart,
} from './helpers/chart-images.ts';

async function read(img: ChartImage): Promise<ChartFinding[]> {
  const raster = await rasterFromImage(img.png, 0);
  return findRasterCharts({ page: img.page, drawing: null, raster, engineering: false });
}

/** Every expected value comes back within 2% (relative), matched by category and series name. */
function expectData(found: ChartFinding, expected: ExpectedChart): void {
  expect(found.series.map((s) => s.name).sort()).toEqual(expected.series.map((s) => s.name).sort());
  for (const es of expected.series) {
    const series = found.series.find((s) => s.name === es.name)!;
    expect(series.points.map((p) => p.label).sort()).toEqual(es.points.map((p) => p[0]).sort());
    for (const [cat, value] of es.points) {
      const point = series.points.find((p) => p.label === cat)!;
      expect(point.x).toBe(cat);
      expect(point.y, `${es.name}/${cat}`).not.toBeNull();
      expect(Math.abs(point.y! - value) / value, `${es.name}/${cat}: ${point.y} vs ${value}`).toBeLessThanOrEqual(0.02);
      expect(point.bbox).toBeDefined();
    }
  }
}

function expectFrame(found: ChartFinding, expected: ExpectedChart): void {
  expect(found.kind).toBe('chart');
  expect(found.source).toBe('raster');
  expect(found.chartType).toBe(expected.chartType);
  expect(found.title).toBe(expected.title);
  expect(found.axes).toEqual({ x_label: expected.x_label, y_label: expected.y_label });
  expect(found.confidence).toBeGreaterThan(0);
  expect(found.confidence).toBeLessThan(0.9);
  expect(found.parts.some((p) => p.label === 'chart_title')).toBe(true);
}

describe('raster charts', () => {
  it('reads a vertical bar chart: values within 2%, categories, axis titles (rotated y title) and the title', async () => {
    const img = await barChartImage(
      [
        {
          name: 'Sales (units)',
          points: [
            ['North', 42],
            ['South', 17.5],
            ['East', 88],
            ['West', 63.25],
            ['Central', 30],
          ],
        },
      ],
      { max: 100, step: 20, title: 'Sales by region', x_label: 'Region', y_label: 'Sales (units)' },
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
    expect(found[0].scale).toBe('linear');
    expect(found[0].series[0].points.map((p) => p.label)).toEqual(['North', 'South', 'East', 'West', 'Central']);
    expect(found[0].parts.filter((p) => p.label === 'bar')).toHaveLength(5);
    // Summary and insights come from the data read: the peak category is named.
    expect(found[0].summary).toBeTruthy();
    expect([found[0].summary, ...found[0].insights].join(' ')).toContain('East');
  });

  it('reads grouped bars with series names from the legend inside the plot', async () => {
    const img = await barChartImage(
      [
        {
          name: 'Online',
          points: [
            ['2019', 12],
            ['2020', 19],
            ['2021', 27],
            ['2022', 31],
          ],
        },
        {
          name: 'Retail',
          points: [
            ['2019', 25],
            ['2020', 22],
            ['2021', 18],
            ['2022', 15],
          ],
        },
      ],
      { max: 40, step: 10, title: 'Channel revenue', x_label: 'Year', y_label: 'Revenue' },
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
    expect(found[0].parts.filter((p) => p.label === 'legend')).toHaveLength(2);
  });

  it('reads stacked bars: each segment is its own value', async () => {
    const img = await barChartImage(
      [
        {
          name: 'Parts',
          points: [
            ['Q1', 20],
            ['Q2', 35],
            ['Q3', 25],
          ],
        },
        {
          name: 'Labour',
          points: [
            ['Q1', 30],
            ['Q2', 15],
            ['Q3', 40],
          ],
        },
      ],
      { max: 80, step: 20, title: 'Cost mix', x_label: 'Quarter', y_label: 'Cost', stacked: true },
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
  });

  it('reads bars drawn without dark axes (light grey axis lines) from their common baseline and the tick labels', async () => {
    const img = await barChartImage(
      [
        {
          name: 'Orders',
          points: [
            ['Mon', 35],
            ['Tue', 52],
            ['Wed', 27.5],
            ['Thu', 60],
          ],
        },
      ],
      { max: 70, step: 10, title: 'Orders per day', x_label: 'Day', y_label: 'Orders', lightAxes: true },
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
  });

  it('reads horizontal bars against the value axis along the bottom', async () => {
    const img = await hbarChartImage(
      {
        name: '',
        points: [
          ['Alpha', 3.2],
          ['Beta', 7.8],
          ['Gamma', 5.1],
          ['Delta', 9.4],
        ],
      },
      { max: 10, step: 2, title: 'Scores', x_label: 'Score' },
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
  });

  it('reads a line chart with markers at each category', async () => {
    const img = await lineChartImage(
      {
        name: 'Visitors',
        points: [
          ['Jan', 10],
          ['Feb', 14],
          ['Mar', 9],
          ['Apr', 21],
          ['May', 18],
          ['Jun', 25],
        ],
      },
      { max: 30, step: 5, title: 'Monthly visitors', x_label: 'Month', y_label: 'Visitors' },
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
  });

  it('reads a pie chart as percent shares named by the labels around the disc', async () => {
    const img = await pieChartImage(
      [
        ['Rent', 40],
        ['Food', 25],
        ['Travel', 20],
        ['Other', 15],
      ],
      'Budget split',
    );
    const found = await read(img);
    expect(found).toHaveLength(1);
    expectFrame(found[0], img.expected);
    expectData(found[0], img.expected);
    expect(found[0].parts.filter((p) => p.label === 'slice')).toHaveLength(4);
    // Clockwise from 12 o'clock, the order they were drawn in.
    expect(found[0].series[0].points.map((p) => p.label)).toEqual(['Rent', 'Food', 'Travel', 'Other']);
  });

  it('prefers values printed on the chart when they agree with the geometry', async () => {
    const img = await barChartImage(
      [
        {
          name: '',
          points: [
            ['A', 40],
            ['B', 70],
          ],
        },
      ],
      { max: 100, step: 20, title: 'Printed', x_label: '', y_label: '' },
    );
    // Labels above the bars that say more precisely what the bars show (the geometry reads about 40 and 70).
    const line = (text: string, x: number, y: number) => ({
      ...img.page.lines[0],
      id: `p0_v${text}`,
      text,
      bbox: [x - 15, y - 7, x + 15, y + 7] as [number, number, number, number],
      words: [{ ...img.page.lines[0].words[0], text, bbox: [x - 15, y - 7, x + 15, y + 7] as [number, number, number, number] }],
    });
    const yOf = (v: number) => 340.5 - (v / 100) * 280.5;
    img.page.lines.push(line('40.3', 210, yOf(40) - 10), line('69.8', 470, yOf(70) - 10), line('55.5', 470, yOf(70) - 40));
    const found = await read(img);
    expect(found[0].series[0].points.map((p) => p.y)).toEqual([40.3, 69.8]);
  });

  it('finds no chart on a page of plain text, and none without pixels', async () => {
    const img = await textPageImage();
    expect(await read(img)).toEqual([]);
    expect(findRasterCharts({ page: img.page, drawing: null, raster: null, engineering: false })).toEqual([]);
  });

  it('finds no chart in a photo-like image, nor in a disc with a spot (a diagram, not a pie)', async () => {
    const w = 400,
      h = 400,
      data = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        data.set([(x * 255) / w, (y * 255) / h, 128 + 100 * Math.sin(x / 30) * Math.cos(y / 40)], (y * w + x) * 3);
    const gradient = await sharp(data, { raw: { width: w, height: h, channels: 3 } })
      .png()
      .toBuffer();
    const blobs = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="150" cy="150" r="100" fill="#3366cc"/><circle cx="220" cy="150" r="22" fill="#cc3333"/><circle cx="150" cy="80" r="22" fill="#cc3333"/><rect x="270" y="50" width="100" height="300" fill="#cc3333"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const page = {
      page_index: 0,
      width: w,
      height: h,
      rotation: 0,
      lines: [],
      blocks: [],
      paths: [],
      images: [],
      textLayer: 'none' as const,
      needsOcr: true,
    };
    for (const png of [gradient, blobs])
      expect(findRasterCharts({ page, drawing: null, raster: await rasterFromImage(png, 0), engineering: false })).toEqual([]);
  });

  it('never throws on odd pixels', () => {
    const page = {
      page_index: 0,
      width: 64,
      height: 48,
      rotation: 0,
      lines: [],
      blocks: [],
      paths: [],
      images: [],
      textLayer: 'none' as const,
      needsOcr: true,
    };
    let seed = 7;
    const noise: RasterPage = {
      page_index: 0,
      width: 64,
      height: 48,
      data: Uint8Array.from({ length: 64 * 48 * 3 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 255),
    };
    const black: RasterPage = { page_index: 0, width: 64, height: 48, data: new Uint8Array(64 * 48 * 3) };
    const short: RasterPage = { page_index: 0, width: 64, height: 48, data: new Uint8Array(10) };
    for (const raster of [noise, black, short])
      expect(() => findRasterCharts({ page, drawing: null, raster, engineering: false })).not.toThrow();
  });
});

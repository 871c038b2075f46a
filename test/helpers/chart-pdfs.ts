import * as mupdf from 'mupdf';
import { pdfText } from './pdf.ts';

/**
 * Vector chart PDFs for the chart suite, drawn with mupdf at test time from known data: raw content streams
 * (`re f` bars with `rg` colours, `m l S` axes, ticks and lines, Bézier `c` wedges and markers) and Helvetica
 * text. The style differs from the matplotlib eval on purpose: L-shaped axes without a frame, thousands
 * separators, currency and percent ticks, a log axis, negative values, legends outside the plot.
 * Coordinates are PDF points, origin bottom-left, on US Letter.
 */
export interface ExpectedSeries {
  name: string;
  /** [category or x, value]. */
  points: [string | number, number][];
}

export interface ExpectedChart {
  chartType: string;
  title: string;
  x_label: string;
  y_label: string;
  scale?: 'linear' | 'log';
  series: ExpectedSeries[];
}

export interface ChartPdf {
  bytes: Buffer;
  /** The chart(s) drawn on each page, in page order. */
  pages: ExpectedChart[][];
}

const font = new mupdf.Font('Helvetica');
const COLORS = ['0.12 0.47 0.71', '0.84 0.15 0.16', '0.17 0.63 0.17', '0.58 0.40 0.74'];

const f2 = (v: number) => v.toFixed(2);

function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += font.advanceGlyph(font.encodeCharacter(ch), 0);
  return w * size;
}

/** Content-stream builder for one page. */
class Canvas {
  readonly ops: string[] = [];

  text(x: number, y: number, size: number, text: string, align: 'left' | 'center' | 'right' = 'left'): void {
    const w = textWidth(text, size);
    const x0 = align === 'left' ? x : align === 'center' ? x - w / 2 : x - w;
    this.ops.push(`0 0 0 rg BT /F1 ${size} Tf ${f2(x0)} ${f2(y)} Td (${pdfText(text)}) Tj ET`);
  }

  /** Text reading bottom to top, centred on (x, y). */
  rotatedText(x: number, y: number, size: number, text: string): void {
    const w = textWidth(text, size);
    this.ops.push(`0 0 0 rg BT /F1 ${size} Tf 0 1 -1 0 ${f2(x)} ${f2(y - w / 2)} Tm (${pdfText(text)}) Tj ET`);
  }

  line(points: [number, number][], rgb = '0 0 0', width = 1): void {
    const [first, ...rest] = points;
    this.ops.push(`${rgb} RG ${width} w ${f2(first[0])} ${f2(first[1])} m ${rest.map((p) => `${f2(p[0])} ${f2(p[1])} l`).join(' ')} S`);
  }

  rect(x: number, y: number, w: number, h: number, rgb: string): void {
    this.ops.push(`${rgb} rg ${f2(x)} ${f2(y)} ${f2(w)} ${f2(h)} re f`);
  }

  circle(x: number, y: number, r: number, rgb: string): void {
    const k = 0.5523 * r;
    this.ops.push(
      `${rgb} rg ${f2(x + r)} ${f2(y)} m ${f2(x + r)} ${f2(y + k)} ${f2(x + k)} ${f2(y + r)} ${f2(x)} ${f2(y + r)} c ` +
        `${f2(x - k)} ${f2(y + r)} ${f2(x - r)} ${f2(y + k)} ${f2(x - r)} ${f2(y)} c ${f2(x - r)} ${f2(y - k)} ${f2(x - k)} ${f2(y - r)} ${f2(x)} ${f2(y - r)} c ` +
        `${f2(x + k)} ${f2(y - r)} ${f2(x + r)} ${f2(y - k)} ${f2(x + r)} ${f2(y)} c h f`,
    );
  }

  /** A filled pie wedge from angle a0 to a1 (radians, counter-clockwise), arcs as Béziers of at most 90°. */
  wedge(x: number, y: number, r: number, a0: number, a1: number, rgb: string): void {
    const parts = Math.ceil((a1 - a0) / (Math.PI / 2));
    const step = (a1 - a0) / parts;
    const k = (4 / 3) * Math.tan(step / 4) * r;
    let op = `${rgb} rg ${f2(x)} ${f2(y)} m ${f2(x + r * Math.cos(a0))} ${f2(y + r * Math.sin(a0))} l`;
    for (let i = 0; i < parts; i++) {
      const s = a0 + i * step;
      const e = s + step;
      const c1 = [x + r * Math.cos(s) - k * Math.sin(s), y + r * Math.sin(s) + k * Math.cos(s)];
      const c2 = [x + r * Math.cos(e) + k * Math.sin(e), y + r * Math.sin(e) - k * Math.cos(e)];
      op += ` ${f2(c1[0])} ${f2(c1[1])} ${f2(c2[0])} ${f2(c2[1])} ${f2(x + r * Math.cos(e))} ${f2(y + r * Math.sin(e))} c`;
    }
    this.ops.push(`${op} h f`);
  }

  paragraph(x: number, top: number, size: number, lines: string[]): void {
    lines.forEach((l, i) => this.text(x, top - i * size * 1.35, size, l));
  }
}

/** A value axis: pixel of a value, and the tick values with their printed labels. */
interface ValueAxis {
  at: (v: number) => number;
  ticks: { value: number; label: string }[];
}

function linearAxis(from: number, to: number, lo: number, hi: number, step: number, format: (v: number) => string): ValueAxis {
  const ticks = [];
  for (let v = lo; v <= hi + 1e-9; v += step) ticks.push({ value: v, label: format(v) });
  return { at: (v) => from + ((v - lo) / (hi - lo)) * (to - from), ticks };
}

function logAxis(from: number, to: number, lo: number, hi: number): ValueAxis {
  const ticks = [];
  for (let v = lo; v <= hi * 1.0001; v *= 10) ticks.push({ value: v, label: thousands(v) });
  const l0 = Math.log10(lo);
  const l1 = Math.log10(hi);
  return { at: (v) => from + ((Math.log10(v) - l0) / (l1 - l0)) * (to - from), ticks };
}

const thousands = (v: number) => v.toLocaleString('en-US');

interface Frame {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** L-shaped axes, ticks and labels on the left (values or categories) and at the bottom, titles around. */
function axes(
  c: Canvas,
  f: Frame,
  o: { title: string; xLabel: string; yLabel: string; left: { pos: number; label: string }[]; bottom: { pos: number; label: string }[] },
): void {
  c.line([
    [f.x0, f.y1],
    [f.x0, f.y0],
    [f.x1, f.y0],
  ]);
  for (const t of o.left) {
    c.line([
      [f.x0 - 4, t.pos],
      [f.x0, t.pos],
    ]);
    c.text(f.x0 - 6, t.pos - 3, 9, t.label, 'right');
  }
  for (const t of o.bottom) {
    c.line([
      [t.pos, f.y0],
      [t.pos, f.y0 - 4],
    ]);
    c.text(t.pos, f.y0 - 14, 9, t.label, 'center');
  }
  c.text((f.x0 + f.x1) / 2, f.y1 + 14, 13, o.title, 'center');
  c.text((f.x0 + f.x1) / 2, f.y0 - 30, 10, o.xLabel, 'center');
  c.rotatedText(f.x0 - 48, (f.y0 + f.y1) / 2, 10, o.yLabel);
}

/** Legend entries right of a plot: a swatch (a square, or a short stroke for lines) in series colour `first + i`. */
function legend(c: Canvas, x: number, top: number, names: string[], kind: 'box' | 'line' = 'box', first = 0): void {
  names.forEach((name, i) => {
    const y = top - i * 16;
    if (kind === 'box') c.rect(x, y - 4, 10, 8, COLORS[first + i]);
    else
      c.line(
        [
          [x, y],
          [x + 16, y],
        ],
        COLORS[first + i],
        2,
      );
    c.text(x + (kind === 'box' ? 14 : 20), y - 3, 9, name);
  });
}

const PROSE = [
  'Quarterly results were discussed at length by the board, which noted that the growth in the northern',
  'region came mostly from new distribution agreements signed in the spring. The chart below shows the',
  'units sold per region; the appendix lists the figures by month and by product line for reference.',
];

function verticalBars(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 380, x1: 480, y1: 600 };
  const cats = ['North', 'South', 'East', 'West', 'Central'];
  const values = [1250, 3400, 2875, 990, 4100];
  const y = linearAxis(f.y0, f.y1, 0, 5000, 1000, thousands);
  const slot = (f.x1 - f.x0) / cats.length;
  cats.forEach((_, i) => c.rect(f.x0 + i * slot + slot * 0.2, f.y0, slot * 0.6, y.at(values[i]) - f.y0, COLORS[0]));
  axes(c, f, {
    title: 'Units sold per region',
    xLabel: 'Region',
    yLabel: 'Units sold',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: cats.map((l, i) => ({ pos: f.x0 + (i + 0.5) * slot, label: l })),
  });
  return {
    chartType: 'bar',
    title: 'Units sold per region',
    x_label: 'Region',
    y_label: 'Units sold',
    series: [{ name: 'Units sold', points: cats.map((l, i) => [l, values[i]]) }],
  };
}

function groupedBars(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 80, x1: 420, y1: 280 };
  const cats = ['2021', '2022', '2023', '2024'];
  const data = { Online: [12.5, 18.2, 25.7, 31.4], Retail: [30.1, 27.4, 22.8, 20.5] };
  const y = linearAxis(f.y0, f.y1, 0, 40, 10, (v) => `$${v}`);
  const slot = (f.x1 - f.x0) / cats.length;
  Object.values(data).forEach((vals, s) =>
    vals.forEach((v, i) => c.rect(f.x0 + i * slot + slot * 0.15 + s * slot * 0.35, f.y0, slot * 0.35, y.at(v) - f.y0, COLORS[s])),
  );
  axes(c, f, {
    title: 'Revenue by channel',
    xLabel: 'Year',
    yLabel: 'Revenue ($m)',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: cats.map((l, i) => ({ pos: f.x0 + (i + 0.5) * slot, label: l })),
  });
  legend(c, f.x1 + 20, f.y1 - 10, Object.keys(data));
  return {
    chartType: 'grouped_bar',
    title: 'Revenue by channel',
    x_label: 'Year',
    y_label: 'Revenue ($m)',
    series: Object.entries(data).map(([name, vals]) => ({ name, points: cats.map((l, i) => [l, vals[i]] as [string, number]) })),
  };
}

function horizontalBars(c: Canvas): ExpectedChart {
  const f = { x0: 140, y0: 420, x1: 500, y1: 640 };
  const cats = ['Alpha', 'Beta', 'Gamma', 'Delta'];
  const values = [45, 12.5, 78, 63];
  const x = linearAxis(f.x0, f.x1, 0, 100, 25, (v) => `${v}%`);
  const slot = (f.y1 - f.y0) / cats.length;
  const centre = (i: number) => f.y1 - (i + 0.5) * slot;
  cats.forEach((_, i) => c.rect(f.x0, centre(i) - slot * 0.3, x.at(values[i]) - f.x0, slot * 0.6, COLORS[2]));
  axes(c, f, {
    title: 'Completion per team',
    xLabel: 'Completion',
    yLabel: 'Team',
    left: cats.map((l, i) => ({ pos: centre(i), label: l })),
    bottom: x.ticks.map((t) => ({ pos: x.at(t.value), label: t.label })),
  });
  return {
    chartType: 'hbar',
    title: 'Completion per team',
    x_label: 'Completion',
    y_label: 'Team',
    series: [{ name: 'Completion', points: cats.map((l, i) => [l, values[i]]) }],
  };
}

function logLine(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 100, x1: 480, y1: 320 };
  const cats = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
  const values = [3, 12, 45, 160, 700, 2400];
  const y = logAxis(f.y0, f.y1, 1, 10000);
  const step = (f.x1 - f.x0) / cats.length;
  const pts = cats.map((_, i) => [f.x0 + (i + 0.5) * step, y.at(values[i])] as [number, number]);
  c.line(pts, COLORS[1], 2);
  for (const p of pts) c.circle(p[0], p[1], 3, COLORS[1]);
  axes(c, f, {
    title: 'Active users',
    xLabel: 'Month',
    yLabel: 'Users (log scale)',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: cats.map((l, i) => ({ pos: f.x0 + (i + 0.5) * step, label: l })),
  });
  legend(c, f.x1 + 20, f.y1 - 10, ['Signed-in users'], 'line', 1);
  return {
    chartType: 'line',
    title: 'Active users',
    x_label: 'Month',
    y_label: 'Users (log scale)',
    scale: 'log',
    series: [{ name: 'Signed-in users', points: cats.map((l, i) => [l, values[i]]) }],
  };
}

function scatter(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 420, x1: 460, y1: 660 };
  const data = {
    Control: [
      [1.5, -12.3],
      [3.2, 4.4],
      [5, 15.8],
    ],
    Treated: [
      [7.7, -3.1],
      [9.1, 9.9],
      [6.4, 18.2],
    ],
  };
  const x = linearAxis(f.x0, f.x1, 0, 10, 2, String);
  const y = linearAxis(f.y0, f.y1, -20, 20, 10, String);
  Object.values(data).forEach((pts, s) => pts.forEach(([px, py]) => c.circle(x.at(px), y.at(py), 3.5, COLORS[s])));
  axes(c, f, {
    title: 'Response to dose',
    xLabel: 'Dose (mg)',
    yLabel: 'Response',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: x.ticks.map((t) => ({ pos: x.at(t.value), label: t.label })),
  });
  legend(c, f.x1 + 20, f.y1 - 10, Object.keys(data));
  return {
    chartType: 'scatter',
    title: 'Response to dose',
    x_label: 'Dose (mg)',
    y_label: 'Response',
    series: Object.entries(data).map(([name, pts]) => ({ name, points: pts.map(([px, py]) => [px, py] as [number, number]) })),
  };
}

function pie(c: Canvas): ExpectedChart {
  const slices: [string, number][] = [
    ['Apples', 40],
    ['Bananas', 25],
    ['Cherries', 20],
    ['Dates', 15],
  ];
  const [x, y, r] = [300, 200, 90];
  let a = Math.PI / 2;
  slices.forEach(([name, share], i) => {
    const sweep = (share / 100) * 2 * Math.PI;
    c.wedge(x, y, r, a, a + sweep, COLORS[i]);
    const mid = a + sweep / 2;
    const lx = x + Math.cos(mid) * r * 1.2;
    c.text(lx, y + Math.sin(mid) * r * 1.2 - 3, 10, name, Math.cos(mid) >= 0 ? 'left' : 'right');
    a += sweep;
  });
  c.text(x, y + r + 30, 13, 'Fruit sold by kind', 'center');
  return {
    chartType: 'pie',
    title: 'Fruit sold by kind',
    x_label: '',
    y_label: '',
    series: [{ name: 'Fruit sold by kind', points: slices }],
  };
}

function stackedBars(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 420, x1: 440, y1: 660 };
  const cats = ['Q1', 'Q2', 'Q3', 'Q4'];
  const data = { Hardware: [20, 25, 30, 22], Software: [15, 18, 12, 25], Services: [8, 10, 14, 9] };
  const y = linearAxis(f.y0, f.y1, 0, 80, 20, String);
  const slot = (f.x1 - f.x0) / cats.length;
  cats.forEach((_, i) => {
    let base = 0;
    Object.values(data).forEach((vals, s) => {
      c.rect(f.x0 + i * slot + slot * 0.2, y.at(base), slot * 0.6, y.at(base + vals[i]) - y.at(base), COLORS[s]);
      base += vals[i];
    });
  });
  axes(c, f, {
    title: 'Revenue mix by quarter',
    xLabel: 'Quarter',
    yLabel: 'Revenue (EUR k)',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: cats.map((l, i) => ({ pos: f.x0 + (i + 0.5) * slot, label: l })),
  });
  legend(c, f.x1 + 20, f.y1 - 10, Object.keys(data));
  return {
    chartType: 'stacked_bar',
    title: 'Revenue mix by quarter',
    x_label: 'Quarter',
    y_label: 'Revenue (EUR k)',
    series: Object.entries(data).map(([name, vals]) => ({ name, points: cats.map((l, i) => [l, vals[i]] as [string, number]) })),
  };
}

/** Bars either side of zero in a framed plot with gridlines; the zero line is drawn across the plot. */
function negativeBars(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 90, x1: 440, y1: 300 };
  const cats = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
  const values = [-15.5, 22, 8.25, -4, 30.5];
  const y = linearAxis(f.y0, f.y1, -20, 40, 10, String);
  for (const t of y.ticks)
    c.line(
      [
        [f.x0, y.at(t.value)],
        [f.x1, y.at(t.value)],
      ],
      '0.85 0.85 0.85',
      0.5,
    );
  const slot = (f.x1 - f.x0) / cats.length;
  cats.forEach((_, i) => c.rect(f.x0 + i * slot + slot * 0.2, y.at(0), slot * 0.6, y.at(values[i]) - y.at(0), COLORS[3]));
  c.line([
    [f.x0, y.at(0)],
    [f.x1, y.at(0)],
  ]);
  c.line([
    [f.x0, f.y1],
    [f.x1, f.y1],
    [f.x1, f.y0],
  ]);
  axes(c, f, {
    title: 'Net change by day',
    xLabel: 'Day',
    yLabel: 'Change (%)',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: cats.map((l, i) => ({ pos: f.x0 + (i + 0.5) * slot, label: l })),
  });
  return {
    chartType: 'bar',
    title: 'Net change by day',
    x_label: 'Day',
    y_label: 'Change (%)',
    series: [{ name: 'Net change', points: cats.map((l, i) => [l, values[i]]) }],
  };
}

/** A filled area over year categories (labels that read as numbers but name categories). */
function area(c: Canvas): ExpectedChart {
  const f = { x0: 120, y0: 420, x1: 460, y1: 640 };
  const cats = ['2019', '2020', '2021', '2022', '2023', '2024'];
  const values = [5, 9, 7.5, 12, 15.25, 11];
  const y = linearAxis(f.y0, f.y1, 0, 20, 5, String);
  const step = (f.x1 - f.x0) / (cats.length - 1);
  const top = cats.map((_, i) => [f.x0 + i * step, y.at(values[i])] as [number, number]);
  const pts = [[f.x0, f.y0], ...top, [f.x1, f.y0]];
  c.ops.push(`${COLORS[2]} rg ${pts.map((p, i) => `${f2(p[0])} ${f2(p[1])} ${i ? 'l' : 'm'}`).join(' ')} h f`);
  axes(c, f, {
    title: 'Open tickets over time',
    xLabel: 'Year',
    yLabel: 'Open tickets',
    left: y.ticks.map((t) => ({ pos: y.at(t.value), label: t.label })),
    bottom: cats.map((l, i) => ({ pos: f.x0 + i * step, label: l })),
  });
  return {
    chartType: 'area',
    title: 'Open tickets over time',
    x_label: 'Year',
    y_label: 'Open tickets',
    series: [{ name: 'Open tickets', points: cats.map((l, i) => [l, values[i]]) }],
  };
}

function prosePage(c: Canvas): ExpectedChart[] {
  c.text(72, 720, 16, 'Annual report');
  const text = Array.from({ length: 8 }, () => PROSE).flat();
  c.paragraph(72, 690, 10, text);
  c.line(
    [
      [72, 340],
      [540, 340],
    ],
    '0 0 0',
    0.5,
  );
  c.paragraph(72, 320, 10, PROSE);
  return [];
}

/** Every chart kind, one or two per page, then a page of prose with no chart. */
export function chartSuitePdf(): ChartPdf {
  const doc = new mupdf.PDFDocument();
  const fonts = { F1: doc.addSimpleFont(font) };
  const pages: ExpectedChart[][] = [];
  const layouts: ((c: Canvas) => ExpectedChart[])[] = [
    (c) => {
      c.paragraph(72, 740, 10, PROSE);
      return [verticalBars(c), groupedBars(c)];
    },
    (c) => [horizontalBars(c), logLine(c)],
    (c) => [scatter(c), pie(c)],
    (c) => [stackedBars(c), negativeBars(c)],
    (c) => {
      c.paragraph(72, 740, 10, PROSE);
      return [area(c)];
    },
    prosePage,
  ];
  for (const layout of layouts) {
    const canvas = new Canvas();
    pages.push(layout(canvas));
    const page = doc.addPage([0, 0, 612, 792], 0, doc.addObject({ Font: fonts }), canvas.ops.join('\n'));
    doc.insertPage(-1, page);
  }
  const bytes = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return { bytes, pages };
}

import sharp from 'sharp';
import type { BBox, Line, ModelPage } from '../../src/pipeline/model/types.ts';

/**
 * PNG charts drawn from known data as SVG and rendered by librsvg through sharp, for the raster chart suite. The
 * style is not matplotlib's on purpose: L-shaped axes without a frame, light grid lines, outward ticks, marks at
 * fractional pixel positions (anti-aliased edges), a legend inside the plot, a rotated y-axis title.
 * The page that comes with each image has one `ocr` line per text drawn, at the position it was drawn: it stands
 * in for the OCR engine, which the API tests exercise end to end.
 */
export interface ExpectedSeries {
  name: string;
  points: [string, number][];
}
export interface ExpectedChart {
  chartType: string;
  title: string;
  x_label: string;
  y_label: string;
  series: ExpectedSeries[];
}
export interface ChartImage {
  png: Buffer;
  page: ModelPage;
  expected: ExpectedChart;
}

interface Text {
  text: string;
  x: number;
  cy: number;
  size: number;
  anchor: 'start' | 'middle' | 'end';
  vertical?: boolean;
}

const W = 640,
  H = 420;
const PLOT = { left: 80.5, top: 60, right: 600, bottom: 340.5 };
const COLOURS = ['#4c72b0', '#dd8452', '#55a868', '#c44e52', '#8172b3'];
const FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"';

/** Approximate advance of DejaVu Sans (the OCR box only needs to be close). */
const widthOf = (t: Text) => t.text.length * t.size * 0.6;

function svgText(t: Text): string {
  const anchor = `text-anchor="${t.anchor}"`;
  if (t.vertical)
    return `<text transform="translate(${t.x},${t.cy}) rotate(-90)" ${anchor} dy="${t.size * 0.35}" ${FONT} font-size="${t.size}" fill="#222">${t.text}</text>`;
  return `<text x="${t.x}" y="${t.cy + t.size * 0.35}" ${anchor} ${FONT} font-size="${t.size}" fill="#222">${t.text}</text>`;
}

function ocrLine(t: Text, i: number): Line {
  const w = widthOf(t),
    h = t.size * 1.1;
  const left = t.anchor === 'start' ? t.x : t.anchor === 'middle' ? t.x - w / 2 : t.x - w;
  const bbox: BBox = t.vertical ? [t.x - h / 2, t.cy - w / 2, t.x + h / 2, t.cy + w / 2] : [left, t.cy - h / 2, left + w, t.cy + h / 2];
  const font = { name: 'ocr', size: t.size, bold: false, italic: false, monospace: false };
  let x = left;
  const words = t.vertical
    ? [{ text: t.text, bbox, font, baseline: bbox[3], source: 'ocr' as const, confidence: 0.95 }]
    : t.text.split(' ').map((word) => {
        const ww = word.length * t.size * 0.6;
        const wb: BBox = [x, bbox[1], x + ww, bbox[3]];
        x += ww + t.size * 0.6;
        return { text: word, bbox: wb, font, baseline: t.cy + t.size * 0.35, source: 'ocr' as const, confidence: 0.95 };
      });
  return { id: `p0_l${i}`, text: t.text, bbox, words, font, dir: 'ltr', rotation: t.vertical ? 270 : 0, source: 'ocr' };
}

async function render(shapes: string[], texts: Text[], expected: ExpectedChart): Promise<ChartImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>${shapes.join('')}${texts.map(svgText).join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const page: ModelPage = {
    page_index: 0,
    width: W,
    height: H,
    rotation: 0,
    lines: texts.map(ocrLine),
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
  };
  return { png, page, expected };
}

/** Value axis from 0 to `max` in `step`s along y (vertical) or x (horizontal): grid, axes, ticks and tick labels. */
function valueAxis(max: number, step: number, horizontal: boolean, shapes: string[], texts: Text[], ink = '#000'): (v: number) => number {
  const { left, top, right, bottom } = PLOT;
  const at = (v: number) => (horizontal ? left + (v / max) * (right - left) : bottom - (v / max) * (bottom - top));
  for (let v = 0; v <= max + 1e-9; v += step) {
    const p = at(v);
    const label = String(Math.round(v * 100) / 100);
    if (horizontal) {
      shapes.push(
        `<line x1="${p}" y1="${top}" x2="${p}" y2="${bottom}" stroke="#e6e6e6" stroke-width="1"/>`,
        `<line x1="${p}" y1="${bottom}" x2="${p}" y2="${bottom + 5}" stroke="${ink}" stroke-width="1"/>`,
      );
      texts.push({ text: label, x: p, cy: bottom + 16, size: 12, anchor: 'middle' });
    } else {
      shapes.push(
        `<line x1="${left}" y1="${p}" x2="${right}" y2="${p}" stroke="#e6e6e6" stroke-width="1"/>`,
        `<line x1="${left - 5}" y1="${p}" x2="${left}" y2="${p}" stroke="${ink}" stroke-width="1"/>`,
      );
      texts.push({ text: label, x: left - 8, cy: p, size: 12, anchor: 'end' });
    }
  }
  return at;
}

function axesLines(shapes: string[], ink = '#000'): void {
  const { left, top, right, bottom } = PLOT;
  shapes.push(
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="${ink}" stroke-width="1.5"/>`,
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="${ink}" stroke-width="1.5"/>`,
  );
}

function titles(texts: Text[], title: string, xLabel: string, yLabel: string): void {
  texts.push({ text: title, x: W / 2, cy: 28, size: 18, anchor: 'middle' });
  if (xLabel) texts.push({ text: xLabel, x: (PLOT.left + PLOT.right) / 2, cy: PLOT.bottom + 45, size: 13, anchor: 'middle' });
  if (yLabel) texts.push({ text: yLabel, x: 22, cy: (PLOT.top + PLOT.bottom) / 2, size: 13, anchor: 'middle', vertical: true });
}

function legend(series: ExpectedSeries[], shapes: string[], texts: Text[]): void {
  series.forEach((s, i) => {
    const y = PLOT.top + 12 + i * 22;
    shapes.push(`<rect x="${PLOT.right - 110}" y="${y - 6}" width="14" height="12" fill="${COLOURS[i]}"/>`);
    texts.push({ text: s.name, x: PLOT.right - 90, cy: y, size: 13, anchor: 'start' });
  });
}

/**
 * Vertical bars, one series per colour, side by side within each category (grouped) or one on another (stacked);
 * `lightAxes` draws axes and ticks light grey, as office charts do.
 */
export async function barChartImage(
  series: ExpectedSeries[],
  opts: { max: number; step: number; title: string; x_label: string; y_label: string; stacked?: boolean; lightAxes?: boolean },
): Promise<ChartImage> {
  const shapes: string[] = [],
    texts: Text[] = [];
  const ink = opts.lightAxes ? '#d9d9d9' : '#000';
  const yOf = valueAxis(opts.max, opts.step, false, shapes, texts, ink);
  const cats = series[0].points.map((p) => p[0]);
  const slot = (PLOT.right - PLOT.left) / cats.length;
  const barW = opts.stacked ? slot * 0.6 : (slot * 0.7) / series.length;
  cats.forEach((cat, c) => {
    const centre = PLOT.left + slot * (c + 0.5);
    let below = 0;
    series.forEach((s, k) => {
      const x = opts.stacked ? centre - barW / 2 : centre - (barW * series.length) / 2 + k * barW;
      const base = opts.stacked ? below : 0;
      const y = yOf(base + s.points[c][1]);
      shapes.push(
        `<rect x="${x.toFixed(2)}" y="${y.toFixed(2)}" width="${barW.toFixed(2)}" height="${(yOf(base) - y).toFixed(2)}" fill="${COLOURS[k]}"/>`,
      );
      below += s.points[c][1];
    });
    texts.push({ text: cat, x: centre, cy: PLOT.bottom + 18, size: 13, anchor: 'middle' });
  });
  axesLines(shapes, ink);
  if (series.length > 1) legend(series, shapes, texts);
  titles(texts, opts.title, opts.x_label, opts.y_label);
  return render(shapes, texts, {
    chartType: opts.stacked ? 'stacked_bar' : series.length > 1 ? 'grouped_bar' : 'bar',
    title: opts.title,
    x_label: opts.x_label,
    y_label: opts.y_label,
    series,
  });
}

/** Horizontal bars, first category at the top; the value axis runs along the bottom. */
export async function hbarChartImage(
  s: ExpectedSeries,
  opts: { max: number; step: number; title: string; x_label: string },
): Promise<ChartImage> {
  const shapes: string[] = [],
    texts: Text[] = [];
  const xOf = valueAxis(opts.max, opts.step, true, shapes, texts);
  const slot = (PLOT.bottom - PLOT.top) / s.points.length;
  s.points.forEach(([cat, v], c) => {
    const centre = PLOT.top + slot * (c + 0.5);
    shapes.push(
      `<rect x="${PLOT.left}" y="${(centre - slot * 0.35).toFixed(2)}" width="${(xOf(v) - PLOT.left).toFixed(2)}" height="${(slot * 0.7).toFixed(2)}" fill="${COLOURS[2]}"/>`,
    );
    texts.push({ text: cat, x: PLOT.left - 8, cy: centre, size: 13, anchor: 'end' });
  });
  axesLines(shapes);
  titles(texts, opts.title, opts.x_label, '');
  return render(shapes, texts, { chartType: 'hbar', title: opts.title, x_label: opts.x_label, y_label: '', series: [s] });
}

/** A line with round markers at each category. */
export async function lineChartImage(
  s: ExpectedSeries,
  opts: { max: number; step: number; title: string; x_label: string; y_label: string },
): Promise<ChartImage> {
  const shapes: string[] = [],
    texts: Text[] = [];
  const yOf = valueAxis(opts.max, opts.step, false, shapes, texts);
  const slot = (PLOT.right - PLOT.left) / s.points.length;
  const pts = s.points.map(([cat, v], c) => {
    const x = PLOT.left + slot * (c + 0.5);
    texts.push({ text: cat, x, cy: PLOT.bottom + 18, size: 13, anchor: 'middle' });
    shapes.push(`<line x1="${x}" y1="${PLOT.bottom}" x2="${x}" y2="${PLOT.bottom + 5}" stroke="#000" stroke-width="1"/>`);
    return [x, yOf(v)];
  });
  shapes.push(
    `<polyline points="${pts.map((p) => p.map((v) => v.toFixed(2)).join(',')).join(' ')}" fill="none" stroke="${COLOURS[3]}" stroke-width="2"/>`,
  );
  for (const [x, y] of pts) shapes.push(`<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="4" fill="${COLOURS[3]}"/>`);
  axesLines(shapes);
  titles(texts, opts.title, opts.x_label, opts.y_label);
  return render(shapes, texts, { chartType: 'line', title: opts.title, x_label: opts.x_label, y_label: opts.y_label, series: [s] });
}

/** A pie from 12 o'clock clockwise, names outside the disc along each slice's middle; points are percent shares. */
export async function pieChartImage(slices: [string, number][], title: string): Promise<ChartImage> {
  const shapes: string[] = [],
    texts: Text[] = [];
  const cx = 320,
    cy = 230,
    r = 140;
  const total = slices.reduce((s, x) => s + x[1], 0);
  let angle = -90;
  slices.forEach(([name, v], i) => {
    const sweep = (v / total) * 360;
    const a0 = (angle * Math.PI) / 180,
      a1 = ((angle + sweep) * Math.PI) / 180,
      mid = ((angle + sweep / 2) * Math.PI) / 180;
    shapes.push(
      `<path d="M${cx},${cy} L${(cx + r * Math.cos(a0)).toFixed(3)},${(cy + r * Math.sin(a0)).toFixed(3)} A${r},${r} 0 ${sweep > 180 ? 1 : 0} 1 ${(cx + r * Math.cos(a1)).toFixed(3)},${(cy + r * Math.sin(a1)).toFixed(3)} Z" fill="${COLOURS[i % COLOURS.length]}"/>`,
    );
    const lx = cx + 1.18 * r * Math.cos(mid),
      ly = cy + 1.12 * r * Math.sin(mid);
    texts.push({ text: name, x: lx, cy: ly, size: 13, anchor: Math.cos(mid) > 0.2 ? 'start' : Math.cos(mid) < -0.2 ? 'end' : 'middle' });
    angle += sweep;
  });
  texts.push({ text: title, x: W / 2, cy: 26, size: 18, anchor: 'middle' });
  const series = [{ name: '', points: slices.map(([n, v]) => [n, (100 * v) / total] as [string, number]) }];
  return render(shapes, texts, { chartType: 'pie', title, x_label: '', y_label: '', series });
}

/** A page of plain paragraphs (and a rule under the heading): no chart on it. */
export async function textPageImage(): Promise<ChartImage> {
  const words = 'The quarterly report summarises revenue growth across all regions and notes the main risks for the coming year'.split(' ');
  const texts: Text[] = [{ text: 'Annual Report', x: 40, cy: 40, size: 22, anchor: 'start' }];
  for (let i = 0; i < 14; i++) {
    const line = words.slice(i % 5, (i % 5) + 12).join(' ');
    texts.push({ text: line, x: 40, cy: 90 + i * 22 + (i >= 7 ? 20 : 0), size: 13, anchor: 'start' });
  }
  const shapes = [
    '<line x1="40" y1="60" x2="600" y2="60" stroke="#000" stroke-width="1.5"/>',
    '<rect x="480" y="380" width="20" height="20" fill="#4c72b0"/>',
  ];
  return render(shapes, texts, { chartType: 'none', title: '', x_label: '', y_label: '', series: [] });
}

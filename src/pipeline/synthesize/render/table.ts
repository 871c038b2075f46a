import { fitText, textWidth, wrapText, type PageCanvas, type Rgb } from './canvas.ts';
import type { Flow } from './flow.ts';
import type { Template } from './templates.ts';

/**
 * Tables that run over pages: the header row is drawn again at the top of every page the table continues on, rows
 * never split, wrapped cells (descriptions) grow their row. Styles per template: ruled (rules under header and
 * rows), zebra (filled header, shaded alternate rows) and grid (every cell boxed).
 */

export interface Column {
  header: string;
  /** Points; one column may leave it 0 to take the remaining width. */
  width: number;
  align: 'left' | 'right';
  /** Wrap long text over several lines instead of shortening it. */
  wrap?: boolean;
}

const PAD = 3;
const WHITE: Rgb = [1, 1, 1];
const RULE: Rgb = [0.55, 0.55, 0.55];
const LIGHT: Rgb = [0.93, 0.93, 0.93];

/** Column widths resolved against the available width (the flexible column takes the rest). */
export function resolveWidths(columns: Column[], width: number): number[] {
  const fixed = columns.reduce((s, c) => s + c.width, 0);
  const flexible = columns.filter((c) => c.width === 0).length;
  return columns.map((c) => (c.width === 0 ? Math.max(40, (width - fixed) / Math.max(1, flexible)) : c.width));
}

interface Placed {
  columns: Column[];
  widths: number[];
  x: number[];
}

function place(columns: Column[], left: number, width: number): Placed {
  const widths = resolveWidths(columns, width);
  const x: number[] = [];
  widths.reduce((acc, w) => (x.push(acc), acc + w), left);
  return { columns, widths, x };
}

/** Left inset of a column's text: wider after a right-aligned neighbour ("2  pcs"), so the two never read as one phrase. */
const inset = (p: Placed, i: number) => (p.columns[i].align === 'left' && p.columns[i - 1]?.align === 'right' ? PAD + GAP : PAD);
const GAP = 7;

function cellLines(text: string, col: Column, width: number, t: Template): string[] {
  const inner = width - 2 * PAD;
  return col.wrap ? wrapText(text, inner, t.size) : [fitText(text, inner, t.size)];
}

function headerHeight(p: Placed, t: Template): number {
  const lines = Math.max(...p.columns.map((c, i) => wrapText(c.header, p.widths[i] - 2 * PAD, t.size, 'bold').length));
  return lines * t.leading + 2 * PAD + 2;
}

function drawHeader(page: PageCanvas, y: number, p: Placed, t: Template): number {
  const h = headerHeight(p, t);
  const total = p.widths.reduce((a, b) => a + b, 0);
  const left = p.x[0];
  const color = t.table === 'zebra' ? WHITE : t.accent;
  if (t.table === 'zebra') page.rect(left, y, total, h, t.accent);
  if (t.table === 'grid') page.rect(left, y, total, h, LIGHT);
  p.columns.forEach((c, i) => {
    const lines = wrapText(c.header, p.widths[i] - 2 * PAD, t.size, 'bold');
    lines.forEach((line, j) => {
      const base = y + PAD + 1 + t.size + j * t.leading;
      const x = c.align === 'right' ? p.x[i] + p.widths[i] - PAD : p.x[i] + inset(p, i);
      page.text(x, base, line, { size: t.size, font: 'bold', color, align: c.align });
    });
    if (t.table === 'grid') page.strokeRect(p.x[i], y, p.widths[i], h, RULE);
  });
  if (t.table === 'ruled') {
    page.line(left, y, left + total, y, t.accent, 1.2);
    page.line(left, y + h, left + total, y + h, t.accent, 0.8);
    // The column rules run through the header too, so the detector sees header and body as one table.
    columnRules(page, y, h, p, [0.85, 0.85, 0.85]);
  }
  return y + h;
}

function drawRow(page: PageCanvas, y: number, cells: string[][], h: number, p: Placed, t: Template, index: number, bold: boolean): void {
  const total = p.widths.reduce((a, b) => a + b, 0);
  if (t.table === 'zebra' && index % 2 === 1) page.rect(p.x[0], y, total, h, [0.94, 0.96, 0.97]);
  cells.forEach((lines, i) => {
    const c = p.columns[i];
    lines.forEach((line, j) => {
      const base = y + PAD + t.size + j * t.leading;
      const x = c.align === 'right' ? p.x[i] + p.widths[i] - PAD : p.x[i] + inset(p, i);
      page.text(x, base, line, { size: t.size, align: c.align, font: bold ? 'bold' : 'regular' });
    });
    if (t.table === 'grid') page.strokeRect(p.x[i], y, p.widths[i], h, RULE, 0.4);
  });
  if (t.table === 'ruled') page.line(p.x[0], y + h, p.x[0] + total, y + h, [0.8, 0.8, 0.8], 0.4);
  if (t.table !== 'grid') columnRules(page, y, h, p, t.table === 'zebra' ? WHITE : [0.85, 0.85, 0.85]);
}

/** Thin rules between columns: they keep a wrapped description and its neighbours in their own columns. */
function columnRules(page: PageCanvas, y: number, h: number, p: Placed, color: Rgb): void {
  for (let i = 1; i < p.x.length; i++) page.line(p.x[i], y, p.x[i], y + h, color, 0.4);
}

export interface TableOptions {
  left?: number;
  width?: number;
  /** Rows drawn in bold (a closing balance row). */
  boldRows?: Set<number>;
}

/** Draws the table at the flow's cursor, continuing on new pages with the header repeated; the cursor ends below it. */
export function drawTable(flow: Flow, columns: Column[], rows: string[][], options: TableOptions = {}): void {
  const t = flow.t;
  const p = place(columns, options.left ?? flow.left, options.width ?? flow.contentWidth);
  const heights = rows.map((r) => r.map((text, i) => cellLines(text, columns[i], p.widths[i], t)));
  const rowHeight = (cells: string[][]) => Math.max(...cells.map((l) => l.length)) * t.leading + 2 * PAD - 1;
  const hh = headerHeight(p, t);
  flow.ensure(hh + (heights[0] ? rowHeight(heights[0]) : 0));
  flow.y = drawHeader(flow.page, flow.y, p, t);
  heights.forEach((cells, i) => {
    const h = rowHeight(cells);
    if (!flow.fits(h)) {
      flow.newPage();
      flow.y = drawHeader(flow.page, flow.y, p, t);
    }
    drawRow(flow.page, flow.y, cells, h, p, t, i, options.boldRows?.has(i) ?? false);
    flow.y += h;
  });
  flow.y += t.leading;
}

/** Width a column needs for its header and its widest cell (numbers never wrap). */
export function fitWidth(header: string, cells: string[], size: number, min = 24, extra = 0): number {
  const widest = Math.max(textWidth(header, size, 'bold'), ...cells.map((c) => textWidth(c, size)));
  return Math.max(min, Math.ceil(widest + 2 * PAD + 2 + extra));
}

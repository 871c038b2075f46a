import { type FontFamily, pdfText } from './pdf.ts';
import { between, chance, fillOp, hRuleOp, label, pick, type Rand, textOp, textRightOp, textWidth, vRuleOp, wrap } from './synth-text.ts';

/**
 * Random tables as typesetters draw them (test/helpers/synth-pages.ts puts them on pages): a label column and
 * typed value columns (counts, decimals, shares, money, dates, codes, wrapped text), header rows with spanning
 * group headers, group-label rows, blank spacer rows, a totals row, and one of the common rule styles. Each
 * table knows its expected grid: rows of cell texts as printed, a wrapped cell's lines joined by a space, a
 * spanning cell's text in its first slot.
 */

export const TABLE_STYLES = ['grid', 'boxed', 'booktabs', 'header-rule', 'row-rules', 'zebra', 'unruled', 'statement'] as const;
export type TableStyle = (typeof TABLE_STYLES)[number];

type ColumnKind = 'label' | 'int' | 'dec' | 'pct' | 'money' | 'date' | 'code' | 'text';
const VALUE_KINDS: ColumnKind[] = ['int', 'int', 'dec', 'dec', 'pct', 'money', 'date', 'code', 'text'];

interface Cell {
  col: number;
  colspan: number;
  text: string;
  bold: boolean;
  /** Indent of the text inside its cell, in points (sub-items of a statement). */
  indent?: number;
}

/** A one-column cell: for tables written out by hand (tests) rather than drawn at random. */
export const synthCell = (col: number, text: string, bold = false): Cell => ({ col, colspan: 1, text, bold });

interface Row {
  kind: 'header' | 'group' | 'body' | 'total' | 'spacer';
  cells: Cell[];
  /** A short rule over the figures above this row (a subtotal or total line of a statement). */
  ruleAbove?: boolean;
  /** The first column's cell of the row above spans this row too (no label, no rule between them). */
  underSpan?: boolean;
}

export interface SynthTable {
  style: TableStyle;
  family: FontFamily;
  size: number;
  /** Space between the text of neighbouring columns where no rule separates them. */
  gutter: number;
  /** Head cells wrap onto two or more lines: column widths follow the body's figures, not the head. */
  wrapHeads?: boolean;
  /** The value columns' head cells are set turned a quarter, reading up the page (narrow columns, long heads). */
  verticalHeads?: boolean;
  /** A grid drawn with its inner rules only, as a spreadsheet prints: no rule around the table's outside. */
  openFrame?: boolean;
  /** Rules drawn as thin filled rectangles (as office suites export them), not stroked lines. */
  ruleFills?: boolean;
  /** Where a ruled cell's lines sit when its row is taller than they are. */
  valign?: VAlign;
  kinds: ColumnKind[];
  rows: Row[];
  /** Feature tags for per-feature scores ("group-rows", "spanning-header", "wrapped-cells", …). */
  features: string[];
}

export interface DrawnTable {
  ops: string[];
  /** Baseline-free extent: [x0, yBottom, x1, yTop] in PDF points. */
  box: [number, number, number, number];
  expected: string[][];
}

const fmtInt = (n: number) => n.toLocaleString('en-US');

function valueOf(rand: Rand, kind: ColumnKind, yearBase: number): string {
  switch (kind) {
    case 'int':
      return fmtInt(between(rand, 0, chance(rand, 0.5) ? 999 : 250000));
    case 'dec':
      return `${chance(rand, 0.1) ? '-' : ''}${(rand() * (chance(rand, 0.5) ? 10 : 900)).toFixed(between(rand, 1, 2))}`;
    case 'pct':
      return `${(rand() * 100).toFixed(1)}%`;
    case 'money':
      return `$${(rand() * 50000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case 'date':
      return `${yearBase + between(rand, 0, 6)}-${String(between(rand, 1, 12)).padStart(2, '0')}-${String(between(rand, 1, 28)).padStart(2, '0')}`;
    case 'code':
      return `${String.fromCharCode(65 + between(rand, 0, 25))}${String.fromCharCode(65 + between(rand, 0, 25))}-${between(rand, 100, 9999)}`;
    case 'text':
      return label(rand, 6).toLowerCase();
    case 'label':
      return label(rand, 3);
  }
}

const isNumeric = (k: ColumnKind) => k === 'int' || k === 'dec' || k === 'pct' || k === 'money';

const money = (rand: Rand, dollar: boolean) => {
  const n = between(rand, 100, 990000);
  const text = fmtInt(n);
  if (chance(rand, 0.15)) return `(${text})`;
  return dollar ? `$${text}` : text;
};

/**
 * A financial statement: two to four period columns under a head of years, sections of line items whose
 * sub-items are indented, negatives in parentheses, dollar signs on a section's first and total rows, short
 * rules over the figures above each subtotal, no other rules.
 */
function statementTable(rand: Rand, family: FontFamily, maxCols: number): SynthTable {
  const periods = between(rand, 2, Math.max(2, Math.min(4, maxCols - 1)));
  const kinds: ColumnKind[] = ['label', ...Array.from({ length: periods }, (): ColumnKind => 'int')];
  const year = between(rand, 1995, 2024);
  const rows: Row[] = [
    { kind: 'header', cells: kinds.map((_, c) => ({ col: c, colspan: 1, text: c === 0 ? '' : String(year - c + 1), bold: true })) },
  ];
  const sections = between(rand, 1, 3);
  for (let g = 0; g < sections; g++) {
    rows.push({ kind: 'group', cells: [{ col: 0, colspan: kinds.length, text: `${label(rand, 3)}:`, bold: false }] });
    const items = between(rand, 2, 6);
    for (let r = 0; r < items; r++) {
      rows.push({
        kind: 'body',
        cells: kinds.map((_, c) => ({
          col: c,
          colspan: 1,
          text: c === 0 ? label(rand, 4) : money(rand, r === 0),
          bold: false,
          indent: c === 0 ? pick(rand, [8, 8, 16]) : 0,
        })),
      });
    }
    rows.push({
      kind: 'total',
      ruleAbove: true,
      cells: kinds.map((_, c) => ({
        col: c,
        colspan: 1,
        text: c === 0 ? `Total ${label(rand, 2).toLowerCase()}` : money(rand, true),
        bold: false,
        indent: c === 0 ? 16 : 0,
      })),
    });
  }
  const features = ['style:statement', kinds.length <= 3 ? 'cols:2-3' : 'cols:4-5', 'group-rows', 'total-row'];
  return { style: 'statement', family, size: pick(rand, [8, 9, 10]), gutter: pick(rand, [14, 18, 24]), kinds, rows, features };
}

export interface TableOptions {
  /** Turn the value columns' head cells where the table has three or more value columns. */
  verticalHeads?: boolean;
  /** Draw a grid table without its outer frame. */
  openFrame?: boolean;
  /** How figures group thousands and mark decimals: 1,234.5 (en), 1.234,5 (de) or 1 234,5 (fr, a no-break space). */
  numbers?: NumberStyle;
  /** Rules as thin filled rectangles. */
  ruleFills?: boolean;
  /** Vertical alignment of ruled (grid, boxed) tables' cells. */
  valign?: VAlign;
  /** Share of the value cells left blank (a sparse table), drawn from `side`. */
  blankShare?: number;
  /** The random stream for the variations above, apart from the table's own. */
  side?: Rand;
}

export type NumberStyle = 'en' | 'de' | 'fr';
export type VAlign = 'top' | 'middle' | 'bottom';

const FIGURE = /^[-($]*\d[\d,]*(\.\d+)?[%)]?$/;

/** An en-US figure written in another convention (dates, codes and words are left alone). */
function localized(text: string, style: NumberStyle): string {
  if (style === 'en' || !FIGURE.test(text)) return text;
  const group = style === 'de' ? '.' : '\u00a0';
  return text.replace(/[,.]/g, (m) => (m === ',' ? group : ','));
}

/** The variations of `options` that apply once the table is drawn up: number style, blank cells, rule fills, alignment. */
function vary(table: SynthTable, options: TableOptions): void {
  const numbers = options.numbers ?? 'en';
  const blank = options.blankShare ?? 0;
  if (numbers !== 'en') table.features.push(`numbers:${numbers}`);
  if (options.ruleFills) {
    table.ruleFills = true;
    table.features.push('filled-rules');
  }
  if (options.valign && options.valign !== 'top' && (table.style === 'grid' || table.style === 'boxed')) {
    table.valign = options.valign;
    table.features.push(`valign:${options.valign}`);
  }
  if (blank > 0) table.features.push('sparse');
  for (const row of table.rows) {
    if (row.kind === 'header' || row.kind === 'group') continue;
    for (const cell of row.cells) {
      if (cell.col === 0) continue;
      cell.text = localized(cell.text, numbers);
      if (blank > 0 && options.side && row.kind === 'body' && chance(options.side, blank)) cell.text = '';
    }
  }
}

/** A random table; `maxCols` bounds its width (a narrow slot gets fewer columns). */
export function randomTable(rand: Rand, family: FontFamily, maxCols = 8, options: TableOptions = {}): SynthTable {
  const style = pick(rand, TABLE_STYLES);
  if (style === 'statement') {
    const statement = statementTable(rand, family, maxCols);
    vary(statement, { ...options, blankShare: 0 });
    return statement;
  }
  const table = tableOf(rand, style, family, maxCols);
  vary(table, options);
  if (options.verticalHeads && table.kinds.length >= 4 && !table.wrapHeads) {
    table.verticalHeads = true;
    table.features.push('vertical-heads');
  }
  if (options.openFrame && style === 'grid') {
    table.openFrame = true;
    table.features.push('open-frame');
  }
  return table;
}

function tableOf(rand: Rand, style: TableStyle, family: FontFamily, maxCols: number): SynthTable {
  const size = pick(rand, [7, 8, 8, 9, 9, 10]);
  const valueCols = between(rand, 1, Math.max(1, maxCols - 1));
  const years = valueCols >= 3 && chance(rand, 0.25);
  const kinds: ColumnKind[] = ['label', ...Array.from({ length: valueCols }, () => (years ? 'dec' : pick(rand, VALUE_KINDS)))];
  const features: string[] = [`style:${style}`, valueCols + 1 <= 3 ? 'cols:2-3' : valueCols + 1 <= 5 ? 'cols:4-5' : 'cols:6+'];
  const rows: Row[] = [];
  const yearBase = between(rand, 1990, 2020);
  const wrapHeads = !years && chance(rand, 0.3);
  if (wrapHeads) features.push('wrapped-head');
  const groupable = kinds.map((k, c) => c > 0 && isNumeric(k));
  const spanning = !years && groupable.filter(Boolean).length >= 4 && chance(rand, 0.35);
  if (spanning) {
    features.push('spanning-header');
    const cells: Cell[] = [];
    for (let c = 1; c < kinds.length; ) {
      const span = Math.min(between(rand, 2, 3), kinds.length - c);
      cells.push({ col: c, colspan: span, text: label(rand, 2), bold: true });
      c += span;
    }
    rows.push({ kind: 'header', cells });
  }
  rows.push({
    kind: 'header',
    cells: kinds.map((k, c) => ({
      col: c,
      colspan: 1,
      text:
        years && c > 0
          ? String(yearBase + c)
          : wrapHeads && c > 0
            ? `${label(rand, 2)} ${label(rand, 2).toLowerCase()}`
            : label(rand, k === 'text' ? 3 : 2),
      bold: true,
    })),
  });
  const rowSpans = !years && chance(rand, 0.2);
  if (rowSpans) features.push('row-spans');
  const groups = chance(rand, 0.3) ? between(rand, 2, 4) : 1;
  const spacers = groups > 1 && style !== 'grid' && chance(rand, 0.5);
  if (groups > 1) features.push('group-rows');
  if (spacers) features.push('spacer-rows');
  for (let g = 0; g < groups; g++) {
    if (g > 0 && spacers) rows.push({ kind: 'spacer', cells: [] });
    if (groups > 1) rows.push({ kind: 'group', cells: [{ col: 0, colspan: kinds.length, text: label(rand, 3), bold: chance(rand, 0.7) }] });
    const n = between(rand, groups > 1 ? 2 : 3, groups > 1 ? 6 : 16);
    for (let r = 0, spanLeft = 0; r < n; r++) {
      // A label spanning the next one or two rows: those rows print no label of their own.
      const underSpan = spanLeft > 0;
      spanLeft = underSpan ? spanLeft - 1 : rowSpans && chance(rand, 0.4) ? between(rand, 1, 2) : 0;
      rows.push({
        kind: 'body',
        underSpan,
        cells: kinds
          .map((k, c) => ({
            col: c,
            colspan: 1,
            text: c > 0 && chance(rand, 0.06) ? pick(rand, ['', '–', 'n/a']) : valueOf(rand, k, yearBase),
            bold: false,
          }))
          .filter((cell) => !(underSpan && cell.col === 0)),
      });
    }
  }
  if (kinds.slice(1).every(isNumeric) && chance(rand, 0.3)) {
    features.push('total-row');
    rows.push({
      kind: 'total',
      cells: kinds.map((k, c) => ({ col: c, colspan: 1, text: c === 0 ? 'Total' : valueOf(rand, k, yearBase), bold: true })),
    });
  }
  if (kinds.includes('text')) features.push('text-column');
  const gutter = pick(rand, [7, 10, 14, 18]);
  if (gutter < 10) features.push('tight-gutters');
  return { style, family, size, gutter, wrapHeads, kinds, rows, features };
}

const PAD = 4;

/** The head row whose value cells are set turned (the last head row), if the table turns its heads. */
const turnedHeadRow = (t: SynthTable): Row | undefined =>
  t.verticalHeads ? t.rows[t.rows.findIndex((r) => r.kind !== 'header') - 1] : undefined;
/** Smallest type a table is set in before it loses columns to fit its slot, in pt. */
const MIN_SIZE = 6.5;

function dropLastColumn(t: SynthTable): void {
  const last = t.kinds.length - 1;
  t.kinds.pop();
  for (const r of t.rows) {
    r.cells = r.cells.filter((c) => c.col < last);
    for (const c of r.cells) c.colspan = Math.min(c.colspan, last - c.col);
  }
}

interface Laid {
  colX: number[];
  /** Lines per cell, by row then cell index. */
  lines: string[][][];
  rowTops: number[];
  bottom: number;
}

/** Column widths from the content (wrapped text columns capped), then rows from `top` down. */
function layout(t: SynthTable, x0: number, top: number, maxWidth: number, gutter: number): Laid {
  const leading = t.size * 1.2;
  const turned = turnedHeadRow(t);
  const cap = (k: ColumnKind) => (k === 'text' ? 110 : k === 'label' ? Math.max(90, maxWidth * 0.3) : Infinity);
  const natural = t.kinds.map((_, c) =>
    Math.max(
      t.wrapHeads && c > 0 ? 40 : 20,
      ...t.rows.flatMap((r) =>
        r.cells
          .filter(
            (cell) =>
              cell.col === c &&
              cell.colspan === 1 &&
              r.kind !== 'group' &&
              !(t.wrapHeads && c > 0 && r.kind === 'header') &&
              !(turned === r && c > 0),
          )
          .map((cell) => textWidth(cell.text, t.size, t.family, cell.bold) + (cell.indent ?? 0)),
      ),
    ),
  );
  const widths = natural.map((w, c) => Math.min(w, cap(t.kinds[c])) + gutter);
  const total = widths.reduce((a, b) => a + b, 0);
  if (total > maxWidth) {
    const text = widths.map((w, c) => (t.kinds[c] === 'text' || t.kinds[c] === 'label' ? w : 0));
    const squeeze = Math.min(
      1,
      Math.max(
        0.4,
        (maxWidth - (total - text.reduce((a, b) => a + b, 0))) /
          Math.max(
            1,
            text.reduce((a, b) => a + b, 0),
          ),
      ),
    );
    for (let c = 0; c < widths.length; c++) if (text[c]) widths[c] *= squeeze;
  }
  const colX = [x0];
  for (const w of widths) colX.push(colX[colX.length - 1] + w);
  const lines = t.rows.map((r) =>
    r.cells.map((cell) => {
      const width = colX[cell.col + cell.colspan] - colX[cell.col] - gutter;
      return r.kind === 'group' || (r === turned && cell.col > 0)
        ? [cell.text]
        : wrap(cell.text.split(' ').filter(Boolean), Math.max(width, 10), t.size, t.family, cell.bold);
    }),
  );
  const rowTops: number[] = [];
  let y = top;
  for (const [i, r] of t.rows.entries()) {
    rowTops.push(y);
    const n = Math.max(1, ...lines[i].map((l) => l.length));
    const pad = 2 * (t.style === 'unruled' || t.style === 'booktabs' ? 1 : PAD / 2 + 1);
    const turnedHeight =
      r === turned ? Math.max(...r.cells.filter((c) => c.col > 0).map((c) => textWidth(c.text, t.size, t.family, c.bold))) + PAD : 0;
    y -= r.kind === 'spacer' ? leading : Math.max(n * leading, turnedHeight) + pad;
  }
  return { colX, lines, rowTops, bottom: y };
}

/** The table drawn at (x0, top) within `maxWidth`: operators, extent and expected grid. */
export function drawTable(t: SynthTable, x0: number, top: number, maxWidth: number): DrawnTable {
  const ruledCols = t.style === 'grid' || t.style === 'boxed';
  const gutter = ruledCols ? 2 * PAD : t.gutter;
  let l = layout(t, x0, top, maxWidth, gutter);
  // Too wide for its slot even with text columns squeezed: a smaller type, then fewer columns.
  while (l.colX[l.colX.length - 1] > x0 + maxWidth + 1) {
    if (t.size > MIN_SIZE) t.size -= 0.5;
    else dropLastColumn(t);
    l = layout(t, x0, top, maxWidth, gutter);
  }
  if (l.lines.some((r) => r.some((cell) => cell.length > 1))) t.features.push('wrapped-cells');
  const x1 = l.colX[l.colX.length - 1];
  const ops: string[] = [];
  const headerEnd = t.rows.findIndex((r) => r.kind !== 'header');
  const headerBottom = l.rowTops[headerEnd];
  const rowBottom = (i: number) => (i + 1 < l.rowTops.length ? l.rowTops[i + 1] : l.bottom);
  const rules = styleRules(t, l, x1, headerBottom, rowBottom);
  ops.push(...(t.ruleFills ? rules.map(filledRule) : rules));
  for (const [i, r] of t.rows.entries()) {
    for (const [j, cell] of r.cells.entries()) {
      const left = l.colX[cell.col] + (ruledCols ? PAD : 0);
      const right = l.colX[cell.col + cell.colspan] - (ruledCols ? PAD : gutter);
      if (r === turnedHeadRow(t) && cell.col > 0) {
        // Reading up the page: the glyphs stand left of the baseline, so the baseline sits right of the middle.
        const x = (left + right) / 2 + t.size * 0.35;
        ops.push(
          `BT /F${cell.bold ? 2 : 1} ${t.size} Tf 0 1 -1 0 ${x.toFixed(2)} ${(rowBottom(i) + PAD).toFixed(2)} Tm (${pdfText(cell.text)}) Tj ET`,
        );
        continue;
      }
      const rowLines = Math.max(1, ...l.lines[i].map((c) => c.length));
      const drop = (rowLines - l.lines[i][j].length) * t.size * 1.2 * (t.valign === 'middle' ? 0.5 : t.valign === 'bottom' ? 1 : 0);
      for (const [k, line] of l.lines[i][j].entries()) {
        const y = l.rowTops[i] - (k + 1) * t.size * 1.2 + t.size * 0.25 - (ruledCols ? PAD / 2 : 0) - drop;
        const numeric = cell.col > 0 && isNumeric(t.kinds[cell.col]) && cell.colspan === 1;
        if (r.kind === 'header' && cell.colspan > 1)
          ops.push(textOp((left + right - textWidth(line, t.size, t.family, cell.bold)) / 2, y, line, t.size, cell.bold));
        else if (numeric) ops.push(textRightOp(right, y, line, t.size, t.family, cell.bold));
        else ops.push(textOp(left + (cell.indent ?? 0), y, line, t.size, cell.bold));
      }
    }
  }
  const expected = t.rows
    .filter((r) => r.kind !== 'spacer')
    .map((r) => {
      const grid = t.kinds.map(() => '');
      for (const cell of r.cells) grid[cell.col] = cell.text;
      return grid;
    });
  return { ops, box: [x0, l.bottom, x1, top], expected };
}

const STROKE = /^([\d.]+) w (-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S$/;

/** A stroked horizontal or vertical rule as the thin filled rectangle it covers; other operators as they are. */
function filledRule(op: string): string {
  const m = STROKE.exec(op);
  if (!m) return op;
  const [w, x0, y0, x1, y1] = m.slice(1).map(Number);
  const [left, bottom] = [Math.min(x0, x1), Math.min(y0, y1)];
  return y0 === y1
    ? `0 g ${left} ${(y0 - w / 2).toFixed(2)} ${Math.abs(x1 - x0)} ${w} re f`
    : `0 g ${(x0 - w / 2).toFixed(2)} ${bottom} ${w} ${Math.abs(y1 - y0)} re f`;
}

/** Vertical rules of row `i`: the left edge of each of its cells and the table's outer edges (spans stay open). */
function cellEdges(t: SynthTable, l: Laid, i: number, x1: number, bottom: number): string[] {
  const xs = new Set([l.colX[0], x1, ...t.rows[i].cells.map((cell) => l.colX[cell.col])]);
  if (t.openFrame) for (const outer of [l.colX[0], x1]) xs.delete(outer);
  return [...xs].map((x) => vRuleOp(x, bottom, l.rowTops[i]));
}

function styleRules(t: SynthTable, l: Laid, x1: number, headerBottom: number, rowBottom: (i: number) => number): string[] {
  const x0 = l.colX[0];
  const top = l.rowTops[0];
  const ops: string[] = [];
  switch (t.style) {
    case 'grid':
      for (let i = 0; i < t.rows.length; i++) {
        if (!(t.openFrame && i === 0)) ops.push(hRuleOp(t.rows[i].underSpan ? l.colX[1] : x0, x1, l.rowTops[i]));
        ops.push(...cellEdges(t, l, i, x1, rowBottom(i)));
      }
      if (!t.openFrame) ops.push(hRuleOp(x0, x1, l.bottom));
      break;
    case 'boxed':
      ops.push(`0.6 w ${x0} ${l.bottom} ${x1 - x0} ${top - l.bottom} re S`, hRuleOp(x0, x1, headerBottom));
      for (let i = 0; i < t.rows.length; i++) ops.push(...cellEdges(t, l, i, x1, rowBottom(i)));
      break;
    case 'booktabs':
      ops.push(hRuleOp(x0, x1, top + 2, 1), hRuleOp(x0, x1, headerBottom, 0.5), hRuleOp(x0, x1, l.bottom, 1));
      break;
    case 'header-rule':
      ops.push(hRuleOp(x0, x1, headerBottom, 0.6));
      break;
    case 'row-rules':
      for (let i = 1; i < t.rows.length; i++) {
        if (t.rows[i].kind !== 'spacer') ops.push(hRuleOp(t.rows[i].underSpan ? l.colX[1] : x0, x1, l.rowTops[i], 0.3));
      }
      ops.push(hRuleOp(x0, x1, l.bottom, 0.3));
      break;
    case 'zebra':
      ops.push(fillOp(x0, headerBottom, x1 - x0, top - headerBottom, 0.8));
      for (let i = 0; i < t.rows.length; i++) {
        if (t.rows[i].kind === 'body' && i % 2 === 0) ops.push(fillOp(x0, rowBottom(i), x1 - x0, l.rowTops[i] - rowBottom(i), 0.92));
      }
      break;
    case 'statement':
      for (const [i, r] of t.rows.entries()) {
        if (!r.ruleAbove) continue;
        for (let c = 1; c < t.kinds.length; c++) ops.push(hRuleOp(l.colX[c] + 2, l.colX[c + 1] - t.gutter, l.rowTops[i] - 1, 0.5));
      }
      break;
    case 'unruled':
      break;
  }
  return ops;
}

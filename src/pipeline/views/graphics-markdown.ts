import type { ChartFinding } from '../charts/mod.ts';
import type { EquationFinding } from '../equations/mod.ts';
import { centerIn, grown, insideShare } from '../model/geometry.ts';
import type { BBox, Block } from '../model/types.ts';
import type { PageGraphics } from '../drawing-stages/mod.ts';

/**
 * What parse shows of the equation and chart stages. Layout often cuts a formula (numerator, bar, denominator)
 * or a chart (bars, tick labels, legend) into several blocks; the blocks that lie inside one display formula or
 * one chart/diagram become a single chunk: `$$…$$` for a formula, the image with its description (summary, the
 * data as a table, the mermaid source) for a chart or diagram. Findings no block lies in stay out of parse (the
 * equations and charts endpoints have them); OCR guesses at LaTeX never replace text that reads correctly, and a
 * photo's description from its caption would only repeat the caption and the text around it.
 */
export type { PageGraphics } from '../drawing-stages/mod.ts';

export type BlockGroup = { kind: 'formula'; bbox: BBox; formula: EquationFinding } | { kind: 'item'; bbox: BBox; item: ChartFinding };

type FormulaGroup = Extract<BlockGroup, { kind: 'formula' }>;

/** A block belongs to a group when this share of its area lies inside the group's box. */
const INSIDE = 0.8;
/** Blocks that stay chunks of their own even inside a chart's box. */
const KEEP_APART = new Set<Block['type']>(['caption', 'page_header', 'page_footer', 'table']);

/** Which block belongs to which formula or chart on the page (blocks of no group are absent). */
export function blockGroups(blocks: Block[], graphics: PageGraphics | null | undefined): Map<Block, BlockGroup> {
  const groups = new Map<Block, BlockGroup>();
  if (!graphics) return groups;
  const formulas: FormulaGroup[] = graphics.equations
    .filter((e) => e.display_mode === 'block' && e.engine === 'equation_codegen' && e.latex)
    .map((formula) => ({ kind: 'formula', bbox: formula.bbox, formula }));
  const items: BlockGroup[] = graphics.items.filter((i) => i.kind !== 'figure').map((item) => ({ kind: 'item', bbox: item.bbox, item }));
  for (const block of blocks) {
    const group =
      formulas.find((g) => FORMULA_BLOCKS.has(block.type) && formulaHolds(g, block)) ??
      items.find((g) => !KEEP_APART.has(block.type) && insideShare(block.bbox, grown(g.bbox, 2)) >= INSIDE);
    if (group) groups.set(block, group);
  }
  return groups;
}

/** Layout may call a big formula a title or a heading; what the formula's box holds is the formula all the same. */
const FORMULA_BLOCKS = new Set<Block['type']>(['equation', 'text', 'title', 'section_header']);
const TAG_WORD = /^\(\s*[\w.]+\s*\)$/u;

/**
 * The block is (part of) the formula: it lies in the formula's box, or its words do but for the printed
 * equation number, or it is that number alone on the formula's line.
 */
function formulaHolds(group: FormulaGroup, block: Block): boolean {
  const box = grown(group.bbox, 2);
  if (insideShare(block.bbox, box) >= INSIDE) return true;
  if (!group.formula.tag) return false;
  const words = block.lines.flatMap((l) => l.words);
  const outside = words.filter((w) => insideShare(w.bbox, box) < 0.5);
  if (!words.length || !outside.every((w) => TAG_WORD.test(w.text.trim()))) return false;
  const sameLine = Math.min(block.bbox[3], box[3]) - Math.max(block.bbox[1], box[1]) > 0.5 * (block.bbox[3] - block.bbox[1]);
  return outside.length < words.length || sameLine;
}

const MATH_IN_TEXT = new Set<Block['type']>(['text', 'list_item', 'footnote', 'caption', 'key_value']);

/**
 * The block's text with the formulas inside it as `$latex$` (inline) or `$$latex$$` (a display formula layout
 * ran into the paragraph) in place of the words they cover, or undefined when it holds none. Words are joined
 * with single spaces (a block with math is read as words, not as lines).
 */
export function textWithInlineMath(block: Block, graphics: PageGraphics | null | undefined): string | undefined {
  if (!MATH_IN_TEXT.has(block.type)) return undefined;
  const inline = graphics?.equations.filter((e) => e.engine === 'equation_codegen' && e.latex && centerIn(e.bbox, block.bbox)) ?? [];
  if (!inline.length) return undefined;
  const used = new Set<EquationFinding>();
  const parts: string[] = [];
  for (const line of block.lines) {
    for (const word of line.words) {
      const formula = inline.find((e) => centerIn(word.bbox, grown(e.bbox, 1)));
      if (!formula) parts.push(word.text);
      else if (!used.has(formula)) {
        used.add(formula);
        parts.push(formula.display_mode === 'inline' ? `$${formula.latex}$` : `$$${formula.latex}$$`);
      }
    }
  }
  return used.size ? parts.join(' ') : undefined;
}

/** `$$latex$$`, the printed equation number as `\tag{…}` (KaTeX and MathJax number display formulas with it). */
export function formulaMarkdown(formula: EquationFinding): string {
  return `$$${formula.latex}${formula.tag ? ` \\tag{${formula.tag}}` : ''}$$`;
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/\|/g, '\\|').replace(/\s+/g, ' '));

/** The chart's data as a markdown table: one row per category (or x), one column per series. */
function dataTable(item: ChartFinding): string {
  const series = item.series.filter((s) => s.points.length);
  if (!series.length) return '';
  const keys: string[] = [];
  const rows = new Map<string, unknown[]>();
  series.forEach((s, col) => {
    for (const p of s.points) {
      const key = cell(p.label ?? p.x);
      if (!rows.has(key)) {
        rows.set(key, new Array(series.length).fill(''));
        keys.push(key);
      }
      rows.get(key)![col] = p.y;
    }
  });
  const head = item.chartType === 'pie' ? 'Share (%)' : item.axes.y_label || 'Value';
  const names = series.map((s, i) => cell(s.name || (series.length === 1 ? head : `Series ${i + 1}`)));
  const first =
    (item.chartType === 'hbar' ? cell(item.axes.y_label) : cell(item.axes.x_label)) || (item.chartType === 'scatter' ? 'x' : 'Category');
  const lines = [`| ${first} | ${names.join(' | ')} |`, `|${' --- |'.repeat(names.length + 1)}`];
  for (const key of keys) lines.push(`| ${key} | ${rows.get(key)!.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/** A chart or diagram: its image (`ref`), the description, the data or the mermaid source. */
export function itemMarkdown(item: ChartFinding, ref: string): string {
  const alt = (item.title || (item.kind === 'chart' ? 'Chart' : 'Diagram')).replace(/[[\]]/g, '');
  const parts = [`![${alt}](${ref})`];
  if (item.summary?.trim()) parts.push(item.summary.trim());
  if (item.kind === 'chart') {
    const table = dataTable(item);
    if (table) parts.push(table);
  }
  if (item.mermaid) parts.push(`\`\`\`mermaid\n${item.mermaid.trim()}\n\`\`\``);
  if (item.kind !== 'chart' && item.insights.length) parts.push(item.insights.map((i) => `- ${i}`).join('\n'));
  return parts.join('\n\n');
}

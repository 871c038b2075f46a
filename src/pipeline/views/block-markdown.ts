import type { Block } from '../model/types.ts';
import { gridOfTable, tableMarkup, type TableModel } from '../tables/mod.ts';
import { gridMarkdown, simpleGrid, type SimpleGrid } from './fallback-grid.ts';

/**
 * Markdown of one block. Text from a PDF is escaped where it would otherwise read as markdown syntax at the start
 * of a paragraph; text from a markdown input is markdown already and passes through.
 */

export interface MarkdownContext {
  /** False for markdown inputs (their text is markdown). */
  escape: boolean;
  /** Where a figure's image is (a page-image URL with a media fragment). */
  figureRef(block: Block): string;
  /** Text of the captions that describe a figure/table, by its block id. */
  captionOf(blockId: string): string | undefined;
  /** The recognised structure of a table block, when table analysis found one. */
  tableOf?(block: Block): TableModel | null;
}

/** Keeps a paragraph from being read as a heading, quote, list item, table row or fence. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/^(\d{1,9})([.)])(\s|$)/u, '$1\\$2$3')
    .replace(/^(#{1,6}|[*+-])(\s|$)/u, '\\$1$2')
    .replace(/^([>|]|([-*_])(\s*\2){2,}\s*$)/u, '\\$1')
    .replace(/^(`{3,}|~{3,})/u, '\\$1');
}

const inline = (text: string, ctx: MarkdownContext) => {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  return ctx.escape ? escapeMarkdown(flat) : flat;
};

function headingMarkdown(block: Block, ctx: MarkdownContext): string {
  const level = Math.min(6, Math.max(1, block.headingLevel ?? (block.type === 'title' ? 1 : 2)));
  // A heading's text needs no paragraph escaping, but a leading '#' of its own would add a level.
  const text = block.text.replace(/\s*\n\s*/g, ' ').trim();
  return `${'#'.repeat(level)} ${ctx.escape ? text.replace(/^#/, '\\#') : text}`;
}

/** The item text without its printed marker (the list syntax supplies one). */
function itemText(block: Block): string {
  const text = block.text.trim();
  const marker = block.list?.marker.trim();
  if (marker && text.startsWith(marker)) return text.slice(marker.length).trim();
  return text.replace(/^([•·▪◦‣∙○●■□➢►–—*-]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+/u, '');
}

/**
 * A list item keeps the marker the page printed: a number with its "." or ")" stays a markdown ordered item as
 * printed ("07." stays "07."); any other printed marker ("(b)", "iv.", "k)", "(X)") stays in the text of a
 * bullet item, so the markdown never renumbers or rewrites what is printed; a bullet glyph becomes "-".
 */
export function listMarkdown(block: Block, ctx: MarkdownContext): string {
  const list = block.list ?? { kind: 'bullet' as const, marker: '-', depth: 0 };
  // Three spaces per level nest under both "- " and "1. " items (CommonMark: the child starts at the parent's content).
  const indent = '   '.repeat(Math.max(0, list.depth));
  const printed = list.marker.trim();
  const numbered = /^(\d{1,9})([.)])$/.exec(printed);
  if (numbered) return `${indent}${numbered[1]}${numbered[2]} ${inline(itemText(block), ctx)}`;
  const own = block.text.trim();
  const text = list.kind !== 'ordered' || !printed ? itemText(block) : own.startsWith(printed) ? own : `${printed} ${own}`;
  return `${indent}- ${inline(text, ctx)}`;
}

function codeMarkdown(block: Block): string {
  const body = block.lines.length ? block.lines.map((l) => l.text).join('\n') : block.text;
  const fence = body.includes('```') ? '~~~' : '```';
  return `${fence}\n${body}\n${fence}`;
}

export function tableMarkdown(block: Block, grid: SimpleGrid | null): string {
  const lines = block.lines.map((l) => l.text.trim()).filter(Boolean);
  if (lines.length && lines.every((l) => l.startsWith('|'))) return lines.join('\n'); // a markdown table already
  if (grid) return gridMarkdown(grid);
  return lines.map((l) => escapeMarkdown(l)).join('  \n') || block.text;
}

/**
 * `![label](ref)`: the figure's caption label ("Figure 3") as alt text; the caption itself follows as its own
 * paragraph. Text printed inside the figure (labels, a poster's words) follows the image: it is searchable text.
 */
function figureMarkdown(block: Block, ctx: MarkdownContext): string {
  const caption = ctx.captionOf(block.id);
  const label = caption ? /^\s*((?:fig(?:ure)?|chart|image|plate|exhibit|diagram)\.?\s*[\dIVXivx]+[a-z]?)/iu.exec(caption)?.[1] : undefined;
  const alt = (label ?? 'Figure').replace(/[[\]]/g, '');
  const image = `![${alt}](${ctx.figureRef(block)})`;
  const text = inline(block.text, ctx);
  return text ? `${image}\n\n${text}` : image;
}

export interface BlockMarkdown {
  markdown: string;
  /** Table blocks: the recognised table, else the simple grid of aligned words (or null). */
  table?: TableModel | null;
  grid?: SimpleGrid | null;
}

export function blockMarkdown(block: Block, ctx: MarkdownContext): BlockMarkdown {
  switch (block.type) {
    case 'title':
    case 'section_header':
      return { markdown: headingMarkdown(block, ctx) };
    case 'list_item':
      return { markdown: listMarkdown(block, ctx) };
    case 'code':
      return { markdown: codeMarkdown(block) };
    case 'table': {
      const table = ctx.tableOf?.(block) ?? null;
      if (table) return { markdown: tableMarkup(gridOfTable(table)).text, table };
      // Fallback: no recognised structure in this block, so cells come from word alignment alone.
      const grid = simpleGrid(block);
      return { markdown: tableMarkdown(block, grid), grid };
    }
    case 'figure':
      return { markdown: figureMarkdown(block, ctx) };
    default:
      return { markdown: inline(block.text, ctx) };
  }
}

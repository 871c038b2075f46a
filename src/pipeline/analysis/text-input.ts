import type { BBox, Block, BlockType, FontInfo, Line, ModelPage } from '../model/types.ts';

/**
 * Inline text and markdown inputs as one synthetic page: no geometry (every box is [0,0,0,0], the page is 0x0),
 * blocks from paragraphs, and for markdown also ATX/setext headings, bullet and numbered lists (depth from
 * indentation), fenced code and pipe tables (kept verbatim). Block text of markdown stays markdown.
 */

const NO_BOX: BBox = [0, 0, 0, 0];
const NO_FONT: FontInfo = { name: 'text', size: 0, bold: false, italic: false, monospace: false };

interface Draft {
  type: BlockType;
  lines: string[];
  headingLevel?: number;
  list?: Block['list'];
}

function toLine(text: string, id: string): Line {
  return { id, text, bbox: NO_BOX, words: [], font: NO_FONT, dir: 'ltr', rotation: 0, source: 'text_layer' };
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const ATX = /^\s{0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const THEMATIC_BREAK = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const SETEXT = /^\s{0,3}(=+|-+)\s*$/;

/** Indentation → depth: each distinct deeper indent opens a level, as a markdown renderer nests lists. */
class ListDepth {
  private indents: number[] = [];

  depthOf(indent: number): number {
    while (this.indents.length && indent < this.indents.at(-1)!) this.indents.pop();
    if (!this.indents.length || indent > this.indents.at(-1)!) this.indents.push(indent);
    return this.indents.length - 1;
  }

  reset(): void {
    this.indents = [];
  }
}

function parseMarkdown(content: string): Draft[] {
  const drafts: Draft[] = [];
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const depth = new ListDepth();
  let open: Draft | null = null;
  const close = () => {
    open = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      while (++i < lines.length && !lines[i].trimStart().startsWith(fence[1])) body.push(lines[i]);
      drafts.push({ type: 'code', lines: body });
      close();
      continue;
    }
    if (line.trim() === '') {
      if (open?.type !== 'list_item') depth.reset();
      close();
      continue;
    }
    const setext = SETEXT.exec(line);
    const current = open as Draft | null;
    if (setext && current?.type === 'text') {
      current.type = setext[1][0] === '=' ? 'title' : 'section_header';
      current.headingLevel = setext[1][0] === '=' ? 1 : 2;
      close();
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      close();
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      const level = atx[1].length;
      drafts.push({ type: level === 1 ? 'title' : 'section_header', lines: [atx[2] ?? ''], headingLevel: level });
      close();
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      if (current?.type === 'table') current.lines.push(line.trim());
      else drafts.push((open = { type: 'table', lines: [line.trim()] }));
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const [, indent, marker, text] = item;
      const kind = /\d/.test(marker) ? 'ordered' : 'bullet';
      drafts.push((open = { type: 'list_item', lines: [text], list: { kind, marker, depth: depth.depthOf(indent.length) } }));
      continue;
    }
    if (current && (current.type === 'text' || current.type === 'list_item')) current.lines.push(line.trim());
    else {
      depth.reset();
      drafts.push((open = { type: 'text', lines: [line.trim()] }));
    }
  }
  return drafts;
}

function parsePlainText(content: string): Draft[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => ({ type: 'text' as const, lines }));
}

function toBlock(draft: Draft, n: number, lineIds: { next: number }): Block {
  const lines = draft.lines.map((text) => toLine(text, `p0_l${lineIds.next++}`));
  const joiner = draft.type === 'code' || draft.type === 'table' ? '\n' : ' ';
  const block: Block = {
    id: `p0_b${n}`,
    type: draft.type,
    bbox: NO_BOX,
    lines,
    text: draft.lines.join(joiner),
    score: 1,
    readingOrder: n,
  };
  if (draft.headingLevel) block.headingLevel = draft.headingLevel;
  if (draft.list) block.list = draft.list;
  return block;
}

/** The one page of an inline text (`markdown` false) or markdown input. */
export function textInputPage(content: string, markdown: boolean): ModelPage {
  const drafts = markdown ? parseMarkdown(content) : parsePlainText(content);
  const lineIds = { next: 0 };
  const blocks = drafts.map((d, n) => toBlock(d, n, lineIds));
  return {
    page_index: 0,
    width: 0,
    height: 0,
    rotation: 0,
    lines: blocks.flatMap((b) => b.lines),
    blocks,
    paths: [],
    images: [],
    textLayer: blocks.length ? 'ok' : 'none',
    needsOcr: false,
  };
}

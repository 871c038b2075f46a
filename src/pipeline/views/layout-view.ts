import type { PageSize } from '../document/mod.ts';
import type { Block, DocumentModel, ModelPage } from '../model/types.ts';
import { tableOfBlock } from '../tables/mod.ts';
import { union, width, xOverlap } from '../model/geometry.ts';
import { blockBox, roundOut, type IntBox } from './view-boxes.ts';
import { removeOverlaps } from './overlaps.ts';
import { orderedBlocks, pageImageRef } from './parse-view.ts';
import { selectedPages } from '../model/pages.ts';

/**
 * The layout view (LayoutResponse). Component ids are block ids, so they are stable for a file and engine version.
 * `non_overlapping`: the leaf components (every block that is not a container) with boxes clipped so no two
 * overlap. `nested`: the same leaves with their full boxes, plus containers holding them: a block whose children
 * lie inside it, a table with its recognised cells (table_cell), a figure or table with its captions (`<id>_group`), and each run of list items
 * down one column (`p<page>_list<n>`). Ranks follow reading order; in nested mode a container comes right before its children.
 */

export type LayoutMode = 'nested' | 'non_overlapping';

export interface LayoutComponent {
  id: string;
  reading_order_rank: number;
  type: string;
  bbox: IntBox;
  score: number | null;
  /** Nested mode only: ids of the components this container holds. */
  children?: string[];
}

export interface LayoutPage {
  page_index: number;
  width: number;
  height: number;
  components: LayoutComponent[];
  image_ref: string | null;
  ocr_median_line_height: number | null;
}

export interface LayoutResult {
  mode: LayoutMode;
  pages: LayoutPage[];
}

export interface LayoutViewContext {
  fileId: string;
  pageSizes: PageSize[];
  mode: LayoutMode;
}

interface Node {
  id: string;
  type: string;
  box: IntBox;
  score: number | null;
  children: Node[];
}

/** Blocks whose children are blocks of the page lying inside them: they contain, they are not leaves. */
function containerIds(blocks: Block[], byId: Map<string, Block>): Set<string> {
  const ids = new Set<string>();
  for (const b of blocks) {
    const kids = (b.children ?? []).map((id) => byId.get(id)).filter((k): k is Block => !!k && k.type !== 'caption');
    if (kids.length) ids.add(b.id);
  }
  return ids;
}

function leafNode(block: Block, size: PageSize): Node {
  return { id: block.id, type: block.type, box: roundOut(blockBox(block), size.width, size.height), score: block.score, children: [] };
}

/** A container of its children; without a score of its own, the weakest child's. */
function group(id: string, type: string, children: Node[], score: number | null = null): Node {
  const scores = children.map((c) => c.score).filter((s): s is number => s !== null);
  return {
    id,
    type,
    box: union(children.map((c) => c.box)) as IntBox,
    score: score ?? (scores.length ? Math.min(...scores) : null),
    children,
  };
}

/** An item continuing a list overlaps the item before it across at least this share of the narrower one's width. */
const LIST_SAME_COLUMN_SHARE = 0.5;

/**
 * Whether `item` goes on with the list whose last item is `last`: it lies below it in the same column. Items read
 * one after the other across a column break (a list that ends one column and one that opens the next) are two
 * lists, each with a box of its own; one box around both would cover the columns' other text.
 */
function continuesList(last: Node, item: Node): boolean {
  const narrower = Math.min(width(last.box), width(item.box));
  return item.box[1] >= last.box[1] && xOverlap(last.box, item.box) >= narrower * LIST_SAME_COLUMN_SHARE;
}

/** The page's top-level nodes, in reading order, with containers built around their members. */
function nestedNodes(page: ModelPage, size: PageSize): Node[] {
  const blocks = orderedBlocks(page);
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const containers = containerIds(blocks, byId);
  const claimed = new Set<string>();
  for (const id of containers) for (const kid of byId.get(id)!.children ?? []) if (byId.get(kid)?.type !== 'caption') claimed.add(kid);
  const captionsOf = new Map<string, Block[]>();
  for (const b of blocks) {
    const target = b.type === 'caption' ? b.captionOf : undefined;
    if (target && byId.has(target)) captionsOf.set(target, [...(captionsOf.get(target) ?? []), b]);
  }
  const nodeOf = (block: Block): Node => {
    if (block.type === 'table' && !containers.has(block.id)) return tableNode(page, block, size);
    if (!containers.has(block.id)) return leafNode(block, size);
    const kids = (block.children ?? [])
      .map((id) => byId.get(id)!)
      .filter((k) => k && k.type !== 'caption')
      .map((k) => nodeOf(k));
    const self = leafNode(block, size);
    return { ...self, box: union([self.box, ...kids.map((k) => k.box)]) as IntBox, children: kids };
  };
  const top: Node[] = [];
  let listRun: Node[] = [];
  let lists = 0;
  const closeList = () => {
    if (listRun.length) top.push(group(`p${page.page_index}_list${lists++}`, 'list', listRun));
    listRun = [];
  };
  for (const block of blocks) {
    if (claimed.has(block.id) || (block.type === 'caption' && block.captionOf && byId.has(block.captionOf))) continue;
    if (block.type === 'list_item') {
      const item = nodeOf(block);
      if (listRun.length && !continuesList(listRun[listRun.length - 1], item)) closeList();
      listRun.push(item);
      continue;
    }
    closeList();
    const captions = captionsOf.get(block.id) ?? [];
    const node = nodeOf(block);
    top.push(
      captions.length
        ? group(`${block.id}_group`, `${block.type}_group`, [node, ...captions.map((c) => leafNode(c, size))], block.score)
        : node,
    );
  }
  closeList();
  return top;
}

/** A table with its recognised cells as children (`<block id>_r<row>_c<col>`, type table_cell), when it has a structure. */
function tableNode(page: ModelPage, block: Block, size: PageSize): Node {
  const self = leafNode(block, size);
  const table = tableOfBlock(page, block);
  if (!table) return self;
  const cells = table.cells
    .filter((c) => c.text !== '')
    .map(
      (c): Node => ({
        id: `${block.id}_r${c.row}_c${c.col}`,
        type: 'table_cell',
        box: roundOut(c.bbox, size.width, size.height),
        score: block.score,
        children: [],
      }),
    );
  return { ...self, box: union([self.box, ...cells.map((c) => c.box)]) as IntBox, children: cells };
}

function flattenNested(nodes: Node[]): LayoutComponent[] {
  const out: LayoutComponent[] = [];
  const visit = (node: Node) => {
    const component: LayoutComponent = { id: node.id, reading_order_rank: out.length, type: node.type, bbox: node.box, score: node.score };
    out.push(component);
    if (node.children.length) {
      component.children = node.children.map((c) => c.id);
      node.children.forEach(visit);
    }
  };
  nodes.forEach(visit);
  return out;
}

function leafComponents(page: ModelPage, size: PageSize): LayoutComponent[] {
  const blocks = orderedBlocks(page);
  const containers = containerIds(blocks, new Map(blocks.map((b) => [b.id, b])));
  const leaves = blocks.filter((b) => !containers.has(b.id)).map((b) => ({ ...leafNode(b, size), score: b.score }));
  const dropped = removeOverlaps(leaves);
  return leaves
    .filter((_, i) => !dropped.has(i))
    .map((leaf, rank) => ({ id: leaf.id, reading_order_rank: rank, type: leaf.type, bbox: leaf.box, score: leaf.score }));
}

export function buildLayoutView(model: DocumentModel, ctx: LayoutViewContext): LayoutResult {
  const textInput = model.content_type === 'text/plain' || model.content_type === 'text/markdown';
  const pages = selectedPages(model).map((page): LayoutPage => {
    const size = ctx.pageSizes[page.page_index] ?? { width: page.width, height: page.height };
    const components = ctx.mode === 'nested' ? flattenNested(nestedNodes(page, size)) : leafComponents(page, size);
    return {
      page_index: page.page_index,
      width: size.width,
      height: size.height,
      components,
      image_ref: textInput ? null : pageImageRef(ctx.fileId, page.page_index),
      ocr_median_line_height: page.ocr?.medianLineHeight ?? null,
    };
  });
  return { mode: ctx.mode, pages };
}

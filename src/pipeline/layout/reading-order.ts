import type { Block } from '../model/types.ts';
import type { Draft } from './internal.ts';
import { blockTextOf, flattenLines } from './text.ts';

/**
 * The page's final reading order: page headers first (top to bottom, then left to right), the body in XY-cut
 * order with every caption moved right after the figure/table it describes, then footnotes, then page footers.
 * Ids `p<page>_b<n>` and ranks follow that order, so two runs over the same page give the same ids.
 */
function byPosition(a: Draft, b: Draft): number {
  return a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0];
}

export function orderDrafts(furniture: readonly Draft[], body: readonly Draft[]): Draft[] {
  const headers = furniture.filter((d) => d.type === 'page_header').sort(byPosition);
  const footers = furniture.filter((d) => d.type === 'page_footer').sort(byPosition);
  const flow = [...body].sort((a, b) => a.flow - b.flow);
  const footnotes = flow.filter((d) => d.type === 'footnote');
  const captionsOf = new Map<Draft, Draft[]>();
  for (const d of flow) {
    if (!d.captionOf) continue;
    const list = captionsOf.get(d.captionOf);
    if (list) list.push(d);
    else captionsOf.set(d.captionOf, [d]);
  }
  const main: Draft[] = [];
  for (const d of flow) {
    if (d.type === 'footnote' || d.captionOf) continue;
    main.push(d, ...(captionsOf.get(d) ?? []));
  }
  return [...headers, ...main, ...footnotes, ...footers];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function toBlocks(pageIndex: number, ordered: readonly Draft[]): Block[] {
  const ids = new Map<Draft, string>();
  ordered.forEach((d, i) => ids.set(d, `p${pageIndex}_b${i}`));
  const blocks = ordered.map((d, i): Block => {
    const block: Block = {
      id: ids.get(d)!,
      type: d.type,
      bbox: [round(d.bbox[0]), round(d.bbox[1]), round(d.bbox[2]), round(d.bbox[3])],
      lines: flattenLines(d.lines),
      text: blockTextOf(d.lines, d.type),
      score: round(d.score),
      readingOrder: i,
    };
    if (d.headingLevel !== undefined && (d.type === 'title' || d.type === 'section_header')) block.headingLevel = d.headingLevel;
    if (d.list && d.type === 'list_item') block.list = d.list;
    if (d.captionOf && ids.has(d.captionOf)) block.captionOf = ids.get(d.captionOf);
    return block;
  });
  for (const b of blocks) {
    if (!b.captionOf) continue;
    const target = blocks.find((t) => t.id === b.captionOf);
    if (target?.type === 'figure') (target.children ??= []).push(b.id);
  }
  return blocks;
}

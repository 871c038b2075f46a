import { round2 } from '../model/geometry.ts';
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
  return [...headers, ...figuresAfterSentences(main), ...footnotes, ...footers];
}

/** The end of a sentence or clause, after which a figure may stand. */
const SENTENCE_END = /[.!?:;)\]"”’]$/u;

/** Text draft `b` carries on the sentence that `a` leaves open: no closing punctuation, a lowercase start. */
function carriesOn(a: Draft, b: Draft): boolean {
  if (a.type !== 'text' || b.type !== 'text' || !a.lines.length || !b.lines.length) return false;
  return !SENTENCE_END.test(a.lines[a.lines.length - 1].text.trimEnd()) && /^\p{Ll}/u.test(b.lines[0].text.trimStart());
}

/**
 * A picture that text wraps around splits a paragraph in the XY-cut order (the lines beside it, the picture, the
 * lines below it); the rest of the sentence moves up before the picture and its captions, so that a figure never
 * stands in the middle of a sentence.
 */
function figuresAfterSentences(main: Draft[]): Draft[] {
  const out = [...main];
  for (let i = 1; i < out.length; i++) {
    if (out[i].type !== 'figure') continue;
    let next = i + 1;
    while (next < out.length && out[next].captionOf === out[i]) next++;
    if (next >= out.length || !carriesOn(out[i - 1], out[next])) continue;
    const [rest] = out.splice(next, 1);
    out.splice(i, 0, rest);
  }
  return out;
}

export function toBlocks(pageIndex: number, ordered: readonly Draft[]): Block[] {
  const ids = new Map<Draft, string>();
  ordered.forEach((d, i) => ids.set(d, `p${pageIndex}_b${i}`));
  const blocks = ordered.map((d, i): Block => {
    const block: Block = {
      id: ids.get(d)!,
      type: d.type,
      bbox: [round2(d.bbox[0]), round2(d.bbox[1]), round2(d.bbox[2]), round2(d.bbox[3])],
      lines: flattenLines(d.lines),
      text: blockTextOf(d.lines, d.type),
      score: round2(d.score),
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

/**
 * Lists of the nested layout view: each run of list items in reading order is one list, but a run that goes on
 * from the foot of one column to the head of the next is two lists, as a reader sees them.
 */
import { describe, expect, it } from 'vitest';
import type { BBox, Block, BlockType, DocumentModel } from '../src/pipeline/model/types.ts';
import { buildLayoutView } from '../src/pipeline/views/layout-view.ts';
import { pageOfLines } from './helpers/document-models.ts';

function block(n: number, type: BlockType, bbox: BBox): Block {
  return { id: `p0_b${n}`, type, bbox, lines: [], text: `block ${n}`, score: 0.8, readingOrder: n };
}

function modelOf(blocks: Block[]): DocumentModel {
  const page = { ...pageOfLines([], 600, 800), blocks };
  return {
    engine_version: 'test',
    file_id: 'file_test',
    sha256: '',
    content_type: 'application/pdf',
    page_count: 1,
    pages: [page],
    bodyFontSize: 12,
    skipped_pages: [],
    warnings: [],
  };
}

const listsOf = (model: DocumentModel) =>
  buildLayoutView(model, { fileId: 'file_test', pageSizes: [], mode: 'nested' })
    .pages[0].components.filter((c) => c.type === 'list')
    .map((c) => c.bbox);

describe('lists in the nested layout view', () => {
  it('closes a list at the foot of a column and opens another at the head of the next', () => {
    const model = modelOf([
      block(0, 'text', [50, 100, 290, 600]),
      block(1, 'list_item', [60, 610, 290, 640]),
      block(2, 'list_item', [60, 645, 290, 700]),
      block(3, 'list_item', [310, 100, 550, 130]),
      block(4, 'list_item', [310, 135, 550, 160]),
      block(5, 'text', [300, 170, 550, 700]),
    ]);
    expect(listsOf(model)).toEqual([
      [60, 610, 290, 700],
      [310, 100, 550, 160],
    ]);
  });

  it('keeps the items of one column, indented or not, in one list', () => {
    const model = modelOf([
      block(0, 'list_item', [60, 100, 290, 130]),
      block(1, 'list_item', [80, 135, 290, 160]),
      block(2, 'list_item', [60, 165, 290, 190]),
    ]);
    expect(listsOf(model)).toEqual([[60, 100, 290, 190]]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Block, ModelPage } from '../src/pipeline/model/types.ts';
import { tableOfBlock } from '../src/pipeline/tables/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { RULED_4X3, tablePdf } from './helpers/table-pdfs.ts';

/**
 * The table of a layout block reads only lines that layout did not give to another block: where the table's box
 * overlaps a paragraph, the paragraph's text is not read a second time inside the table.
 */
const pageOf = (bytes: Uint8Array): ModelPage => extractDocumentPages(bytes, 0, 1, { graphics: true })[0];

const block = (id: string, type: Block['type'], lines: ModelPage['lines']): Block => {
  const bbox: Block['bbox'] = [
    Math.min(...lines.map((l) => l.bbox[0])),
    Math.min(...lines.map((l) => l.bbox[1])),
    Math.max(...lines.map((l) => l.bbox[2])),
    Math.max(...lines.map((l) => l.bbox[3])),
  ];
  return { id, type, bbox, lines, text: lines.map((l) => l.text).join(' '), score: 0.6, readingOrder: 0 };
};

describe('tableOfBlock', () => {
  it('leaves out the lines of other blocks inside the table box', () => {
    const page = pageOf(tablePdf(RULED_4X3));
    const pears = page.lines.filter((l) => /Pears|^350$|^1\.10$/.test(l.text));
    expect(pears.length).toBeGreaterThan(0);
    const tableBlock = block(
      'p0_b0',
      'table',
      page.lines.filter((l) => !pears.includes(l)),
    );
    tableBlock.bbox = block('all', 'table', page.lines).bbox;
    const withBlocks: ModelPage = { ...page, blocks: [tableBlock, block('p0_b1', 'text', pears)] };
    const table = tableOfBlock(withBlocks, tableBlock);
    expect(table).not.toBeNull();
    const texts = table!.cells.map((c) => c.text).join(' | ');
    expect(texts).toContain('Apples');
    expect(texts).not.toContain('Pears');
  });
});

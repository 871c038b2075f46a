import { describe, expect, it } from 'vitest';
import { analyzeDocumentLayout } from '../src/pipeline/layout/mod.ts';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { findTables, type DetectionPolicy } from '../src/pipeline/tables/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { PdfBuilder, textRun } from './helpers/pdf.ts';

/**
 * Running heads against tables: a running header set in two columns is the page's furniture, not a table
 * (tables/furniture.ts), and column heads repeated over a table that goes on from page to page are the table's,
 * not a running header (layout/headers-footers.ts).
 */

const laidOut = (bytes: Uint8Array): ModelPage[] =>
  analyzeDocumentLayout(extractDocumentPages(bytes, undefined, undefined, { graphics: true })).pages;
const tablesOf = (page: ModelPage, policy: DetectionPolicy = 'strict') => findTables(page, { policy, source: 'detector' });

const PROSE = [
  'The parties agree that each of them shall keep the information received under this agreement in confidence',
  'and shall use it only for the purpose of evaluating the proposed transaction between them, unless the other',
  'party has first agreed in writing to another use; the obligations of this section survive for two years after',
  'the date on which the discussions end, whether or not the transaction is completed by the parties concerned.',
];

/**
 * Pages of prose under a running header: a centred legend, then title and date, then subject and page number;
 * the body starts `bodyGap` pt under the header.
 */
function headedPages(pages: number, bodyGap = 36): Buffer {
  const builder = new PdfBuilder();
  for (let p = 1; p <= pages; p++) {
    const ops = [textRun(262, 770, 'CONFIDENTIAL', 10, true)];
    ops.push(textRun(36, 748, 'Northwind Holdings'), textRun(520, 748, 'May 4, 2021'));
    ops.push(textRun(36, 736, 'Supply Agreement'), textRun(548, 736, `Page ${p}`));
    for (let para = 0; para < 4; para++)
      PROSE.forEach((line, i) =>
        ops.push(textRun(36, 736 - bodyGap - para * 62 - i * 12, `${para === 0 && i === 0 ? `${p}. ` : ''}${line}`, 9)),
      );
    builder.page({ stream: ops.join('\n') });
  }
  return builder.bytes();
}

describe('a running header in two columns', () => {
  it('is the page header even with the body set close under it', () => {
    for (const page of laidOut(headedPages(3, 13)))
      expect(page.blocks.filter((b) => b.type === 'page_header').map((b) => b.text)).toEqual([
        'CONFIDENTIAL',
        'Northwind Holdings',
        'May 4, 2021',
        'Supply Agreement',
        `Page ${page.page_index + 1}`,
      ]);
  });

  it('is not a table on any page', () => {
    const pages = laidOut(headedPages(3));
    expect(pages.every((p) => p.blocks.some((b) => b.type === 'page_header'))).toBe(true);
    for (const page of pages) for (const policy of ['strict', 'liberal'] as const) expect(tablesOf(page, policy)).toEqual([]);
  });
});

/** Pages that each open with a table under the same column heads, set at the same height on every page. */
function continuedTablePages(pages: number): Buffer {
  const builder = new PdfBuilder();
  for (let p = 0; p < pages; p++) {
    const ops = [textRun(72, 760, 'Item', 10, true), textRun(260, 760, 'Quantity', 10, true), textRun(420, 760, 'Price', 10, true)];
    for (let r = 0; r < 12; r++) {
      const y = 742 - r * 16;
      ops.push(textRun(72, y, `Part ${p * 12 + r + 1}`), textRun(260, y, `${(r % 5) + 1}`), textRun(420, y, `${(p * 12 + r) * 3 + 2}.50`));
    }
    builder.page({ stream: ops.join('\n') });
  }
  return builder.bytes();
}

describe('a table continued over pages under repeated column heads', () => {
  it('keeps its heads in the body: they are no running header', () => {
    for (const page of laidOut(continuedTablePages(3))) expect(page.blocks.filter((b) => b.type === 'page_header')).toEqual([]);
  });

  it('stays one table on every page, its heads included', () => {
    for (const page of laidOut(continuedTablePages(3))) {
      const [table, ...rest] = tablesOf(page);
      expect(rest).toEqual([]);
      expect(table.cells.filter((c) => c.row === 0).map((c) => c.text)).toEqual(['Item', 'Quantity', 'Price']);
    }
  });
});

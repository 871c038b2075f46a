import { describe, expect, it } from 'vitest';
import type { PageGraphics } from '../src/pipeline/drawing-stages/mod.ts';
import type { DocumentModel, ModelPage } from '../src/pipeline/model/types.ts';
import { buildParseView, buildParseViewAlongside } from '../src/pipeline/views/mod.ts';
import { modelOfPdf } from './helpers/document-models.ts';
import { helveticaPdf, textRun } from './helpers/pdf.ts';

/**
 * The parse view built beside the graphics stage (pages without candidates first, the rest once the graphics are
 * in) is the view built afterwards in one go: same markdown, chunks, regions and pages.
 */
const PAGES = 5;
/** The page (0-based) given a formula by the fake graphics stage: the only one that may show graphics. */
const FORMULA_PAGE = 2;

/** A ruled 3 x 3 table (header row and two rows of figures) with its top edge at `top`, in PDF points. */
function ruledTable(top: number, p: number): string {
  const cols = [72, 200, 320, 440];
  const rows = [top, top - 18, top - 36, top - 54];
  const ops = [
    ...rows.map((y) => `0.5 w ${cols[0]} ${y} m ${cols[3]} ${y} l S`),
    ...cols.map((x) => `0.5 w ${x} ${rows[0]} m ${x} ${rows[3]} l S`),
  ];
  const cells = [
    ['Region', 'Units', 'Share'],
    ['North', `${100 + p}`, '0.25'],
    ['South', `${300 + p}`, '0.75'],
  ];
  cells.forEach((row, r) => row.forEach((text, c) => ops.push(textRun(cols[c] + 4, rows[r] - 13, text, 10, r === 0))));
  return ops.join('\n');
}

function model(): DocumentModel {
  const streams = Array.from({ length: PAGES }, (_, p) =>
    [
      p % 2 === 0 ? ruledTable(560, p) : '',
      textRun(72, 720, `Section ${p + 1} heading`, 16, true),
      textRun(72, 690, `The first paragraph of page ${p + 1} runs across the line.`),
      textRun(72, 676, 'It goes on for a second line before it stops here.'),
      textRun(90, 640, '- a listed point of the page'),
      textRun(90, 626, '- another listed point below it'),
      textRun(72, 590, 'A closing paragraph of plain words.'),
    ].join('\n'),
  );
  return modelOfPdf(helveticaPdf(streams));
}

const CONTEXT = { fileId: 'file_test', docId: 'doc_test', version: 'test', pageSizes: [], grounding: 'regions' as const };

const mayShow = (page: ModelPage) => page.page_index === FORMULA_PAGE;

/** A display formula over the page's last paragraph, as the equation stage would report it. */
function graphicsOf(doc: DocumentModel): (PageGraphics | null)[] {
  return doc.pages.map((page) => {
    if (!mayShow(page)) return null;
    const block = page.blocks.filter((b) => b.type === 'text').at(-1)!;
    return {
      equations: [
        { bbox: block.bbox, latex: 'x^2', source_text: block.text, display_mode: 'block', confidence: 0.9, engine: 'equation_codegen' },
      ],
      items: [],
    };
  });
}

const later = <T>(value: T, turns: number): Promise<T> =>
  new Promise((resolve) => {
    const step = (n: number) => (n === 0 ? resolve(value) : setImmediate(() => step(n - 1)));
    step(turns);
  });

describe('parse view beside the graphics stage', () => {
  it('equals the view built after the graphics, whenever the graphics arrive', async () => {
    const doc = model();
    const graphics = graphicsOf(doc);
    const expected = buildParseView(doc, { ...CONTEXT, graphics });
    expect(expected.markdown).toContain('$$');
    // Tables on the page with graphics and on pages without: both kinds of page are built from their tables.
    const tablePages = expected.chunks.filter((c) => c.type === 'table' && c.table_html).map((c) => c.page_index);
    expect(tablePages).toContain(FORMULA_PAGE);
    expect(tablePages).toContain(0);
    for (const turns of [0, 1, 50]) {
      const view = await buildParseViewAlongside(doc, CONTEXT, later(graphics, turns), mayShow);
      expect(view).toEqual(expected);
    }
  });

  it('equals the view without graphics when the stage finds none', async () => {
    const doc = model();
    const view = await buildParseViewAlongside(doc, CONTEXT, later(null, 3), mayShow);
    expect(view).toEqual(buildParseView(doc, { ...CONTEXT, graphics: null }));
  });

  it('fails when the graphics stage fails', async () => {
    const failing = later(null, 2).then(() => {
      throw new Error('pool gone');
    });
    await expect(buildParseViewAlongside(model(), CONTEXT, failing, mayShow)).rejects.toThrow('pool gone');
  });
});

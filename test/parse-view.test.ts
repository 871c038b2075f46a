import { describe, expect, it } from 'vitest';
import { buildParseView, type ParseSource } from '../src/pipeline/parse/parse-view.ts';

const pdfSource: ParseSource = {
  fileId: 'file_x',
  contentType: 'application/pdf',
  pages: [{ width: 1224, height: 1584 }, { width: 1224, height: 1584 }],
  textLayer: [
    {
      page_index: 0, width: 1224, height: 1584,
      blocks: [
        { bbox: [100, 100, 500, 140], lines: [{ text: 'A hyphen-', bbox: [100, 100, 500, 120], fontName: 'Helvetica', fontSize: 11, bold: false, italic: false }, { text: 'ated word', bbox: [100, 120, 400, 140], fontName: 'Helvetica', fontSize: 11, bold: false, italic: false }] },
        { bbox: [100, 200, 300, 220], lines: [{ text: '1. Not a list', bbox: [100, 200, 300, 220], fontName: 'Helvetica', fontSize: 11, bold: false, italic: false }] },
      ],
    },
    { page_index: 1, width: 1224, height: 1584, blocks: [] },
  ],
};

describe('parse view', () => {
  it('links every chunk to a region with the same box, ids deterministic per page', () => {
    const view = buildParseView(pdfSource, 'doc_1', '0.1.0', { grounding: 'regions' });
    expect(view.chunks.map((c) => c.chunk_id)).toEqual(['p0_c0', 'p0_c1']);
    expect(view.regions.map((r) => r.region_id)).toEqual(['p0_r0', 'p0_r1']);
    expect(view.chunks[0].region_ids).toEqual(['p0_r0']);
    expect(view.regions[0].shape).toEqual({ type: 'bbox', x: 100, y: 100, w: 400, h: 40 });
    expect(view.chunks[0].bbox).toEqual([100, 100, 500, 140]);
    expect(view.pages[1].image_ref).toBe('/v1/files/file_x/pages/1/image');
  });

  it('joins hyphenated line ends and escapes paragraphs that would read as markdown syntax', () => {
    const view = buildParseView(pdfSource, 'doc_1', '0.1.0', { grounding: 'regions' });
    expect(view.chunks[0].markdown).toBe('A hyphenated word');
    expect(view.chunks[1].markdown).toBe('1\\. Not a list');
    expect(view.markdown).toBe('A hyphenated word\n\n1\\. Not a list');
  });

  it('reports pages without a text layer instead of failing', () => {
    const view = buildParseView(pdfSource, 'doc_1', '0.1.0', { grounding: 'regions' });
    expect(view.metadata.pages_without_text).toEqual([1]);
  });

  it('drops geometry with grounding none', () => {
    const view = buildParseView(pdfSource, 'doc_1', '0.1.0', { grounding: 'none' });
    expect(view.regions).toEqual([]);
    expect(view.chunks.every((c) => c.region_ids.length === 0 && c.bbox === null)).toBe(true);
  });

  it('splits text inputs into paragraphs without page geometry', () => {
    const view = buildParseView({ fileId: 'file_t', contentType: 'text/plain', pages: [{ width: 0, height: 0 }], text: { content: '# not a heading\n\nsecond\nline', markdown: false } }, 'doc_2', '0.1.0', { grounding: 'regions' });
    expect(view.chunks.map((c) => c.markdown)).toEqual(['\\# not a heading', 'second line']);
    expect(view.pages[0]).toMatchObject({ width: null, height: null, image_ref: null });
  });
});

/**
 * The text-layer stage on real PDFs: generated here with content-stream operators (every expected box is known
 * in PDF points; page-image pixels are points × 2 from the top), plus a few evaluation files when
 * ../shared/eval is present.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BBox, Line, ModelPage, VectorPath } from '../src/pipeline/model/types.ts';
import { DocumentFormatError } from '../src/shared/errors.ts';
import { extractDocumentPages, iterateDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import {
  COLUMN,
  LEFT_LINES,
  makePdfWithBrokenPage,
  makeTextLayerPdf,
  renderInkBox,
  RIGHT_LINES,
  type TextLayerPdf,
} from './helpers/textlayer-pdfs.ts';

const near = (actual: number, expected: number, tolerance = 1.5) =>
  expect(Math.abs(actual - expected), `${actual} ≈ ${expected}`).toBeLessThanOrEqual(tolerance);
const lineWith = (page: ModelPage, text: string): Line => {
  const line = page.lines.find((l) => l.text === text);
  if (!line) throw new Error(`no line "${text}" in ${JSON.stringify(page.lines.map((l) => l.text))}`);
  return line;
};
const inside = (box: BBox, page: ModelPage) => box[0] >= -1 && box[1] >= -1 && box[2] <= page.width + 1 && box[3] <= page.height + 1;

describe('text layer of generated PDFs', () => {
  let pdf: TextLayerPdf;
  let pages: ModelPage[];
  beforeAll(() => {
    pdf = makeTextLayerPdf();
    pages = extractDocumentPages(pdf.bytes);
  });

  it('gives every page the size of its rendered image and keeps every box on it', () => {
    expect(pages.map((p) => p.page_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const page of pages) {
      const rendered = renderInkBox(pdf.bytes, page.page_index);
      expect([page.width, page.height]).toEqual([rendered.width, rendered.height]);
      const boxes = [
        ...page.lines.flatMap((l) => [l.bbox, ...l.words.map((w) => w.bbox)]),
        ...page.paths.map((p) => p.bbox),
        ...page.images.map((i) => i.bbox),
      ];
      for (const box of boxes) expect(inside(box, page), JSON.stringify(box)).toBe(true);
      expect(page.blocks).toEqual([]);
      page.lines.forEach((l, n) => expect(l.id).toBe(`p${page.page_index}_l${n}`));
    }
  });

  it('puts a word at its PDF position × 2 with its font', () => {
    const title = lineWith(pages[pdf.pages.layout], 'Quarterly Report');
    const word = title.words[0];
    expect(word.text).toBe('Quarterly');
    near(word.bbox[0], 72 * 2);
    near(word.baseline, (792 - 740) * 2);
    // the box runs from the font's ascender (above the capitals, 0.72 em) to its descender
    expect(word.bbox[1]).toBeGreaterThan(104 - 1.2 * 36);
    expect(word.bbox[1]).toBeLessThan(104 - 0.72 * 36);
    expect(word.bbox[3]).toBeGreaterThan(104);
    expect(word.bbox[3]).toBeLessThan(104 + 0.4 * 36);
    expect(word.font).toMatchObject({ name: 'Helvetica-Bold', size: 36, bold: true, italic: false, monospace: false });
    expect(title.words[1].bbox[0]).toBeGreaterThan(word.bbox[2]);
    expect(title).toMatchObject({ dir: 'ltr', rotation: 0, source: 'text_layer' });
  });

  it('reads two columns as separate lines even where one text object crosses the gutter', () => {
    const page = pages[pdf.pages.layout];
    const leftEdge = (COLUMN.left + COLUMN.width) * 2;
    const rightStart = (COLUMN.left + COLUMN.width + COLUMN.gutter) * 2;
    for (const text of LEFT_LINES) expect(lineWith(page, text).bbox[2]).toBeLessThanOrEqual(leftEdge + 1);
    for (const text of RIGHT_LINES) expect(lineWith(page, text).bbox[0]).toBeGreaterThanOrEqual(rightStart - 1);
  });

  it('marks superscripts and subscripts without breaking the text', () => {
    const page = pages[pdf.pages.layout];
    const einstein = lineWith(page, 'E = mc2 holds');
    expect(einstein.words.map((w) => [w.text, w.script ?? null])).toEqual([
      ['E', null],
      ['=', null],
      ['mc', null],
      ['2', 'super'],
      ['holds', null],
    ]);
    const water = lineWith(page, 'Water is H2O here');
    expect(water.words.find((w) => w.text === '2')?.script).toBe('sub');
    expect(water.words.find((w) => w.text === '2')?.font.size).toBe(12);
  });

  it('keeps a line-end hyphen and flags the line', () => {
    const page = pages[pdf.pages.layout];
    expect(lineWith(page, 'The budget was approved after a long discus-').hyphenated).toBe(true);
    expect(lineWith(page, 'sion with the board.').hyphenated).toBeUndefined();
    expect(lineWith(page, 'Quarterly Report').hyphenated).toBeUndefined();
  });

  it('spells out ligature glyphs', () => {
    const doc = mupdf.Document.openDocument(pdf.bytes, 'application/pdf');
    const raw = doc.loadPage(pdf.pages.layout).toStructuredText('preserve-ligatures').asText();
    expect(raw).toContain('\ufb01rst'); // the fixture really draws the fi ligature glyph
    const line = lineWith(pages[pdf.pages.layout], 'The first offline effort');
    expect(line.words.map((w) => w.text)).toEqual(['The', 'first', 'offline', 'effort']);
  });

  it('gives rotated text its direction and keeps its words in reading order', () => {
    const page = pages[pdf.pages.layout];
    const up = lineWith(page, 'Rotated upward');
    const down = lineWith(page, 'Rotated downward');
    expect(up.rotation).toBe(270);
    expect(down.rotation).toBe(90);
    for (const line of [up, down]) expect(line.bbox[3] - line.bbox[1]).toBeGreaterThan(3 * (line.bbox[2] - line.bbox[0]));
    // upward text starts at the bottom: "Rotated" is below "upward" in the image
    expect(up.words[0].bbox[1]).toBeGreaterThan(up.words[1].bbox[3] - 1);
    near(up.bbox[2], 560 * 2, 8);
  });

  it('applies /Rotate: the word box covers the ink of the rendered page', () => {
    const page = pages[pdf.pages.rotated];
    expect(page).toMatchObject({ rotation: 90, width: 1684, height: 1191 });
    const [line] = page.lines;
    expect(line.text).toBe('ROTATED');
    const { ink } = renderInkBox(pdf.bytes, pdf.pages.rotated);
    if (!ink) throw new Error('nothing rendered');
    const box = line.words[0].bbox;
    expect(box[0]).toBeLessThanOrEqual(ink[0] + 2);
    expect(box[1]).toBeLessThanOrEqual(ink[1] + 2);
    expect(box[2]).toBeGreaterThanOrEqual(ink[2] - 2);
    expect(box[3]).toBeGreaterThanOrEqual(ink[3] - 2);
    expect(box[2] - box[0]).toBeLessThan(2 * (ink[2] - ink[0]));
    expect(box[3] - box[1]).toBeLessThan(1.2 * (ink[3] - ink[1]));
  });

  it('collects rules, rectangles, fills and curves with their styles', () => {
    const paths = pages[pdf.pages.layout].paths;
    const find = (kind: VectorPath['kind'], test: (p: VectorPath) => boolean) => {
      const found = paths.filter((p) => p.kind === kind && test(p));
      expect(found.length, `${kind} in ${JSON.stringify(paths)}`).toBeGreaterThan(0);
      return found[0];
    };
    const stroked = find('rule', (p) => p.stroked && Math.abs(p.bbox[1] - 623.5) < 1);
    expect(stroked).toMatchObject({ lineWidth: 1, color: '#000000', filled: false });
    [144, 1080].forEach((v, i) => near(stroked.bbox[i * 2], v, 1));
    const vertical = find('rule', (p) => p.bbox[3] - p.bbox[1] > 100);
    near(vertical.bbox[1], (792 - 400) * 2);
    near(vertical.bbox[3], (792 - 300) * 2);
    find('rule', (p) => p.filled && Math.abs(p.bbox[1] - 642) < 1);
    const rect = find('rect', () => true);
    rect.bbox.forEach((v, i) => near(v, [142, 782, 446, 946][i], 1));
    expect(rect.lineWidth).toBe(4);
    expect(find('fill', (p) => p.color === '#ff0000').bbox).toEqual([760, 844, 960, 944]);
    expect(find('curve', () => true).color).toBe('#0000ff');
    const grid = paths.filter((p) => p.kind === 'rule' && p.bbox[0] > 598 && p.bbox[0] < 601 && p.bbox[3] - p.bbox[1] < 2);
    expect(grid.map((p) => Math.round(p.bbox[1] + 0.5)).sort()).toEqual([1104, 1144, 1184]);
  });

  it('separates cell texts at a drawn cell border, not where there is none', () => {
    const page = pages[pdf.pages.ruledTable];
    expect(page.lines.map((l) => l.text)).toEqual(['Revenue', '1,250.00', 'Revenue 1,250.00']);
  });

  it('records a pattern-filled area as one fill', () => {
    const fills = pages[pdf.pages.ruledTable].paths.filter((p) => p.kind === 'fill');
    expect(fills.map((p) => p.bbox.map(Math.round))).toEqual([[600, 1284, 800, 1384]]);
  });

  it('keeps an OCR layer of invisible text over a scan, but flags the page for OCR', () => {
    const page = pages[pdf.pages.scanWithOcrLayer];
    expect(page).toMatchObject({ textLayer: 'unreliable', needsOcr: true });
    expect(page.lines.map((l) => l.text)).toEqual(['Scanned invoice number 42']);
    expect(page.images).toEqual([{ bbox: [0, 0, 1224, 1584], width: 100, height: 130 }]);
    expect(page.notes?.join(' ')).toMatch(/invisible text over a scanned image/);
  });

  it('drops invisible text that is over no image', () => {
    const page = pages[pdf.pages.hiddenText];
    expect(page.lines.map((l) => l.text)).toEqual(['Visible heading']);
    expect(page).toMatchObject({ textLayer: 'ok', needsOcr: false });
    expect(page.notes?.join(' ')).toMatch(/dropped 27 invisible characters/);
  });

  it('flags text in a font without a Unicode mapping, and letters that make no words', () => {
    const page = pages[pdf.pages.garbage];
    expect(page).toMatchObject({ textLayer: 'unreliable', needsOcr: true });
    expect(page.notes?.join(' ')).toMatch(/ToUnicode/);
    const scrambled = pages[pdf.pages.scrambled];
    expect(scrambled).toMatchObject({ textLayer: 'unreliable', needsOcr: true });
    expect(scrambled.notes?.join(' ')).toMatch(/no vowel/);
    // ordinary pages are not flagged
    expect(pages[pdf.pages.layout]).toMatchObject({ textLayer: 'ok', needsOcr: false });
    expect(pages[pdf.pages.ruledTable]).toMatchObject({ textLayer: 'ok', needsOcr: false });
  });

  it('tells a scan without text from a blank page', () => {
    expect(pages[pdf.pages.scanOnly]).toMatchObject({ textLayer: 'none', needsOcr: true, lines: [] });
    expect(pages[pdf.pages.scanOnly].images).toHaveLength(1);
    expect(pages[pdf.pages.blank]).toMatchObject({ textLayer: 'none', needsOcr: false, lines: [], paths: [], images: [] });
  });

  it('without the graphics pass (fast): same text, no paths, scans still judged with the graphics pass', () => {
    const fast = extractDocumentPages(pdf.bytes, 0, undefined, { graphics: false });
    expect(fast.map((p) => p.lines.map((l) => l.text))).toEqual(
      pages.map((p, i) =>
        i === pdf.pages.ruledTable
          ? ['Revenue 1,250.00', 'Revenue 1,250.00']
          : i === pdf.pages.hiddenText
            ? ['Visible heading', 'Hidden instructions for robots']
            : p.lines.map((l) => l.text),
      ),
    );
    // No paths: the drawn cell border no longer splits its row; text pages carry none.
    expect(fast[pdf.pages.ruledTable]).toMatchObject({ paths: [], textLayer: 'ok', needsOcr: false });
    expect(fast[pdf.pages.layout].paths).toEqual([]);
    // Limitation: invisible text over no image is not detected without the device, so it stays.
    expect(fast[pdf.pages.hiddenText]).toMatchObject({ textLayer: 'ok', needsOcr: false });
    // A scan (an image over half the page, or no text) is read with the graphics pass: the same verdict.
    for (const i of [pdf.pages.scanWithOcrLayer, pdf.pages.scanOnly, pdf.pages.blank, pdf.pages.garbage, pdf.pages.scrambled])
      expect(fast[i]).toEqual(pages[i]);
  });

  it('reads a page range, one page at a time', () => {
    expect(extractDocumentPages(pdf.bytes, 2, 4).map((p) => p.page_index)).toEqual([2, 3]);
    expect(extractDocumentPages(pdf.bytes, 6, 99).map((p) => p.page_index)).toEqual([6, 7, 8]);
    const pagesIterator = iterateDocumentPages(pdf.bytes);
    expect(pagesIterator.next().value?.page_index).toBe(0);
    expect(pagesIterator.return(undefined).done).toBe(true);
  });
});

describe('documents that are partly or wholly unreadable', () => {
  it('skips a page that cannot be loaded and reads the others', () => {
    const pages = extractDocumentPages(makePdfWithBrokenPage());
    expect(pages).toHaveLength(3);
    expect(pages[0].lines.map((l) => l.text)).toEqual(['Good page 1']);
    expect(pages[2].lines.map((l) => l.text)).toEqual(['Good page 3']);
    expect(pages[1].skipped?.reason).toMatch(/^page 2 could not be read: /);
    expect(pages[1]).toMatchObject({ lines: [], paths: [], images: [], blocks: [] });
  });

  it('rejects bytes that are not a PDF', () => {
    expect(() => extractDocumentPages(new TextEncoder().encode('not a pdf at all'))).toThrow(DocumentFormatError);
  });
});

const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/eval');
const haveEval = existsSync(EVAL_DIR);
if (!haveEval) console.warn(`[textlayer] ${EVAL_DIR} not found: evaluation-file checks skipped`);
const evalPage = (file: string, index = 0) => extractDocumentPages(readFileSync(path.join(EVAL_DIR, file)), index, index + 1)[0];

describe.skipIf(!haveEval)('text layer of evaluation files', () => {
  it('reads right-to-left lines in logical order, Latin runs in place', () => {
    const page = evalPage('pdf-docling/right_to_left_01.pdf');
    const [title] = page.lines;
    expect(title.dir).toBe('rtl');
    expect(title.text.startsWith('تحسين الإنتاجية وحل المشكلات')).toBe(true);
    expect(title.text.endsWith('بلغة R و Python')).toBe(true);
    expect(page.lines.filter((l) => l.dir === 'rtl').length).toBeGreaterThan(10);
  });

  it('drops the invisible text of invisible_text_layer.pdf, which lies over no image', () => {
    const page = evalPage('pdf-docling/invisible_text_layer.pdf');
    expect(page.lines.map((l) => l.text)).toEqual(['Visible heading line']);
    expect(page.notes?.join(' ')).toMatch(/dropped \d+ invisible characters/);
  });

  it('does not run lines of small print into the big print beside them, and keeps a drop cap with its word', () => {
    const page = evalPage('pdf-olmocr/pdfs/multi_column_miss.pdf');
    const texts = page.lines.map((l) => l.text);
    expect(texts).toContain('1 British American Tobacco. Social Report. http://www.bat.com/204pp.');
    expect(texts).toContain('Over the past three decades increasing');
    expect(texts.some((t) => t.includes('British') && t.includes('Wroe'))).toBe(false);
  });

  it('keeps numbered headings and captions whole, and table cells apart', () => {
    const texts = evalPage('pdf-docling/2305.03393v1-pg9.pdf').lines.map((l) => l.text);
    expect(texts).toContain('5.1 Hyper Parameter Optimization');
    expect(texts.some((t) => t.startsWith('Table 1. HPO performed in OTSL'))).toBe(true);
    expect(texts).toContain('0.965');
    expect(texts).toContain('0.934');
  });

  it('flags a scanned page with an OCR layer', () => {
    const page = evalPage('pdf-olmocr/pdfs/small_page_size.pdf');
    expect(page).toMatchObject({ textLayer: 'unreliable', needsOcr: true });
    expect(page.lines.length).toBeGreaterThan(10);
  });
});

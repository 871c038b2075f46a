/**
 * The layout stage on OCR lines of a low-resolution scan, built here with the geometry such scans give: padded line
 * boxes taller than their pitch (neighbouring lines overlap), a gutter of a few pixels between two columns, an
 * indented first line whose gap to the left column's line beside it is no wider than a word space, paragraph
 * indents of half an em, and headings in the body type (OCR sees no bold).
 */
import { describe, expect, it } from 'vitest';
import { analyzePageLayout } from '../src/pipeline/layout/mod.ts';
import type { BBox, FontInfo, Line, ModelPage } from '../src/pipeline/model/types.ts';
import { ocrLine as ocrLineOf, pageOfLines } from './helpers/document-models.ts';

const FONT: FontInfo = { name: 'OCR', size: 13.6, bold: false, italic: false, monospace: false };
/** Column edges (px) of a 600 px wide page: 4 px of gutter between 295 and 299. */
const LEFT: [number, number] = [54, 295];
const RIGHT: [number, number] = [299, 542];
const PITCH = 12;
const LINE_HEIGHT = 17;

/** An OCR line of this page in its font, 4 px after each word. */
const ocrLine = (n: number, text: string, box: BBox): Line => ocrLineOf(n, text, box, FONT, 4);

/** Words of running text, different on every line. */
const prose = (column: string, row: number) => `${column} column line ${row} goes on with several more words of text`;

/** 20 rows in each column; the right column's paragraph starts on row 10 with an indent of 8 px. */
function scanPage(): ModelPage {
  const lines: Line[] = [];
  for (let row = 0; row < 20; row++) {
    const top = 100 + row * PITCH;
    lines.push(ocrLine(lines.length, prose('left', row), [LEFT[0], top, LEFT[1], top + LINE_HEIGHT]));
    const indent = row === 10 ? 8 : 0;
    const text = row === 9 ? `${prose('right', row)}.` : prose('right', row);
    lines.push(ocrLine(lines.length, text, [RIGHT[0] + indent, top, RIGHT[1], top + LINE_HEIGHT]));
  }
  return pageOfLines(lines, 600, 800);
}

describe('layout of scanned pages', () => {
  it('opens a paragraph at a small indent after a short line that ends a sentence', () => {
    // One column: a paragraph whose last line stops short with a full stop, then one indented by half an em.
    const rows = [
      'first paragraph runs on across the column width here',
      'and it ends on this short line.',
      'second paragraph opens a little to the right',
      'and runs on with its own words to the end',
    ];
    const lines = rows.map((text, i) => {
      const top = 100 + i * PITCH;
      const left = LEFT[0] + (i === 2 ? FONT.size / 2 : 0);
      return ocrLine(i, text, [left, top, i === 1 ? 180 : LEFT[1], top + LINE_HEIGHT]);
    });
    const page: ModelPage = { ...scanPage(), lines };
    const blocks = analyzePageLayout(page, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.bbox[1])).toEqual([100, 100 + 2 * PITCH]);
  });

  /** OCR lines of one column (left edge `LEFT[0]`), one row each, ending at the given right edges. */
  const columnOf = (rows: [string, number][]) =>
    rows.map(([text, right], i) => ocrLine(i, text, [LEFT[0], 100 + i * PITCH, right, 100 + i * PITCH + LINE_HEIGHT]));

  /** Rows of `columnOf` for a paragraph of three lines that a heading row above may open. */
  const STUDY_PARAGRAPH: [string, number][] = [
    ['participants were recruited from three clinics over', LEFT[1]],
    ['two years and followed up for another year after', LEFT[1]],
    ['the end of their treatment.', 200],
  ];
  const blockTypes = (lines: Line[]) => analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks.map((b) => b.type);

  it('reads a short capitalised line that opens a paragraph as a heading', () => {
    expect(blockTypes(columnOf([['Study Design', 150], ...STUDY_PARAGRAPH]))).toEqual(['section_header', 'text']);
  });

  it('reads a short line centred over the paragraph it opens as a heading', () => {
    const lines = columnOf([['Study design', 0], ...STUDY_PARAGRAPH]);
    lines[0] = ocrLine(0, lines[0].text, [LEFT[0] + 70, lines[0].bbox[1], LEFT[1] - 70, lines[0].bbox[3]]);
    expect(blockTypes(lines)).toEqual(['section_header', 'text']);
  });

  it('reads a short numbered capitalised line above an indented paragraph as a heading, not a list item', () => {
    // The paragraph's first line is indented as far as the heading's text after its number, as a list item's would be.
    const lines = columnOf([
      ['4. Sample Handling', 150],
      ['samples were kept cold on the way to the lab and', LEFT[1]],
      ['sorted there within a day of their collection by', LEFT[1]],
      ['two of the staff working in turns.', 220],
    ]);
    const hangOfHeading = lines[0].words[1].bbox[0];
    lines[1] = ocrLine(1, lines[1].text, [hangOfHeading, lines[1].bbox[1], LEFT[1], lines[1].bbox[3]]);
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).toEqual(['section_header', 'text']);
  });

  it('leaves the lines of an address block as one text block', () => {
    const lines = columnOf([
      ['Regional Water Office', 220],
      ['Harbour Street', 180],
      ['North Bay District', 210],
    ]);
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).toEqual(['text']);
  });

  it('adds no figure above a paragraph that opens by citing a figure', () => {
    const lines = columnOf([
      ['the survey went on for two more years across all', LEFT[1]],
      ['of the sites and ended in the spring.', 220],
      ['Figure 3 shows the mean flow at each of the sites', LEFT[1]],
      ['over the whole survey and the spread of readings.', LEFT[1]],
    ]);
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).not.toContain('figure');
  });

  it('gives no heading to a shop name above the item lines of a receipt', () => {
    const lines = columnOf([
      ['Corner Bakery', 150],
      ['Rye bread 1 3.50', LEFT[1]],
      ['Apple pie 2 7.00', LEFT[1]],
      ['Coffee large 1 2.80', LEFT[1]],
    ]);
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).not.toContain('section_header');
  });

  it('keeps two columns a few pixels apart, beside an indented first line, as two columns', () => {
    // Row 10's indented line starts less than a word space (one font size) after the left column's line beside it.
    const blocks = analyzePageLayout(scanPage(), { bodyFontSize: FONT.size }).blocks;
    const across = blocks.filter((b) => b.bbox[0] < LEFT[1] - 2 && b.bbox[2] > RIGHT[0] + 2);
    expect(across.map((b) => b.text)).toEqual([]);
    expect(blocks.filter((b) => b.bbox[2] <= LEFT[1] + 2).length).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.bbox[0] >= RIGHT[0] - 2).length).toBeGreaterThan(0);
  });

  it('reads a line scanned at a slant, whose upright box is taller, in the body type', () => {
    // The fourth line's quadrilateral rises 6 px over its length: its box is a third taller than its text.
    const lines = columnOf([
      ['measurements went on through the whole of the', LEFT[1]],
      ['season at each of the sites along the river, and', LEFT[1]],
      ['the crews wrote down every reading they took on', LEFT[1]],
      ['their forms before the samples were sent away to', LEFT[1]],
      ['the laboratory for a second look at the water.', 240],
    ]).map((l, i) => {
      const [x0, y0, x1, y1] = l.bbox;
      const rise = i === 3 ? 6 : 0;
      const polygon = [x0, y0 + rise, x1, y0, x1, y1, x0, y1 + rise];
      // OCR sets a line's size from its box height (pipeline/ocr), as for the others' 17 px.
      const font = { ...FONT, size: (FONT.size * (y1 + rise - y0)) / LINE_HEIGHT };
      return { ...l, polygon, font, words: l.words.map((w) => ({ ...w, font })), bbox: [x0, y0, x1, y1 + rise] as BBox };
    });
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).toEqual(['text']);
  });

  /** OCR lines of the left column at the given tops, each ending at the given right edge. */
  const placed = (rows: [string, number, number][]) =>
    rows.map(([text, top, right], i) => ocrLine(i, text, [LEFT[0], top, right, top + LINE_HEIGHT]));
  const paragraph = (top: number, n: number): [string, number, number][] =>
    Array.from({ length: n }, (_, k) => [`${prose('left', top + k)}`, top + k * PITCH, LEFT[1]] as [string, number, number]);

  it('reads a tall text-free area of a column with chart labels, above running text, as a figure', () => {
    const lines = placed([...paragraph(100, 4), ['0 10 20 30 40', 300, 200], ['Year', 314, 120], ...paragraph(340, 4)]);
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    // The running text carries its sentence on across the figure, so the figure is read after it.
    expect(blocks.map((b) => b.type).sort()).toEqual(['figure', 'text', 'text']);
    const figure = blocks.find((b) => b.type === 'figure')!;
    expect(figure.text).toContain('Year');
    expect(figure.bbox[1]).toBeLessThan(160);
    expect(figure.bbox[3]).toBeGreaterThan(330);
  });

  it('adds no figure in the blank space under the last paragraph of a column', () => {
    const lines = placed([...paragraph(100, 4), ...paragraph(170, 3)]);
    const blocks = analyzePageLayout({ ...scanPage(), lines }, { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).not.toContain('figure');
  });
});

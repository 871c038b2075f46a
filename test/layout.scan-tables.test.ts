/**
 * Tables of scanned pages whose rows do not all line up: a row whose cells wrap over several OCR lines breaks the
 * aligned rows, so grouping finds the table in pieces with text between them. Built here from OCR lines in cells.
 */
import { describe, expect, it } from 'vitest';
import { analyzePageLayout } from '../src/pipeline/layout/mod.ts';
import type { BBox, FontInfo, Line } from '../src/pipeline/model/types.ts';
import { ocrLine as ocrLineOf, pageOfLines } from './helpers/document-models.ts';

const FONT: FontInfo = { name: 'OCR', size: 12, bold: false, italic: false, monospace: false };
const PITCH = 16;
const LINE_HEIGHT = 14;
/** Left edges of the table's three columns, and the right edge of the text column. */
const COLUMNS = [60, 260, 420];
const RIGHT = 540;

/** An OCR line of this page in its font, 3 px after each word. */
const ocrLine = (n: number, text: string, box: BBox): Line => ocrLineOf(n, text, box, FONT, 3);

/** Lines of one page: rows of cells (one OCR line per cell text), top to bottom from `top`, `gap` px after each row. */
function rowsOf(rows: string[][][], top: number, lines: Line[]): number {
  let y = top;
  for (const row of rows) {
    const height = Math.max(...row.map((cell) => cell.length));
    row.forEach((cell, c) =>
      cell.forEach((text, k) => {
        const box: BBox = [COLUMNS[c], y + k * PITCH, COLUMNS[c] + 7 * text.length, y + k * PITCH + LINE_HEIGHT];
        lines.push(ocrLine(lines.length, text, box));
      }),
    );
    y += height * PITCH;
  }
  return y;
}

const short = (n: number): string[][] => [[`Item ${n}`], [`${n * 3}.5`], [`${n * 7} kg`]];
/** A row whose middle cell wraps over four lines that do not line up with the other cells. */
const wrapped = (n: number): string[][] => [
  [`Item ${n}`],
  ['packed in crates', 'and kept dry', 'until the truck', 'comes by'],
  [`${n * 7} kg`],
];

function tablePage(): Line[] {
  const lines: Line[] = [];
  const prose = 'the yard keeps a record of each delivery it sends out to the shops';
  for (let i = 0; i < 3; i++) lines.push(ocrLine(lines.length, prose, [60, 60 + i * PITCH, RIGHT, 60 + i * PITCH + LINE_HEIGHT]));
  let y = rowsOf([[['Name'], ['Notes'], ['Weight']], short(1), short(2), short(3)], 130, lines);
  y = rowsOf([wrapped(4), wrapped(5)], y, lines);
  y = rowsOf([short(6), short(7), short(8)], y, lines);
  for (let i = 0; i < 3; i++) lines.push(ocrLine(lines.length, prose, [60, y + 30 + i * PITCH, RIGHT, y + 30 + i * PITCH + LINE_HEIGHT]));
  return lines;
}

describe('tables of scanned pages', () => {
  it('reads a table whose wrapped rows break its alignment as one table', () => {
    const blocks = analyzePageLayout(pageOfLines(tablePage(), 600, 800), { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).toEqual(['text', 'table', 'text']);
  });

  it('keeps two tables apart when a paragraph stands between them a line away', () => {
    const lines: Line[] = [];
    let y = rowsOf([[['Name'], ['Notes'], ['Weight']], short(1), short(2), short(3)], 60, lines);
    const prose = 'the second yard sends its loads by rail and keeps its own record';
    for (let i = 0; i < 2; i++)
      lines.push(ocrLine(lines.length, prose, [60, y + PITCH + i * PITCH, RIGHT, y + PITCH + i * PITCH + LINE_HEIGHT]));
    y = rowsOf([[['Name'], ['Notes'], ['Weight']], short(4), short(5), short(6)], y + 4 * PITCH, lines);
    const blocks = analyzePageLayout(pageOfLines(lines, 600, 800), { bodyFontSize: FONT.size }).blocks;
    expect(blocks.map((b) => b.type)).toEqual(['table', 'text', 'table']);
  });
});

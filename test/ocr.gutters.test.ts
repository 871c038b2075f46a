import { describe, expect, it } from 'vitest';
import { analyzePageLayout } from '../src/pipeline/layout/mod.ts';
import type { Line, ModelPage, Word } from '../src/pipeline/model/types.ts';
import { splitAtGutters } from '../src/pipeline/ocr/gutters.ts';
import { pageOfLines } from './helpers/document-models.ts';

/**
 * OCR lines of a four-column page built here, where the text detector has joined the lines of neighbouring
 * columns across the gutter on every third row: the joined lines are cut at the gutter again, so layout reads
 * column by column and finds no table. Rows of a receipt (a description, then figures) are never cut.
 */
const SIZE = 22;
const WORDS =
  'rivers carry sediment from mountains to plains where farmers grow wheat each spring floods renew soil and villages hold markets after harvest engineers built dams that tamed water'.split(
    ' ',
  );
const advance = (ch: string) => ('ilt.'.includes(ch) ? 0.28 : 'mw'.includes(ch) ? 0.75 : 'rfs'.includes(ch) ? 0.36 : 0.5);

function words(texts: string[], x: number, top: number, maxRight: number): Word[] {
  const font = { name: 'OCR', size: SIZE, bold: false, italic: false, monospace: false };
  const out: Word[] = [];
  let cx = x;
  for (const text of texts) {
    const w = [...text].reduce((a, ch) => a + advance(ch), 0) * SIZE;
    if (cx + w > maxRight) break;
    out.push({ text, bbox: [cx, top, cx + w, top + SIZE * 1.25], font, baseline: top + SIZE, source: 'ocr', confidence: 0.95 });
    cx += w + SIZE * 0.35;
  }
  return out;
}

function ocrLine(ws: Word[]): Line {
  const font = ws[0].font;
  const bbox: Line['bbox'] = [ws[0].bbox[0], ws[0].bbox[1], ws[ws.length - 1].bbox[2], ws[0].bbox[3]];
  return { id: '', text: ws.map((w) => w.text).join(' '), bbox, words: ws, font, dir: 'ltr', rotation: 0, source: 'ocr' };
}

const COLUMN_WIDTH = 360;
const GUTTER = 40;

function fourColumnLines(): Line[] {
  const lines: Line[] = [];
  for (let r = 0; r < 40; r++) {
    const top = 150 + r * 38;
    const row = [0, 1, 2, 3].map((c) => {
      const x = 100 + c * (COLUMN_WIDTH + GUTTER);
      const texts = Array.from({ length: 7 }, (_, k) => WORDS[(c * 11 + r * 5 + k * 3) % WORDS.length]);
      return words(texts, x, top, x + COLUMN_WIDTH);
    });
    if (r % 3 === 0) lines.push(ocrLine([...row[0], ...row[1]]), ocrLine([...row[2], ...row[3]]));
    else lines.push(...row.map(ocrLine));
  }
  return lines.map((l, n) => ({ ...l, id: `p0_l${n}` }));
}

function page(lines: Line[]): ModelPage {
  return pageOfLines(lines, 1700, 2200);
}

describe('OCR lines joined across a column gutter', () => {
  it('cuts them at the gutter, so no line spans two columns and ids stay unique', () => {
    const lines = splitAtGutters(fourColumnLines(), 0);
    expect(lines).toHaveLength(160);
    for (const l of lines) expect(l.bbox[2] - l.bbox[0]).toBeLessThanOrEqual(COLUMN_WIDTH);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    expect(lines.every((l) => l.text === l.words.map((w) => w.text).join(' '))).toBe(true);
  });

  it('lets layout read four text columns, not a table', () => {
    const out = analyzePageLayout(page(splitAtGutters(fourColumnLines(), 0)), { bodyFontSize: SIZE, titlePage: false });
    expect(out.blocks.filter((b) => b.type === 'table')).toEqual([]);
    expect(out.blocks.filter((b) => b.type === 'text')).toHaveLength(4);
  });

  it('leaves receipt rows (a description, then figures far right) whole', () => {
    const rows = Array.from({ length: 8 }, (_, r) => {
      const top = 150 + r * 38;
      return ocrLine([
        ...words(['fresh', 'milk', 'carton'], 100, top, 600),
        ...words(['2', 'x', '3.50'], 700, top, 900),
        ...words(['7.00'], 1000, top, 1200),
      ]);
    }).map((l, n) => ({ ...l, id: `p0_l${n}` }));
    expect(splitAtGutters(rows, 0).map((l) => l.text)).toEqual(rows.map((l) => l.text));
  });

  it('reads two columns of a low-resolution scan apart even where their OCR boxes leave a gutter of a few pixels', () => {
    const lines: Line[] = [];
    for (let r = 0; r < 12; r++) {
      const top = 150 + r * 30;
      for (const x of [60, 60 + COLUMN_WIDTH + 3]) {
        const texts = Array.from({ length: 9 }, (_, k) => WORDS[(x + r * 5 + k * 3) % WORDS.length]);
        const ws = words(texts, x, top, x + COLUMN_WIDTH);
        // The last word of a left-column line reaches the column's edge, as justified text does.
        const last = ws[ws.length - 1];
        last.bbox = [last.bbox[0], last.bbox[1], x + COLUMN_WIDTH, last.bbox[3]];
        lines.push(ocrLine(ws));
      }
    }
    const out = analyzePageLayout(page(lines.map((l, n) => ({ ...l, id: `p0_l${n}` }))), { bodyFontSize: SIZE, titlePage: false });
    const text = out.blocks.filter((b) => b.type === 'text');
    expect(text).toHaveLength(2);
    expect(text[0].bbox[2]).toBeLessThanOrEqual(60 + COLUMN_WIDTH);
    expect(text[1].bbox[0]).toBeGreaterThanOrEqual(60 + COLUMN_WIDTH);
  });
});

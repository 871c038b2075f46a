/**
 * The layout stage on synthetic pages: lines with boxes and fonts built here, laid out the way PDFs lay them
 * out (page-image pixels, 1224 × 1584 for US Letter at 144 dpi). Covers column reading order, running
 * headers/footers and page numbers, heading levels, lists, captions, footnotes, code, key-values, tables and
 * the stability of ids.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDocumentLayout, analyzePageLayout } from '../src/pipeline/layout/mod.ts';
import type { Block, FontInfo, ImagePlacement, Line, ModelPage, VectorPath, Word } from '../src/pipeline/model/types.ts';

const W = 1224;
const H = 1584;
const BODY = 20;

interface LineOptions {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  font?: string;
}

/** Advance of one character in em: proportional type has narrow and wide letters, monospace does not. */
const ADVANCE: Record<string, number> = {
  a: 0.44,
  b: 0.5,
  c: 0.44,
  d: 0.5,
  e: 0.44,
  f: 0.33,
  g: 0.5,
  h: 0.5,
  i: 0.28,
  j: 0.28,
  k: 0.5,
  l: 0.28,
  m: 0.78,
  n: 0.5,
  o: 0.5,
  p: 0.5,
  q: 0.5,
  r: 0.33,
  s: 0.39,
  t: 0.28,
  u: 0.5,
  v: 0.5,
  w: 0.72,
  x: 0.5,
  y: 0.5,
  z: 0.44,
};

/** Times-like capital advances A..Z, so that a line in capitals does not look monospaced. */
const CAPITAL_ADVANCE = [
  0.72, 0.67, 0.67, 0.72, 0.61, 0.56, 0.72, 0.72, 0.33, 0.39, 0.72, 0.61, 0.89, 0.72, 0.72, 0.56, 0.72, 0.67, 0.56, 0.61, 0.72, 0.72, 0.94,
  0.72, 0.72, 0.61,
];

/** Advance of one character in em, roughly Times: proportional type has narrow and wide letters. */
function advance(ch: string, mono: boolean): number {
  if (mono) return 0.6;
  if (ADVANCE[ch] !== undefined) return ADVANCE[ch];
  if (/[A-Z]/.test(ch)) return CAPITAL_ADVANCE[ch.charCodeAt(0) - 65];
  if (/[0-9]/.test(ch)) return 0.5;
  return 0.3;
}

/** A line of words set left to right from (x, top), a third of an em per space. */
function makeLine(pageIndex: number, n: number, text: string, x: number, top: number, opts: LineOptions = {}): Line {
  const size = opts.size ?? BODY;
  const font: FontInfo = {
    name: opts.font ?? (opts.mono ? 'Courier' : opts.bold ? 'Times-Bold' : 'Times-Roman'),
    size,
    bold: opts.bold ?? false,
    italic: opts.italic ?? false,
    monospace: opts.mono ?? false,
  };
  const words: Word[] = [];
  let cursor = x;
  for (const t of text.split(' ')) {
    const w = [...t].reduce((sum, ch) => sum + advance(ch, opts.mono ?? false), 0) * size;
    words.push({
      text: t,
      bbox: [cursor, top, cursor + w, top + size * 1.2],
      font,
      baseline: top + size,
      source: 'text_layer',
      confidence: 1,
    });
    cursor += w + size * 0.33;
  }
  const last = words[words.length - 1];
  return {
    id: `p${pageIndex}_l${n}`,
    text,
    bbox: [x, top, last.bbox[2], top + size * 1.2],
    words,
    font,
    dir: 'ltr',
    rotation: 0,
    source: 'text_layer',
  };
}

const FILLER = ['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dogs', 'while', 'many', 'small', 'birds', 'sing', 'loudly'];

/** Builds a page line by line; ids follow insertion order like the text layer's extraction order. */
class PageBuilder {
  readonly lines: Line[] = [];
  readonly paths: VectorPath[] = [];
  readonly images: ImagePlacement[] = [];
  constructor(readonly index: number) {}

  line(text: string, x: number, top: number, opts?: LineOptions): this {
    this.lines.push(makeLine(this.index, this.lines.length, text, x, top, opts));
    return this;
  }

  /** A paragraph of `count` full lines of body text from (x, top), `width` px wide, `pitch` px apart (26: single-spaced). */
  paragraph(label: string, x: number, top: number, count: number, width = 440, opts?: LineOptions, pitch = 26): this {
    const words = Math.floor(width / (BODY * 2.5));
    for (let i = 0; i < count; i++) {
      const text = Array.from({ length: words }, (_, k) => (k === 0 ? `${label}${i}` : FILLER[(i * 7 + k) % FILLER.length])).join(' ');
      this.line(i === count - 1 ? `${text} end.` : text, x, top + i * pitch, opts);
    }
    return this;
  }

  rule(x0: number, y: number, x1: number): this {
    this.paths.push({ kind: 'rule', bbox: [x0, y, x1, y + 1], stroked: true, filled: false, lineWidth: 1 });
    return this;
  }

  image(bbox: [number, number, number, number]): this {
    this.images.push({ bbox, width: 800, height: 600 });
    return this;
  }

  build(): ModelPage {
    return {
      page_index: this.index,
      width: W,
      height: H,
      rotation: 0,
      lines: this.lines,
      blocks: [],
      paths: this.paths,
      images: this.images,
      textLayer: 'ok',
      needsOcr: false,
    };
  }
}

const byType = (page: ModelPage, type: Block['type']) => page.blocks.filter((b) => b.type === type);
const blockWith = (page: ModelPage, text: string) => {
  const b = page.blocks.find((x) => x.text.includes(text));
  if (!b) throw new Error(`no block contains "${text}": ${page.blocks.map((x) => x.text.slice(0, 30)).join(' | ')}`);
  return b;
};

describe('layout: reading order', () => {
  function twoColumnPage(): ModelPage {
    return new PageBuilder(0)
      .line('A Study of Two Column Layouts in Documents', 150, 120, { size: 36, bold: true })
      .paragraph('leftA', 100, 220, 8)
      .paragraph('leftB', 100, 460, 8)
      .paragraph('rightA', 660, 220, 8)
      .paragraph('rightB', 660, 460, 8)
      .build();
  }

  it('reads a two-column page column by column, the spanning title first', () => {
    const page = analyzePageLayout(twoColumnPage(), { bodyFontSize: BODY });
    const title = page.blocks[0];
    expect(title.type).toBe('title');
    expect(title.headingLevel).toBe(1);
    const order = ['leftA0', 'leftB0', 'rightA0', 'rightB0'].map((t) => blockWith(page, t).readingOrder);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // No block takes lines from both columns.
    for (const b of page.blocks) {
      const xs = b.lines.map((l) => l.bbox[0] < 612);
      expect(new Set(xs).size, b.text).toBe(1);
    }
    expect(blockWith(page, 'leftA0').text).toContain('leftA7');
  });

  it('numbers blocks p<page>_b<n> in reading order, ranks 0-based, and gives the same result twice', () => {
    const first = analyzeDocumentLayout([twoColumnPage()]);
    const second = analyzeDocumentLayout([twoColumnPage()]);
    const summary = (p: ModelPage) => p.blocks.map((b) => [b.id, b.type, b.readingOrder, b.text]);
    expect(summary(first.pages[0])).toEqual(summary(second.pages[0]));
    first.pages[0].blocks.forEach((b, i) => {
      expect(b.id).toBe(`p0_b${i}`);
      expect(b.readingOrder).toBe(i);
      expect(b.score).toBeGreaterThan(0);
      expect(b.score).toBeLessThanOrEqual(1);
    });
  });

  it('leaves the input page untouched and keeps every line in exactly one block', () => {
    const input = twoColumnPage();
    const out = analyzePageLayout(input, { bodyFontSize: BODY });
    expect(input.blocks).toEqual([]);
    const ids = out.blocks.flatMap((b) => b.lines.map((l) => l.id)).sort();
    expect(ids).toEqual(input.lines.map((l) => l.id).sort());
  });
});

describe('layout: boxes', () => {
  /** Four filled cards in a 2 × 2 grid, each a numbered heading over two lines of text. */
  function cardGrid(numbers: [number, number, number, number]): ModelPage {
    const b = new PageBuilder(0);
    const cells: [number, number][] = [
      [100, 200],
      [640, 200],
      [100, 620],
      [640, 620],
    ];
    cells.forEach(([x, y], i) => {
      b.paths.push({ kind: 'fill', bbox: [x, y, x + 520, y + 380], stroked: false, filled: true, lineWidth: 0, color: '#eeeeee' });
      b.line(`${numbers[i]}. Card heading ${numbers[i]}`, x + 20, y + 20, { size: 26, bold: true });
      b.paragraph(`card${numbers[i]}x`, x + 20, y + 80, 2, 460);
    });
    return b.build();
  }

  const headingOrder = (page: ModelPage) =>
    page.blocks.filter((x) => x.type === 'section_header').map((x) => Number(/^(\d)/.exec(x.text)![1]));

  it('reads a grid of cards by rows, or by columns when their numbers run down the columns', () => {
    expect(headingOrder(analyzePageLayout(cardGrid([1, 2, 3, 4]), { bodyFontSize: BODY, titlePage: false }))).toEqual([1, 2, 3, 4]);
    expect(headingOrder(analyzePageLayout(cardGrid([1, 3, 2, 4]), { bodyFontSize: BODY, titlePage: false }))).toEqual([1, 2, 3, 4]);
  });

  /**
   * A title over four cards set close side by side (a gutter narrower than a text gutter) in two rows far apart,
   * as a poster or handout sets them.
   */
  function titledCardGrid(numbers: [number, number, number, number]): ModelPage {
    const b = new PageBuilder(0);
    b.line('Four Things Worth Knowing', 300, 80, { size: 40, bold: true });
    const cells: [number, number][] = [
      [100, 240],
      [612, 240],
      [100, 760],
      [612, 760],
    ];
    cells.forEach(([x, y], i) => {
      b.paths.push({ kind: 'fill', bbox: [x, y, x + 508, y + 380], stroked: false, filled: true, lineWidth: 0, color: '#eeeeee' });
      b.line(`${numbers[i]}. Card heading ${numbers[i]}`, x + 20, y + 20, { size: 26, bold: true });
      b.paragraph(`card${numbers[i]}x`, x + 20, y + 80, 2, 440);
    });
    return b.build();
  }

  it('reads numbered cards down the columns across a wide gap between their rows', () => {
    const read = (numbers: [number, number, number, number]) =>
      analyzePageLayout(titledCardGrid(numbers), { bodyFontSize: BODY, titlePage: false })
        .blocks.map((x) => /^(\d)\. Card/.exec(x.text))
        .filter((m) => m !== null)
        .map((m) => Number(m[1]));
    expect(read([1, 3, 2, 4])).toEqual([1, 2, 3, 4]);
    expect(read([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('keeps the text of a card together and out of figures', () => {
    const page = analyzePageLayout(cardGrid([1, 2, 3, 4]), { bodyFontSize: BODY, titlePage: false });
    expect(byType(page, 'figure')).toEqual([]);
    expect(byType(page, 'table')).toEqual([]);
    const heading = blockWith(page, '1. Card heading');
    expect(blockWith(page, 'card1x0').readingOrder).toBe(heading.readingOrder + 1);
  });
});

describe('layout: page furniture', () => {
  function reportPages(): ModelPage[] {
    return [0, 1, 2].map((i) =>
      new PageBuilder(i)
        .line('ACME Corporation Annual Report 2024', 100, 60, { size: 16 })
        .paragraph(`body${i}x`, 100, 200, 10, 1000)
        .paragraph(`more${i}x`, 100, 520, 6, 1000)
        .line(`Page ${i + 1} of 3`, 560, 1500, { size: 16 })
        .build(),
    );
  }

  it('finds repeated headers and page numbers across pages and puts them first and last', () => {
    const { pages } = analyzeDocumentLayout(reportPages());
    for (const page of pages) {
      const first = page.blocks[0];
      const last = page.blocks[page.blocks.length - 1];
      expect(first.type).toBe('page_header');
      expect(first.text).toBe('ACME Corporation Annual Report 2024');
      expect(last.type).toBe('page_footer');
      expect(last.text).toMatch(/^Page \d of 3$/);
      expect(byType(page, 'text').length).toBeGreaterThan(0);
      expect(page.blocks.filter((b) => b.type === 'text').every((b) => !b.text.includes('ACME'))).toBe(true);
    }
  });

  it('takes a lone page number at the bottom of a single page for a footer', () => {
    const page = new PageBuilder(0).paragraph('body', 100, 200, 12, 1000).line('- 7 -', 600, 1500).build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    expect(out.blocks[out.blocks.length - 1]).toMatchObject({ type: 'page_footer', text: '- 7 -' });
  });

  it('takes a spread-out revision/date row at the bottom of a cover page for a footer, even in larger type', () => {
    const page = new PageBuilder(0)
      .line('User Manual', 100, 200, { size: 48, bold: true })
      .paragraph('body', 100, 500, 10, 1000)
      .line('Revision: 2.4', 100, 1460, { size: 26 })
      .line('P/N 119-036', 520, 1460, { size: 26 })
      .line('10 June 2019', 900, 1460, { size: 26 })
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    const footers = byType(out, 'page_footer')
      .map((b) => b.text)
      .join(' ');
    for (const piece of ['Revision: 2.4', 'P/N 119-036', '10 June 2019']) expect(footers).toContain(piece);
    expect(out.blocks.filter((b) => b.type === 'text').some((b) => b.text.includes('body0'))).toBe(true);
  });

  it("takes a numbered running head over a scan's overlapping line boxes for a header, by its wider line pitch", () => {
    const builder = new PageBuilder(0)
      .line('400', 100, 60, { size: 20 })
      .line('BRITISH HUSBANDRY.', 420, 60, { size: 30 })
      .line('[Ch. XIX.', 1000, 60, { size: 20 });
    // Body lines 22 px apart with 24 px boxes: every box overlaps its neighbours, as OCR text layers do.
    for (let i = 0; i < 30; i++) builder.line(`line${i} ${FILLER.join(' ')}`, 100, 94 + i * 22);
    const out = analyzePageLayout(builder.build(), { bodyFontSize: BODY });
    expect(
      byType(out, 'page_header')
        .map((b) => b.text)
        .join(' '),
    ).toContain('BRITISH HUSBANDRY.');
    expect(out.blocks.filter((b) => b.type !== 'page_header').some((b) => b.text.includes('line0'))).toBe(true);
  });

  it('takes a running head with its page number on a one-page document for a header, not body text', () => {
    const page = new PageBuilder(0)
      .line('Tokenizing Tables for Sequence Models', 100, 60, { size: 18 })
      .line('9', 1100, 60, { size: 18 })
      .line('Results on the benchmark', 100, 160, { size: 26, bold: true })
      .paragraph('body', 100, 220, 12, 1000)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY, titlePage: false });
    expect(
      byType(out, 'page_header')
        .map((b) => b.text)
        .join(' '),
    ).toContain('Tokenizing Tables for Sequence Models');
    expect(blockWith(out, 'Results on the benchmark').type).toBe('section_header');
  });

  it('keeps a spread-out last row without furniture words as content', () => {
    const page = new PageBuilder(0)
      .paragraph('body', 100, 500, 10, 1000)
      .line('Alpha beta', 100, 1460, { size: 26 })
      .line('gamma delta', 520, 1460, { size: 26 })
      .line('epsilon zeta', 900, 1460, { size: 26 })
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    expect(byType(out, 'page_footer')).toEqual([]);
  });

  it('does not take a repeated line below the body top for furniture', () => {
    const pages = [0, 1].map((i) =>
      new PageBuilder(i)
        .line(`Section ${i + 1}`, 100, 80, { size: 28, bold: true })
        .line('This clause repeats on every page of the agreement for demonstration purposes only.', 100, 150)
        .paragraph(`p${i}`, 100, 260, 10, 1000)
        .build(),
    );
    const { pages: out } = analyzeDocumentLayout(pages);
    for (const p of out) expect(byType(p, 'page_header')).toEqual([]);
  });
});

describe('layout: headings', () => {
  it('ranks heading levels by font size over the whole document', () => {
    const p0 = new PageBuilder(0)
      .line('Document Title', 100, 100, { size: 40, bold: true })
      .line('Introduction', 100, 220, { size: 30, bold: true })
      .paragraph('intro', 100, 280, 5, 1000)
      .line('Background and scope', 100, 460, { size: 24, bold: true })
      .paragraph('bg', 100, 510, 5, 1000)
      .build();
    const p1 = new PageBuilder(1)
      .line('Methods', 100, 100, { size: 30, bold: true })
      .paragraph('m', 100, 160, 5, 1000)
      .line('Data collection', 100, 330, { size: 24, bold: true })
      .paragraph('d', 100, 380, 5, 1000)
      .build();
    const { pages, bodyFontSize } = analyzeDocumentLayout([p0, p1]);
    expect(bodyFontSize).toBe(BODY);
    expect(blockWith(pages[0], 'Document Title')).toMatchObject({ type: 'title', headingLevel: 1 });
    expect(blockWith(pages[0], 'Introduction')).toMatchObject({ type: 'section_header', headingLevel: 2 });
    expect(blockWith(pages[1], 'Methods')).toMatchObject({ type: 'section_header', headingLevel: 2 });
    expect(blockWith(pages[0], 'Background and scope')).toMatchObject({ type: 'section_header', headingLevel: 3 });
    expect(blockWith(pages[1], 'Data collection')).toMatchObject({ type: 'section_header', headingLevel: 3 });
  });

  it('reads numbering depth and bold body-size headings', () => {
    const page = new PageBuilder(0)
      .line('2 Results', 100, 100, { bold: true })
      .paragraph('r', 100, 140, 4, 1000)
      .line('2.1 Accuracy', 100, 270, { bold: true })
      .paragraph('a', 100, 310, 4, 1000)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY, titlePage: false });
    const top = blockWith(out, '2 Results');
    const sub = blockWith(out, '2.1 Accuracy');
    expect(top.type).toBe('section_header');
    expect(sub.type).toBe('section_header');
    expect(sub.headingLevel!).toBe(top.headingLevel! + 1);
  });
});

describe('layout: headings only where evident, levels without jumps', () => {
  it('never puts a heading more than one level below the heading before it', () => {
    const page = new PageBuilder(0)
      .line('Front matter note', 100, 100, { size: 22, bold: true })
      .paragraph('f', 100, 150, 3, 1000)
      .line('Main Part Of The Work', 100, 260, { size: 34, bold: true })
      .paragraph('m', 100, 320, 3, 1000)
      .line('3.2.1 Deep detail', 100, 430, { bold: true })
      .paragraph('d', 100, 480, 3, 1000)
      .line('Second level part', 100, 590, { size: 28, bold: true })
      .paragraph('s', 100, 640, 3, 1000)
      .line('Third level part', 100, 750, { size: 22, bold: true })
      .paragraph('t', 100, 800, 3, 1000)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY, titlePage: false });
    const levels = out.blocks.filter((b) => b.type === 'section_header' || b.type === 'title').map((b) => [b.text, b.headingLevel]);
    expect(levels).toEqual([
      ['Front matter note', 1],
      ['Main Part Of The Work', 1],
      ['3.2.1 Deep detail', 2],
      ['Second level part', 2],
      ['Third level part', 3],
    ]);
  });

  it('gives a page set in capitals (a receipt) headings only for text set larger, never for label-value lines', () => {
    const page = new PageBuilder(0)
      .line('CORNER HARDWARE STORE', 420, 100, { size: 30, bold: true })
      .line('12 MARKET STREET', 480, 150)
      .line('TEL 07-5551234', 490, 180, { size: 26 })
      .line('SALESPERSON : JOHN', 100, 220)
      .line('ITEM ONE 2 X 3.50 7.00', 100, 270)
      .line('ITEM TWO 1 X 17.00 17.00', 100, 300)
      .line('TOTAL 24.00', 100, 360, { size: 26, bold: true })
      .line('CASH 50.00', 100, 410, { bold: true })
      .line('CHANGE 26.00', 100, 440)
      .line('26.00 PAID : 50.00', 100, 470, { size: 26 })
      .line('THANK YOU PLEASE COME AGAIN', 380, 520)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY, titlePage: false });
    const headings = out.blocks.filter((b) => b.type === 'section_header' || b.type === 'title').map((b) => b.text);
    expect(headings).toEqual(['CORNER HARDWARE STORE']);
  });

  it('does not take a bold label with an amount for a heading on an ordinary page', () => {
    const page = new PageBuilder(0)
      .paragraph('p', 100, 100, 4, 1000)
      .line('Net amount due 1,250.00', 100, 230, { bold: true })
      .paragraph('q', 100, 280, 4, 1000)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY, titlePage: false });
    expect(blockWith(out, 'Net amount due').type).not.toBe('section_header');
  });
});

describe('layout: lists', () => {
  it('makes bullet and numbered items list_items with markers and depth from indentation', () => {
    const page = new PageBuilder(0)
      .line('The steps are listed below in order.', 100, 100)
      .line('• Prepare the sample', 120, 150)
      .line('• Measure the weight and write it', 120, 180)
      .line('down on the sheet', 145, 206)
      .line('◦ Use the calibrated scale', 170, 240)
      .line('• Clean up', 120, 270)
      .line('1. Open the valve', 120, 340)
      .line('2. Wait ten minutes', 120, 370)
      .line('(a) check the gauge', 170, 400)
      .line('3. Close the valve', 120, 430)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    const items = byType(out, 'list_item');
    expect(items.map((b) => [b.list!.kind, b.list!.marker, b.list!.depth])).toEqual([
      ['bullet', '•', 0],
      ['bullet', '•', 0],
      ['bullet', '◦', 1],
      ['bullet', '•', 0],
      ['ordered', '1.', 0],
      ['ordered', '2.', 0],
      ['ordered', '(a)', 1],
      ['ordered', '3.', 0],
    ]);
    // The hanging continuation line stays with its item.
    expect(blockWith(out, 'Measure the weight').text).toBe('• Measure the weight and write it down on the sheet');
    expect(blockWith(out, 'The steps are').type).toBe('text');
  });

  it('keeps a number wrapped to the start of a line inside its paragraph', () => {
    const page = new PageBuilder(0)
      .line('The results of the second experiment are described in Section', 100, 100)
      .line('2. The measurements were repeated three times for each sample', 100, 126)
      .line('and averaged.', 100, 152)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    expect(byType(out, 'list_item')).toEqual([]);
    expect(byType(out, 'text')).toHaveLength(1);
  });
});

describe('layout: figures, captions, footnotes', () => {
  it('attaches a caption to the figure above it and reads it right after the figure', () => {
    const page = new PageBuilder(0)
      .paragraph('before', 100, 100, 6, 1000)
      .image([200, 300, 1000, 760])
      .line('Revenue', 560, 700, { size: 14 })
      .paragraph('after', 100, 860, 4, 1000)
      .line('Figure 3: Revenue by quarter for the last two years.', 200, 780, { size: 18 })
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    const [figure] = byType(out, 'figure');
    const caption = blockWith(out, 'Figure 3:');
    expect(figure).toBeDefined();
    expect(caption.type).toBe('caption');
    expect(caption.captionOf).toBe(figure.id);
    expect(caption.readingOrder).toBe(figure.readingOrder + 1);
    expect(figure.children).toContain(caption.id);
    // The label inside the picture belongs to the figure, not to the text flow.
    expect(figure.lines.map((l) => l.text)).toContain('Revenue');
    expect(blockWith(out, 'before0').readingOrder).toBeLessThan(figure.readingOrder);
    expect(blockWith(out, 'after0').readingOrder).toBeGreaterThan(caption.readingOrder);
  });

  it('moves the rest of a sentence split by a picture it wraps around before the picture', () => {
    const page = new PageBuilder(0).image([100, 300, 500, 620]);
    const beside = [
      'Our author began her career in the field thirty',
      'years ago at the research laboratory where she',
      'worked on storage systems for small business',
      'computers and later on database engines that',
    ];
    beside.forEach((text, i) => page.line(text, 560, 300 + i * 26));
    page.line('run on midrange servers. Since then she has held many technical roles in the company.', 100, 660);
    page.line('She writes and teaches classes about databases all over the world.', 100, 686);
    const out = analyzePageLayout(page.build(), { bodyFontSize: BODY, titlePage: false });
    const [figure] = byType(out, 'figure');
    expect(figure).toBeDefined();
    expect(blockWith(out, 'run on midrange').readingOrder).toBeLessThan(figure.readingOrder);
    expect(blockWith(out, 'Our author began').readingOrder).toBeLessThan(blockWith(out, 'run on midrange').readingOrder);
  });

  it('puts footnotes after the body and before the page footer', () => {
    const page = new PageBuilder(0)
      .paragraph('body', 100, 150, 10, 1000)
      .rule(100, 1352, 400)
      .line('1 The survey was run in 2023 across all sites.', 100, 1360, { size: 15 })
      .line('2 Figures are rounded to the nearest unit.', 100, 1384, { size: 15 })
      .paragraph('tail', 100, 460, 4, 1000)
      .line('12', 600, 1500)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    const notes = byType(out, 'footnote');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0].text).toContain('The survey was run');
    const last = out.blocks[out.blocks.length - 1];
    expect(last.type).toBe('page_footer');
    const body = out.blocks.filter((b) => b.type === 'text');
    expect(Math.max(...body.map((b) => b.readingOrder))).toBeLessThan(Math.min(...notes.map((b) => b.readingOrder)));
    expect(Math.max(...notes.map((b) => b.readingOrder))).toBe(last.readingOrder - 1);
  });
});

describe('layout: other block types', () => {
  it('finds code, key-values, equations and a ruled table', () => {
    const page = new PageBuilder(0)
      .paragraph('intro', 100, 150, 3, 1000)
      .line('Invoice Number: INV-2024-001', 100, 250)
      .line('Due Date: 15 March 2024', 100, 276)
      .line('function add(a, b) {', 100, 320, { mono: true })
      .line('return a + b;', 140, 346, { mono: true })
      .line('}', 100, 372, { mono: true })
      .line('E = m c 2', 560, 440)
      .rule(100, 520, 900)
      .line('Item', 110, 530)
      .line('Qty', 500, 530)
      .line('Price', 760, 530)
      .rule(100, 558, 900)
      .line('Apples', 110, 566)
      .line('3', 500, 566)
      .line('1.20', 760, 566)
      .line('Pears', 110, 592)
      .line('5', 500, 592)
      .line('2.10', 760, 592)
      .rule(100, 622, 900)
      .paragraph('outro', 100, 680, 3, 1000)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    expect(blockWith(out, 'Invoice Number').type).toBe('key_value');
    expect(blockWith(out, 'Due Date').type).toBe('key_value');
    const code = blockWith(out, 'function add');
    expect(code.type).toBe('code');
    expect(code.text).toBe('function add(a, b) {\nreturn a + b;\n}');
    expect(blockWith(out, 'E = m').type).toBe('equation');
    const table = blockWith(out, 'Apples');
    expect(table.type).toBe('table');
    expect(table.text.split('\n')).toEqual(['Item Qty Price', 'Apples 3 1.20', 'Pears 5 2.10']);
    expect(byType(out, 'text').some((b) => b.text.includes('Pears'))).toBe(false);
  });

  it('skips tables and figures with skipRegions (the fast profile): their lines stay text', () => {
    const page = new PageBuilder(0)
      .paragraph('intro', 100, 150, 3, 1000)
      .rule(100, 520, 900)
      .line('Item', 110, 530)
      .line('Qty', 500, 530)
      .line('Price', 760, 530)
      .rule(100, 558, 900)
      .line('Apples', 110, 566)
      .line('3', 500, 566)
      .line('1.20', 760, 566)
      .line('Pears', 110, 592)
      .line('5', 500, 592)
      .line('2.10', 760, 592)
      .rule(100, 622, 900)
      .paragraph('outro', 100, 680, 3, 1000)
      .build();
    expect(byType(analyzePageLayout(page, { bodyFontSize: BODY }), 'table')).toHaveLength(1);
    const out = analyzePageLayout(page, { bodyFontSize: BODY, skipRegions: true });
    expect(out.blocks.filter((b) => b.type === 'table' || b.type === 'figure')).toEqual([]);
    const text = out.blocks.map((b) => b.text).join('\n');
    for (const cell of ['Item', 'Qty', 'Price', 'Apples', '1.20', 'Pears', '2.10']) expect(text).toContain(cell);
    expect(analyzeDocumentLayout([page], { skipRegions: true }).pages[0].blocks).toEqual(
      out.blocks.map((b) => expect.objectContaining({ text: b.text, type: b.type })),
    );
  });

  it('keeps double-spaced paragraphs whole, parted where the gap is wider than their line spacing', () => {
    // Lines 44 px apart leave 20 px (an em) between their boxes, more than the half em that parts sections of
    // single-spaced text; the paragraphs are 70 px apart.
    const page = new PageBuilder(0)
      .paragraph('First', 100, 100, 5, 440, undefined, 44)
      .paragraph('Second', 100, 100 + 4 * 44 + 24 + 70, 5, 440, undefined, 44)
      .build();
    const blocks = analyzePageLayout(page, { bodyFontSize: BODY }).blocks;
    expect(blocks.map((b) => [b.type, b.lines.length])).toEqual([
      ['text', 5],
      ['text', 5],
    ]);
  });

  it('joins lines with hyphenation resolved', () => {
    const page = new PageBuilder(0)
      .line('This paragraph shows how a long word is exam-', 100, 100)
      .line('ined across a line break, and a state-of-the-', 100, 126)
      .line('art compound keeps its hyphen.', 100, 152)
      .build();
    const out = analyzePageLayout(page, { bodyFontSize: BODY });
    expect(out.blocks[0].text).toBe(
      'This paragraph shows how a long word is examined across a line break, and a state-of-the-art compound keeps its hyphen.',
    );
  });

  it('returns no blocks for a skipped or empty page', () => {
    const empty = new PageBuilder(0).build();
    expect(analyzePageLayout(empty, { bodyFontSize: BODY }).blocks).toEqual([]);
    const skipped = { ...new PageBuilder(1).paragraph('x', 100, 100, 3).build(), skipped: { reason: 'broken' } };
    expect(analyzePageLayout(skipped, { bodyFontSize: BODY }).blocks).toEqual([]);
  });
});

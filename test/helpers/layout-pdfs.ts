import * as mupdf from 'mupdf';
import { PdfBuilder, pdfText, textRun, type PdfPage } from './pdf.ts';

/**
 * Born-digital PDFs for the parse and layout suites, drawn with mupdf at test time: real fonts (Helvetica and
 * Helvetica-Bold, WinAnsi), real content streams. Each builder says what a correct analysis must find.
 * Coordinates are PDF points, origin bottom-left, on US Letter (612 x 792; page images are 1224 x 1584).
 */

interface TextRun {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  text: string;
}

/** A page of text runs: /F1 Helvetica, /F2 Helvetica-Bold. */
function runsPage(runs: TextRun[]): PdfPage {
  return { stream: `${runs.map((r) => textRun(r.x, r.y, r.text, r.size, r.bold)).join('\n')}\n` };
}

/** Greedy word wrap at about `width` characters. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A paragraph as runs going down from `top`; returns the runs and the y below the paragraph. */
function paragraph(text: string, x: number, top: number, width: number, size = 10, leading = 13): { runs: TextRun[]; bottom: number } {
  const runs = wrap(text, width).map((line, i) => ({ x, y: top - i * leading, size, text: line }));
  return { runs, bottom: top - runs.length * leading - leading };
}

const LOREM = [
  'Rivers carry sediment from the mountains to the plains where farmers have grown wheat for centuries.',
  'Each spring the floods renew the soil and the villages along the banks hold markets after the harvest.',
  'Engineers later built dams that tamed the water but also changed the fish migrations in the delta.',
];

export const TWO_COLUMN = {
  title: 'Field Notes on River Valleys',
  left: [
    `Left column opens here. ${LOREM[0]} ${LOREM[1]}`,
    `Left column continues. ${LOREM[2]} The western bank is steeper than the eastern one.`,
  ],
  right: [
    `Right column begins now. ${LOREM[1]} ${LOREM[0]}`,
    `Right column ends here. ${LOREM[2]} Birds nest in the reeds near the old mill.`,
  ],
};

/** One page: a full-width title, then two columns of two paragraphs each. Reading order: title, left, right. */
export function twoColumnPdf(): Buffer {
  const b = new PdfBuilder();
  const runs: TextRun[] = [{ x: 56, y: 730, size: 20, bold: true, text: TWO_COLUMN.title }];
  for (const [x, paragraphs] of [
    [56, TWO_COLUMN.left],
    [320, TWO_COLUMN.right],
  ] as const) {
    let top = 690;
    for (const text of paragraphs) {
      const p = paragraph(text, x, top, 46);
      runs.push(...p.runs);
      top = p.bottom;
    }
  }
  b.page(runsPage(runs));
  return b.bytes();
}

/** Left edges (pt) of the two columns of `columnListsPdf` and the bulleted items of each of its two lists. */
export const COLUMN_LISTS = { left: 56, right: 320, items: ['Measure the flow at each site', 'Compare the yearly readings'] };

/**
 * Two columns: the left one ends with a bulleted list, the right one opens with another, so in reading order the
 * items of both follow each other across the column break.
 */
export function columnListsPdf(): Buffer {
  const b = new PdfBuilder();
  const runs: TextRun[] = [];
  const items = (x: number, top: number) =>
    COLUMN_LISTS.items.forEach((item, i) => runs.push({ x: x + 12, y: top - i * 16, size: 10, text: `• ${item}` }));
  const left = paragraph(`${LOREM[0]} ${LOREM[1]} ${LOREM[2]}`, COLUMN_LISTS.left, 700, 46);
  runs.push(...left.runs);
  items(COLUMN_LISTS.left, left.bottom);
  items(COLUMN_LISTS.right, 700);
  runs.push(...paragraph(`${LOREM[2]} ${LOREM[0]} ${LOREM[1]}`, COLUMN_LISTS.right, 700 - 3 * 16, 46).runs);
  b.page(runsPage(runs));
  return b.bytes();
}

/** Opening words of each of the four columns of `fourColumnPdf`, left to right. */
export const FOUR_COLUMN_OPENINGS = ['Column one opens here.', 'Column two starts now.', 'Column three begins.', 'Column four comes last.'];

/** One page of four narrow text columns (magazine style, a gutter of 12 pt), each two paragraphs long. */
export function fourColumnPdf(): Buffer {
  const b = new PdfBuilder();
  const runs: TextRun[] = [];
  FOUR_COLUMN_OPENINGS.forEach((opening, c) => {
    let top = 730;
    for (const text of [`${opening} ${LOREM[c % 3]} ${LOREM[(c + 1) % 3]}`, `${LOREM[(c + 2) % 3]} ${LOREM[c % 3]}`]) {
      const p = paragraph(text, 40 + c * 138, top, 25, 9, 12);
      runs.push(...p.runs);
      top = p.bottom;
    }
  });
  b.page(runsPage(runs));
  return b.bytes();
}

export const REPORT = {
  header: 'Northwind Traders Annual Review',
  footer: (n: number) => `Page ${n} of 3`,
  title: 'Annual Review of Operations',
  sections: ['Regional Performance', 'Plans for Next Year', 'Risks and Controls'],
  bullets: ['Open two new warehouses in the north', 'Hire forty drivers before the winter season', 'Replace the oldest delivery vans'],
  numbered: ['Review every supplier contract', 'Audit the fuel card spending', 'Train staff on the new safety rules'],
  body: [
    `Revenue rose in every region this year. ${LOREM[0]}`,
    `The board approved the following plans after a long discussion. ${LOREM[1]}`,
    `The audit committee met four times and recommends these steps in order. ${LOREM[2]}`,
  ],
};

/**
 * Three pages with a repeated running header and a "Page N of 3" footer; page 1 has the document title (20 pt bold),
 * each page a section heading (14 pt bold) and body text (10 pt); page 2 a bulleted list, page 3 a numbered list.
 */
export function reportPdf(): Buffer {
  const b = new PdfBuilder();
  for (let p = 0; p < 3; p++) {
    const runs: TextRun[] = [
      { x: 56, y: 760, size: 9, text: REPORT.header },
      { x: 270, y: 30, size: 9, text: REPORT.footer(p + 1) },
    ];
    let top = 700;
    if (p === 0) {
      runs.push({ x: 56, y: top, size: 20, bold: true, text: REPORT.title });
      top -= 40;
    }
    runs.push({ x: 56, y: top, size: 14, bold: true, text: REPORT.sections[p] });
    const body = paragraph(REPORT.body[p], 56, top - 26, 95);
    runs.push(...body.runs);
    top = body.bottom;
    if (p === 1) REPORT.bullets.forEach((item, i) => runs.push({ x: 72, y: top - i * 16, size: 10, text: `• ${item}` }));
    if (p === 2) REPORT.numbered.forEach((item, i) => runs.push({ x: 72, y: top - i * 16, size: 10, text: `${i + 1}. ${item}` }));
    if (p !== 1) runs.push(...paragraph(`Closing remarks for section ${p + 1}. ${LOREM[p]}`, 56, top - 80, 95).runs);
    b.page(runsPage(runs));
  }
  return b.bytes();
}

export const BROKEN = { good: ['First page reads fine', 'Third page reads fine'] };

/** Three pages; the middle one's content stream claims Flate compression but holds garbage (mupdf cannot decode it). */
export function brokenPagePdf(): Buffer {
  const b = new PdfBuilder();
  b.page(runsPage([{ x: 56, y: 700, size: 12, text: BROKEN.good[0] }]));
  const broken = b.page(runsPage([{ x: 56, y: 700, size: 12, text: 'Second page text that is lost' }]));
  broken.put('Contents', b.doc.addRawStream('this is not zlib data '.repeat(20), { Filter: 'FlateDecode' }));
  b.page(runsPage([{ x: 56, y: 700, size: 12, text: BROKEN.good[1] }]));
  return b.bytes();
}

/** `pages` pages of one numbered paragraph each: big enough for the paths that only big files take. */
export function longPdf(pages: number): Buffer {
  const b = new PdfBuilder();
  // Mid-page, where nothing reads as a running header or footer.
  for (let p = 0; p < pages; p++) b.page(runsPage([{ x: 56, y: 420, size: 11, text: `Paragraph ${p + 1} of the long document.` }]));
  return b.bytes();
}

/** A PDF whose page tree is empty. */
export function pagelessPdf(): Buffer {
  return new PdfBuilder().bytes();
}

export interface ReferenceLine {
  page: number;
  text: string;
  /** Union of the line's character quads, in page-image pixels. */
  box: [number, number, number, number];
}

/**
 * What mupdf itself reads on each page, independently of the service: each text line with the exact box of its
 * characters in page-image pixels (2 px per point), for checking that regions contain the characters of their chunks.
 */
export function referenceLines(pdf: Buffer): ReferenceLine[][] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const pages: ReferenceLine[][] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const stext = page.toStructuredText('preserve-whitespace');
      const lines: ReferenceLine[] = [];
      let current: ReferenceLine | null = null;
      stext.walk({
        beginLine: () => {
          current = { page: i, text: '', box: [Infinity, Infinity, -Infinity, -Infinity] };
        },
        onChar: (c, _origin, _font, _size, quad) => {
          if (!current) return;
          current.text += c;
          if (c.trim() === '') return;
          const xs = [quad[0], quad[2], quad[4], quad[6]];
          const ys = [quad[1], quad[3], quad[5], quad[7]];
          const box = current.box;
          box[0] = Math.min(box[0], ...xs.map((x) => x * 2));
          box[1] = Math.min(box[1], ...ys.map((y) => y * 2));
          box[2] = Math.max(box[2], ...xs.map((x) => x * 2));
          box[3] = Math.max(box[3], ...ys.map((y) => y * 2));
        },
        endLine: () => {
          const line = current as ReferenceLine | null;
          if (line && line.text.trim()) lines.push({ ...line, text: line.text.trim() });
          current = null;
        },
      });
      pages.push(lines);
      stext.destroy();
      page.destroy();
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

export interface Paragraph {
  text: string;
  bold?: boolean;
  size?: number;
}

/** One page's content stream (Helvetica F1/F2): paragraphs wrapped at ~95 characters, going down from the top margin. */
export function paragraphsPage(paras: Paragraph[]): string {
  const ops: string[] = [];
  let y = 740;
  for (const p of paras) {
    const size = p.size ?? 10;
    for (const line of wrap(p.text, size > 10 ? 60 : 95)) {
      ops.push(`BT /${p.bold ? 'F2' : 'F1'} ${size} Tf 60 ${y} Td (${pdfText(line)}) Tj ET`);
      y -= size + 4;
    }
    y -= 10;
  }
  return ops.join('\n');
}

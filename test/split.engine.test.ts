/**
 * Packet splitting on a real packet drawn with mupdf: a 2-page letter ("Page 1 of 2" / "Page 2 of 2" footers),
 * a 1-page invoice and a 3-page report with a running header, concatenated into one PDF. Pages are read with
 * the real text layer and layout stages; page classifications are literals (the classifier is tested apart).
 */
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { IdentityHints, PageClassification } from '../src/pipeline/classify/types.ts';
import { analyzeDocumentLayout } from '../src/pipeline/layout/mod.ts';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { childPdf, ChildPdfError, planSplit } from '../src/pipeline/split/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { A4, pdfOf, textRun } from './helpers/pdf.ts';

interface Run {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  text: string;
}

const BODY = 'The parties agree to review the schedule every quarter and to report any delay in writing within ten days of it.';

function body(top: number, lines: number): Run[] {
  return Array.from({ length: lines }, (_, i) => ({ x: 72, y: top - i * 14, size: 10, text: `${BODY.slice(0, 60 + (i % 3) * 10)}` }));
}

const LETTER: Run[][] = [
  [
    { x: 72, y: 720, size: 18, bold: true, text: 'Letter of Engagement' },
    { x: 72, y: 690, size: 10, text: 'Dear Ms. Harper,' },
    ...body(670, 20),
    { x: 270, y: 40, size: 9, text: 'Page 1 of 2' },
  ],
  [...body(720, 24), { x: 72, y: 300, size: 10, text: 'Yours sincerely, Daniel Okafor' }, { x: 270, y: 40, size: 9, text: 'Page 2 of 2' }],
];

const INVOICE: Run[][] = [
  [
    { x: 72, y: 720, size: 20, bold: true, text: 'INVOICE' },
    { x: 72, y: 690, size: 10, text: 'Invoice No: INV-2024-0042' },
    { x: 72, y: 676, size: 10, text: 'Bill To: Acme Corporation' },
    { x: 72, y: 640, size: 10, text: 'Consulting services 10 hours 1,200.00' },
    { x: 72, y: 626, size: 10, text: 'Travel expenses 340.00' },
    { x: 72, y: 600, size: 11, bold: true, text: 'Total due 1,540.00' },
  ],
];

const REPORT_HEADER = { x: 72, y: 760, size: 8, text: 'Annual Water Quality Report 2023' };
const REPORT: Run[][] = [
  [
    REPORT_HEADER,
    { x: 72, y: 700, size: 18, bold: true, text: 'Water Quality Findings' },
    ...body(670, 22),
    { x: 300, y: 40, size: 8, text: '1' },
  ],
  [REPORT_HEADER, { x: 72, y: 720, size: 13, bold: true, text: 'Methods' }, ...body(700, 24), { x: 300, y: 40, size: 8, text: '2' }],
  [REPORT_HEADER, { x: 72, y: 720, size: 13, bold: true, text: 'Results' }, ...body(700, 24), { x: 300, y: 40, size: 8, text: '3' }],
];

/** Draws pages into one PDF (blank pages are null); `times` lists pages set in Times instead of Helvetica. */
function drawPdf(pages: (Run[] | null)[], times: number[] = [], a4: number[] = []): Uint8Array {
  return pdfOf(
    pages.map((runs, i) => ({
      stream: (runs ?? []).map((r) => textRun(r.x, r.y, r.text, r.size, r.bold)).join('\n'),
      size: a4.includes(i) ? A4 : undefined,
      family: times.includes(i) ? 'times' : 'helvetica',
    })),
  );
}

function readPages(pdf: Uint8Array): ModelPage[] {
  return analyzeDocumentLayout(extractDocumentPages(pdf)).pages;
}

function page(
  pageIndex: number,
  docClass: string,
  confidence: number,
  identity: IdentityHints = {},
  pageRole: PageClassification['pageRole'] = 'continuation',
): PageClassification {
  return {
    pageIndex,
    docClass,
    confidence,
    pageRole,
    componentsPresent: [],
    identity,
    candidates: [{ label: docClass, score: confidence }],
  };
}

/** What a good classifier says about the packet's six pages. */
function packetClasses(): PageClassification[] {
  return [
    page(0, 'letter', 0.85, { pageNumber: { n: 1, of: 2 }, addressee: 'Ms. Harper' }, 'first_page'),
    page(1, 'letter', 0.7, { pageNumber: { n: 2, of: 2 } }),
    page(2, 'invoice', 0.9, { documentNumber: 'INV-2024-0042', addressee: 'Acme Corporation' }, 'first_page'),
    page(3, 'report', 0.8, { pageNumber: { n: 1, of: null } }, 'first_page'),
    page(4, 'report', 0.75, { pageNumber: { n: 2, of: null } }),
    page(5, 'report', 0.75, { pageNumber: { n: 3, of: null } }),
  ];
}

function pageText(pdf: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  } finally {
    doc.destroy();
  }
}

const spans = (plan: { startPage: number; endPage: number }[]) => plan.map((s) => [s.startPage, s.endPage]);

describe('planSplit on a drawn packet', () => {
  const packet = drawPdf([...LETTER, ...INVOICE, ...REPORT]);
  const pages = readPages(packet);

  it('finds the letter, the invoice and the report at the right pages', () => {
    const plan = planSplit(pages, packetClasses());
    expect(spans(plan)).toEqual([
      [0, 1],
      [2, 2],
      [3, 5],
    ]);
    expect(plan.map((s) => s.docClass)).toEqual(['letter', 'invoice', 'report']);
    expect(plan.map((s) => s.title)).toEqual(['Letter of Engagement', 'INVOICE', 'Water Quality Findings']);
    expect(plan[0].reason).toBe('first page of the file');
    expect(plan[1].reason).toMatch(/class changes from letter to invoice|restarts|Page 2 of 2/);
    for (const s of plan) expect(s.confidence).toBeGreaterThan(0.3);
  });

  it('keeps a numbered document together when one page flips class', () => {
    const classes = packetClasses();
    classes[1] = page(1, 'invoice', 0.8, { pageNumber: { n: 2, of: 2 } });
    const plan = planSplit(pages, classes);
    expect(spans(plan)).toEqual([
      [0, 1],
      [2, 2],
      [3, 5],
    ]);
    expect(plan[0].docClass).toBe('letter');
    expect(plan[0].confidence).toBeLessThan(planSplit(pages, packetClasses())[0].confidence);
  });

  it('splits at the flipped page when nothing ties it to the previous one', () => {
    const classes = packetClasses().map((c) => ({ ...c, identity: {} }));
    classes[1] = page(1, 'invoice', 0.8);
    expect(spans(planSplit(pages.map(withoutFurniture), classes))[0]).toEqual([0, 0]);
  });

  it('keeps the report together by its numbering and running header despite low-confidence class noise', () => {
    const classes = packetClasses();
    classes[4] = page(4, 'scientific_paper', 0.5, { pageNumber: { n: 2, of: null } });
    expect(spans(planSplit(pages, classes))).toEqual([
      [0, 1],
      [2, 2],
      [3, 5],
    ]);
  });

  it('splits two invoices of the same class by their document numbers', () => {
    const pdf = drawPdf([
      ...INVOICE,
      INVOICE[0].map((r) => (r.text.startsWith('Invoice No') ? { ...r, text: 'Invoice No: INV-2024-0043' } : r)),
    ]);
    const twoPages = readPages(pdf);
    const classes = [
      page(0, 'invoice', 0.9, { documentNumber: 'INV-2024-0042' }),
      page(1, 'invoice', 0.9, { documentNumber: 'INV-2024-0043' }),
    ];
    const plan = planSplit(twoPages, classes);
    expect(spans(plan)).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(plan[1].reason).toContain('document number changes');
    const same = [
      page(0, 'invoice', 0.9, { documentNumber: 'INV-2024-0042' }),
      page(1, 'invoice', 0.9, { documentNumber: 'INV-2024-0042' }),
    ];
    expect(spans(planSplit(twoPages, same))).toEqual([[0, 1]]);
  });

  it('splits two same-class documents without identity when both fonts and page size change, not on one alone', () => {
    const report = [REPORT[1], REPORT[2]];
    const classes = [page(0, 'report', 0.8), page(1, 'report', 0.8)];
    const plan = (times: number[], a4: number[]) => planSplit(readPages(drawPdf(report, times, a4)).map(withoutFurniture), classes);
    const both = plan([1], [1]);
    expect(spans(both)).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(both[1].reason).toMatch(/fonts change|page size changes/);
    expect(spans(plan([1], []))).toEqual([[0, 1]]);
    expect(spans(plan([], [1]))).toEqual([[0, 1]]);
    expect(spans(plan([], []))).toEqual([[0, 1]]);
  });

  it('adds a signed previous page and a new document date to a first-page role', () => {
    const twoPages = readPages(drawPdf([REPORT[1], REPORT[2]])).map(withoutFurniture);
    const signed = { ...page(0, 'contract', 0.9, { date: '1999-02-09' }), componentsPresent: ['signature'] };
    const next = page(1, 'contract', 0.9, { date: '2011-02-28' }, 'first_page');
    expect(spans(planSplit(twoPages, [signed, next]))).toEqual([
      [0, 0],
      [1, 1],
    ]);
    const unsigned = page(0, 'contract', 0.9, {});
    expect(spans(planSplit(twoPages, [unsigned, { ...next, identity: {} }]))).toEqual([[0, 1]]);
  });

  it('attaches a blank separator page to the previous document', () => {
    const pdf = drawPdf([...LETTER, null, ...INVOICE]);
    const withBlank = readPages(pdf);
    const classes = [
      page(0, 'letter', 0.85, { pageNumber: { n: 1, of: 2 } }, 'first_page'),
      page(1, 'letter', 0.7, { pageNumber: { n: 2, of: 2 } }),
      page(2, 'other', 0.2),
      page(3, 'invoice', 0.9, { documentNumber: 'INV-2024-0042' }, 'first_page'),
    ];
    const plan = planSplit(withBlank, classes);
    expect(spans(plan)).toEqual([
      [0, 2],
      [3, 3],
    ]);
    expect(plan[0].docClass).toBe('letter');
  });

  it('covers every page exactly once, in order', () => {
    const noisy = packetClasses().map((c, i) => ({ ...c, docClass: i % 2 ? 'a' : 'b', confidence: 0.6, identity: {} }));
    const plan = planSplit(pages, noisy);
    expect(plan[0].startPage).toBe(0);
    expect(plan.at(-1)!.endPage).toBe(5);
    for (let i = 1; i < plan.length; i++) expect(plan[i].startPage).toBe(plan[i - 1].endPage + 1);
    expect(planSplit([], [])).toEqual([]);
  });
});

describe('childPdf', () => {
  const packet = drawPdf([...LETTER, ...INVOICE, ...REPORT]);

  it('copies each segment into a PDF with its pages and text', () => {
    const plan = planSplit(readPages(packet), packetClasses());
    const children = plan.map((s) => pageText(childPdf(packet, s.startPage, s.endPage)));
    expect(children.map((c) => c.length)).toEqual([2, 1, 3]);
    expect(children[0][0]).toContain('Letter of Engagement');
    expect(children[0][1]).toContain('Page 2 of 2');
    expect(children[1][0]).toContain('INV-2024-0042');
    expect(children[2][0]).toContain('Water Quality Findings');
    expect(children[2][2]).toContain('Results');
  });

  it('turns image pages into a PDF page holding the image', () => {
    const png = renderPng(packet, 2);
    const pdf = childPdf(png, 0, 0);
    const pages = extractDocumentPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0].images.length).toBeGreaterThanOrEqual(1);
  });

  it('rejects bad ranges and unknown sources with a typed error', () => {
    expect(() => childPdf(packet, 4, 9)).toThrow(ChildPdfError);
    expect(() => childPdf(packet, 2, 1)).toThrow(/invalid page range/);
    expect(() => childPdf(new TextEncoder().encode('hello world'), 0, 0)).toThrow(ChildPdfError);
    const broken = packet.slice(0, 400);
    expect(() => childPdf(broken, 0, 0)).toThrow(ChildPdfError);
  });
});

function withoutFurniture(p: ModelPage): ModelPage {
  return { ...p, blocks: p.blocks.filter((b) => b.type !== 'page_header' && b.type !== 'page_footer') };
}

function renderPng(pdf: Uint8Array, pageIndex: number): Uint8Array {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const pix = doc.loadPage(pageIndex).toPixmap(mupdf.Matrix.scale(1, 1), mupdf.ColorSpace.DeviceRGB, false);
    return new Uint8Array(pix.asPNG());
  } finally {
    doc.destroy();
  }
}

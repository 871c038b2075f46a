import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { buildExtractDocument, extractFields, normalizeSchema } from '../src/pipeline/extract/mod.ts';
import { renderDocument } from '../src/pipeline/synthesize/render/mod.ts';
import type { DocType, DocumentLedger } from '../src/pipeline/synthesize/types.ts';
import { modelOfPdf } from './helpers/document-models.ts';
import { expectedFields, generatedLedger, ROUND_TRIP_SCHEMA, sampleLedger } from './helpers/ledgers.ts';

/**
 * The renderer's acceptance is the round trip: a rendered ledger read back by our own text layer, layout and
 * extract engine gives the ledger's values (header fields, totals, every line item). Also: every line's text is
 * selectable, fonts are embedded, long tables repeat their header on the following pages, same ledger same bytes.
 */

const schema = normalizeSchema(ROUND_TRIP_SCHEMA);
const TEMPLATES = ['classic', 'modern', 'compact'];

async function extracted(pdf: Uint8Array): Promise<Record<string, unknown>> {
  return (await extractFields(buildExtractDocument(modelOfPdf(pdf)), schema)).result;
}

function pageTexts(pdf: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  } finally {
    doc.destroy();
  }
}

/** Every font dictionary of every page, with whether its descriptor carries a font program. */
function fontsOf(pdf: Uint8Array): { name: string; embedded: boolean }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  const out: { name: string; embedded: boolean }[] = [];
  try {
    for (let i = 0; i < doc.countPages(); i++) {
      const fonts = doc.findPage(i).get('Resources').get('Font');
      fonts.forEach((font: mupdf.PDFObject) => {
        const descendant = font.get('DescendantFonts');
        const base = descendant.isArray() ? descendant.get(0) : font;
        const fd = base.get('FontDescriptor');
        const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) => fd.get(k).isStream());
        out.push({ name: font.get('BaseFont').asName(), embedded });
      });
    }
  } finally {
    doc.destroy();
  }
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe.each(TEMPLATES)('renderDocument, %s template', (template) => {
  for (const type of ['invoice', 'purchase_order'] as DocType[]) {
    it(`renders a ${type} that extraction reads back to the ledger`, async () => {
      const ledger = sampleLedger(type, { template });
      const pdf = renderDocument(ledger);
      expect(await extracted(pdf)).toEqual(expectedFields(ledger));
      const text = squash(pageTexts(pdf).join('\n'));
      for (const line of ledger.lines) expect(text).toContain(line.description);
      expect(text).toContain(type === 'invoice' ? 'INVOICE' : 'PURCHASE ORDER');
      expect(text).toContain(type === 'invoice' ? 'Invoice No.: INV-10457' : 'PO Number: PO-2026-0142');
      expect(text).toContain('Page 1 of 1');
    });
  }
});

describe('a 45-line invoice', () => {
  const ledger = sampleLedger('invoice', { lines: 45, template: 'modern', locale: 'en-GB', currency: 'GBP' });
  const pdf = renderDocument(ledger);
  const pages = pageTexts(pdf);

  it('runs over pages with the table header repeated and totals only on the last page', () => {
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(squash(text)).toMatch(/Pos SKU Description Qty Unit Unit Price Tax % Amount/);
      expect(text.includes('Total Due')).toBe(i === pages.length - 1);
    });
    expect(pages[1]).toContain('INVOICE INV-10457 (continued)');
  });

  it('is read back line by line across the pages', async () => {
    expect(await extracted(pdf)).toEqual(expectedFields(ledger));
  });
});

describe('PDF properties', () => {
  it('embeds its fonts and keeps €, ß, é, ü and ¥ as text', () => {
    const euro = renderDocument(sampleLedger('invoice'));
    const fonts = fontsOf(euro);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded)).toBe(true);
    const text = pageTexts(euro).join('\n');
    for (const s of ['€', 'Industriestraße', 'Café Müller & Söhne KG', 'Jürgen Weiß']) expect(text).toContain(s);
    const yen = pageTexts(renderDocument(sampleLedger('invoice', { locale: 'ja-JP', currency: 'JPY' }))).join('\n');
    expect(yen).toMatch(/¥[\d,]+/);
  });

  it('gives the same bytes for the same ledger', () => {
    const ledger = sampleLedger('invoice', { template: 'compact', lines: 12 });
    expect(Buffer.from(renderDocument(ledger)).equals(Buffer.from(renderDocument(structuredClone(ledger))))).toBe(true);
  });

  it('lays the templates out differently', () => {
    const ledger = sampleLedger('invoice');
    const bytes = TEMPLATES.map((template) => Buffer.from(renderDocument({ ...ledger, template })).toString('latin1'));
    expect(new Set(bytes).size).toBe(3);
    // An unknown template falls back to classic.
    expect(
      Buffer.from(renderDocument({ ...ledger, template: 'no-such' })).equals(
        Buffer.from(renderDocument({ ...ledger, template: 'classic' })),
      ),
    ).toBe(true);
  });
});

describe('every document type', () => {
  const titles: Record<DocType, string> = {
    purchase_order: 'PURCHASE ORDER',
    invoice: 'INVOICE',
    credit_note: 'CREDIT NOTE',
    delivery_note: 'DELIVERY NOTE',
    goods_receipt: 'GOODS RECEIPT',
    receipt: 'RECEIPT',
    quote: 'QUOTATION',
    bank_statement: 'BANK STATEMENT',
    timesheet: 'TIMESHEET',
  };

  it.each(Object.keys(titles) as DocType[])('%s prints its title, number and content', (type) => {
    const ledger = sampleLedger(type, { template: 'modern' });
    const text = squash(pageTexts(renderDocument(ledger)).join('\n'));
    expect(text).toContain(titles[type]);
    expect(text).toContain(ledger.number);
    for (const line of ledger.lines) expect(text).toContain(line.description);
    if (type === 'delivery_note' || type === 'goods_receipt') {
      expect(text).not.toContain('Unit Price');
      expect(text).toContain(type === 'delivery_note' ? 'Qty Delivered' : 'Qty Received');
    }
    if (type === 'bank_statement') statementText(text, ledger);
    if (type === 'timesheet') expect(text).toContain('Total Hours 21,75');
  });
});

function statementText(text: string, ledger: DocumentLedger): void {
  expect(text).toContain('IBAN: DE89 3704 0044 0532 0130 00');
  expect(text).toMatch(/Date Description Reference Amount Balance/);
  expect(text).toContain('Opening Balance 12.500,00 €');
  for (const t of ledger.transactions ?? []) expect(text).toContain(t.reference);
  expect(text).toContain(
    `Closing Balance ${(ledger.closingBalance! / 100)
      .toFixed(2)
      .replace('.', ',')
      .replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`,
  );
}

describe('round trip over generated variants', () => {
  it('reads back the fields of 12 varied ledgers', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const ledger = generatedLedger(seed);
      const out = await extracted(renderDocument(ledger));
      expect({ seed, ...out }).toEqual({ seed, ...expectedFields(ledger) });
    }
  });
});

interface TextLine {
  bbox: { x: number; y: number; w: number; h: number };
  text: string;
}

/** The text lines of every page with their boxes (mupdf structured text). */
function textLines(pdf: Uint8Array): { width: number; height: number; lines: TextLine[] }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      const json = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as { blocks: { lines?: TextLine[] }[] };
      return { width: x1 - x0, height: y1 - y0, lines: json.blocks.flatMap((b) => b.lines ?? []) };
    });
  } finally {
    doc.destroy();
  }
}

const overlap = (a: TextLine['bbox'], b: TextLine['bbox']) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe('page geometry', () => {
  const types: DocType[] = [
    'purchase_order',
    'invoice',
    'credit_note',
    'delivery_note',
    'goods_receipt',
    'receipt',
    'quote',
    'bank_statement',
    'timesheet',
  ];
  it.each(TEMPLATES)('keeps every text line on the page and apart from the others (%s)', (template) => {
    for (const type of types) {
      // Long tables where pages break; three lines for the rest.
      for (const lines of ['invoice', 'purchase_order', 'delivery_note'].includes(type) ? [3, 40] : [3]) {
        const pages = textLines(renderDocument(sampleLedger(type, { template, lines })));
        for (const page of pages) {
          for (const l of page.lines) {
            expect(l.bbox.x, `${type} ${l.text}`).toBeGreaterThanOrEqual(0);
            expect(l.bbox.y, `${type} ${l.text}`).toBeGreaterThanOrEqual(0);
            expect(l.bbox.x + l.bbox.w, `${type} ${l.text}`).toBeLessThanOrEqual(page.width);
            expect(l.bbox.y + l.bbox.h, `${type} ${l.text}`).toBeLessThanOrEqual(page.height);
          }
          page.lines.forEach((a, i) =>
            page.lines.slice(i + 1).forEach((b) => {
              // Glyph boxes of adjacent lines may touch; real overlaps cover a good part of the smaller line.
              const smaller = Math.min(a.bbox.w * a.bbox.h, b.bbox.w * b.bbox.h);
              expect(overlap(a.bbox, b.bbox) / smaller, `${type} "${a.text}" / "${b.text}"`).toBeLessThan(0.2);
            }),
          );
        }
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildExtractDocument,
  extractFields,
  normalizeSchema,
  type ExtractDocument,
  type FieldGrounding,
} from '../src/pipeline/extract/mod.ts';
import type { LlmPort } from '../src/pipeline/extract/llm.ts';
import type { BBox } from '../src/pipeline/model/types.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';
import { documentPdf, INVOICE } from './helpers/packet-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/**
 * Extraction against schemas on drawn invoices read by the real text-layer and layout stages: exact typed values,
 * value boxes that hold the value's words, both schema forms, self-checks and LLM answers grounded or dropped.
 */

function docOf(pdf: Buffer): ExtractDocument {
  return buildExtractDocument(modelOfPdf(pdf));
}

/** Text runs at PDF points (x, y from the bottom), Helvetica; `b` for bold. */
const stream = (runs: [number, number, string, number?, boolean?][]) =>
  runs.map(([x, y, text, size = 10, bold]) => `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`).join('\n');

/** A German invoice: letterhead, labels without colons, values in a right-hand column, a totals block. */
const GERMAN = stream([
  [72, 740, 'Bergmann Werkzeuge GmbH', 16, true],
  [72, 722, 'Industriestrasse 12'],
  [72, 709, '70565 Stuttgart'],
  [72, 696, 'www.bergmann-werkzeuge.de'],
  [360, 740, 'An: Kaufhaus Meier KG'],
  [72, 640, 'Rechnung', 20, true],
  [72, 610, 'Rechnungsnummer'],
  [220, 610, 'RE-2024-117'],
  [72, 595, 'Rechnungsdatum'],
  [220, 595, '05.03.2024'],
  [72, 580, 'Zahlbar bis'],
  [220, 580, '04.04.2024'],
  [72, 540, 'Position'],
  [300, 540, 'Menge'],
  [480, 540, 'Betrag'],
  [72, 525, 'Bohrmaschine BX-200'],
  [300, 525, '2'],
  [480, 525, '1.000,00'],
  [72, 510, 'Schraubensatz'],
  [300, 510, '5'],
  [480, 510, '37,40'],
  [360, 470, 'Nettobetrag'],
  [480, 470, '1.037,40'],
  [360, 455, 'MwSt 19%'],
  [480, 455, '197,11'],
  [360, 440, 'Gesamtbetrag EUR', 10, true],
  [480, 440, '1.234,51', 10, true],
  [72, 400, 'Kundenreferenz: KR-5521'],
  [72, 385, 'Bezahlt: ja'],
]);

const INVOICE_SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'issuer', description: 'Company that issued the invoice' },
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'invoice_date', description: 'Date of the invoice' },
    { key: 'subtotal', description: 'Amount before tax', type: 'number' },
    { key: 'tax', description: 'VAT amount', type: 'number' },
    { key: 'total', description: 'Total amount due', type: 'number' },
    { key: 'iban', description: 'Bank account' },
  ],
};

/** Words of the page that the box holds (centre inside), joined. */
function wordsIn(doc: ExtractDocument, g: FieldGrounding): string {
  const inside = (b: BBox) => {
    const [x, y] = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
    return x >= g.bbox[0] - 1 && x <= g.bbox[2] + 1 && y >= g.bbox[1] - 1 && y <= g.bbox[3] + 1;
  };
  return doc.model.pages[g.page_index].lines
    .flatMap((l) => l.words)
    .filter((w) => inside(w.bbox))
    .map((w) => w.text)
    .join(' ');
}

const grounding = (out: { grounding: Record<string, FieldGrounding | FieldGrounding[]> }, path: string) =>
  out.grounding[path] as FieldGrounding;

/** An invoice whose sender is only in a logo image: its text names "the issuer" in a sentence. */
const LOGO_ONLY = stream([
  [72, 740, 'Factuuradres'],
  [330, 740, 'Afleveradres'],
  [72, 725, 'Strategic Corp'],
  [330, 725, 'Fakestreet 46'],
  [72, 640, 'Factuur', 20, true],
  [72, 610, 'Factuurnummer'],
  [220, 610, 'VF1005193039'],
  [72, 595, 'Factuurdatum'],
  [220, 595, '08-09-2022'],
  [360, 200, 'Factuur totaal EUR', 10, true],
  [480, 200, '49,99', 10, true],
  [72, 160, 'This invoice consists of regular text.'],
  [72, 145, 'The issuer encapsulated their company data in the image below:'],
]);

describe('extractFields when the document does not print its issuer as text', () => {
  it('leaves the issuer empty rather than take a sentence that names it', async () => {
    const out = await extractFields(docOf(helveticaPdf([LOGO_ONLY])), normalizeSchema(INVOICE_SCHEMA));
    expect(out.result.issuer ?? null).toBeNull();
    expect(out.result.invoice_number).toBe('VF1005193039');
  });
});

describe('extractFields on a drawn English invoice', () => {
  const doc = docOf(documentPdf(INVOICE));

  it('reads exact typed values with boxes that hold their words', async () => {
    const out = await extractFields(doc, normalizeSchema(INVOICE_SCHEMA));
    expect(out.result).toEqual({
      issuer: 'Northwind Traders Ltd',
      invoice_number: 'INV-2024-0417',
      invoice_date: '2024-03-15',
      subtotal: 82,
      tax: 16.4,
      total: 98.4,
      iban: 'GB29NWBK60161331926819',
    });
    expect(wordsIn(doc, grounding(out, 'total'))).toBe('98.40');
    expect(wordsIn(doc, grounding(out, 'invoice_number'))).toContain('INV-2024-0417');
    expect(wordsIn(doc, grounding(out, 'issuer'))).toBe('Northwind Traders Ltd');
    expect(grounding(out, 'total').region_ids.length).toBeGreaterThan(0);
    expect(out.validation.every((c) => c.ok)).toBe(true);
  });

  it('gives the same result for both schema forms', async () => {
    const second = {
      invoice_level_fields: Object.fromEntries(INVOICE_SCHEMA.fields.map((f) => [f.key, `${f.type ?? 'string'}: ${f.description}`])),
      line_item_structures: {},
    };
    const a = await extractFields(doc, normalizeSchema(INVOICE_SCHEMA));
    const b = await extractFields(doc, normalizeSchema(second));
    expect(b).toEqual(a);
  });

  it('grounds LLM answers for missing fields in the text and drops what the document does not say', async () => {
    const llm: LlmPort = {
      findFields: async () => ({ payment_note: 'payment due within 30 days', made_up: 'Shipped by air freight' }),
    };
    const schema = normalizeSchema({
      doc_class: 'invoice',
      fields: [
        { key: 'payment_note', description: 'Payment instructions' },
        { key: 'made_up', description: 'Shipping method' },
      ],
    });
    const out = await extractFields(doc, schema, { llm });
    expect(out.result.payment_note).toBe('Payment due within 30 days');
    expect(grounding(out, 'payment_note').source).toBe('llm');
    expect(wordsIn(doc, grounding(out, 'payment_note'))).toContain('Payment due within 30 days');
    expect(out.result.made_up).toBeNull();
    expect(out.grounding.made_up).toBeUndefined();
  });
});

describe('extractFields on a drawn German invoice', () => {
  const doc = docOf(helveticaPdf([GERMAN]));

  it('reads colon-less labels, right-hand values, German numbers and dates', async () => {
    const schema = normalizeSchema({
      doc_class: 'invoice',
      fields: [
        ...INVOICE_SCHEMA.fields.filter((f) => f.key !== 'iban'),
        { key: 'due_date', description: 'Payment due date' },
        { key: 'currency', description: 'ISO currency code' },
        { key: 'issuer_address', description: 'Address of the issuer' },
        { key: 'kundenreferenz', description: 'Customer reference' },
        { key: 'bezahlt', description: 'Paid already', type: 'boolean' },
        { key: 'missing_field', description: 'Not on the page', type: 'integer' },
      ],
    });
    const out = await extractFields(doc, schema);
    expect(out.result).toEqual({
      issuer: 'Bergmann Werkzeuge GmbH',
      invoice_number: 'RE-2024-117',
      invoice_date: '2024-03-05',
      subtotal: 1037.4,
      tax: 197.11,
      total: 1234.51,
      due_date: '2024-04-04',
      currency: 'EUR',
      issuer_address: 'Industriestrasse 12 70565 Stuttgart',
      kundenreferenz: 'KR-5521',
      bezahlt: true,
      missing_field: null,
    });
    expect(wordsIn(doc, grounding(out, 'total'))).toBe('1.234,51');
    expect(wordsIn(doc, grounding(out, 'invoice_date'))).toBe('05.03.2024');
  });

  it('flags a total that is not subtotal plus tax and lowers its confidence', async () => {
    const wrong = docOf(helveticaPdf([GERMAN.replace('(1.234,51)', '(1.243,51)')]));
    const schema = normalizeSchema(INVOICE_SCHEMA);
    const right = await extractFields(doc, schema);
    const out = await extractFields(wrong, schema);
    expect(out.result.total).toBe(1243.51);
    const failed = out.validation.filter((c) => !c.ok);
    expect(failed.some((c) => c.paths.includes('total'))).toBe(true);
    expect(grounding(out, 'total').confidence).toBeLessThan(grounding(right, 'total').confidence);
  });

  it('returns every distinct value for array fields', async () => {
    const out = await extractFields(
      doc,
      normalizeSchema({
        doc_class: 'invoice',
        fields: [{ key: 'dates', description: 'All dates on the invoice', type: 'string', array: true }],
      }),
    );
    expect(out.result.dates).toEqual(expect.arrayContaining(['2024-03-05']));
    expect(out.grounding['dates[0]']).toBeDefined();
  });
});

/** A cash receipt as OCR reads it: the total's label garbled, a GST summary whose "Total" is the untaxed amount. */
const RECEIPT = stream([
  [150, 760, 'KEDAI RUNCIT MAJU SDN BHD', 12, true],
  [150, 745, 'NO 12 JALAN DEDAP 13, 81100 JOHOR BAHRU'],
  [72, 700, 'Date: 25/12/2018'],
  [72, 660, 'Name Badge (H) 2 @ 0.5500'],
  [420, 660, '1.10'],
  [72, 645, 'Printing 100 s @ 20.0000'],
  [420, 645, '73.90'],
  [72, 610, 'Total Ant Payabie :'],
  [420, 610, '79.50'],
  [72, 595, 'Paid Amount:'],
  [420, 595, '100.00'],
  [72, 580, 'Change :'],
  [420, 580, '20.50'],
  [72, 540, 'GST Summary'],
  [250, 540, 'Amount (RM)'],
  [380, 540, 'Tax (RM)'],
  [72, 525, 'Total'],
  [250, 525, '75.00'],
  [380, 525, '4.50'],
]);

describe('extractFields on a cash receipt', () => {
  it("takes the total that tendered minus change confirms over a summary table's total", async () => {
    const receipt = docOf(helveticaPdf([RECEIPT]));
    const out = await extractFields(
      receipt,
      normalizeSchema({ doc_class: 'receipt', fields: [{ key: 'total', description: 'Total amount paid', type: 'number' }] }),
    );
    expect(out.result.total).toBe(79.5);
    expect(wordsIn(receipt, grounding(out, 'total'))).toBe('79.50');
  });
});

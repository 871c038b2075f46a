import { describe, expect, it } from 'vitest';
import { buildExtractDocument, extractFields, normalizeSchema, type ExtractDocument } from '../src/pipeline/extract/mod.ts';
import { brandedName, brandsOf, MIN_BRAND_MENTIONS } from '../src/pipeline/extract/concepts/brand.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/** Invented invoices whose sender is a legal entity or a department, the brand named in the text and its web address. */
function invoice(lines: [number, number, string, number?][]): ExtractDocument {
  const runs = lines.map(([x, y, text, size = 10]) => `BT /F1 ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`);
  return buildExtractDocument(modelOfPdf(helveticaPdf([runs.join('\n')])));
}

const SCHEMA = normalizeSchema({ doc_class: 'invoice', fields: [{ key: 'issuer', description: 'Company that issued the invoice' }] });
const issuer = async (doc: ExtractDocument) => (await extractFields(doc, SCHEMA, { calibrate: false })).result.issuer;

const BODY: [number, number, string][] = [
  [72, 600, 'Invoice No: 4471-22'],
  [72, 585, 'Invoice Date: 12/03/2021'],
  [72, 540, 'Bill To: Marta Oyelaran'],
  [72, 525, '18 Quarry Lane, Dunmore'],
  [72, 480, 'Garden hose 25 m'],
  [400, 480, '39.00'],
  [72, 460, 'Total'],
  [400, 460, '39.00'],
];

describe('issuer brand: the name the web address spells', () => {
  it('prefers the brand named in the text to a legal entity that sells for it', async () => {
    const doc = invoice([
      [72, 760, 'Sold By: Harrowgate Retail Services Pvt. Ltd.', 12],
      [72, 745, 'Warehouse: 14 Mill Road, Dunmore 5512'],
      ...BODY,
      [72, 120, 'Bluefinch.com Customer Care: www.bluefinch.com/help'],
      [72, 105, 'Thank you for shopping at Bluefinch, we hope to see you again.'],
    ]);
    expect(brandsOf(doc)).toEqual(['Bluefinch']);
    expect(await issuer(doc)).toBe('Bluefinch');
  });

  it('drops a department after the brand ("Bluefinch Subscriber Service")', async () => {
    const doc = invoice([
      [72, 760, 'Bluefinch Subscriber Service', 12],
      [72, 745, '75990 Dunmore Cedex 4'],
      ...BODY,
      [72, 120, 'Questions: http://www.bluefinch.net/support'],
      [72, 105, 'Bluefinch SA au capital de 10.000 EUR'],
      [72, 90, 'Your next bill from Bluefinch'],
    ]);
    expect(await issuer(doc)).toBe('Bluefinch');
  });

  it('keeps the words after the brand unless the brand with a legal form is the company ("Bluefinch Pizza")', () => {
    const doc = invoice([
      [72, 760, 'Bluefinch Pizza', 12],
      ...BODY,
      [72, 120, 'Order again at www.bluefinch.com'],
      [72, 105, 'Bluefinch thanks you; see you at Bluefinch soon.'],
    ]);
    expect(brandedName('Bluefinch Pizza', doc)).toBeNull();
  });

  it('keeps a name that the domain spells whole, or by its initials, and a brand named too rarely', () => {
    const doc = invoice([
      [72, 760, 'Nordic Cable Works', 12],
      ...BODY,
      [72, 120, 'Log in to your NCW account at https://portal.ncw.example'],
      [72, 105, 'NCW Support answers within a day; NCW billing too.'],
    ]);
    expect(brandedName('Nordic Cable Works', doc)).toBeNull();
    const rare = invoice([
      [72, 760, 'Harrowgate Retail Ltd', 12],
      ...BODY,
      [72, 120, 'www.bluefinch.com'],
      [72, 105, 'Shop at Bluefinch today'],
    ]);
    expect(MIN_BRAND_MENTIONS).toBeGreaterThan(1);
    expect(brandedName('Harrowgate Retail Ltd', rare)).toBeNull();
  });
});

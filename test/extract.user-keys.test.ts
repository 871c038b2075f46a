import { describe, expect, it } from 'vitest';
import { buildExtractDocument, extractFields, normalizeSchema, type ExtractDocument } from '../src/pipeline/extract/mod.ts';
import { candidatesFor } from '../src/pipeline/extract/extract.ts';
import { conceptOf } from '../src/pipeline/extract/lexicon.ts';
import { ordinalOf } from '../src/pipeline/extract/sibling-fields.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';
import { paragraphsPage } from './helpers/layout-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/**
 * Schemas written the way users write them: their own keys and descriptions, several fields asking for the same
 * kind of thing, identifiers beside amounts, descriptions that mention other things. Documents are drawn here
 * (invented names and numbers) and read through the real text layer and layout stages.
 */

const stream = (runs: [number, number, string, number?, boolean?][]) =>
  runs.map(([x, y, text, size = 10, bold]) => `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`).join('\n');

const fieldsOf = (fields: [string, string, string?][]) =>
  normalizeSchema(
    {
      doc_class: 'document',
      fields: fields.map(([key, description, type = 'string']) => ({ key, description, type })),
      tables: [],
    },
    ['body'],
  );

function agreement(parties: string): ExtractDocument {
  const pdf = helveticaPdf([
    paragraphsPage([
      { text: 'MUTUAL NON-DISCLOSURE AGREEMENT', bold: true, size: 14 },
      { text: `This Mutual Non-Disclosure Agreement (the "Agreement") is made this 9th day of June, 2021 by and between ${parties}.` },
      { text: '1. Term. This Agreement shall remain in effect for a period of two (2) years from the date hereof.' },
      { text: '2. Governing Law. This Agreement shall be governed by the laws of the State of Oregon.' },
    ]),
  ]);
  return { ...buildExtractDocument(modelOfPdf(pdf)), docClass: 'nda_contract' };
}

const TWO_PARTIES =
  'Larkspur Analytics, Inc., a Delaware corporation ("Larkspur"), and Quillon Robotics LLC, an Oregon limited liability company ("Quillon")';

describe('fields that ask for the same concept', () => {
  it('gives party_1 and party_2 different parties, in the order the agreement names them', async () => {
    const doc = agreement(TWO_PARTIES);
    const out = await extractFields(
      doc,
      fieldsOf([
        ['party_2', 'second party to the agreement'],
        ['party_1', 'first party to the agreement'],
      ]),
    );
    expect(out.result).toMatchObject({ party_1: 'Larkspur Analytics, Inc.', party_2: 'Quillon Robotics LLC' });
  });

  it('gives role-named parties without ranks the parties in turn', async () => {
    const doc = agreement(TWO_PARTIES);
    const out = await extractFields(
      doc,
      fieldsOf([
        ['disclosing_party', 'the party disclosing information'],
        ['receiving_party', 'the party receiving information'],
      ]),
    );
    expect(out.result.disclosing_party).not.toBe(out.result.receiving_party);
    expect([out.result.disclosing_party, out.result.receiving_party].sort()).toEqual(['Larkspur Analytics, Inc.', 'Quillon Robotics LLC']);
  });

  it('reads company fields of an agreement as its parties', async () => {
    const doc = agreement(TWO_PARTIES);
    const out = await extractFields(
      doc,
      fieldsOf([
        ['company_a', 'first company named in the agreement'],
        ['company_b', 'other company named'],
      ]),
    );
    expect(out.result).toMatchObject({ company_a: 'Larkspur Analytics, Inc.', company_b: 'Quillon Robotics LLC' });
  });

  it('leaves the second party empty when the agreement names one (one party found is not two)', async () => {
    const doc = agreement('Larkspur Analytics, Inc., a Delaware corporation ("Larkspur")');
    const out = await extractFields(
      doc,
      fieldsOf([
        ['party_1', 'first party'],
        ['party_2', 'second party'],
      ]),
    );
    expect(out.result.party_1).toBe('Larkspur Analytics, Inc.');
    expect(out.result.party_2).toBeNull();
  });

  it('reads ranks from keys and descriptions', () => {
    expect(ordinalOf({ key: 'party_2', description: '' })).toBe(1);
    expect(ordinalOf({ key: 'sellerB', description: '' })).toBe(1);
    expect(ordinalOf({ key: 'counterparty', description: 'the third party named' })).toBe(2);
    expect(ordinalOf({ key: 'party', description: 'a party to the agreement' })).toBeNull();
  });
});

describe('what a key or description names', () => {
  it('reads an identifier beside an amount word as the identifier', () => {
    expect(conceptOf({ key: 'gst_number', description: 'GST registration number of the store' })).toBe('tax_id');
    expect(conceptOf({ key: 'vat_code', description: '' })).not.toBe('tax');
    expect(conceptOf({ key: 'tax', description: 'tax charged' })).toBe('tax');
  });

  it('reads a description by its head, not the things its clause mentions', () => {
    expect(conceptOf({ key: 'cash_tendered', description: 'cash given by the customer' })).not.toBe('customer');
    expect(conceptOf({ key: 'change', description: 'change returned to the customer' })).not.toBe('customer');
    expect(conceptOf({ key: 'who', description: 'name of the company that issued the receipt' })).toBe('issuer');
    expect(conceptOf({ key: 'paid', description: 'total amount paid' })).toBe('total');
  });

  it('finds the total, cash tendered, change and tax number of a receipt as separate values', async () => {
    const pdf = helveticaPdf([
      stream([
        [90, 740, 'PINEWOOD HARDWARE', 14, true],
        [90, 724, 'GST REG NO: 004417250816'],
        [90, 690, 'Hammer'],
        [300, 690, '18.00'],
        [90, 676, 'Nails 1kg'],
        [300, 676, '6.00'],
        [90, 650, 'TOTAL', 10, true],
        [300, 650, '24.00', 10, true],
        [90, 636, 'CASH'],
        [300, 636, '50.00'],
        [90, 622, 'CHANGE'],
        [300, 622, '26.00'],
      ]),
    ]);
    const doc = { ...buildExtractDocument(modelOfPdf(pdf)), docClass: 'receipt' };
    const out = await extractFields(
      doc,
      fieldsOf([
        ['total', 'total amount paid', 'number'],
        ['cash_tendered', 'cash given by the customer', 'number'],
        ['change', 'change returned to the customer', 'number'],
        ['gst_number', 'GST registration number of the store'],
      ]),
    );
    expect(out.result).toMatchObject({ total: 24, cash_tendered: 50, change: 26, gst_number: '004417250816' });
  });

  it('does not take a count or a saving printed under a "total" label for the total paid', async () => {
    const pdf = helveticaPdf([
      stream([
        [90, 740, 'BIRCHFIELD GROCER', 14, true],
        [90, 700, 'Apples'],
        [300, 700, '12.40'],
        [90, 686, 'Bread'],
        [300, 686, '17.40'],
        [90, 660, 'TOTAL QTY: 40.00'],
        [90, 646, 'TOTAL SAVINGS'],
        [300, 646, '3.90'],
        [90, 620, 'TOTAL'],
        [300, 620, '29.80'],
        [90, 606, 'ITEM COUNT 2'],
      ]),
    ]);
    const doc = { ...buildExtractDocument(modelOfPdf(pdf)), docClass: 'receipt' };
    const schema = fieldsOf([['total', 'total amount paid', 'number']]);
    const out = await extractFields(doc, schema);
    expect(out.result.total).toBe(29.8);
    // Not even as a weaker candidate: a receipt whose paid total is hard to read must not fall back on them.
    expect(new Set(candidatesFor(doc, schema.fields[0]).map((c) => c.value))).toEqual(new Set([29.8]));
  });
});
